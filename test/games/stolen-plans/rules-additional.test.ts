// The Additional Bonus Cards (X1-X4): Friendly Gesture (a collection answered by everyone, or a
// gift), Evade Scout (its quick window), Vicious Attack (the kept cards go on the draw pile),
// Defensive (+2 on each Defend card).
import { describe, expect } from 'vitest';
import { toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import { clause, hand, kinds, playAll, reject } from './sp-fixtures.ts';

const sets = ['bonus', 'additional-bonus'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];

describe('Stolen Plans: the Additional Bonus Cards', () => {
  clause('X1', 'Friendly Gesture: every other player holding a card gives you one of their choice; or you give one away', () => {
    const s = dealtState([['friendly-gesture-1', 'jawa-attack-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1'], []], PILE, { sets });
    const moves = stolenPlans.legalMoves(s, 'p1');
    expect(moves).toContainEqual({ actor: 'p1', type: 'action', card: 'friendly-gesture-1' });
    expect(moves).toContainEqual({ actor: 'p1', type: 'give', card: 'friendly-gesture-1', target: 'p4', gift: 'jawa-attack-1' });
    const collecting = playAll(s, [{ actor: 'p1', type: 'action', card: 'friendly-gesture-1' }]).state;
    // Asked: every other player holding a card, in any order; each chooses any card of theirs (R2-D2 too: giving is not discarding).
    expect(kinds(collecting)).toEqual(['turn', 'friendly-gesture']);
    expect(toMove(stolenPlans, collecting)).toEqual(['p2', 'p3']);
    expect(stolenPlans.legalMoves(collecting, 'p2')).toEqual([
      { actor: 'p2', type: 'hand-over', card: 'r2-d2-1' },
      { actor: 'p2', type: 'hand-over', card: 'ewok-defend-2' },
    ]);
    expect(reject(collecting, { actor: 'p2', type: 'pass' })).toBeTruthy();
    const one = playAll(collecting, [{ actor: 'p3', type: 'hand-over', card: 'x-wing-defend-1' }]);
    expect(toMove(stolenPlans, one.state)).toEqual(['p2']);
    const { state, events } = playAll(one.state, [{ actor: 'p2', type: 'hand-over', card: 'r2-d2-1' }]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-1', 'x-wing-defend-1', 'r2-d2-1']);
    const given = events.find((e) => e.type === 'given')!;
    expect(stolenPlans.eventFor(given, 'p3')).toEqual({ type: 'given', from: 'p2', to: 'p1', card: null });
    expect(stolenPlans.eventFor(given, 'p1')).toEqual({ type: 'given', from: 'p2', to: 'p1', card: 'r2-d2-1' });
    expect(stolenPlans.view(state, 'p2').r2d2Could).toEqual(['p1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });

    const gave = playAll(s, [{ actor: 'p1', type: 'give', card: 'friendly-gesture-1', target: 'p4', gift: 'jawa-attack-1' }]).state;
    expect(hand(gave, 'p4')).toEqual(['jawa-attack-1']);
    expect(gave.discard).toEqual(['friendly-gesture-1']);
  });

  clause('X2', 'Evade Scout: scout-played (quick) before any hand is looked at; it cancels the Scout', () => {
    const s = dealtState([['scout-1'], ['evade-scout-1', 'r2-d2-1'], ['x-wing-defend-1']], PILE, { sets });
    const played = playAll(s, [{ actor: 'p1', type: 'action', card: 'scout-1' }]);
    expect(kinds(played.state)).toEqual(['turn', 'scout-played']);
    expect(played.state.stack.at(-1)?.data).toMatchObject({ at: 'scout-played', quickSeconds: 5 });
    // Both other players are asked, whatever they hold; no hand is shown yet.
    expect(toMove(stolenPlans, played.state)).toEqual(['p2', 'p3']);
    expect(played.events.some((e) => e.type === 'hand-shown')).toBe(false);
    expect(stolenPlans.legalMoves(played.state, 'p3')).toEqual([{ actor: 'p3', type: 'pass' }]);
    const { state, events } = playAll(played.state, [{ actor: 'p2', type: 'react', card: 'evade-scout-1' }]);
    expect(events).toContainEqual({ type: 'cancelled', player: 'p2', cards: ['scout-1'] });
    expect(events.some((e) => e.type === 'hand-shown')).toBe(false);
    expect(state.discard).toEqual(['scout-1', 'evade-scout-1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // Everyone passes: the Scout looks.
    const looked = playAll(played.state, [
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(kinds(looked.state)).toEqual(['turn', 'scout']);
    expect(looked.events.filter((e) => e.type === 'hand-shown')).toHaveLength(2);
  });

  clause('X3', 'Vicious Attack: the target discards every card they can; the others go face down on the draw pile in their order', () => {
    const s = dealtState([['vicious-attack-1'], ['r2-d2-1', 'decoy-1', 'jawa-attack-1', 'ewok-defend-2'], ['x-wing-defend-1']], PILE, { sets });
    const hit = playAll(s, [{ actor: 'p1', type: 'action', card: 'vicious-attack-1', target: 'p2' }]).state;
    expect(kinds(hit)).toEqual(['turn', 'vicious-order']);
    expect(hit.discard).toEqual(['vicious-attack-1', 'jawa-attack-1', 'ewok-defend-2']);
    expect(stolenPlans.legalMoves(hit, 'p2')).toEqual([
      { actor: 'p2', type: 'order', cards: ['r2-d2-1', 'decoy-1'] },
      { actor: 'p2', type: 'order', cards: ['decoy-1', 'r2-d2-1'] },
    ]);
    const { state, events } = playAll(hit, [{ actor: 'p2', type: 'order', cards: ['decoy-1', 'r2-d2-1'] }]);
    expect(state.drawPile.slice(0, 2)).toEqual(['decoy-1', 'r2-d2-1']);
    expect(hand(state, 'p2')).toEqual([]);
    const put = events.find((e) => e.type === 'put-on-pile')!;
    expect(stolenPlans.eventFor(put, 'p3')).toEqual({ type: 'put-on-pile', player: 'p2', cards: null, count: 2 });
    // p2 knows the top two cards; p3 knows only that R2-D2 may now be on the pile.
    expect(stolenPlans.view(state, 'p2').pileKnown.slice(0, 2)).toEqual(['decoy-1', 'r2-d2-1']);
    expect(stolenPlans.view(state, 'p3').pileKnown.slice(0, 2)).toEqual([null, null]);
    expect(stolenPlans.view(state, 'p3').r2d2Could).toContain('pile');
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('X4', 'Defensive: placed in front of you; +2 on each of your Defend cards when you are attacked', () => {
    const s = dealtState(
      [
        ['jawa-attack-1', 'imperial-guard-attack-1'],
        ['ewok-defend-2', 'r2-d2-1', 'rebel-trooper-defend-1'],
      ],
      PILE,
      {
        sets,
        inPlay: [{ card: 'defensive-1', owner: 'p2' }],
      },
    );
    const { events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-2'] },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(events).toContainEqual({ type: 'defended', player: 'p2', cards: ['ewok-defend-2'], total: 5 });
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 5, loser: null, cards: 0 });
    const placing = dealtState([['defensive-1', 'jawa-attack-1'], ['r2-d2-1']], PILE, { sets });
    const placed = playAll(placing, [{ actor: 'p1', type: 'action', card: 'defensive-1' }]).state;
    expect(placed.inPlay).toEqual([{ card: 'defensive-1', owner: 'p1' }]);
    expect(placed.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('D6', 'Defensive adds 2 per Defend card played, nothing when none is', () => {
    const s = dealtState([['imperial-guard-attack-1'], ['ewok-defend-2', 'r2-d2-1', 'rebel-trooper-defend-1', 'jawa-attack-2']], PILE, {
      sets,
      inPlay: [{ card: 'defensive-1', owner: 'p2' }],
    });
    const two = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'imperial-guard-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-2', 'rebel-trooper-defend-1'] },
    ]).events;
    // 3 + 2 + 2 × 2 = 9 against 6: the attacker loses 3.
    expect(two).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 6, defence: 9, loser: 'p1', cards: 3 });
    const none = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'imperial-guard-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).events;
    expect(none).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 6, defence: 0, loser: 'p2', cards: 6 });
  });
});
