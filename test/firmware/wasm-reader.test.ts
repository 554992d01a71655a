// The one reader of WebAssembly modules the build scripts share (firmware/wasm-reader.ts): the
// sections of a whole module, and a clear error for a module cut short instead of zeros.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MODULE } from '../../firmware/abi-names.ts';
import { WasmFormatError, WasmReader, readSections, sectionReader } from '../../firmware/wasm-reader.ts';
import { FIRMWARE_PATH } from '../support/firmware-harness.ts';

const firmware = new Uint8Array(readFileSync(FIRMWARE_PATH));

describe('the wasm reader', () => {
  it('walks every section of the firmware, ending exactly at the module end', () => {
    const sections = readSections(firmware);
    const ids = sections.map(({ id }) => id);
    // Type, Import, Function, Memory, Global, Export, DataCount, Code, Data.
    expect(ids).toEqual([1, 2, 3, 5, 6, 7, 12, 10, 11]);
    const imports = sectionReader(sections[1] ?? { id: 2, content: new Uint8Array() });
    const count = imports.unsigned();
    expect(count).toBe(10);
    expect(imports.name()).toBe(IMPORT_MODULE.wire);
  });

  it('reads signed and unsigned LEB128 numbers', () => {
    const reader = new WasmReader(Uint8Array.from([0xe5, 0x8e, 0x26, 0x7f, 0x80, 0x7f, 0x3f]));
    expect(reader.unsigned()).toBe(624485);
    expect(reader.signed()).toBe(-1);
    expect(reader.signed()).toBe(-128);
    expect(reader.signed()).toBe(63);
    expect(reader.done).toBe(true);
  });

  it('stops with "the module ends inside a section" for a module cut short', () => {
    const cut = firmware.subarray(0, firmware.length - 100);
    expect(() => readSections(cut)).toThrow(WasmFormatError);
    expect(() => readSections(cut)).toThrow(/^the module ends inside section 11: \d+ bytes needed at byte \d+, \d+ left$/);
  });

  it('stops the same way when a number runs past the end of its section', () => {
    const reader = sectionReader({ id: 7, content: Uint8Array.from([0x80, 0x80]) });
    expect(() => reader.unsigned()).toThrow('the module ends inside section 7: 1 byte needed at byte 2, 0 left');
  });

  it('refuses bytes that are not a module', () => {
    expect(() => readSections(Uint8Array.from([1, 2, 3]))).toThrow(/the module ends inside the header/);
    expect(() => readSections(new TextEncoder().encode('not a wasm module'))).toThrow(/not a WebAssembly module/);
  });
});
