// A save written before Secret Invasion moved onto the table-game shape (by the program of that
// time: test/games/fixtures/secret-invasion-save-v2.json, six rounds in, with its state beside it)
// loads: its log replays under the table game's rules to the very state the old program had,
// and the game goes on. A save whose log the rules refuse is refused, saying what to do.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSave, encodeSave, SaveError } from '../../host/engine/save.ts';
import { toMove } from '../../host/engine/table-game.ts';
import type { SecretInvasionState } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { game } from './secret-invasion-fixtures.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('a Secret Invasion save of the format before the table-game shape', () => {
  it('loads: the log replays to the state the old program saved, and play goes on', () => {
    const loaded = decodeSave(game, fixture('secret-invasion-save-v2.json'));
    const expected = JSON.parse(fixture('secret-invasion-save-v2.state.json')) as SecretInvasionState;
    expect(loaded.state.round).toBeGreaterThan(1);
    expect(loaded.state).toEqual(expected);
    expect(loaded.table).toEqual({ bots: { seats: ['p2'], kind: 'tracking', rng: [1, 2, 3, 4] } });
    const actor = toMove(secretInvasionTable, loaded.state)[0] as string;
    const move = secretInvasionTable.legalMoves(loaded.state, actor)[0];
    if (move === undefined) throw new Error('no move to go on with');
    expect(secretInvasionTable.apply(loaded.state, move).ok).toBe(true);
  });

  it('a save whose moves the rules refuse is refused, naming the move and why', () => {
    const loaded = decodeSave(game, fixture('secret-invasion-save-v2.json'));
    const moves = [...loaded.log.moves];
    moves[3] = { actor: 'p3', type: 'stop-guessing' };
    const text = encodeSave(game, { ...loaded.log, moves }, '2026-11-30T20:00:00.000Z');
    expect(() => decodeSave(game, text, 'kitchen.json')).toThrow(SaveError);
    expect(() => decodeSave(game, text, 'kitchen.json')).toThrow(/kitchen\.json does not replay under the rules of "secret-invasion": move 4 of 40/);
  });
});
