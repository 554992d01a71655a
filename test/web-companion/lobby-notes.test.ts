// The notes about saves in plain words: a save left marked as in use by a companion that stopped
// (it crashed, or the computer was switched off) is said without "lock" or "a program that is
// gone" on the start page; a save that fails is told to the pages without the computer's file path.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPathOf } from '../../host/engine/save-lock.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { people } from '../table/support.ts';
import { Client, pathOf, startTestServer, wsUrl } from './support.ts';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

describe('notes about saves, in plain words', () => {
  it("tells the start page that a stopped companion's save is carried on here", async () => {
    const saveDir = testTempDir('lobby-notes-');
    mkdirSync(saveDir, { recursive: true });
    const save = join(saveDir, 'secret-invasion.web.save.json');
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(lockPathOf(save), JSON.stringify({ pid: dead, started: '2026-11-30T10:00:00.000Z', host: hostname(), command: 'serve' }));
    const { server } = await startTestServer({ saveDir });
    open.push(server);
    const lobby = await Client.open(wsUrl(server.url, '/live/lobby'));
    open.push({ close: () => lobby.ws.close() });
    await lobby.next((m) => m.type === 'lobby');
    lobby.send({ type: 'start', game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 1, timer: { kind: 'none' } });
    const note = await lobby.next((m) => m.type === 'note');
    expect(note['text']).toBe("this game's save was still marked as in use by a companion that has stopped (serve); it is carried on here now");
  });

  it("tells the pages that a save failed without the computer's file path, and the computer's terminal with it", async () => {
    const saveDir = testTempDir('lobby-notes-');
    const terminal: string[] = [];
    const { server } = await startTestServer({ saveDir, log: (line) => terminal.push(line) });
    open.push(server);
    expect(
      await server.handle({ type: 'start', game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 9, timer: { kind: 'none' } }),
    ).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const ana = await Client.open(wsUrl(server.url, `/live${pathOf(links.seats[0]?.url as string)}`));
    open.push({ close: () => ana.ws.close() });
    const snapshot = await ana.next((m) => m.type === 'snapshot' && Array.isArray(m['moves']) && (m['moves'] as unknown[]).length > 0);
    rmSync(saveDir, { recursive: true, force: true });
    ana.send({ type: 'choose', menu: snapshot['menu'], n: 0 });
    const note = await ana.next((m) => m.type === 'note' && m['problem'] === true);
    expect(note['text']).toBe(
      'the game could not be saved on the computer, so nothing is played until it is. Tell whoever runs the companion on the computer.',
    );
    expect(JSON.stringify(ana.received)).not.toContain(saveDir);
    // The whole reason, with the save's path, for whoever runs the companion.
    expect(terminal).toHaveLength(1);
    expect(terminal[0]).toMatch(
      /^Star Wars: Secret Invasion: the game could not be saved to .*secret-invasion\.web\.save\.json \(.+\); play is held until it can be saved/,
    );
    expect(terminal[0]).toContain(saveDir);
  });
});
