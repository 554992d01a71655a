// The built companion (host/companion/build.ts), copied nowhere near the repository and run
// with node alone: every command a person runs starts, and what it reads at run time is found
// beside the built file. (The whole install, npm pack and npm install -g offline, is the soak
// run's install.soak.ts.)
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionBuild, REPO, RUNTIME_PACKAGES } from '../../host/companion/build.ts';
import { picoToolsOrSkip } from '../pico/harness/toolchain.ts';
import { buildInto, linkPackages, outsideFolder, removeFolder, runCommand, serveAndStop } from './built-companion.ts';

/** ws asks for its optional native speed-ups with a require that may fail; nothing else is loaded from outside. */
const OPTIONAL = ['bufferutil', 'utf-8-validate'];

// The package ships the Pico image for `flash`: building it needs the ARM tools (skipped without them, but never in CI).
describe.runIf(picoToolsOrSkip())('the built companion', () => {
  let dir: string;
  let built: CompanionBuild;
  let work: string;

  beforeAll(async () => {
    dir = outsideFolder('companion-built-');
    work = outsideFolder('companion-work-');
    built = await buildInto(dir);
    linkPackages(dir);
  }, 120_000);
  afterAll(() => {
    removeFolder(dir);
    removeFolder(work);
  });

  it('loads only node, the package dependencies and nothing of the build tools at run time', () => {
    const output = Object.values(built.metafile.outputs)[0];
    const external = (output?.imports ?? []).filter((i) => i.external).map((i) => i.path);
    const allowed = (path: string) => path.startsWith('node:') || builtinModules.includes(path) || RUNTIME_PACKAGES.includes(path) || OPTIONAL.includes(path);
    expect(external.filter((path) => !allowed(path))).toEqual([]);
    expect(external).toContain('serialport');
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs.filter((i) => i.includes('node_modules/esbuild') || i.includes('node_modules/tsx'))).toEqual([]);
    expect(inputs).not.toContain('host/web/bundle.ts');
    expect(inputs).toContain('host/companion/built-pages.ts');
  });

  it('runs help, ports and flash --help', () => {
    const help = runCommand(built.bin, ['help'], work);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: imperial-timer <command>/);
    expect(runCommand(built.bin, ['ports'], work).status).toBe(0);
    const flash = runCommand(built.bin, ['flash', '--help'], work);
    expect(flash.status).toBe(0);
    expect(flash.stdout).toMatch(/^usage: imperial-timer flash/);
  });

  it('prints a kit (the print data inside the build)', () => {
    const run = runCommand(built.bin, ['print', 'stolen-plans', '--out', 'deck.pdf'], work);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(join(work, 'deck.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('plays a game of bots on the shipped firmware, and puts the built-in pack on it', () => {
    const play = runCommand(built.bin, ['play', 'rebel-missions', '--players', 'Ana,Ben', '--bots', 'all', '--json', '--seed', '3', '--save', 'rm.json'], work);
    expect(play.status).toBe(0);
    const last = JSON.parse(play.stdout.trim().split('\n').at(-1) ?? '{}') as { type?: string };
    expect(last.type).toBe('result');
    const pack = runCommand(built.bin, ['pack', '--builtin'], work);
    expect(pack.status).toBe(0);
    expect(pack.stdout).toMatch(/plays its built-in pack again: 24 codes/);
  });

  it('serves the pages bundled at build time and stops on Ctrl-C', async () => {
    const served = await serveAndStop(built.bin, work);
    expect(served.html).toMatch(/<title>Imperial Timer companion/);
    expect(served.script).toBe(200);
    expect(served.icon).toBe(200);
    expect(served.exit).toBe(0);
  });

  it('ships every file it reads at run time, and the firmware it was built with', () => {
    expect(readFileSync(join(built.outDir, 'build/firmware.wasm')).equals(readFileSync(join(REPO, 'build/firmware.wasm')))).toBe(true);
    expect(existsSync(join(built.outDir, 'build/imperial-timer.uf2'))).toBe(true);
  });
});

describe('the command line without serve', () => {
  it('reaches no web server, ws or qrcode: serve loads them when it runs', async () => {
    const result = await build({
      entryPoints: [join(REPO, 'host/cli/imperial-timer.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      external: [...RUNTIME_PACKAGES],
      plugins: [
        {
          name: 'without-serve',
          setup(b) {
            b.onResolve({ filter: /\/serve\.ts$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('host/cli/imperial-timer.ts');
    expect(inputs.filter((i) => i.startsWith('host/web/server') || /node_modules\/(ws|qrcode)\//.test(i))).toEqual([]);
    const cli = result.metafile.inputs['host/cli/imperial-timer.ts'];
    expect(cli?.imports.find((i) => i.path.endsWith('serve.ts'))?.kind).toBe('dynamic-import');
  });
});
