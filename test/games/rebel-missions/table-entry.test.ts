// Rebel Missions' table entry (host/games/rebel-missions/table-entry.ts) on the table host: the
// configuration from names and profile options, the renderer (the board, move labels with what
// each does, events told from the viewer's side), and whole games of bots on the built-in virtual
// timer (the firmware over the protocol) to FANFARE and to TIMEOUT, the timer an external actor.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../../host/link/timer-connection.ts';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { resolveOptions } from '../../../host/engine/meta.ts';
import { componentsWithPack } from '../../../host/games/rebel-missions/load.ts';
import { createRebelMissionsEntry, rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { findEntry } from '../../../host/games/index.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { setUpDone } from './fixtures.ts';

const names = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe("Rebel Missions' table entry", () => {
  it('is registered for every table front end, and takes the names and each seat’s Rebel profile as options', () => {
    expect(findEntry('rebel-missions')?.title).toBe('Star Wars: Rebel Missions');
    const options = resolveOptions(entry.game.meta, { 'profile-1': 'zeb', 'profile-2': 'hera' });
    expect(entry.configFor(['Ana', 'Ben', 'Cy'], options)).toEqual({
      players: [
        { name: 'Ana', profile: 'zeb' },
        { name: 'Ben', profile: 'hera' },
        { name: 'Cy', profile: 'hera' },
      ],
    });
    // Two seats with one profile: set-up says what to fix.
    expect(() => entry.game.setup(entry.configFor(['Ana', 'Ben', 'Cy'], options), 1)).toThrow(GameConfigError);
    expect(() => entry.game.setup(entry.configFor(['Ana', 'Ben', 'Cy'], options), 1)).toThrow(/seat 3 chose profile "hera", already taken/);
    expect(() => resolveOptions(entry.game.meta, { 'profile-1': 'vader' })).toThrow(/profile-1/);
    const defaults = resolveOptions(entry.game.meta, {});
    expect(entry.configFor(['Ana', 'Ben'], defaults).players.map((p) => p.profile)).toEqual(['kanan', 'ezra']);
  });

  it("deals from a user's pack: its placards, its identity in every config; set-up refuses a config of other placards", () => {
    const packJson = JSON.parse(readFileSync(fileURLToPath(new URL('../../../firmware/pack/rebel-missions.json', import.meta.url)), 'utf8')) as {
      placards: { name: string }[];
    };
    for (const p of packJson.placards) p.name = `Our ${p.name}`;
    const identity = { name: 'Our placards', file: 'our-placards.json', sum: '0abc' };
    const packEntry = createRebelMissionsEntry(componentsWithPack(packJson, 'our-placards.json'), identity);
    const config = packEntry.configFor(['Ana', 'Ben'], resolveOptions(packEntry.game.meta, {}));
    expect(config.pack).toEqual(identity);
    const state = setUpDone(packEntry.game, packEntry.game.setup(config, 4).state);
    expect(packEntry.renderer.viewLines(packEntry.game.view(state, TABLE), names).find((l) => l.startsWith('Mission '))).toMatch(/Mission {2}Our /);
    expect(() => entry.game.setup(config, 4)).toThrow(/dealt from the placards of "Our placards" \(our-placards.json\): play it with --pack our-placards.json/);
    expect(() => packEntry.game.setup({ players: config.players }, 4)).toThrow(/dealt from the built-in placards/);
  });

  it('draws the board and labels each move with what it does; events are told from the viewer’s side', () => {
    const game = entry.game;
    const config = entry.configFor(['Ana', 'Ben', 'Cy'], resolveOptions(game.meta, {}));
    let state = setUpDone(game, game.setup(config, 9).state);
    const apply = (move: Parameters<typeof game.apply>[1]) => {
      const applied = game.apply(state, move);
      if (!applied.ok) throw new Error(applied.reason);
      state = applied.state;
      return applied.events;
    };
    apply({ actor: 'timer', type: 'start', leftMs: 600_000 });
    apply({ actor: 'p1', type: 'roll' });
    const rolled = apply({ actor: 'chance', type: 'chance', outcome: ['double-token', 'empire'] });
    expect(rolled.flatMap((e) => entry.renderer.eventLines(e, 'p1', names))).toEqual(['You roll [⬢⬢ Double Token] [⚙ Empire]']);
    expect(rolled.flatMap((e) => entry.renderer.eventLines(e, TABLE, names))).toEqual(['Ana rolls [⬢⬢ Double Token] [⚙ Empire]']);
    const view = game.view(state, 'p1');
    const labels = game.legalMoves(state, 'p1').map((m) => entry.renderer.moveLabel(m, view, names));
    expect(labels).toEqual([
      { label: 'Take ⬢⬢ Double Token', hint: 'draw two tokens, then roll again or end the turn' },
      { label: 'Take ⚙ Empire', hint: 'nothing happens, and the turn ends' },
    ]);
    const drawn = apply({ actor: 'p1', type: 'choose', die: 0 });
    expect(drawn.flatMap((e) => entry.renderer.eventLines(e, 'p2', names))[1]).toMatch(/^Ana draws \w+, \w+$/);
    const lines = entry.renderer.viewLines(game.view(state, 'p2'), names);
    expect(lines[0]).toContain('turn 1: Ana holds the dice');
    expect(lines.some((l) => l.startsWith('Mission '))).toBe(true);
    expect(lines.some((l) => l.includes('Ben (you)'))).toBe(true);
  });

  for (const ending of ['fanfare', 'timeout'] as const) {
    it(`a table of bots plays to ${ending.toUpperCase()} on the virtual timer: its events are the timer's moves`, async () => {
      const connection = await connectTimer({ kind: 'virtual', seed: 12, realTime: false });
      const { host } = TableHost.start(
        entry,
        {
          seats: [
            { name: 'Ana', bot: 'cooperative' },
            { name: 'Ben', bot: 'random' },
          ],
          seed: ending === 'fanfare' ? 21 : 22,
        },
        { savePath: null, timer: connection.link },
      );
      const notes: string[] = [];
      host.subscribe(TABLE, (u) => {
        if (u.kind === 'note') notes.push(u.text);
      });
      try {
        await connection.link.request('START');
        for (let i = 0; i < 500 && !host.result.finished; i++) {
          await host.settled();
          await settle();
          const request = host.snapshot(TABLE).view.request;
          if (ending === 'timeout' && i === 3) {
            const { leftMs } = await connection.link.status();
            await connection.link.request(`SIM ADVANCE ${leftMs + 1000}`);
          } else if (request !== null) {
            for (const digit of request.code) await connection.link.request(`PRESS ${digit}`);
          }
        }
        await settle();
        expect(host.result).toMatchObject({ finished: true, summary: ending === 'fanfare' ? expect.stringMatching(/^won/) : 'lost: time ran out' });
        expect(host.log.moves.filter((m) => m.actor === 'chance').length).toBeGreaterThan(0);
        expect(host.log.moves.at(-1)).toMatchObject({ actor: 'timer', type: ending });
        expect(notes).toEqual([]);
      } finally {
        await host.close();
        await connection.close();
      }
    });
  }
});
