// The installable companion, built into a folder outside the repository, and run there as a
// person would run the installed command: with node, in a folder of its own, HOME its own.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCompanion, type CompanionBuild, REPO } from '../../host/companion/build.ts';

const UF2 = join(REPO, 'build/imperial-timer.uf2');

/** A fresh folder outside the repository (removed by `removeFolder`). */
export function outsideFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/** The Pico image the package ships with `flash`, built first when missing (npm run build:pico). */
export function ensureUf2(): void {
  if (existsSync(UF2)) return;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'hw/pico/build.ts')], { cwd: REPO, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm run build:pico failed (the package ships its UF2):\n${run.stderr}`);
}

/** Builds the companion into `<dir>/build/companion`, as npm pack takes it. */
export async function buildInto(dir: string): Promise<CompanionBuild> {
  ensureUf2();
  return await buildCompanion(join(dir, 'build/companion'));
}

/** The repository's installed packages beside a build, where the package's own would be (the install test copies the dependencies alone). */
export function linkPackages(dir: string): void {
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
}

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command `bin` (a built file or an installed one) with `args`, in `cwd` with HOME there. */
export function runCommand(bin: string, args: readonly string[], cwd: string, input?: string): Run {
  const command = bin.endsWith('.mjs') ? process.execPath : bin;
  const argv = bin.endsWith('.mjs') ? [bin, ...args] : [...args];
  const run: SpawnSyncReturns<string> = spawnSync(command, argv, {
    cwd,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: cwd },
    encoding: 'utf8',
    input: input ?? '',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `serve` started, its start page, the page's script and icon fetched, then stopped with Ctrl-C. */
export async function serveAndStop(bin: string, cwd: string): Promise<{ html: string; script: number; icon: number; exit: number | null }> {
  const command = bin.endsWith('.mjs') ? process.execPath : bin;
  const argv = bin.endsWith('.mjs') ? [bin, 'serve'] : ['serve'];
  const child = spawn(command, argv, { cwd, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: cwd }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = await new Promise<string>((found, failed) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (match) found(match[0]);
    });
    void exited.then((code) => failed(new Error(`serve ended (${code}) before it printed its address:\n${out}\n${err}`)));
  });
  try {
    const html = await (await fetch(url)).text();
    const script = (await fetch(new URL('/app/start.js', url))).status;
    const icon = (await fetch(new URL('/favicon.svg', url))).status;
    child.kill('SIGINT');
    return { html, script, icon, exit: await exited };
  } finally {
    child.kill('SIGKILL');
  }
}
