// The bonus cards the rules play, with their windows, clause by clause; nested windows
// (a Protection on a Defend on an Attack; a Capture on a hero used to defend).
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { BONUS_NOT_YET, dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, passStarts, playAll, playThrough } from './sp-fixtures.ts';

const sets = ['bonus'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const deal = (hands: string[][], extra: { discard?: string[] } = {}) => dealtState(hands, PILE, { sets, ...extra });
const chance = (outcome: number): SpMove => ({ actor: CHANCE, type: 'chance', outcome });

describe('Stolen Plans bonus cards: nested windows', () => {
  clause('A4', 'a Protection on a Defend on an Attack: turn → target-response → defend-played; the inner window resolves first', () => {
    const s = deal([
      ['jawa-attack-1', 'boba-fett-steal-1'],
      ['x-wing-defend-1', 'ewok-defend-2', 'r2-d2-1', 'jedi-1'],
      ['protection-1', 'boba-fett-steal-2'],
    ]);
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    expect(kinds(attacked)).toEqual(['turn', 'target-response']);
    const defended = playAll(attacked, [{ actor: 'p2', type: 'defend', cards: ['ewok-defend-2', 'x-wing-defend-1'] }]).state;
    expect(kinds(defended)).toEqual(['turn', 'defend-played']);
    // p1 holds no Protection but is asked like p3: whose move never tells a hand.
    expect(toMove(stolenPlans, defended)).toEqual(['p3', 'p1']);
    expect(stolenPlans.legalMoves(defended, 'p1')).toEqual([{ actor: 'p1', type: 'pass' }]);
    expect(stolenPlans.prompt(defended, 'p1')).toBe(stolenPlans.prompt(defended, 'p3'));
    expect(stolenPlans.legalMoves(defended, 'p3')).toEqual([
      { actor: 'p3', type: 'react', card: 'protection-1', on: 'ewok-defend-2' },
      { actor: 'p3', type: 'react', card: 'protection-1', on: 'x-wing-defend-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    const protectedOnce = playAll(defended, [{ actor: 'p3', type: 'react', card: 'protection-1', on: 'x-wing-defend-1' }]).state;
    // All-pass: after an answer everyone is asked again.
    expect(kinds(protectedOnce)).toEqual(['turn', 'defend-played']);
    const { state, events } = playAll(protectedOnce, [
      { actor: 'p1', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 3, loser: 'p2', cards: 2 });
    // p2 loses what they can (the Jedi card), then the Defend cards leave the table; p2's turn starts with its Miss a Turn window.
    expect(kinds(state)).toEqual(['turn', 'turn-start']);
    expect(state.discard).toEqual(['jawa-attack-1', 'protection-1', 'jedi-1', 'ewok-defend-2', 'x-wing-defend-1']);
  });

  clause('B10', 'Capture on a hero used to defend: the hero counts, then goes to the capturer', () => {
    const s = deal([
      ['jawa-attack-1', 'boba-fett-steal-1'],
      ['han-solo-1', 'r2-d2-1'],
      ['capture-1', 'boba-fett-steal-2'],
    ]);
    const defended = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['han-solo-1'] },
    ]).state;
    expect(stolenPlans.legalMoves(defended, 'p3')).toContainEqual({ actor: 'p3', type: 'react', card: 'capture-1', on: 'han-solo-1' });
    const { state, events } = playAll(defended, [
      { actor: 'p3', type: 'react', card: 'capture-1', on: 'han-solo-1' },
      { actor: 'p1', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 3, loser: 'p2', cards: 2 });
    expect(hand(state, 'p3')).toEqual(['boba-fett-steal-2', 'han-solo-1']);
    expect(stolenPlans.view(state, 'p1').players[2]?.known).toEqual(['han-solo-1']);
    expect(state.discard).not.toContain('han-solo-1');
  });

  clause('ST3', 'two heroes stealing open heroes-played for a Capture; the steal goes on, then the hero goes to the capturer', () => {
    const s = deal([['han-solo-1', 'chewbacca-1'], ['r2-d2-1', 'ewok-defend-1'], ['capture-2']]);
    const played = playAll(s, [{ actor: 'p1', type: 'hero-steal', cards: ['chewbacca-1', 'han-solo-1'], victims: ['p2', 'p2'] }]).state;
    expect(kinds(played)).toEqual(['turn', 'heroes-played']);
    // After the Capture p3 holds nothing: the window asked again asks p2 alone.
    const captured = playAll(played, [
      { actor: 'p3', type: 'react', card: 'capture-2', on: 'chewbacca-1' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(toMove(stolenPlans, captured)).toEqual([CHANCE]);
    const { state } = playAll(captured, [chance(0), chance(0)]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1', 'ewok-defend-1']);
    expect(hand(state, 'p3')).toEqual(['chewbacca-1']);
    expect(state.discard).toEqual(['capture-2', 'han-solo-1']);
  });

  clause('D13', 'a Capture and a Protection on the same hero: the hero is cancelled, then goes to the capturer', () => {
    const s = deal([['jawa-attack-1'], ['han-solo-1', 'r2-d2-1'], ['capture-1', 'protection-2']]);
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['han-solo-1'] },
      { actor: 'p3', type: 'react', card: 'protection-2', on: 'han-solo-1' },
      // Now nobody else holds a card (p1 played their only one): the window closes.
      { actor: 'p3', type: 'react', card: 'capture-1', on: 'han-solo-1' },
    ]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 0, loser: 'p2', cards: 5 });
    expect(hand(state, 'p3')).toEqual(['han-solo-1']);
  });
});

describe('Stolen Plans bonus cards', () => {
  clause('B18', 'Protection when your attack fails: you lose nothing', () => {
    const s = deal([
      ['jawa-attack-1', 'protection-1', 'boba-fett-steal-1'],
      ['millennium-falcon-defend-1', 'x-wing-defend-1', 'r2-d2-1'],
    ]);
    const failed = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['millennium-falcon-defend-1', 'x-wing-defend-1'] },
      { actor: 'p1', type: 'pass' },
    ]).state;
    expect(kinds(failed)).toEqual(['turn', 'attack-failed']);
    expect(toMove(stolenPlans, failed)).toEqual(['p1']);
    const { state, events } = playAll(failed, [{ actor: 'p1', type: 'react', card: 'protection-1' }]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 10, loser: null, cards: 0 });
    expect(hand(state, 'p1')).toEqual(['boba-fett-steal-1']);
  });

  clause('B12', 'Evade: the Attack has no effect and the target takes the Attack card into hand', () => {
    const s = deal([['jawa-attack-1'], ['evade-1', 'r2-d2-1']]);
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(attacked, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'evade-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const { state } = playAll(attacked, [{ actor: 'p2', type: 'react', card: 'evade-1' }]);
    expect(hand(state, 'p2')).toEqual(['r2-d2-1', 'jawa-attack-1']);
    expect(state.discard).toEqual(['evade-1']);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });

  clause('B24', 'Cancel answers an Attack, a Steal or a Strike: both discarded, no effect', () => {
    for (const [move, card] of [
      [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }, 'jawa-attack-1'],
      [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }, 'jabba-the-hutt-steal-1'],
      [{ actor: 'p1', type: 'strike', card: 'imperial-strike-3-1', target: 'p2' }, 'imperial-strike-3-1'],
    ] as const) {
      const s = deal([
        ['jawa-attack-1', 'jabba-the-hutt-steal-1', 'imperial-strike-3-1'],
        ['cancel-1', 'r2-d2-1'],
      ]);
      const { state } = playAll(s, [move, { actor: 'p2', type: 'react', card: 'cancel-1' }]);
      expect(state.discard).toEqual([card, 'cancel-1']);
      expect(hand(state, 'p2')).toEqual(['r2-d2-1']);
    }
  });

  clause('B28', 'Block Steal answers Boba Fett, never Jabba the Hutt', () => {
    const s = deal([
      ['boba-fett-steal-1', 'jabba-the-hutt-steal-1'],
      ['block-steal-1', 'r2-d2-1'],
    ]);
    const boba = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(boba, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'block-steal-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const jabba = playAll(s, [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(jabba, 'p2')).toEqual([{ actor: 'p2', type: 'pass' }]);
    expect(stolenPlans.judge(jabba, { actor: 'p2', type: 'react', card: 'block-steal-1' })).toMatch(/does not answer Steal Two/);
    // Passing lets the steal go on: a secret chance pick.
    expect(toMove(stolenPlans, playAll(jabba, [{ actor: 'p2', type: 'pass' }]).state)).toEqual([CHANCE]);
  });

  clause('B23', 'a Strike: the opposite Strike cancels it; otherwise the target loses 2 or 3 cards of their choice', () => {
    const s = deal([['imperial-strike-2-1'], ['rebel-strike-3-1', 'jawa-attack-2', 'jedi-1', 'r2-d2-1']]);
    const struck = playAll(s, [{ actor: 'p1', type: 'strike', card: 'imperial-strike-2-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(struck, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'rebel-strike-3-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const cancelled = playAll(struck, [{ actor: 'p2', type: 'react', card: 'rebel-strike-3-1' }]).state;
    expect(cancelled.discard).toEqual(['imperial-strike-2-1', 'rebel-strike-3-1']);
    const lost = playAll(struck, [{ actor: 'p2', type: 'pass' }]).state;
    expect(kinds(lost)).toEqual(['turn', 'choose-discards']);
    expect(lost.stack[1]?.data).toEqual({ at: 'choose-discards', player: 'p2', remaining: 2 });
  });

  clause('B25', 'Captain Phasma: Attack 9, or 16 with an Imperial Stormtrooper Attack (both discarded)', () => {
    const s = deal([
      ['captain-phasma-1', 'imperial-stormtrooper-attack-1'],
      ['r2-d2-1', 'jedi-1'],
    ]);
    const moves = stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'attack' && m.card === 'captain-phasma-1');
    expect(moves).toEqual([
      { actor: 'p1', type: 'attack', card: 'captain-phasma-1', target: 'p2' },
      { actor: 'p1', type: 'attack', card: 'captain-phasma-1', target: 'p2', with: ['imperial-stormtrooper-attack-1'] },
    ]);
    const { state, events } = playAll(s, [moves[1]!, { actor: 'p2', type: 'pass' }]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'attack-resolved', attack: 16 }));
    expect(state.discard.slice(0, 2)).toEqual(['captain-phasma-1', 'imperial-stormtrooper-attack-1']);
  });

  clause('B8', 'Crush the Rebellion: the target may not play Defend cards; Evade and Cancel still answer', () => {
    const s = deal([
      ['jawa-attack-1', 'crush-the-rebellion-1'],
      ['ewok-defend-1', 'evade-2', 'r2-d2-1'],
    ]);
    const crushed = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2', with: ['crush-the-rebellion-1'] }]).state;
    expect(stolenPlans.legalMoves(crushed, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'evade-2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(stolenPlans.judge(crushed, { actor: 'p2', type: 'defend', cards: ['ewok-defend-1'] })).toBe(
      'Crush the Rebellion was played with this Attack: no Defend cards (B8)',
    );
    const { state } = playAll(crushed, [{ actor: 'p2', type: 'react', card: 'evade-2' }]);
    // Evade takes the Attack card; Crush is discarded.
    expect(hand(state, 'p2')).toEqual(['ewok-defend-1', 'r2-d2-1', 'jawa-attack-1']);
    expect(state.discard).toEqual(['crush-the-rebellion-1', 'evade-2']);
  });

  clause('B11', 'Attack/Defend 9: Attack 9 on your turn, Defend 9 out of turn', () => {
    const s = deal([['attack-defend-9-1'], ['attack-defend-9-2', 'r2-d2-1']]);
    const { events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'attack-defend-9-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['attack-defend-9-2'] },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'attack-resolved', attack: 9, defence: 9, loser: null }));
  });

  clause('B17', 'Miss a Turn: turn-start asks every other player with cards (quick, its seconds as data); the first taker cancels the turn', () => {
    const s = deal([['jawa-attack-1'], ['miss-a-turn-1', 'r2-d2-1'], ['boba-fett-steal-2'], []]);
    const next = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(next)).toEqual(['turn', 'turn-start']);
    expect(next.stack[1]?.data).toEqual({ at: 'turn-start', player: 'p2', quickSeconds: 5 });
    // p4 holds nothing: not asked; p3 holds no Miss a Turn but is asked like p1.
    expect(toMove(stolenPlans, next)).toEqual(['p3', 'p1']);
    const missed = playAll(
      playAll(next, [
        { actor: 'p1', type: 'pass' },
        { actor: 'p3', type: 'pass' },
      ]).state,
      [{ actor: 'p2', type: 'draw' }],
    ).state;
    // p3's turn: p4 holds nothing, so p1 and p2 are asked.
    expect(toMove(stolenPlans, missed)).toEqual(['p1', 'p2']);
    const { state, events } = playAll(missed, [{ actor: 'p2', type: 'react', card: 'miss-a-turn-1' }]);
    expect(events).toContainEqual({ type: 'turn-missed', player: 'p3', by: 'p2' });
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p4' });
  });

  clause('T1', 'the turn begins with turn-start; when everyone passes, the turn player draws or plays', () => {
    const s = deal([['jawa-attack-1'], ['boba-fett-steal-3', 'r2-d2-1'], ['miss-a-turn-2']]);
    const next = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(next)).toEqual(['turn', 'turn-start']);
    expect(stolenPlans.judge(next, { actor: 'p2', type: 'draw' })).toBe('"p2" is not asked to decide this turn-start');
    const passed = playAll(next, [
      { actor: 'p3', type: 'pass' },
      { actor: 'p1', type: 'pass' },
    ]).state;
    expect(kinds(passed)).toEqual(['turn']);
    expect(toMove(stolenPlans, passed)).toEqual(['p2']);
  });

  clause('W4', 'quick windows: turn-start carries quickWindowSeconds for the front end; the turn player is not asked in it', () => {
    const s = dealtState([['jawa-attack-1'], ['miss-a-turn-1', 'r2-d2-1']], PILE, { sets });
    const next = playAll({ ...s, rules: { ...s.rules, quickWindowSeconds: 9 } }, [{ actor: 'p1', type: 'draw' }]).state;
    expect(next.stack.at(-1)?.data).toEqual({ at: 'turn-start', player: 'p2', quickSeconds: 9 });
    expect(stolenPlans.legalMoves(next, 'p2')).toEqual([]);
  });

  clause('W5', 'turn-start stops asking once both Miss a Turn cards lie face up', () => {
    const s = deal([['jawa-attack-1'], ['r2-d2-1'], ['jedi-1']], { discard: ['miss-a-turn-1', 'miss-a-turn-2'] });
    expect(kinds(playAll(s, [{ actor: 'p1', type: 'draw' }]).state)).toEqual(['turn']);
  });

  clause('B5', 'the Decoy is never discarded: kept like R2-D2, and a declaration then does not tell which is which', () => {
    const s = deal([['jawa-attack-1'], ['decoy-1', 'jedi-1'], ['boba-fett-steal-1', 'r2-d2-1']]);
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(hand(state, 'p2')).toEqual(['decoy-1']);
    expect(events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    // One card kept, two in the game that cannot be discarded: R2-D2 or the Decoy, nobody can tell.
    expect(stolenPlans.view(state, 'p1').players[1]?.known).toEqual([]);
    expect(stolenPlans.view(state, 'p1').r2d2Could).toContain('p2');
    // Both kept: everyone knows both.
    const both = playAll(deal([['jawa-attack-1'], ['decoy-1', 'r2-d2-1', 'jedi-1']]), [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(stolenPlans.view(both, 'p1').players[1]?.known).toEqual(['decoy-1', 'r2-d2-1']);
  });

  clause('B1', 'Traitor: revealing R2-D2 and the Darth Vader Attack, you win at once', () => {
    const s = deal([['traitor-1', 'r2-d2-1', 'darth-vader-attack-1'], ['jedi-1']]);
    const win = stolenPlans.legalMoves(s, 'p1').find((m) => m.type === 'action' && m.card === 'traitor-1');
    expect(win).toEqual({ actor: 'p1', type: 'action', card: 'traitor-1', with: ['darth-vader-attack-1', 'r2-d2-1'] });
    const { state } = playAll(s, [win!]);
    expect(stolenPlans.result(state)).toMatchObject({ finished: true, winners: ['p1'] });
    expect(stolenPlans.judge(deal([['traitor-1', 'r2-d2-1'], ['jedi-1']]), { actor: 'p1', type: 'action', card: 'traitor-1', with: ['r2-d2-1'] })).toMatch(
      /\(B1, B6\)/,
    );
  });

  clause('D27', "Traitor's R2-D2 and Vader are shown, not discarded: the game is over", () => {
    const { state } = playAll(deal([['traitor-1', 'r2-d2-1', 'darth-vader-attack-1'], ['jedi-1']]), [
      { actor: 'p1', type: 'action', card: 'traitor-1', with: ['darth-vader-attack-1', 'r2-d2-1'] },
    ]);
    expect(hand(state, 'p1')).toEqual(['traitor-1', 'r2-d2-1', 'darth-vader-attack-1']);
  });

  clause('B6', 'End Game: with The Emperor Attack and the Luke Skywalker hero you win, R2-D2 or not', () => {
    const s = deal([['end-game-1', 'emperor-attack-1', 'luke-skywalker-1'], ['r2-d2-1']]);
    const { state } = playAll(s, [{ actor: 'p1', type: 'action', card: 'end-game-1', with: ['emperor-attack-1', 'luke-skywalker-1'] }]);
    expect(stolenPlans.result(state)).toMatchObject({ finished: true, winners: ['p1'], returns: { p1: 1, p2: 0 } });
  });

  clause('B2', "Advantage: your turn's draw is 2 cards; Counter discards another player's Advantage and itself", () => {
    const placed = playAll(deal([['advantage-1'], ['counter-1', 'r2-d2-1']]), [{ actor: 'p1', type: 'action', card: 'advantage-1' }]).state;
    expect(placed.inPlay).toEqual([{ card: 'advantage-1', owner: 'p1' }]);
    expect(stolenPlans.legalMoves(placed, 'p2')).toContainEqual({ actor: 'p2', type: 'action', card: 'counter-1', target: 'p1' });
    const drew = playThrough(placed, [
      { actor: 'p2', type: 'draw' },
      { actor: 'p1', type: 'draw' },
    ]).state;
    expect(hand(drew, 'p1')).toEqual(['jawa-attack-4', 'boba-fett-steal-5']);
    const countered = playThrough(placed, [{ actor: 'p2', type: 'action', card: 'counter-1', target: 'p1' }]).state;
    expect(countered.inPlay).toEqual([]);
    expect(countered.discard).toEqual(['counter-1', 'advantage-1']);
  });

  clause('D32', "Counter works only on another player's Advantage", () => {
    const own = passStarts(
      playThrough(deal([['advantage-1', 'counter-1'], ['r2-d2-1']]), [
        { actor: 'p1', type: 'action', card: 'advantage-1' },
        { actor: 'p2', type: 'draw' },
      ]).state,
    );
    expect(stolenPlans.legalMoves(own, 'p1').some((m) => m.type === 'action' && m.card === 'counter-1')).toBe(false);
    expect(stolenPlans.judge(own, { actor: 'p1', type: 'action', card: 'counter-1', target: 'p2' })).toMatch(/\(B2, D32\)/);
  });

  clause('B3', 'Search: take 2 cards of your choice from the discard pile, one at a time (1 if it holds 1)', () => {
    const s = deal([['search-1'], ['r2-d2-1']], { discard: ['jawa-attack-2', 'ewok-defend-2', 'evade-1'] });
    const searching = playAll(s, [{ actor: 'p1', type: 'action', card: 'search-1' }]).state;
    expect(kinds(searching)).toEqual(['turn', 'search']);
    expect(stolenPlans.legalMoves(searching, 'p1').map((m) => (m.type === 'take' ? m.card : m.type))).toEqual(['jawa-attack-2', 'ewok-defend-2', 'evade-1']);
    const { state } = playAll(searching, [
      { actor: 'p1', type: 'take', card: 'evade-1' },
      { actor: 'p1', type: 'take', card: 'jawa-attack-2' },
    ]);
    expect(hand(state, 'p1')).toEqual(['evade-1', 'jawa-attack-2']);
    expect(state.discard).toEqual(['ewok-defend-2', 'search-1']);
    expect(stolenPlans.view(state, 'p2').players[0]?.known).toEqual(['evade-1', 'jawa-attack-2']);
    const one = playAll(deal([['search-1'], ['r2-d2-1']], { discard: ['jawa-attack-2'] }), [
      { actor: 'p1', type: 'action', card: 'search-1' },
      { actor: 'p1', type: 'take', card: 'jawa-attack-2' },
    ]).state;
    expect(kinds(one)[0]).toBe('turn');
    expect(one.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('B14', 'Support: draw the top 5 cards; the last card of the pile stops it and ends the game (E1)', () => {
    const s = deal([['support-1'], ['r2-d2-1']]);
    // The last card opens last-card (Continue Play may be held) for p1, who holds 2 cards or more; p1 passes and the game ends.
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'action', card: 'support-1' },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(events.filter((e) => e.type === 'drew')).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({ type: 'game-over', winners: ['p2'] });
    expect(hand(state, 'p1')).toEqual(PILE);
  });

  clause('B20', 'Remove Jedi: every Jedi card in play is removed from play', () => {
    const s = dealtState([['remove-jedi-1'], ['r2-d2-1', 'lightsaber-defend-1']], PILE, { sets, inPlay: [{ card: 'jedi-1', owner: 'p2' }] });
    const { state } = playAll(s, [{ actor: 'p1', type: 'action', card: 'remove-jedi-1' }]);
    expect(state.inPlay).toEqual([]);
    expect(state.removed).toEqual(['jedi-1']);
    expect(stolenPlans.view(state, 'p1').removed).toEqual(['jedi-1']);
  });

  clause('J3', 'after Remove Jedi no Jedi card can be placed and no Jedi Only card played, the Lightsaber included', () => {
    // Remove Jedi may be played with no Jedi in play: it still ends the Jedi cards.
    const s = dealtState(
      [
        ['remove-jedi-1', 'jawa-attack-1'],
        ['r2-d2-1', 'lightsaber-defend-1', 'jedi-1'],
      ],
      PILE,
      { sets },
    );
    const removed = playThrough(s, [{ actor: 'p1', type: 'action', card: 'remove-jedi-1' }]).state;
    const passed = passStarts(removed);
    expect(stolenPlans.judge(passed, { actor: 'p2', type: 'place-jedi', card: 'jedi-1' })).toBe(
      'Remove Jedi was played: no Jedi card can be placed any more (J3)',
    );
    const attacked = playThrough(removed, [
      { actor: 'p2', type: 'draw' },
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
    ]).state;
    expect(stolenPlans.legalMoves(attacked, 'p2').some((m) => m.type === 'defend' && m.cards.includes('lightsaber-defend-1'))).toBe(false);
    expect(stolenPlans.judge(attacked, { actor: 'p2', type: 'defend', cards: ['lightsaber-defend-1'] })).toMatch(/Jedi Only/);
  });

  clause('L4', 'after Remove Jedi, Jedi and Jedi Only cards in hands are ordinary cards to lose', () => {
    const s = dealtState(
      [
        ['remove-jedi-1', 'jawa-attack-1'],
        ['r2-d2-1', 'lightsaber-defend-1', 'force-vision-1', 'jedi-mind-trick-1', 'jedi-wisdom-1', 'x-wing-defend-3', 'ewok-defend-3'],
      ],
      PILE,
      { sets },
    );
    const lost = playThrough(s, [
      { actor: 'p1', type: 'action', card: 'remove-jedi-1' },
      { actor: 'p2', type: 'draw' },
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(stolenPlans.legalMoves(lost, 'p2').map((m) => (m.type === 'discard' ? m.card : m.type))).toContain('force-vision-1');
  });

  clause('B4', 'Discard All: the target discards every card they can; R2-D2 and the Decoy pass to you', () => {
    const s = deal([['discard-all-1'], ['r2-d2-1', 'decoy-1', 'jawa-attack-2', 'evade-1'], ['ewok-defend-2']]);
    expect(stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'action')).toEqual([
      { actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p2' },
      { actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p3' },
    ]);
    const { state, events } = playAll(s, [{ actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p2' }]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1', 'decoy-1']);
    expect(hand(state, 'p2')).toEqual([]);
    expect(state.discard).toEqual(['discard-all-1', 'jawa-attack-2', 'evade-1']);
    // Others see two cards pass, not which.
    const seen = events.filter((e) => e.type === 'stolen').map((e) => stolenPlans.eventFor(e, 'p3'));
    expect(seen).toEqual([
      { type: 'stolen', thief: 'p1', victim: 'p2', card: null },
      { type: 'stolen', thief: 'p1', victim: 'p2', card: null },
    ]);
    expect(stolenPlans.view(state, 'p3').r2d2Could).toEqual(['p1']);
  });

  clause('B13', 'Burn Cards: each other player, from your left, loses 2 cards of their choice, one after the other', () => {
    const s = deal([['burn-cards-1'], ['r2-d2-1', 'jawa-attack-2'], ['ewok-defend-2', 'evade-1', 'jedi-1']]);
    const burnt = playAll(s, [{ actor: 'p1', type: 'action', card: 'burn-cards-1' }]);
    // p2 can discard only the Jawa: it goes unasked, and p2 declares R2-D2 kept; then p3 chooses.
    expect(burnt.events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    expect(kinds(burnt.state)).toEqual(['turn', 'choose-discards']);
    expect(toMove(stolenPlans, burnt.state)).toEqual(['p3']);
    const { state } = playAll(burnt.state, [
      { actor: 'p3', type: 'discard', card: 'jedi-1' },
      { actor: 'p3', type: 'discard', card: 'evade-1' },
    ]);
    expect(hand(state, 'p3')).toEqual(['ewok-defend-2']);
    expect(state.discard).toEqual(['burn-cards-1', 'jawa-attack-2', 'jedi-1', 'evade-1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('B7', 'the Steal Bonus with Boba Fett takes every card of one player', () => {
    const s = deal([['boba-fett-steal-1', 'steal-bonus-1', 'jabba-the-hutt-steal-1'], ['r2-d2-1', 'jawa-attack-2', 'jedi-1'], ['ewok-defend-2']]);
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2', with: ['steal-bonus-1'] });
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2', with: ['steal-bonus-1'] })).toMatch(/\(B7\)/);
    const played = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2', with: ['steal-bonus-1'] }]).state;
    // Cancel and Block Steal may still be held: p2 is asked, and passes.
    const { state } = playAll(played, [{ actor: 'p2', type: 'pass' }, chance(0), chance(0), chance(0)]);
    expect([...hand(state, 'p1')].sort()).toEqual(['jabba-the-hutt-steal-1', 'jawa-attack-2', 'jedi-1', 'r2-d2-1']);
    expect(hand(state, 'p2')).toEqual([]);
  });

  clause('D11', 'Block Steal also blocks the Steal Bonus played with Boba Fett', () => {
    const s = deal([
      ['boba-fett-steal-1', 'steal-bonus-1'],
      ['r2-d2-1', 'block-steal-2'],
    ]);
    const played = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2', with: ['steal-bonus-1'] }]).state;
    const { state } = playAll(played, [{ actor: 'p2', type: 'react', card: 'block-steal-2' }]);
    expect(hand(state, 'p2')).toEqual(['r2-d2-1']);
    expect(state.discard).toEqual(['boba-fett-steal-1', 'steal-bonus-1', 'block-steal-2']);
  });

  clause('B19', 'Scout: you see every other hand, then take one card of your choice from one of them', () => {
    const s = deal([['scout-1'], ['r2-d2-1', 'jawa-attack-2'], ['ewok-defend-2'], []]);
    const looked = playAll(s, [{ actor: 'p1', type: 'action', card: 'scout-1' }]);
    expect(kinds(looked.state)).toEqual(['turn', 'scout']);
    expect(looked.events.filter((e) => e.type === 'hand-shown').map((e) => stolenPlans.eventFor(e, 'p3'))).toEqual([
      { type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: null },
      { type: 'hand-shown', viewer: 'p1', holder: 'p3', cards: null },
    ]);
    expect(stolenPlans.view(looked.state, 'p1').r2d2Could).toEqual(['p2']);
    expect(stolenPlans.legalMoves(looked.state, 'p1').map((m) => (m.type === 'take' ? m.card : m.type))).toEqual(['r2-d2-1', 'jawa-attack-2', 'ewok-defend-2']);
    const { state } = playAll(looked.state, [{ actor: 'p1', type: 'take', card: 'r2-d2-1' }]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1']);
  });

  clause('B9', 'Movement: every hand passes to the left at once; each knows the hand they gave; then you draw a card', () => {
    const s = dealtState([['movement-1', 'jawa-attack-1'], ['r2-d2-1'], ['ewok-defend-2', 'evade-1']], PILE, {
      sets,
      inPlay: [{ card: 'jedi-1', owner: 'p2' }],
    });
    const { state } = playAll(s, [{ actor: 'p1', type: 'action', card: 'movement-1' }]);
    expect(state.hands).toEqual([['ewok-defend-2', 'evade-1', 'ewok-defend-1'], ['jawa-attack-1'], ['r2-d2-1']]);
    expect(state.inPlay).toEqual([{ card: 'jedi-1', owner: 'p2' }]);
    expect(stolenPlans.view(state, 'p2').players[2]?.known).toEqual(['r2-d2-1']);
    expect(stolenPlans.view(state, 'p1').players[1]?.known).toEqual(['jawa-attack-1']);
    expect(stolenPlans.view(state, 'p2').r2d2Could).toEqual(['p3']);
  });

  it('a game with the bonus cards has every bonus card but those only in when asked for by name', () => {
    const { state } = stolenPlans.setup({ players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], options: { bonus: true } }, 5);
    expect(BONUS_NOT_YET).toEqual([]);
    const types = new Set(state.allCards.map((c) => c.replace(/-\d+$/, '')));
    for (const card of ['scavenger', 'continue-play', 'imperial-assault-2', 'imperial-assault-3', 'rebel-assault', 'protection'])
      expect(types.has(card)).toBe(true);
    for (const card of ['lose-the-game', 'pass-a-card', 'student-of-the-force']) expect(types.has(card)).toBe(false);
  });
});
