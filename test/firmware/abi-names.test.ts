// The ABI's wire names (firmware/abi.json): one name per import and export of the readable ABI,
// written into the module by the build and bound by every runtime.
import { readFileSync } from 'node:fs';
import asc from 'assemblyscript/asc';
import { describe, expect, it } from 'vitest';
import { EXPORT_WIRE_NAMES, IMPORT_MODULE, IMPORT_WIRE_NAMES, readableExports, readableImport, wireImports } from '../../firmware/abi-names.ts';
import { renameToWire } from '../../firmware/abi-rename.ts';
import { EXPORT_NAMES, IMPORT_NAMES } from '../../sim/device/firmware-instance.ts';
import { FIRMWARE_PATH } from '../support/firmware-harness.ts';

describe('the ABI wire names', () => {
  it('name every import and export of the readable ABI, each once', () => {
    expect(Object.keys(IMPORT_WIRE_NAMES).sort()).toEqual([...IMPORT_NAMES].sort());
    expect(Object.keys(EXPORT_WIRE_NAMES).sort()).toEqual([...EXPORT_NAMES].sort());
    expect(new Set(Object.values(IMPORT_WIRE_NAMES)).size).toBe(IMPORT_NAMES.length);
    expect(new Set(Object.values(EXPORT_WIRE_NAMES)).size).toBe(EXPORT_NAMES.length);
  });

  it('are the names the firmware module holds', () => {
    const module = new WebAssembly.Module(readFileSync(FIRMWARE_PATH));
    expect(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`)).toEqual(
      expect.arrayContaining(Object.values(IMPORT_WIRE_NAMES).map((wire) => `${IMPORT_MODULE.wire}.${wire}`)),
    );
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => e.name)
        .sort(),
    ).toEqual(Object.values(EXPORT_WIRE_NAMES).sort());
  });

  it('are written into a module by renameToWire, which reports the names the ABI lacks', async () => {
    const source =
      '@external("env", "tone") declare function tone(hz: i32, volume: i32): void;\n@external("env", "print") declare function print(x: i32): void;\nexport function init(seed: u32, now: u32): void { tone(seed, now); print(1); }\nexport function main(): void {}\n';
    const compiled = await asc.compileString({ 'abi-fixture.ts': source }, { runtime: 'stub', optimizeLevel: 0, noExportMemory: true, use: ['abort='] });
    if (compiled.error || !compiled.binary) throw new Error(`the fixture did not compile: ${compiled.stderr.toString()}`);
    const { module, unknown } = renameToWire(compiled.binary);
    expect(unknown).toEqual(['env.print', 'main']);
    const wasm = new WebAssembly.Module(Uint8Array.from(module));
    expect(WebAssembly.Module.imports(wasm).map((i) => readableImport(i.module, i.name))).toEqual(['env.tone', 'env.print']);
    const calls: number[][] = [];
    const instance = new WebAssembly.Instance(wasm, {
      ...wireImports({ tone: (hz: number, volume: number) => void calls.push([hz, volume]) }),
      env: { print: () => undefined },
    });
    (readableExports(instance.exports)['init'] as (seed: number, now: number) => void)(440, 2);
    expect(calls).toEqual([[440, 2]]);
  });
});
