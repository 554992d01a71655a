// The Starting Resources (R1, R2, T4-T6, ST5) and the Additional Resources (R3): Food and Water
// after the turn's play or draw, Binocs and Data Pad for the whole turn, the Tracking Beacon's
// peek in others' turns, one resource per turn, reactivation at its cost; Explosives, Detonator.
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { CARDS } from '../../../host/games/stolen-plans/cards.ts';
import { cardAccountingProblems, dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, playAll, reject } from './sp-fixtures.ts';

const sets = ['starting-resources'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const active = (s: SpState, card: string): boolean | undefined => s.resources.find((r) => r.card === card)?.active;
const chance = (outcome: number): SpMove => ({ actor: CHANCE, type: 'chance', outcome });

describe('Stolen Plans: the Starting Resources', () => {
  it('S3: each player has the five resources in front of them, Active, as cards of the game', () => {
    const { state } = stolenPlans.setup({ players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], options: { 'starting-resources': true } }, 4);
    expect(state.resources.filter((r) => r.owner === 'p2')).toEqual(
      ['food', 'water', 'binocs', 'tracking-beacon', 'data-pad'].map((type) => ({ card: `${type}@2`, owner: 'p2', active: true })),
    );
    expect(cardAccountingProblems(state)).toEqual([]);
    expect(stolenPlans.view(state, 'p1').resources).toHaveLength(15);
  });

  clause('R1', 'Binocs: the whole turn, one other hand shown to the player alone; Data Pad: a random card of one other player', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1']], PILE, { sets });
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'resource', card: 'binocs@1', target: 'p2' });
    const looked = playAll(s, [{ actor: 'p1', type: 'resource', card: 'binocs@1', target: 'p2' }]);
    expect(active(looked.state, 'binocs@1')).toBe(false);
    const shown = looked.events.find((e) => e.type === 'hand-shown')!;
    expect(shown).toEqual({ type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: ['r2-d2-1', 'ewok-defend-2'], seconds: 10 });
    expect(stolenPlans.eventFor(shown, 'p3')).toEqual({ type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: null, seconds: 10 });
    expect(stolenPlans.view(looked.state, 'p1').players[1]?.known).toEqual(['r2-d2-1', 'ewok-defend-2']);
    expect(looked.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(reject(s, { actor: 'p1', type: 'resource', card: 'binocs@2', target: 'p3' })).toContain('not one of your Starting Resources');

    const pad = playAll(s, [{ actor: 'p1', type: 'resource', card: 'data-pad@1', target: 'p2' }]).state;
    expect(kinds(pad)).toEqual(['turn', 'steal']);
    // p3's Tracking Beacon is asked before the card moves (ST5).
    const { state } = playAll(pad, [chance(0), { actor: 'p3', type: 'pass' }]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-1', 'r2-d2-1']);
    expect(active(state, 'data-pad@1')).toBe(false);
  });

  clause('T4', 'Water: after the turn’s draw, one more card; the window asks the turn player alone', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1']], PILE, { sets });
    const drew = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(drew)).toEqual(['turn', 'after-draw']);
    expect(stolenPlans.legalMoves(drew, 'p1')).toEqual([
      { actor: 'p1', type: 'react', card: 'water@1' },
      { actor: 'p1', type: 'pass' },
    ]);
    const { state } = playAll(drew, [{ actor: 'p1', type: 'react', card: 'water@1' }]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-1', 'ewok-defend-1', 'jawa-attack-4']);
    expect(active(state, 'water@1')).toBe(false);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // With Water Inactive the window does not open.
    const next = playAll(dealtState([['jawa-attack-1'], ['r2-d2-1']], PILE, { sets, inactive: ['water@1'] }), [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(next)).toEqual(['turn']);
  });

  clause('T5', 'Food: after the turn’s play, one more play from hand (no draw, no resource)', () => {
    const s = dealtState(
      [
        ['jawa-attack-1', 'boba-fett-steal-1'],
        ['r2-d2-1', 'x-wing-defend-1'],
      ],
      PILE,
      { sets },
    );
    const attacked = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(kinds(attacked)).toEqual(['turn', 'after-play']);
    const fed = playAll(attacked, [{ actor: 'p1', type: 'react', card: 'food@1' }]).state;
    expect(kinds(fed)).toEqual(['turn', 'extra-play']);
    expect(active(fed, 'food@1')).toBe(false);
    expect(stolenPlans.legalMoves(fed, 'p1')).toEqual([{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }]);
    expect(reject(fed, { actor: 'p1', type: 'draw' })).toContain('T5');
    const { state } = playAll(fed, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }, chance(0)]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1']);
    // The extra play is not followed by another Food window: the turn passes.
    expect(kinds(state)).toEqual(['turn']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('T6', 'one resource per turn: after Food no other resource; the Tracking Beacon is used in others’ turns and does not count', () => {
    const s = dealtState([['jawa-attack-1', 'boba-fett-steal-1'], ['r2-d2-1']], PILE, { sets });
    const fed = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p1', type: 'react', card: 'food@1' },
    ]).state;
    expect(fed.resourceUsed).toBe(true);
    expect(stolenPlans.view(fed, 'p2').resourceUsed).toBe(true);
    expect(reject(fed, { actor: 'p1', type: 'resource', card: 'binocs@1', target: 'p2' })).toContain('T5');
    const next = playAll(fed, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }, chance(0)]).state;
    // A new turn: the next player may use a resource again.
    expect(next.resourceUsed).toBe(false);
  });

  clause('ST5', 'the Tracking Beacon: others than thief and victim may peek at every card taken from one victim, seen by them alone', () => {
    const s = dealtState([['jabba-the-hutt-steal-1'], ['r2-d2-1', 'ewok-defend-2', 'jawa-attack-2'], ['x-wing-defend-1'], []], PILE, { sets });
    const picked = playAll(s, [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }, chance(0), chance(1)]);
    // Both cards are picked, then one window: p3 and p4 have Active Beacons (p4 holds nothing, but the Beacon is in front of them).
    expect(kinds(picked.state)).toEqual(['turn', 'steal-peek']);
    expect(toMove(stolenPlans, picked.state)).toEqual(['p3', 'p4']);
    expect(picked.events.some((e) => e.type === 'stolen')).toBe(false);
    expect(JSON.stringify(stolenPlans.view(picked.state, 'p3'))).not.toContain('jawa-attack-2');
    expect(stolenPlans.legalMoves(picked.state, 'p3')).toEqual([
      { actor: 'p3', type: 'react', card: 'tracking-beacon@3' },
      { actor: 'p3', type: 'pass' },
    ]);
    const { state, events } = playAll(picked.state, [
      { actor: 'p3', type: 'react', card: 'tracking-beacon@3' },
      { actor: 'p4', type: 'pass' },
    ]);
    const seen = events.find((e) => e.type === 'steal-seen')!;
    expect(seen).toEqual({ type: 'steal-seen', viewer: 'p3', thief: 'p1', victim: 'p2', cards: ['r2-d2-1', 'jawa-attack-2'] });
    expect(stolenPlans.eventFor(seen, 'p4')).toEqual({ ...seen, cards: null });
    expect(hand(state, 'p1')).toEqual(['r2-d2-1', 'jawa-attack-2']);
    expect(active(state, 'tracking-beacon@3')).toBe(false);
    expect(stolenPlans.view(state, 'p3').players[0]?.known).toEqual(['r2-d2-1', 'jawa-attack-2']);
    expect(stolenPlans.view(state, 'p3').r2d2Could).toEqual(['p1']);
    expect(stolenPlans.view(state, 'p4').players[0]?.known).toEqual([]);
  });

  clause('R2', 'reactivation: the whole turn, its cost in cards of one’s choice; not without enough cards to discard', () => {
    const s = dealtState([['jawa-attack-1', 'ewok-defend-2', 'r2-d2-1', 'x-wing-defend-1'], ['boba-fett-steal-1']], PILE, { sets, inactive: ['binocs@1'] });
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'reactivate', card: 'binocs@1' });
    expect(reject(s, { actor: 'p1', type: 'reactivate', card: 'food@1' })).toContain('Active already');
    const paying = playAll(s, [{ actor: 'p1', type: 'reactivate', card: 'binocs@1' }]).state;
    expect(active(paying, 'binocs@1')).toBe(true);
    expect(kinds(paying)).toEqual(['turn', 'choose-discards']);
    // R2-D2 cannot pay.
    expect(stolenPlans.legalMoves(paying, 'p1').map((m) => (m.type === 'discard' ? m.card : m.type))).toEqual([
      'jawa-attack-1',
      'ewok-defend-2',
      'x-wing-defend-1',
    ]);
    const { state } = playAll(paying, [
      { actor: 'p1', type: 'discard', card: 'jawa-attack-1' },
      { actor: 'p1', type: 'discard', card: 'ewok-defend-2' },
    ]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1', 'x-wing-defend-1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    const poor = dealtState([['r2-d2-1', 'jawa-attack-1'], ['boba-fett-steal-1']], PILE, { sets, inactive: ['data-pad@1'] });
    expect(stolenPlans.legalMoves(poor, 'p1').some((m) => m.type === 'reactivate')).toBe(false);
    expect(reject(poor, { actor: 'p1', type: 'reactivate', card: 'data-pad@1' })).toContain('costs 3 cards to discard, and you can discard 1');
  });

  clause('D4', 'the reactivation costs are data: Food 2, Water 1, Binocs 2, Tracking Beacon 1, Data Pad 3', () => {
    expect(['food', 'water', 'binocs', 'tracking-beacon', 'data-pad'].map((c) => CARDS.type(c).reactivateCost)).toEqual([2, 1, 2, 1, 3]);
  });

  clause('D21', 'Food follows any play of one’s turn, placing a card in play included', () => {
    const s = dealtState([['advantage-1', 'jawa-attack-1'], ['r2-d2-1']], PILE, { sets: ['bonus', ...sets] });
    const placed = playAll(s, [{ actor: 'p1', type: 'action', card: 'advantage-1' }]).state;
    expect(kinds(placed)).toEqual(['turn', 'after-play']);
  });

  clause('R3', 'Explosives: every other player’s Active resources flip; Detonator: one other player’s; both need one to act on', () => {
    const more = ['starting-resources', 'additional-resources'];
    const s = dealtState([['explosives-1', 'detonator-1'], ['r2-d2-1'], ['x-wing-defend-1']], PILE, {
      sets: more,
      inactive: ['food@3', 'water@3', 'binocs@3', 'tracking-beacon@3', 'data-pad@3'],
    });
    expect(stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'action')).toEqual([
      { actor: 'p1', type: 'action', card: 'explosives-1' },
      { actor: 'p1', type: 'action', card: 'detonator-1', target: 'p2' },
    ]);
    const blown = playAll(s, [{ actor: 'p1', type: 'action', card: 'explosives-1' }]).state;
    expect(blown.resources.filter((r) => r.owner === 'p2').every((r) => !r.active)).toBe(true);
    expect(blown.resources.filter((r) => r.owner === 'p1').every((r) => r.active)).toBe(true);
    const det = playAll(s, [{ actor: 'p1', type: 'action', card: 'detonator-1', target: 'p2' }]).state;
    expect(det.resources.filter((r) => r.owner === 'p2').every((r) => !r.active)).toBe(true);
    expect(reject(s, { actor: 'p1', type: 'action', card: 'detonator-1', target: 'p3' })).toContain('Active resource');
  });
});
