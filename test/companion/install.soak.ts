// THE INSTALL TEST (soak run: it packs and installs the whole package, ~30 s or more on a busy
// machine). What a person does on a machine without the repository: `npm pack`, then
// `npm install -g --offline` of the tarball into a prefix of its own, then the installed
// `imperial-timer` runs help, ports, play, pack, print and serve. Offline works because the
// package bundles its dependencies (package.json's bundleDependencies: serialport, native,
// with its prebuilt binaries, pdfkit and valibot); everything else is inside the built file.
// The package is packed from a folder laid out as the repository is for npm pack (package.json,
// README.md, LICENSE, the build, and the dependencies' tree as npm ci installs it), so the test
// does not depend on how this checkout's node_modules is installed (a link, in a worktree).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_FILE, REPO } from '../../host/companion/build.ts';
import { buildInto, outsideFolder, removeFolder, runCommand, serveAndStop } from './built-companion.ts';

interface LockEntry {
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly optional?: boolean;
}

/** The dependencies' tree, as package-lock.json places it (no dev packages). */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.dev !== true && entry.devOptional !== true)
    .map(([path]) => path);
}

describe('THE INSTALL TEST: npm pack, npm install -g --offline, and the installed command', () => {
  let stage: string;
  let prefix: string;
  let work: string;
  let bin: string;

  beforeAll(async () => {
    stage = outsideFolder('companion-stage-');
    prefix = outsideFolder('companion-prefix-');
    work = outsideFolder('companion-home-');
    for (const file of ['package.json', 'package-lock.json', 'README.md', 'LICENSE']) copyFileSync(join(REPO, file), join(stage, file));
    await buildInto(stage);
    const modules = realpathSync(join(REPO, 'node_modules'));
    for (const path of productionPackages()) {
      const from = join(modules, path.slice('node_modules/'.length));
      if (existsSync(from)) cpSync(from, join(stage, path), { recursive: true, dereference: true });
    }
    // The build is already in place: prepack (npm run build:companion) is for a checkout.
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', stage], { cwd: stage, stdio: 'pipe' });
    const tarball = readdirSync(stage).find((name) => /^imperial-timer-.*\.tgz$/.test(name));
    if (tarball === undefined) throw new Error(`npm pack made no imperial-timer-*.tgz in ${stage}`);
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--silent', join(stage, tarball)], {
      cwd: work,
      stdio: 'pipe',
      env: { ...process.env, HOME: process.env['HOME'] ?? work },
    });
    bin = join(prefix, 'bin', 'imperial-timer');
  }, 300_000);
  afterAll(() => {
    for (const dir of [stage, prefix, work]) removeFolder(dir);
  });

  it('installs the command, and only the package: no repository sources', () => {
    expect(existsSync(bin)).toBe(true);
    const installed = join(prefix, 'lib', 'node_modules', 'imperial-timer');
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'build', 'node_modules', 'package.json']);
    expect(existsSync(join(installed, 'build/companion', BUILT_FILE))).toBe(true);
    expect(existsSync(join(installed, 'node_modules/serialport'))).toBe(true);
  });

  it('runs help, ports and flash --help', () => {
    const help = runCommand(bin, ['help'], work);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: imperial-timer <command>/);
    expect(runCommand(bin, ['ports'], work).status).toBe(0);
    expect(runCommand(bin, ['flash', '--help'], work).status).toBe(0);
  });

  it('plays, packs and prints', () => {
    const play = runCommand(bin, ['play', 'secret-invasion', '--players', 'Ana,Ben', '--bots', 'all', '--json', '--no-timer', '--seed', '3'], work);
    expect(play.status).toBe(0);
    expect(JSON.parse(play.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ type: 'result' });
    const pack = runCommand(bin, ['pack', '--builtin'], work);
    expect(pack.status).toBe(0);
    const print = runCommand(bin, ['print', 'queens-gambit', '--out', 'qg.pdf'], work);
    expect(print.status).toBe(0);
    expect(readFileSync(join(work, 'qg.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves its pages', async () => {
    const served = await serveAndStop(bin, work);
    expect(served.html).toMatch(/<title>Imperial Timer companion/);
    expect(served.script).toBe(200);
    expect(served.exit).toBe(0);
  });
});
