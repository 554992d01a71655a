// Writes the ABI's wire names (firmware/abi.json) into a module compiled with the readable ones,
// for firmware/build.ts: the Import and Export sections are rewritten, every other byte is kept.
// A name the ABI does not list is kept as it is and reported, so the build can refuse it.

import { EXPORT_WIRE_NAMES, IMPORT_MODULE, IMPORT_WIRE_NAMES } from './abi-names.ts';
import { MODULE_HEADER_LENGTH, type WasmReader, readSections, sectionReader } from './wasm-reader.ts';
import { nameBytes, sectionBytes, unsignedLeb } from './wasm-writer.ts';

const SECTION_IMPORT = 2;
const SECTION_EXPORT = 7;
const KIND_FUNCTION = 0;
const KIND_TABLE = 1;
const KIND_MEMORY = 2;
const KIND_GLOBAL = 3;

/** The module with wire names, and the imports and exports (`env.print`, `main`) the ABI does not list. */
export interface Renamed {
  module: Uint8Array;
  unknown: string[];
}

/** Skips an import's description (what follows its kind), for it to be copied as it is. */
function skipImportDescription(reader: WasmReader, kind: number): void {
  if (kind === KIND_FUNCTION) reader.unsigned();
  else if (kind === KIND_TABLE) {
    reader.byte();
    reader.limits();
  } else if (kind === KIND_MEMORY) reader.limits();
  else if (kind === KIND_GLOBAL) reader.take(2);
  else throw new Error(`an import of kind ${kind}, which no WebAssembly module of version 1 has`);
}

export function renameToWire(module: Uint8Array): Renamed {
  const unknown: string[] = [];
  const out: number[] = [...module.subarray(0, MODULE_HEADER_LENGTH)];
  for (const section of readSections(module)) {
    const reader = sectionReader(section);
    if (section.id === SECTION_IMPORT) {
      const count = reader.unsigned();
      const body = unsignedLeb(count);
      for (let i = 0; i < count; i++) {
        const from = reader.name();
        const name = reader.name();
        const start = reader.at;
        const kind = reader.byte();
        skipImportDescription(reader, kind);
        const wire = from === IMPORT_MODULE.name ? IMPORT_WIRE_NAMES[name] : undefined;
        if (wire === undefined) unknown.push(`${from}.${name}`);
        body.push(...nameBytes(wire === undefined ? from : IMPORT_MODULE.wire), ...nameBytes(wire ?? name), ...section.content.subarray(start, reader.at));
      }
      out.push(...sectionBytes(section.id, body));
    } else if (section.id === SECTION_EXPORT) {
      const count = reader.unsigned();
      const body = unsignedLeb(count);
      for (let i = 0; i < count; i++) {
        const name = reader.name();
        const start = reader.at;
        reader.byte();
        reader.unsigned();
        const wire = EXPORT_WIRE_NAMES[name];
        if (wire === undefined) unknown.push(name);
        body.push(...nameBytes(wire ?? name), ...section.content.subarray(start, reader.at));
      }
      out.push(...sectionBytes(section.id, body));
    } else {
      out.push(...sectionBytes(section.id, [...section.content]));
    }
  }
  return { module: Uint8Array.from(out), unknown };
}
