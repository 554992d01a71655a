// A save written before Secret Invasion moved onto the table-game shape, and before its deal was
// a chance move and its discard chosen in steps (by the program of that time:
// test/games/fixtures/secret-invasion-save-v2.json, six rounds in, with its state beside it):
// - it loads through the older shape (game.ts): its log replays to the very state the old
//   program had (with no choice in steps half made), and the game goes on;
// - its log converts into the table game's steps and deals (`stepLogOf`), which replay to that
//   same state under the table game and save and load in the table's save format;
// - handed to the table game as it is, it is refused, saying it is of the older format and
//   what to do; a save whose log the rules refuse is refused, naming the move and why.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSave, encodeSave, SaveError } from '../../host/engine/save.ts';
import { toMove } from '../../host/engine/table-game.ts';
import { replayTable } from '../../host/engine/table-play.ts';
import { stepLogOf } from '../../host/games/secret-invasion/game.ts';
import type { SecretInvasionState } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { saveShapeOf } from '../../host/table/save-shape.ts';
import { game } from './secret-invasion-fixtures.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const savedState = (): SecretInvasionState => ({ ...(JSON.parse(fixture('secret-invasion-save-v2.state.json')) as SecretInvasionState), choosing: null });

describe('a Secret Invasion save of the format before the table-game shape', () => {
  it('loads through the older shape: the log replays to the state the old program saved, and play goes on', () => {
    const loaded = decodeSave(game, fixture('secret-invasion-save-v2.json'));
    expect(loaded.state.round).toBeGreaterThan(1);
    expect(loaded.state).toEqual(savedState());
    expect(loaded.table).toEqual({ bots: { seats: ['p2'], kind: 'tracking', rng: [1, 2, 3, 4] } });
    const actor = toMove(secretInvasionTable, loaded.state)[0] as string;
    const move = secretInvasionTable.legalMoves(loaded.state, actor)[0];
    if (move === undefined) throw new Error('no move to go on with');
    expect(secretInvasionTable.apply(loaded.state, move).ok).toBe(true);
  });

  it("converts into the table game's steps and deals, which replay to the same state and save in the table's format", () => {
    const old = decodeSave(game, fixture('secret-invasion-save-v2.json'));
    const log = stepLogOf(old.log);
    expect(log.moves.filter((m) => m.type === 'chance')).toHaveLength(old.state.round);
    expect(log.moves.some((m) => m.type === 'target') && log.moves.some((m) => m.type === 'name')).toBe(true);
    expect(replayTable(secretInvasionTable, log)).toEqual(savedState());
    const shape = saveShapeOf(secretInvasionTable);
    const reloaded = decodeSave(shape, encodeSave(shape, log, '2026-12-01T10:00:00.000Z', { table: old.table }));
    expect(reloaded.state).toEqual(savedState());
  });

  it('handed to the table game as it is, it is refused: the whole moves of the older format, and what to do', () => {
    expect(() => decodeSave(saveShapeOf(secretInvasionTable), fixture('secret-invasion-save-v2.json'), 'kitchen.json')).toThrow(
      /kitchen\.json does not replay under the rules of "secret-invasion": move 1 of 40 .* was rejected: this is a whole move \(card, target and value in one\), as games saved before Secret Invasion chose a discard in steps wrote them: .*converted to steps when it is opened \(stepLogOf/,
    );
  });

  it('a save whose moves the rules refuse is refused, naming the move and why', () => {
    const loaded = decodeSave(game, fixture('secret-invasion-save-v2.json'));
    const moves = [...loaded.log.moves];
    moves[3] = { actor: 'p3', type: 'stop-guessing' };
    const text = encodeSave(game, { ...loaded.log, moves }, '2026-11-30T20:00:00.000Z');
    expect(() => decodeSave(game, text, 'kitchen.json')).toThrow(SaveError);
    expect(() => decodeSave(game, text, 'kitchen.json')).toThrow(/kitchen\.json does not replay under the rules of "secret-invasion": move 4 of 40/);
    expect(() => stepLogOf({ ...loaded.log, moves })).toThrow(/move 4 of 40 \(\{"actor":"p3","type":"stop-guessing"\}\) was rejected: it is /);
  });
});
