// Rogue One: the Cargo Ship (RO6, T3, D19, D33) and the AT-ACT (RO7, A7, D9, D29), with set-up
// deals holding the Rogue One cards: the discarding window (what the owner and the discarding
// player see, what nobody else does), unloading at any time, the ship at its sixth card, the
// AT-ACT destroying it, and the moving attack's remainder going round the table.
import { describe, expect } from 'vitest';
import { toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpState } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, playAll, reject } from './sp-fixtures.ts';

const sets = ['rogue-one'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
/** A dealt state with the Cargo Ship beside the discard pile, `owner`'s, holding `hold` (each card with who lost it). */
function withShip(s: SpState, owner: string, hold: { card: string; from: string }[] = []): SpState {
  return { ...s, cargo: { card: 'cargo-ship-1', owner, hold } };
}
const seenBy = (events: readonly SpEvent[], viewer: string): (SpEvent | null)[] => events.map((e) => stolenPlans.eventFor(e, viewer));

describe('Stolen Plans, Rogue One: the Cargo Ship', () => {
  clause('RO6', 'placed beside the discard pile; another player’s losses are set aside for its owner, who loads any of them face down', () => {
    const s = dealtState([['cargo-ship-1', 'jawa-attack-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1']], PILE, { sets });
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'action', card: 'cargo-ship-1' });
    const placed = playAll(s, [{ actor: 'p1', type: 'action', card: 'cargo-ship-1' }]);
    expect(placed.state.cargo).toEqual({ card: 'cargo-ship-1', owner: 'p1', hold: [] });
    expect(placed.state.inPlay).toEqual([]);
    expect(placed.events).toContainEqual({ type: 'played', player: 'p1', as: 'cargo-ship', cards: ['cargo-ship-1'], targets: [] });
    expect(placed.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(stolenPlans.view(placed.state, 'p3').cargo).toEqual({ card: 'cargo-ship-1', owner: 'p1', count: 0, known: [] });

    // p2 attacks p3 (Jawa 5); p3 passes and must lose every card they can: set aside for p1, the owner.
    const game = withShip(
      dealtState([['boba-fett-steal-1'], ['jawa-attack-1', 'r2-d2-1'], ['x-wing-defend-1', 'han-solo-1', 'imperial-officer-attack-1', 'decoy-1']], PILE, {
        sets: ['rogue-one', 'bonus'],
      }),
      'p1',
    );
    const turn2: SpState = { ...game, stack: [{ ...game.stack[0]!, asked: ['p2'], data: { at: 'turn', player: 'p2' } }] };
    const hit = playAll(turn2, [
      { actor: 'p2', type: 'attack', card: 'jawa-attack-1', target: 'p3' },
      { actor: 'p3', type: 'pass' },
    ]);
    // The Attack card is discarded after use, never offered to the ship (L3).
    expect(hit.state.discard).toEqual(['jawa-attack-1']);
    expect(kinds(hit.state)).toEqual(['turn', 'discarding']);
    expect(toMove(stolenPlans, hit.state)).toEqual(['p1']);
    expect(hit.state.stack.at(-1)?.data).toEqual({ at: 'discarding', player: 'p3', owner: 'p1', count: 3, room: 6 });
    expect(stolenPlans.legalMoves(hit.state, 'p1')).toEqual([
      { actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'x-wing-defend-1' },
      { actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'han-solo-1' },
      { actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'imperial-officer-attack-1' },
      { actor: 'p1', type: 'pass' },
    ]);
    // The cards being discarded: p3 and p1 see them; p2 sees only how many.
    const setAside = hit.events.filter((e) => e.type === 'set-aside');
    expect(setAside).toHaveLength(3);
    expect(seenBy(setAside, 'p2').map((e) => (e?.type === 'set-aside' ? e.card : 'x'))).toEqual([null, null, null]);
    expect(seenBy(setAside, 'p1').map((e) => (e?.type === 'set-aside' ? e.card : 'x'))).toEqual(['x-wing-defend-1', 'han-solo-1', 'imperial-officer-attack-1']);
    expect(stolenPlans.view(hit.state, 'p2').discarding).toEqual({ player: 'p3', count: 3, cards: null });
    expect(stolenPlans.view(hit.state, 'p1').discarding?.cards).toEqual(['x-wing-defend-1', 'han-solo-1', 'imperial-officer-attack-1']);
    expect(stolenPlans.secretsFrom(hit.state, 'p2')).toEqual(expect.arrayContaining(['x-wing-defend-1', 'han-solo-1', 'imperial-officer-attack-1']));
    expect(stolenPlans.secretsFrom(hit.state, 'p1')).not.toContain('han-solo-1');
    expect(reject(hit.state, { actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'decoy-1' })).toMatch(/cards being discarded/);

    // One at a time: the window opens again after each card, until the owner passes.
    const one = playAll(hit.state, [{ actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'han-solo-1' }]);
    expect(kinds(one.state)).toEqual(['turn', 'discarding']);
    expect(one.state.stack.at(-1)?.data).toEqual({ at: 'discarding', player: 'p3', owner: 'p1', count: 2, room: 5 });
    const { state, events } = playAll(one.state, [
      { actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'x-wing-defend-1' },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(state.cargo?.hold).toEqual([
      { card: 'han-solo-1', from: 'p3' },
      { card: 'x-wing-defend-1', from: 'p3' },
    ]);
    // The card not loaded goes face up on the discard pile, told to everyone; p3 declares the Decoy they keep (L2).
    expect(state.discard).toEqual(['jawa-attack-1', 'imperial-officer-attack-1']);
    expect([...one.events, ...events]).toContainEqual({ type: 'discarded', player: 'p3', card: 'imperial-officer-attack-1' });
    expect(hit.events).toContainEqual({ type: 'cannot-discard', player: 'p3', count: 1 });
    const loaded = [...one.events, ...events].filter((e) => e.type === 'loaded');
    expect(seenBy(loaded, 'p2')).toEqual([
      { type: 'loaded', owner: 'p1', from: 'p3', card: null, cargo: 1 },
      { type: 'loaded', owner: 'p1', from: 'p3', card: null, cargo: 2 },
    ]);
    expect(seenBy(loaded, 'p3')).toEqual(loaded);
    // Counts are public; the cargo is known to the owner and, of theirs, to who lost it (HI2), to nobody else (HI3).
    expect(stolenPlans.view(state, 'p1').cargo).toEqual({ card: 'cargo-ship-1', owner: 'p1', count: 2, known: ['han-solo-1', 'x-wing-defend-1'] });
    expect(stolenPlans.view(state, 'p3').cargo?.known).toEqual(['han-solo-1', 'x-wing-defend-1']);
    expect(stolenPlans.view(state, 'p2').cargo).toEqual({ card: 'cargo-ship-1', owner: 'p1', count: 2, known: [] });
    expect(stolenPlans.secretsFrom(state, 'p2')).toEqual(expect.arrayContaining(['han-solo-1', 'x-wing-defend-1']));
    expect(stolenPlans.secretsFrom(state, 'p3')).not.toContain('han-solo-1');
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p3' });
  });

  clause('D19', 'the ship takes only cards lost from another player’s hand, at most 6: at the sixth the 6 go to the owner’s hand', () => {
    const full = [1, 2, 3, 4].map((i) => ({ card: `imperial-officer-attack-${i}`, from: 'p3' })).concat([{ card: 'ewok-defend-3', from: 'p2' }]);
    // The owner's own loss is not offered to their ship; the Defend cards used are discarded after use, not lost.
    const own = withShip(dealtState([['jawa-attack-1'], ['x-wing-defend-1', 'jedi-1', 'r2-d2-1'], ['rebel-trooper-defend-1']], PILE, { sets }), 'p2');
    const ownLoss = playAll(own, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['x-wing-defend-1'] },
    ]).state;
    expect(kinds(ownLoss)).toEqual(['turn']);
    expect(ownLoss.discard).toEqual(['jawa-attack-1', 'jedi-1', 'x-wing-defend-1']);

    // A five-card cargo: the sixth brings all six to p1's hand; the ship is discarded and the rest of the loss with it.
    const s = withShip(dealtState([['jawa-attack-1'], ['r2-d2-1', 'han-solo-1', 'pao-1', 'boba-fett-steal-1']], PILE, { sets }), 'p1', full);
    const hit = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(hit.stack.at(-1)?.data).toMatchObject({ at: 'discarding', room: 1 });
    const { state, events } = playAll(hit, [{ actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'pao-1' }]);
    expect(state.cargo).toBeNull();
    expect(hand(state, 'p1')).toEqual([...full.map((c) => c.card), 'pao-1']);
    expect(state.discard).toEqual(['jawa-attack-1', 'cargo-ship-1', 'han-solo-1', 'boba-fett-steal-1']);
    expect(seenBy(events, 'p2').find((e) => e?.type === 'unloaded')).toEqual({
      type: 'unloaded',
      owner: 'p1',
      ship: 'cargo-ship-1',
      cards: null,
      count: 6,
    });
    // Who lost a card knows where it went (HI2): p2 knows p1 holds Pao and the Ewok.
    expect(stolenPlans.view(state, 'p2').players.find((p) => p.id === 'p1')?.known).toEqual(['ewok-defend-3', 'pao-1']);
    expect(stolenPlans.view(state, 'p3').players.find((p) => p.id === 'p1')?.known).toEqual(expect.arrayContaining(['imperial-officer-attack-1']));
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('T3', 'unloading the Cargo Ship is a free action on the owner’s turn: the turn stays theirs', () => {
    const s = withShip(dealtState([['jawa-attack-1'], ['r2-d2-1']], PILE, { sets }), 'p1', [{ card: 'han-solo-1', from: 'p2' }]);
    expect(stolenPlans.legalMoves(s, 'p1')[0]).toEqual({ actor: 'p1', type: 'unload', card: 'cargo-ship-1' });
    expect(stolenPlans.legalMoves(s, 'p2')).toEqual([]);
    expect(reject(s, { actor: 'p2', type: 'unload', card: 'cargo-ship-1' })).toMatch(/owner/);
    const { state, events } = playAll(s, [{ actor: 'p1', type: 'unload', card: 'cargo-ship-1' }]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-1', 'han-solo-1']);
    expect(state.discard).toEqual(['cargo-ship-1']);
    expect(state.cargo).toBeNull();
    expect(kinds(state)).toEqual(['turn']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p1' });
    expect(events).toEqual([{ type: 'unloaded', owner: 'p1', ship: 'cargo-ship-1', cards: ['han-solo-1'], count: 1 }]);
    // Not again (the ship is gone), and the turn's play is still to make.
    expect(stolenPlans.legalMoves(state, 'p1').some((m) => m.type === 'unload')).toBe(false);
    expect(stolenPlans.legalMoves(state, 'p1')).toContainEqual({ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' });
    // An empty ship has nothing to unload.
    const empty = withShip(dealtState([['jawa-attack-1'], ['r2-d2-1']], PILE, { sets }), 'p1');
    expect(reject(empty, { actor: 'p1', type: 'unload', card: 'cargo-ship-1' })).toMatch(/no cargo/);
  });

  clause('D33', 'at any time: windows that ask card holders also ask the owner while the ship holds cargo; they may unload, then answer', () => {
    // p2 holds nothing but has cargo: the Attack on them asks them (A8), they unload and defend with a card of the cargo.
    const s = withShip(dealtState([['jawa-attack-1', 'boba-fett-steal-1'], [], ['r2-d2-1']], PILE, { sets }), 'p2', [
      { card: 'x-wing-defend-1', from: 'p3' },
      { card: 'imperial-officer-attack-1', from: 'p1' },
    ]);
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    expect(kinds(attacked)).toEqual(['turn', 'target-response']);
    expect(stolenPlans.legalMoves(attacked, 'p2')).toEqual([
      { actor: 'p2', type: 'unload', card: 'cargo-ship-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const unloaded = playAll(attacked, [{ actor: 'p2', type: 'unload', card: 'cargo-ship-1' }]).state;
    // Still asked: the answer is theirs to make.
    expect(kinds(unloaded)).toEqual(['turn', 'target-response']);
    expect(toMove(stolenPlans, unloaded)).toEqual(['p2']);
    expect(stolenPlans.legalMoves(unloaded, 'p2')).toContainEqual({ actor: 'p2', type: 'defend', cards: ['x-wing-defend-1'] });
    const { events } = playAll(unloaded, [{ actor: 'p2', type: 'defend', cards: ['x-wing-defend-1'] }]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 4, loser: 'p2', cards: 1 });
    // Without cargo an empty hand is not asked (A8).
    const bare = withShip(dealtState([['jawa-attack-1', 'boba-fett-steal-1'], [], ['r2-d2-1']], PILE, { sets }), 'p2');
    expect(kinds(playAll(bare, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state)).toEqual(['turn']);
    // Miss a Turn's window asks the owner with cargo even with an empty hand: they unload, then play it.
    const start = withShip(dealtState([['jawa-attack-1'], ['r2-d2-1'], []], PILE, { sets: ['rogue-one', 'bonus'] }), 'p3', [
      { card: 'miss-a-turn-1', from: 'p1' },
    ]);
    const next = playAll(start, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(next)).toEqual(['turn', 'turn-start']);
    expect(toMove(stolenPlans, next)).toEqual(['p3', 'p1']);
    expect(stolenPlans.legalMoves(next, 'p3')).toEqual([
      { actor: 'p3', type: 'unload', card: 'cargo-ship-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    const missed = playAll(next, [
      { actor: 'p3', type: 'unload', card: 'cargo-ship-1' },
      { actor: 'p3', type: 'react', card: 'miss-a-turn-1' },
      // p2 may answer it with Saw Gerrera (B17): they pass.
      { actor: 'p2', type: 'pass' },
    ]);
    expect(missed.events).toContainEqual({ type: 'turn-missed', player: 'p2', by: 'p3' });
    // An elimination asks the owner of squad cards while they have cargo: they unload a hero and save their card (H3).
    const squad = withShip(dealtState([['sand-trooper-1'], [], ['r2-d2-1']], PILE, { sets, inPlay: [{ card: 'reprogram-1', owner: 'p2' }] }), 'p2', [
      { card: 'bistan-1', from: 'p3' },
    ]);
    const aimed = playAll(squad, [
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(kinds(aimed)).toEqual(['turn', 'elimination']);
    const saved = playAll(aimed, [
      { actor: 'p2', type: 'unload', card: 'cargo-ship-1' },
      { actor: 'p2', type: 'react', card: 'bistan-1', on: 'reprogram-1' },
    ]).state;
    expect(saved.inPlay).toEqual([{ card: 'reprogram-1', owner: 'p2' }]);
  });

  clause('RO7', 'the AT-ACT destroys the Cargo Ship: it and its cargo are removed from play, the cargo face down', () => {
    const none = dealtState([['at-act-1'], ['r2-d2-1']], PILE, { sets });
    expect(stolenPlans.legalMoves(none, 'p1')).not.toContainEqual({ actor: 'p1', type: 'action', card: 'at-act-1' });
    expect(reject(none, { actor: 'p1', type: 'action', card: 'at-act-1' })).toMatch(/Cargo Ship/);
    const s = withShip(dealtState([['at-act-1'], ['r2-d2-1'], ['jawa-attack-1']], PILE, { sets }), 'p3', [
      { card: 'han-solo-1', from: 'p2' },
      { card: 'pao-1', from: 'p1' },
    ]);
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'action', card: 'at-act-1' });
    const { state, events } = playAll(s, [{ actor: 'p1', type: 'action', card: 'at-act-1' }]);
    expect(state.cargo).toBeNull();
    expect(state.removed).toEqual(['cargo-ship-1']);
    expect(state.removedFaceDown).toEqual(['han-solo-1', 'pao-1']);
    expect(state.discard).toEqual(['at-act-1']);
    expect(events).toContainEqual({ type: 'cargo-destroyed', player: 'p1', owner: 'p3', ship: 'cargo-ship-1', count: 2 });
    // Nobody answers it (D12: aimed at a card, not a player), and the cargo stays unknown to those who never knew it (HI3).
    expect(kinds(state)).toEqual(['turn']);
    expect(stolenPlans.secretsFrom(state, 'p2')).toEqual(expect.arrayContaining(['han-solo-1', 'pao-1']));
    expect(stolenPlans.view(state, 'p2').removedFaceDown).toBe(2);
  });
});

describe('Stolen Plans, Rogue One: the AT-ACT’s moving attack', () => {
  clause('A7', 'the rulebook’s example: B discards 3, C 1, D the remaining 3 of 7', () => {
    const s = dealtState(
      [
        ['at-act-1', 'boba-fett-steal-1'],
        ['jawa-attack-1', 'jawa-attack-2', 'jawa-attack-3'],
        ['ewok-defend-2'],
        ['x-wing-defend-1', 'x-wing-defend-2', 'x-wing-defend-3', 'r2-d2-1'],
      ],
      PILE,
      { sets },
    );
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' }]).state;
    expect(kinds(attacked)).toEqual(['turn', 'target-response']);
    const { state, events } = playAll(attacked, [{ actor: 'p2', type: 'pass' }]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 7, defence: 0, loser: 'p2', cards: 7 });
    expect(events.filter((e) => e.type === 'remainder')).toEqual([
      { type: 'remainder', player: 'p3', count: 4 },
      { type: 'remainder', player: 'p4', count: 3 },
    ]);
    // p4 chooses 3 of their 3 discardable cards... they hold R2-D2 too, so all three go and R2-D2 stays.
    expect(hand(state, 'p2')).toEqual([]);
    expect(hand(state, 'p3')).toEqual([]);
    expect(hand(state, 'p4')).toEqual(['r2-d2-1']);
    // Only the first target answers: the others are not asked.
    expect(kinds(state)).toEqual(['turn']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // With a card more, p4 chooses which 3 to lose.
    const more = dealtState(
      [
        ['at-act-1'],
        ['jawa-attack-1'],
        [],
        ['x-wing-defend-1', 'x-wing-defend-2', 'x-wing-defend-3', 'ewok-defend-1', 'ewok-defend-2', 'ewok-defend-3', 'jedi-1', 'r2-d2-1'],
      ],
      PILE,
      { sets },
    );
    const choosing = playAll(more, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(kinds(choosing)).toEqual(['turn', 'choose-discards']);
    expect(choosing.stack.at(-1)?.data).toEqual({ at: 'choose-discards', player: 'p4', remaining: 6 });
  });

  // The remainder skips the attacker; cards that cannot be discarded do not absorb it.
  clause('D9', 'a moving attack is an Attack answered by its first target; its remainder moves on', () => {
    // p1 attacks p3 (of 4); p3 defends 3 of 7: told 4, loses their 1 card and keeps R2-D2 (declared); 3 go on to p4, then p2 (p1 skipped).
    const s = dealtState(
      [
        ['at-act-1', 'jawa-attack-4'],
        ['x-wing-defend-1', 'x-wing-defend-2', 'jedi-1', 'boba-fett-steal-1'],
        ['ewok-defend-2', 'han-solo-1', 'r2-d2-1'],
        ['rebel-trooper-defend-1'],
      ],
      PILE,
      { sets },
    );
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p3' },
      { actor: 'p3', type: 'defend', cards: ['ewok-defend-2'] },
    ]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p3', attack: 7, defence: 3, loser: 'p3', cards: 4 });
    expect(events).toContainEqual({ type: 'cannot-discard', player: 'p3', count: 1 });
    expect(events.filter((e) => e.type === 'remainder')).toEqual([
      { type: 'remainder', player: 'p4', count: 3 },
      { type: 'remainder', player: 'p2', count: 2 },
    ]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-4']);
    expect(kinds(state)).toEqual(['turn', 'choose-discards']);
    expect(state.stack.at(-1)?.data).toEqual({ at: 'choose-discards', player: 'p2', remaining: 2 });
    // A Defend that beats it makes the attacker lose, as any Attack: nothing moves on.
    const beaten = dealtState([['at-act-1', 'jawa-attack-4', 'jawa-attack-3'], ['millennium-falcon-defend-1', 'x-wing-defend-1'], ['jedi-1']], PILE, {
      sets,
    });
    const failed = playAll(beaten, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['millennium-falcon-defend-1', 'x-wing-defend-1'] },
    ]);
    expect(failed.events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 7, defence: 10, loser: 'p1', cards: 3 });
    expect(failed.events.some((e) => e.type === 'remainder')).toBe(false);
    expect(hand(failed.state, 'p3')).toEqual(['jedi-1']);
    // The Cargo Ship's owner looks through each player's loss in turn, the remainder going on after each window.
    const shipped = withShip(dealtState([['at-act-1'], ['jawa-attack-1'], ['ewok-defend-2', 'jedi-1']], PILE, { sets }), 'p1');
    const first = playAll(shipped, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(first.stack.at(-1)?.data).toMatchObject({ at: 'discarding', player: 'p2', count: 1 });
    const second = playAll(first, [{ actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'jawa-attack-1' }]).state;
    expect(second.stack.at(-1)?.data).toMatchObject({ at: 'discarding', player: 'p3', count: 2 });
    const done = playAll(second, [{ actor: 'p1', type: 'pass' }]).state;
    expect(done.discard).toEqual(['at-act-1', 'ewok-defend-2', 'jedi-1']);
    expect(done.cargo?.hold).toEqual([{ card: 'jawa-attack-1', from: 'p2' }]);
    expect(kinds(done)).toEqual(['turn']);
  });

  clause('D29', 'two players: the remainder comes back to the target, who has nothing left to lose', () => {
    const s = dealtState([['at-act-1'], ['jawa-attack-1', 'r2-d2-1']], PILE, { sets });
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(hand(state, 'p2')).toEqual(['r2-d2-1']);
    expect(hand(state, 'p1')).toEqual([]);
    expect(events.some((e) => e.type === 'remainder')).toBe(false);
    expect(events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(state.moving).toBeNull();
  });
});
