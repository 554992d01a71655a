// Setting up, the end of a round (showdown, tie-breaks, one player left), victory tokens and
// the end of the game.
import { describe, expect, it } from 'vitest';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { stateProblems } from '../../../host/games/secret-invasion/invariants.ts';
import type { SecretInvasionEvent } from '../../../host/games/secret-invasion/model.ts';
import { configFor, deck, discard, game, must, table } from './fixtures.ts';

const roundEnded = (events: readonly SecretInvasionEvent[]) => {
  const e = events.find((x) => x.type === 'round-ended');
  if (e?.type !== 'round-ended') throw new Error('the round did not end');
  return e;
};

describe('set-up', () => {
  it('two players: one card aside unseen, three face up, one dealt each, the youngest (first seat) draws', () => {
    const s = game.setup(configFor(2), 5);
    expect(s.setAside).not.toBeNull();
    expect(s.faceUp).toHaveLength(3);
    expect(s.seats.map((x) => x.hand.length)).toEqual([2, 1]);
    expect(s.deck.length - s.deckTop).toBe(17 - 1 - 3 - 2 - 1);
    expect(s.turnPlayer).toBe('p1');
    expect(stateProblems(deck, s)).toEqual([]);
    const v = game.view(s, 'p2');
    expect(v.faceUp).toHaveLength(3);
    expect(v.hand).toHaveLength(1);
    expect(v.setAsideCount).toBe(1);
    expect(JSON.stringify(v)).not.toContain(s.setAside!);
  });

  it('three and four players: no face-up cards', () => {
    for (const n of [3, 4]) {
      const s = game.setup(configFor(n), 5);
      expect(s.faceUp).toEqual([]);
      expect(s.deck.length - s.deckTop).toBe(17 - 1 - n - 1);
      expect(stateProblems(deck, s)).toEqual([]);
    }
  });

  it('the same seed deals the same game; another seed deals another', () => {
    expect(game.setup(configFor(3), 42)).toEqual(game.setup(configFor(3), 42));
    expect(game.setup(configFor(3), 43).deck).not.toEqual(game.setup(configFor(3), 42).deck);
  });

  it('rejects a table it cannot play, saying what to fix', () => {
    expect(() => game.setup(configFor(1), 1)).toThrow(GameConfigError);
    expect(() => game.setup(configFor(1), 1)).toThrow('Secret Invasion is played by 2 to 4 players, got 1');
    expect(() => game.setup({ players: [...configFor(4).players, { name: 'Eve' }] }, 1)).toThrow('got 5');
    expect(() => game.setup({ players: [{ name: 'Ana' }, { name: ' ' }] }, 1)).toThrow('seat 2 has no name');
  });
});

describe('turn order and players out', () => {
  it('passes to the left and skips players who are out of the round', () => {
    const s = table(4, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: [], p3: ['han-solo'], p4: ['c-3po'] }, out: ['p2'] });
    const { state } = must(s, discard('p1', 'chewbacca'));
    expect(state.turnPlayer).toBe('p3');
    expect(game.legalMoves(state, 'p2')).toEqual([]);
    expect(game.toMove(state)).toEqual(['p3']);
  });
});

describe('end of a round', () => {
  it('deck empty after a turn: the highest card wins a token and the winner starts the next round', () => {
    const s = table(4, {
      hands: { p1: ['han-solo', 'chewbacca'], p2: ['darth-vader'], p3: ['luke-skywalker'], p4: [] },
      out: ['p4'],
      deckSize: 0,
      spillTo: 'p4',
    });
    const { state, events } = must(s, discard('p1', 'han-solo'));
    const ended = roundEnded(events);
    expect(ended.result.reason).toBe('deck-empty');
    expect(ended.result.winners).toEqual(['p2']);
    expect(ended.result.revealed.map((r) => r.player)).toEqual(['p1', 'p2', 'p3']);
    expect(ended.tokens).toEqual({ p1: 0, p2: 1, p3: 0, p4: 0 });
    expect(state.round).toBe(2);
    expect(state.turnPlayer).toBe('p2');
    expect(events.map((e) => e.type)).toContain('round-started');
    expect(state.outSeats).toBe(0);
    expect(state.seats.every((x) => x.discards.length === 0)).toBe(true);
  });

  it('a tie on value is won by the higher total of discards', () => {
    const s = table(4, {
      hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['luke-skywalker'], p3: ['luke-skywalker'], p4: [] },
      discards: { p2: ['han-solo'], p3: ['c-3po'] },
      out: ['p4'],
      deckSize: 0,
      spillTo: 'p4',
    });
    const { events } = must(s, discard('p1', 'stormtrooper', 'p2', 2));
    const ended = roundEnded(events);
    expect(ended.result.winners).toEqual(['p3']);
    expect(ended.result.discardTotals).toMatchObject({ p2: 2, p3: 3 });
  });

  it('a tie that remains is shared: each tied player gains a token', () => {
    const s = table(4, {
      hands: { p1: ['stormtrooper', 'han-solo'], p2: ['chewbacca'], p3: ['chewbacca'], p4: [] },
      discards: { p2: ['c-3po'], p3: ['r2-d2'] },
      out: ['p4'],
      deckSize: 0,
      spillTo: 'p4',
    });
    const { state, events } = must(s, discard('p1', 'stormtrooper', 'p2', 2));
    expect(roundEnded(events).result.winners).toEqual(['p2', 'p3']);
    expect(state.seats.map((x) => x.tokens)).toEqual([0, 1, 1, 0]);
    // Of several winners, the first met from this round's first player (p1) starts.
    expect(state.turnPlayer).toBe('p2');
  });

  it('only one player left: that player wins at once, nothing is revealed', () => {
    const s = table(2, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'] } });
    const { state, events } = must(s, discard('p1', 'stormtrooper', 'p2', 8));
    const ended = roundEnded(events);
    expect(ended.result).toMatchObject({ reason: 'last-standing', winners: ['p1'], revealed: [] });
    expect(state.seats[0]!.tokens).toBe(1);
    expect(state.turnPlayer).toBe('p1');
  });
});

describe('victory', () => {
  it.each([
    [2, 7],
    [3, 5],
    [4, 4],
  ])('%i players: %i tokens win the game', (players, target) => {
    const hands: Record<string, string[]> = { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'] };
    if (players > 2) hands.p3 = [];
    if (players > 3) hands.p4 = [];
    const out = ['p3', 'p4'].slice(0, players - 2);
    const tokens = { p1: target - 1, p2: target - 1 };
    const s = table(players, { hands, out, tokens });
    expect(game.view(s, 'p1').tokensToWin).toBe(target);
    const { state, events } = must(s, discard('p1', 'stormtrooper', 'p2', 8));
    expect(events.at(-1)).toEqual({ type: 'game-won', winner: 'p1', tokens: target });
    expect(game.result(state)).toMatchObject({ finished: true, winners: ['p1'], winningTeams: [], summary: `won: ${target} victory tokens` });
    expect(game.toMove(state)).toEqual([]);
    expect(game.legalMoves(state, 'p2')).toEqual([]);
    expect(game.apply(state, discard('p1', 'chewbacca'))).toEqual({ ok: false, reason: 'the game is over' });
  });

  it('one token short: the game goes on with a new round', () => {
    const s = table(3, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'], p3: [] }, out: ['p3'], tokens: { p1: 3 } });
    const { state } = must(s, discard('p1', 'stormtrooper', 'p2', 8));
    expect(game.result(state)).toEqual({ finished: false });
    expect(state.seats[0]!.tokens).toBe(4);
  });

  it('two players reaching the target together by a shared round play on until one leads', () => {
    const s = table(4, {
      hands: { p1: ['stormtrooper', 'han-solo'], p2: ['chewbacca'], p3: ['chewbacca'], p4: [] },
      discards: { p2: ['c-3po'], p3: ['r2-d2'] },
      out: ['p4'],
      deckSize: 0,
      spillTo: 'p4',
      tokens: { p2: 3, p3: 3 },
    });
    const { state, events } = must(s, discard('p1', 'stormtrooper', 'p2', 2));
    expect(state.seats.map((x) => x.tokens)).toEqual([0, 4, 4, 0]);
    expect(events.some((e) => e.type === 'game-won')).toBe(false);
    expect(game.result(state).finished).toBe(false);
    expect(state.round).toBe(2);
  });
});
