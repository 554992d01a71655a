// The Debian tools the Pico image needs, and building it for the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_TMP_ENV } from '../../support/temp-dir.ts';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const ELF_FILE = join(ROOT, 'build', 'imperial-timer.elf');
export const UF2_FILE = join(ROOT, 'build', 'imperial-timer.uf2');
export const DEBIAN_PACKAGES = ['wabt', 'gcc-arm-none-eabi', 'libnewlib-arm-none-eabi'] as const;

const COMMANDS = ['wasm2c', 'arm-none-eabi-gcc', 'arm-none-eabi-objcopy', 'arm-none-eabi-size'];

/** The tools missing on this machine (empty when the Pico image can be built). */
export function missingTools(): string[] {
  const missing = COMMANDS.filter((command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status !== 0);
  if (!existsSync('/usr/src/wasm2c/wasm-rt.h')) missing.push('/usr/src/wasm2c/wasm-rt.h');
  return missing;
}

/**
 * Whether the Pico suites run. Without the tools they are skipped with a message naming the
 * packages, except in CI (CI=true), where a missing tool is a failure.
 */
export function picoToolsOrSkip(): boolean {
  const missing = missingTools();
  if (missing.length === 0) return true;
  const message = `the Pico image needs ${missing.join(', ')}: install the Debian packages ${DEBIAN_PACKAGES.join(' ')}`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`skipping the Pico emulation tests: ${message}`);
  return false;
}

/**
 * Runs hw/pico/build.ts with `options` once per test run: the run's own folder (IMPERIAL_TEST_TMP,
 * made by the global set-up) keeps a mark of each build done, so the suites after the first skip
 * even its up-to-date check (a tsx process each). Outside a test run (bench) it always runs.
 */
function buildOncePerRun(options: readonly string[], what: string): void {
  const runDir = process.env[TEST_TMP_ENV];
  const mark = runDir === undefined ? undefined : join(runDir, `pico-build${options.map((o) => `_${o.replace(/[^\w.-]/g, '')}`).join('')}`);
  if (mark !== undefined && existsSync(mark)) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'hw', 'pico', 'build.ts'), ...options], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the Pico build${what} failed:\n${result.stderr}`);
  if (mark !== undefined) writeFileSync(mark, '');
}

/** Builds build/imperial-timer.{elf,uf2} (a no-op when up to date, or built already in this test run); throws with the build's message. */
export function buildPicoImage(): void {
  buildOncePerRun([], '');
}

/**
 * Builds the timer with build options for a test (e.g. `['--rx-ring', '64']`) to
 * build/<name>.{elf,uf2} (once per test run); returns the UF2 file.
 */
export function buildPicoVariant(name: string, options: readonly string[]): string {
  buildOncePerRun(['--name', name, ...options], ` of ${name}`);
  return join(ROOT, 'build', `${name}.uf2`);
}

export function readUf2(file = UF2_FILE): Uint8Array {
  return new Uint8Array(readFileSync(file));
}

export function readElf(): Uint8Array {
  return new Uint8Array(readFileSync(ELF_FILE));
}
