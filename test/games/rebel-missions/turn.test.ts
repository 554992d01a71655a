import { describe, expect, it } from 'vitest';
import { DIE_FACES } from '../../../host/games/rebel-missions/schema.ts';
import { arrange, game, must, rejected, reseeded, rolled, startedGame, types } from './fixtures.ts';

describe('Rebel Missions: rolling and choosing a die', () => {
  it('rolling shows two faces from the dice data and asks the turn player to choose', () => {
    const { state, events } = must(startedGame(), { actor: 'p1', type: 'roll' });
    const rolledEvent = events.find((e) => e.type === 'dice-rolled');
    expect(rolledEvent?.type === 'dice-rolled' && rolledEvent.faces).toHaveLength(2);
    if (state.stage === 'choose') {
      expect(state.dice?.every((f) => (DIE_FACES as readonly string[]).includes(f))).toBe(true);
      expect(game.legalMoves(state, 'p1').every((m) => m.type === 'choose')).toBe(true);
    } else {
      expect(rolledEvent?.type === 'dice-rolled' && rolledEvent.faces).toEqual(['empire', 'empire']);
    }
  });

  it('only the turn player rolls, and the dice must be rolled before choosing', () => {
    const state = startedGame();
    expect(rejected(state, { actor: 'p2', type: 'roll' })).toMatch(/p1's turn to roll/);
    expect(rejected(state, { actor: 'p1', type: 'choose', die: 0 })).toMatch(/roll the dice first/);
    expect(rejected(state, { actor: 'p1', type: 'end-turn' })).toMatch(/after drawing tokens/);
    expect(rejected(state, { actor: 'p9', type: 'roll' })).toMatch(/"p9" is not at this table/);
  });

  it('rolling two Empire symbols ends the turn with no choice', () => {
    let found = false;
    for (let seed = 0; seed < 500 && !found; seed++) {
      const { state, events } = must(reseeded(startedGame(), seed), { actor: 'p1', type: 'roll' });
      const faces = events.find((e) => e.type === 'dice-rolled');
      if (faces?.type === 'dice-rolled' && faces.faces.every((f) => f === 'empire')) {
        found = true;
        expect(types(events)).toEqual(['dice-rolled', 'turn-ended', 'turn-started']);
        expect(events[1]).toMatchObject({ type: 'turn-ended', player: 'p1', reason: 'double-empire' });
        expect(state.turnPlayer).toBe('p2');
        expect(state.stage).toBe('roll');
      }
    }
    expect(found).toBe(true);
  });

  it('choosing a single Empire die does nothing and ends the turn', () => {
    const { state, events } = must(rolled(startedGame(), ['empire', 'play']), { actor: 'p1', type: 'choose', die: 0 });
    expect(events).toContainEqual({ type: 'turn-ended', player: 'p1', reason: 'empire-chosen' });
    expect(state.turnPlayer).toBe('p2');
  });

  it('lists one choice per different face and rejects a die that does not exist', () => {
    const state = rolled(startedGame(), ['play', 'play']);
    expect(game.legalMoves(state, 'p1')).toEqual([{ actor: 'p1', type: 'choose', die: 0 }]);
    expect(rejected(state, { actor: 'p1', type: 'choose', die: 2 })).toMatch(/choose die 0 to 1/);
    expect(rejected(state, { actor: 'p1', type: 'roll' })).toMatch(/choose a die first/);
  });
});

describe('Rebel Missions: drawing tokens', () => {
  it('Single Token draws the top token; then the player may roll again or end the turn', () => {
    const start = arrange(startedGame(), { pileTop: ['fuel-3', 'intel-1'] });
    const { state, events } = must(rolled(start, ['single-token', 'empire']), { actor: 'p1', type: 'choose', die: 0 });
    expect(events).toContainEqual({ type: 'tokens-drawn', player: 'p1', tokens: ['fuel-3'], wanted: 1 });
    expect(state.seats[0]?.hand).toEqual(['fuel-3']);
    expect(state.stage).toBe('drawn');
    expect(game.legalMoves(state, 'p1').map((m) => m.type)).toEqual(['roll', 'end-turn']);
    expect(must(state, { actor: 'p1', type: 'roll' }).state.turnPlayer).toBe('p1');
  });

  it('Double Token draws two tokens', () => {
    const start = arrange(startedGame(), { pileTop: ['fuel-3', 'intel-1', 'tools-2'] });
    const { state } = must(rolled(start, ['double-token', 'play']), { actor: 'p1', type: 'choose', die: 0 });
    expect(state.seats[0]?.hand).toEqual(['fuel-3', 'intel-1']);
    expect(state.tokenPile).toHaveLength(42);
  });

  it('ending the turn passes the dice to the left, and the last seat passes to the first', () => {
    const drawn = must(rolled(startedGame(3), ['single-token', 'play']), { actor: 'p1', type: 'choose', die: 0 }).state;
    const { state, events } = must(drawn, { actor: 'p1', type: 'end-turn' });
    expect(events).toContainEqual({ type: 'turn-ended', player: 'p1', reason: 'ended' });
    expect(state.turnPlayer).toBe('p2');
    expect(state.turnNumber).toBe(2);
    const last = arrange(drawn, { turnPlayer: 'p3' });
    expect(must(last, { actor: 'p3', type: 'end-turn' }).state.turnPlayer).toBe('p1');
  });

  it('an empty pile is refilled by shuffling the discarded tokens', () => {
    const start = arrange(startedGame(), { discardPile: true });
    expect(start.tokenPile).toEqual([]);
    const { state, events } = must(rolled(start, ['double-token', 'play']), { actor: 'p1', type: 'choose', die: 0 });
    expect(events).toContainEqual({ type: 'token-pile-reshuffled', count: 44 });
    expect(state.seats[0]?.hand).toHaveLength(2);
    expect(state.tokenPile).toHaveLength(42);
    expect(state.tokenDiscard).toEqual([]);
  });

  it('with no tokens left anywhere to draw, the player draws what there is', () => {
    const all = startedGame().tokenPile;
    const start = arrange(startedGame(), { hands: { p2: all.slice(0, 43) } });
    expect(start.tokenPile).toHaveLength(1);
    const { state, events } = must(rolled(start, ['double-token', 'play']), { actor: 'p1', type: 'choose', die: 0 });
    const drawn = events.find((e) => e.type === 'tokens-drawn');
    expect(drawn).toMatchObject({ wanted: 2, tokens: [all[43]] });
    expect(state.stage).toBe('drawn');
    const again = must(rolled(state, ['single-token', 'play']), { actor: 'p1', type: 'choose', die: 0 });
    expect(again.events).toContainEqual({ type: 'tokens-drawn', player: 'p1', tokens: [], wanted: 1 });
  });
});
