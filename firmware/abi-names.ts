// The firmware's ABI names (firmware/abi.json): each import's and export's readable name, used by
// every runtime, its tests and firmware/README.md, and its wire name, the short name the module
// holds (a byte or two instead of up to twelve). firmware/build.ts writes the wire names into the
// module (abi-rename.ts); the runtimes bind through these maps: sim/device/firmware-instance.ts
// (the virtual device, the browser page) and hw/pico/build.ts (the C glue of the Pico runtime).

import abi from './abi.json' with { type: 'json' };

/** The module the imports come from: its readable name (`env`) and its wire name. */
export const IMPORT_MODULE: { readonly name: string; readonly wire: string } = (() => {
  const [entry, ...others] = Object.entries(abi.module);
  if (entry === undefined || others.length > 0) throw new Error('firmware/abi.json: "module" must name exactly one import module');
  return { name: entry[0], wire: entry[1] };
})();

/** Each import's wire name, by its readable name. */
export const IMPORT_WIRE_NAMES: Readonly<Record<string, string>> = abi.imports;
/** Each export's wire name, by its readable name. */
export const EXPORT_WIRE_NAMES: Readonly<Record<string, string>> = abi.exports;

function inverse(names: Readonly<Record<string, string>>, kind: string): ReadonlyMap<string, string> {
  const readable = new Map<string, string>();
  for (const [name, wire] of Object.entries(names)) {
    if (readable.has(wire)) throw new Error(`firmware/abi.json: ${kind} ${readable.get(wire)} and ${name} have the same wire name "${wire}"`);
    readable.set(wire, name);
  }
  return readable;
}

/** Each import's readable name, by its wire name. */
export const IMPORT_READABLE_NAMES = inverse(IMPORT_WIRE_NAMES, 'imports');
/** Each export's readable name, by its wire name. */
export const EXPORT_READABLE_NAMES = inverse(EXPORT_WIRE_NAMES, 'exports');

/** The wire name of import `name`; throws for a name that is not an import of the ABI. */
export function importWireName(name: string): string {
  const wire = IMPORT_WIRE_NAMES[name];
  if (wire === undefined) throw new Error(`${name} is not an import of the firmware's ABI (firmware/abi.json)`);
  return wire;
}

/** The wire name of export `name`; throws for a name that is not an export of the ABI. */
export function exportWireName(name: string): string {
  const wire = EXPORT_WIRE_NAMES[name];
  if (wire === undefined) throw new Error(`${name} is not an export of the firmware's ABI (firmware/abi.json)`);
  return wire;
}

/** The import object of a module with wire names, from the host's functions by readable name. */
export function wireImports<T>(functions: Readonly<Record<string, T>>): Record<string, Record<string, T>> {
  const wired: Record<string, T> = {};
  for (const [name, fn] of Object.entries(functions)) wired[importWireName(name)] = fn;
  return { [IMPORT_MODULE.wire]: wired };
}

/** An instance's exports by their readable names. */
export function readableExports(exports: WebAssembly.Exports): Record<string, unknown> {
  const readable: Record<string, unknown> = {};
  for (const [name, wire] of Object.entries(EXPORT_WIRE_NAMES)) readable[name] = exports[wire];
  return readable;
}

/** `module.name` of an import as the module holds it, in readable names where the ABI has them. */
export function readableImport(module: string, name: string): string {
  if (module !== IMPORT_MODULE.wire) return `${module}.${name}`;
  return `${IMPORT_MODULE.name}.${IMPORT_READABLE_NAMES.get(name) ?? name}`;
}
