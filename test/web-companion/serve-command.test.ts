// The `serve` command's flags, its LAN address and a run: the start page's address printed, the
// server answering, and stopping on Ctrl-C; and the command line's `serve` (through runCli and as
// the real program) with the production games.

import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import type { CliIo } from '../../host/cli/io.ts';
import { TABLE_ENTRIES, findEntry } from '../../host/games/index.ts';
import { lanAddress, parseServeRequest, runServe } from '../../host/cli/serve.ts';
import { UsageError } from '../../common/args.ts';
import { Client, GAMES, wsUrl, type Message } from './support.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { memoryIo, spawnCompanion } from '../companion/cli-process.ts';

/** A runCli io whose Ctrl-C is `interrupt()`. */
function interruptibleIo(): { io: CliIo; out: () => string; err: () => string; interrupt: () => void } {
  const { io, out, err } = memoryIo();
  let interrupt: () => void = () => undefined;
  const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
  return { io: { ...io, interrupted }, out, err, interrupt };
}

/** The start page's address: the first line `serve` prints. */
const firstLine = (text: string): string => text.split('\n')[0] ?? '';

/** The games the start page offers at `url` (its lobby message). */
async function offeredGames(url: string): Promise<string[]> {
  const lobby = await Client.open(wsUrl(url, '/live/lobby'));
  const message = await lobby.next((m) => m.type === 'lobby');
  lobby.close();
  return (message['games'] as Message[]).map((g) => String(g['id']));
}

describe('serve command', () => {
  it('parses its flags strictly, naming the flag and the allowed values', () => {
    expect(parseServeRequest([], '/home/ana')).toEqual({ port: 0, lan: false, saveDir: '/home/ana/.imperial-timer' });
    expect(parseServeRequest(['--port', '8080', '--lan', '--save-dir', '/tmp/x'], '/h')).toEqual({ port: 8080, lan: true, saveDir: '/tmp/x' });
    expect(parseServeRequest(['--help'], '/h')).toBe('help');
    expect(parseServeRequest(['-h'], '/h')).toBe('help');
    expect(() => parseServeRequest(['--save-dir', ''], '/h')).toThrow(/--save-dir needs a folder/);
    expect(() => parseServeRequest(['--port'], '/h')).toThrow(/--port needs a value/);
    expect(() => parseServeRequest(['--port', '65536'], '/h')).toThrow(/--port/);
    expect(() => parseServeRequest(['now'], '/h')).toThrow(/unexpected word "now"/);
    expect(() => parseServeRequest(['--port', '0'], '/h')).toThrow(UsageError);
    expect(() => parseServeRequest(['--port', 'eighty'], '/h')).toThrow(/--port/);
    expect(() => parseServeRequest(['--bind', 'x'], '/h')).toThrow(/unknown flag --bind/);
  });

  it('finds the LAN address, or says there is none', () => {
    expect(
      lanAddress({
        lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }],
        eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }],
      }),
    ).toBe('192.168.1.20');
    expect(() => lanAddress({ lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }] })).toThrow(/no LAN address/);
  });

  it('prints http://127.0.0.1:<port>/, serves the start page there, and stops when interrupted', async () => {
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (d) => (out += String(d)));
    let interrupt: () => void = () => undefined;
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    const saveDir = testTempDir('serve-');
    const done = runServe({ port: 0, lan: false, saveDir }, GAMES, { stdout, interrupted });
    await expect.poll(() => out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\nCtrl-C stops the server; games are saved in .*\n$/);
    expect(out).toContain(`games are saved in ${saveDir} (resume one from the start page)`);
    const response = await fetch(firstLine(out));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/app/start.js');
    // What it says is so: a match started from the start page is in the save folder once Ctrl-C has stopped the server.
    const lobby = await Client.open(wsUrl(firstLine(out), '/live/lobby'));
    lobby.send({
      type: 'start',
      game: 'secret-invasion',
      seats: [
        { name: 'Ana', bot: null },
        { name: 'Ben', bot: null },
      ],
      options: {},
      seed: 3,
    });
    await lobby.next((m) => m.type === 'lobby' && m['current'] !== null);
    lobby.close();
    interrupt();
    expect(await done).toBe(0);
    await expect(fetch(firstLine(out))).rejects.toThrow();
    expect(existsSync(join(saveDir, 'secret-invasion.web.save.json'))).toBe(true);
  });

  it('is registered: `serve` through runCli prints the URL, answers for the start page, offers Secret Invasion, and stops on Ctrl-C', async () => {
    const { io, out, err, interrupt } = interruptibleIo();
    const done = runCli(['serve', '--save-dir', testTempDir('serve-cli-')], io);
    await expect.poll(() => out()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\nCtrl-C stops the server; games are saved in /);
    const url = firstLine(out());
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/app/start.js');
    expect(await offeredGames(url)).toEqual(TABLE_ENTRIES.map((e) => e.id));
    expect(await offeredGames(url)).toContain('secret-invasion');
    interrupt();
    expect(await done).toBe(0);
    expect(err()).toBe('');
    await expect(fetch(url)).rejects.toThrow();
  }, 30_000);

  it('registers the production games: Secret Invasion, by its id', () => {
    expect(findEntry('secret-invasion')?.title).toBe('Star Wars: Secret Invasion');
    expect(findEntry('chess')).toBeUndefined();
  });

  it('shows its flags and games with --help, and takes bad flags as usage errors (exit 2, nothing served)', async () => {
    const help = memoryIo();
    expect(await runCli(['serve', '--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/usage: imperial-timer serve \[--port N\] \[--lan\] \[--save-dir DIR\]/);
    expect(help.out()).toContain("Games: Star Wars: Rebel Missions, Star Wars: Secret Invasion, Star Wars: Stolen Plans, Star Wars: The Queen's Gambit.");
    for (const [argv, problem] of [
      [['serve', '--port', 'eighty'], /--port must be a whole number/],
      [['serve', '--port', '0'], /--port must be a whole number/],
      [['serve', '--bind', '0.0.0.0'], /unknown flag --bind/],
      [['serve', '--lan=yes'], /--lan/],
      [['serve', 'secret-invasion'], /unexpected word "secret-invasion"/],
    ] as const) {
      const { io, out, err } = memoryIo();
      expect(await runCli([...argv], io), argv.join(' ')).toBe(2);
      expect(err()).toMatch(problem);
      expect(err()).toMatch(/imperial-timer serve --help shows the flags/);
      expect(out()).toBe('');
    }
  });

  it('says a port in use is in use and what to do (exit 1)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as { port: number }).port;
    try {
      const { io, out, err } = memoryIo();
      expect(await runCli(['serve', '--port', String(port), '--save-dir', testTempDir('serve-busy-')], io)).toBe(1);
      expect(err()).toMatch(new RegExp(`cannot serve on port ${port}: it is in use .*Choose another with --port N`));
      expect(out()).toBe('');
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('refuses a --save-dir it cannot write in before serving anything, saying why and what to do (exit 1, nothing changed)', async () => {
    const blocker = join(testTempDir('serve-blocked-'), 'saves');
    writeFileSync(blocker, 'not a folder');
    const cases: [string, RegExp][] = [[blocker, / is a file, not a folder/]];
    if (process.getuid?.() !== 0) {
      // Root may write anywhere: a folder without write permission is only a refusal for other users.
      const locked = testTempDir('serve-locked-');
      chmodSync(locked, 0o555);
      cases.push([locked, /this user may not write in /]);
    }
    for (const [saveDir, why] of cases) {
      const { io, out, err } = memoryIo();
      expect(await runCli(['serve', '--save-dir', saveDir], io)).toBe(1);
      expect(err()).toMatch(new RegExp(`cannot save games in ${saveDir.replace(/[.]/g, '\\.')}: `));
      expect(err()).toMatch(why);
      expect(err()).toMatch(/Nothing was served; choose a folder you may write in with --save-dir DIR, or leave --save-dir out for ~\/\.imperial-timer\./);
      expect(out()).toBe('');
    }
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  it('runs as the real program: `serve` prints the URL, serves the start page, and stops on SIGINT with exit 0', async () => {
    const child = spawnCompanion(['serve', '--save-dir', testTempDir('serve-process-')]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => stdout, { timeout: 40_000, interval: 100 })
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\nCtrl-C stops the server; games are saved in .*\n$/);
      const url = firstLine(stdout);
      expect((await fetch(url)).status).toBe(200);
      expect(await offeredGames(url)).toContain('secret-invasion');
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
