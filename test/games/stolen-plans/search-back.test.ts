// Search's Back (B3, B15): until the last card of a search is taken, the card taken last may be put
// back where it was in the discard pile, to choose again. The discard pile is face up (D20), so a
// Back hides nothing that was seen; bots and playouts leave it out (it only undoes a step).
import { describe, expect, it } from 'vitest';
import { forwardLegalMovesOf } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove } from '../../../host/games/stolen-plans/state.ts';
import { hand, kinds, playAll } from './sp-fixtures.ts';

const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const DISCARD = ['jawa-attack-2', 'ewok-defend-2', 'evade-1'];
const searching = () =>
  playAll(dealtState([['search-1', 'x-wing-defend-1'], ['r2-d2-1']], PILE, { sets: ['bonus'], discard: DISCARD }), [
    { actor: 'p1', type: 'action', card: 'search-1' },
  ]).state;
const back: SpMove = { actor: 'p1', type: 'back' };
const moveTypes = (moves: readonly SpMove[]): string[] => moves.map((m) => (m.type === 'take' ? m.card : m.type));

describe("Stolen Plans: Search's Back", () => {
  it('is not offered before a card is taken, with the reason when tried', () => {
    const s = searching();
    expect(moveTypes(stolenPlans.legalMoves(s, 'p1'))).toEqual(DISCARD);
    expect(stolenPlans.judge(s, back)).toBe('no card has been taken yet in this search: there is nothing to put back (B3)');
  });

  it('puts the card taken last back where it was, and the search goes on with as many cards to take', () => {
    const before = searching();
    const took = playAll(before, [{ actor: 'p1', type: 'take', card: 'ewok-defend-2' }]).state;
    expect(moveTypes(stolenPlans.legalMoves(took, 'p1'))).toEqual(['jawa-attack-2', 'evade-1', 'back']);
    expect(stolenPlans.prompt(took, 'p1')).toContain('(1 to go)');
    const { state, events } = playAll(took, [back]);
    expect(events).toEqual([{ type: 'put-back', player: 'p1', card: 'ewok-defend-2' }]);
    expect(state.discard).toEqual(before.discard);
    expect(hand(state, 'p1')).toEqual(hand(before, 'p1'));
    expect(kinds(state)).toEqual(['turn', 'search']);
    expect(state.stack.at(-1)?.data).toEqual(before.stack.at(-1)?.data);
    expect(stolenPlans.prompt(state, 'p1')).toBe(stolenPlans.prompt(before, 'p1'));
    // The other player's view is the one before the take (the card is on the discard pile again, not known in p1's hand).
    expect(stolenPlans.view(state, 'p2')).toEqual(stolenPlans.view(before, 'p2'));
    expect(stolenPlans.judge(state, back)).not.toBeNull();
  });

  it('steps back more than once in a longer search (Scavenger takes 3), then the last card commits the choice', () => {
    const s = playAll(dealtState([['scavenger-1', 'x-wing-defend-1'], ['r2-d2-1']], PILE, { sets: ['bonus'], discard: DISCARD }), [
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'search' },
      { actor: 'p1', type: 'take', card: 'evade-1' },
      { actor: 'p1', type: 'take', card: 'jawa-attack-2' },
      back,
      back,
    ]).state;
    expect(s.discard).toEqual(DISCARD);
    expect(stolenPlans.judge(s, back)).not.toBeNull();
    const { state } = playAll(s, [
      { actor: 'p1', type: 'take', card: 'jawa-attack-2' },
      { actor: 'p1', type: 'take', card: 'evade-1' },
      { actor: 'p1', type: 'take', card: 'ewok-defend-2' },
    ]);
    // Committed: the turn has passed to p2, and nothing is left to put back.
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(state.searched).toEqual([]);
    expect(stolenPlans.judge(state, back)).not.toBeNull();
  });

  it('is a step back: bots and playouts leave it out', () => {
    const took = playAll(searching(), [{ actor: 'p1', type: 'take', card: 'evade-1' }]).state;
    expect(stolenPlans.undoes?.(back)).toBe(true);
    expect(moveTypes(forwardLegalMovesOf(stolenPlans, took, 'p1'))).toEqual(['jawa-attack-2', 'ewok-defend-2']);
  });
});
