// Traps on the Pico: a stand-in firmware (fixtures/trapping-firmware.as) built through the same
// wasm2c pipeline traps on request; the runtime reports it on UART0 and halts with outputs off.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import asc from 'assemblyscript/asc';
import { beforeAll, describe, expect, it } from 'vitest';

import { renameToWire } from '../../firmware/abi-rename.ts';

import { batteryCounts, boardPins } from './harness/board.ts';
import { EmulatedPico } from './harness/emulated-pico.ts';
import { flashImageFromUf2 } from './harness/image.ts';
import { texts } from './harness/session.ts';
import { ROOT, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();
const NAME = 'pico-trap-fixture';
const workDir = join(ROOT, 'build', NAME);

const FIXTURE = readFileSync(join(import.meta.dirname, 'fixtures', 'trapping-firmware.as'), 'utf8');

async function compileFixture(file: string, source: string): Promise<void> {
  const result = await asc.compileString(
    { 'trapping-firmware.ts': source },
    {
      runtime: 'stub',
      initialMemory: 1,
      maximumMemory: 1,
      noExportMemory: true,
      optimizeLevel: 2,
      use: ['abort='],
    },
  );
  if (result.error || !result.binary) throw new Error(`the trap fixture did not compile: ${result.stderr.toString()}`);
  // With the ABI's wire names, as firmware/build.ts writes them (an import the ABI lacks stays as it is).
  const binary = renameToWire(result.binary).module;
  // Unchanged bytes keep the file's date, so the Pico build can skip its work.
  if (existsSync(file) && Buffer.from(readFileSync(file)).equals(Buffer.from(binary))) return;
  writeFileSync(file, binary);
}

function picoBuild(wasm: string, name: string): { status: number | null; stderr: string } {
  return spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'hw', 'pico', 'build.ts'), '--wasm', wasm, '--name', name], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

function bootFixture(): EmulatedPico {
  const image = flashImageFromUf2(new Uint8Array(readFileSync(join(ROOT, 'build', `${NAME}.uf2`))));
  const pico = new EmulatedPico({ image, board: boardPins, seed: 1, batteryAdcCounts: batteryCounts(4500) });
  pico.runUntilLine((text) => text === 'EVT POWER on', 100);
  return pico;
}

describe.runIf(run)('a trap on the Pico', () => {
  beforeAll(async () => {
    mkdirSync(workDir, { recursive: true });
    const wasm = join(workDir, 'fixture.wasm');
    await compileFixture(wasm, FIXTURE);
    const built = picoBuild(wasm, NAME);
    if (built.status !== 0) throw new Error(built.stderr);
  });

  it('is reported as EVT TRAP reason=unreachable, with the LEDs and buzzer off, and nothing answers after', () => {
    const pico = bootFixture();
    expect(pico.ledMask()).toBe(0x3fff);
    expect(pico.buzzer().hz).toBeCloseTo(440, 0);
    pico.sendLine('');
    pico.run(10);
    expect(texts(pico.lines).at(-1)).toBe('OK');
    pico.sendLine('T');
    pico.run(10);
    expect(texts(pico.lines).at(-1)).toBe('EVT TRAP reason=unreachable');
    expect(pico.ledMask()).toBe(0);
    expect(pico.buzzer()).toEqual({ hz: 0, duty: 0 });
    const count = pico.lines.length;
    pico.sendLine('');
    pico.run(50);
    expect(pico.lines.length).toBe(count);
  });

  it('reports a load outside the linear memory as reason=out-of-bounds', () => {
    const pico = bootFixture();
    pico.sendLine('O');
    pico.run(10);
    expect(texts(pico.lines).at(-1)).toBe('EVT TRAP reason=out-of-bounds');
  });

  it('is not built when the module imports what the runtime does not provide', async () => {
    const wasm = join(workDir, 'with-print.wasm');
    const withPrint = `@external("env", "print") declare function print(x: i32): void;\n${FIXTURE.replace('tick(now: u32): void {}', 'tick(now: u32): void { print(<i32>now); }')}`;
    await compileFixture(wasm, withPrint);
    const built = picoBuild(wasm, `${NAME}-print`);
    expect(built.status).toBe(1);
    expect(built.stderr).toMatch(/imports env\.print, which the Pico runtime does not provide/);
  });

  it('is not built from a module cut short, and says where it ends', () => {
    const whole = join(workDir, 'fixture.wasm');
    const cut = join(workDir, 'cut-short.wasm');
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 10));
    const built = picoBuild(cut, `${NAME}-cut`);
    expect(built.status).toBe(1);
    expect(built.stderr).toMatch(/is not a whole WebAssembly module \(the module ends inside section \d+: /);
  });
});
