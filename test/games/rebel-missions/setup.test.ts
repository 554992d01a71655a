import { describe, expect, it } from 'vitest';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { STANDARD_COMPONENTS } from '../../../host/games/rebel-missions/load.ts';
import { configFor, game, must, rejected, startedGame, types } from './fixtures.ts';

describe('Rebel Missions set-up', () => {
  it.each([1, 2, 3, 4, 5])('seats %i players, each with their chosen profile', (n) => {
    const state = game.setup(configFor(n), 1);
    expect(state.seats.map((s) => s.id)).toEqual(Array.from({ length: n }, (_, i) => `p${i + 1}`));
    expect(state.seats.map((s) => s.profile)).toEqual(configFor(n).players.map((p) => p.profile));
    expect(state.seats.every((s) => s.hand.length === 0)).toBe(true);
  });

  it('rejects 0 or 6 players, a repeated profile and an unknown profile with a reason', () => {
    expect(() => game.setup({ players: [] }, 1)).toThrow(/1 to 5 players, got 0/);
    const six = [...configFor(5).players, { name: 'Chopper', profile: 'kanan' }];
    expect(() => game.setup({ players: six }, 1)).toThrow(GameConfigError);
    expect(() =>
      game.setup(
        {
          players: [
            { name: 'A', profile: 'hera' },
            { name: 'B', profile: 'hera' },
          ],
        },
        1,
      ),
    ).toThrow(/seat 2 chose profile "hera", already taken/);
    expect(() => game.setup({ players: [{ name: 'A', profile: 'ahsoka' }] }, 1)).toThrow(/choose one of kanan, ezra, hera, sabine, zeb/);
    expect(() => game.setup({ players: [{ name: ' ', profile: 'hera' }] }, 1)).toThrow(/seat 1 has no name/);
    // Configurations read from a file may hold anything: still a clear message, never a crash.
    const junk = (value: unknown) => () => game.setup(value as Parameters<typeof game.setup>[0], 1);
    expect(junk(null)).toThrow(/got no player list/);
    expect(junk({ players: [null] })).toThrow(/seat 1 has no name; seat 1 has no profile/);
  });

  it('mixes all 44 tokens face down and turns the top one of 28 shuffled placards face up', () => {
    const state = game.setup(configFor(2), 42);
    expect(state.tokenPile).toHaveLength(44);
    expect(new Set(state.tokenPile).size).toBe(44);
    expect(state.placardPile).toHaveLength(27);
    expect(new Set([state.placard, ...state.placardPile]).size).toBe(28);
    const other = game.setup(configFor(2), 43);
    expect(other.tokenPile).not.toEqual(state.tokenPile);
    expect(game.setup(configFor(2), 42)).toEqual(state);
  });

  it('the oldest player (first seat) takes the dice, but nobody moves until the timer starts', () => {
    const state = game.setup(configFor(3), 5);
    expect(state.stage).toBe('awaiting-start');
    expect(state.turnPlayer).toBe('p1');
    expect(game.toMove(state)).toEqual(['timer']);
    expect(game.legalMoves(state, 'p1')).toEqual([]);
    expect(rejected(state, { actor: 'p1', type: 'roll' })).toMatch(/press the triangle button/);
    expect(rejected(state, { actor: 'timer', type: 'time', leftMs: 5000 })).toMatch(/START first/);
    expect(rejected(state, { actor: 'timer', type: 'chime', found: 1 })).toMatch(/no code is being entered/);
  });

  it('the timer START begins the first turn and records the time left', () => {
    const setUp = game.setup(configFor(3), 5);
    const { state, events } = must(setUp, { actor: 'timer', type: 'start', leftMs: 600_000 });
    expect(types(events)).toEqual(['game-started', 'turn-started']);
    expect(state.stage).toBe('roll');
    expect(state.turnNumber).toBe(1);
    expect(game.toMove(state)).toEqual(['p1', 'timer']);
    expect(game.view(state, 'p2').timeLeftMs).toBe(600_000);
    expect(rejected(state, { actor: 'timer', type: 'start', leftMs: 600_000 })).toMatch(/already started/);
    expect(rejected(setUp, { actor: 'timer', type: 'start', leftMs: 0 })).toMatch(/positive whole number/);
  });

  it('the player range and profiles come from the data files', () => {
    expect(STANDARD_COMPONENTS.players).toEqual({ min: 1, max: 5 });
    expect(startedGame(5).seats).toHaveLength(5);
  });
});
