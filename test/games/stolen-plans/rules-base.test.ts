// The rules of the base game, the optional rules and New Ruling, clause by clause (README.md,
// "The rules as the engine implements them"): each test names the clause it proves with
// `clause(id, ...)`, which clauses.test.ts reads to check every clause has its test.
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { eventsSeenBy, openChance, toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, playAll } from './sp-fixtures.ts';

const config = (n: number, options: Record<string, boolean | number> = {}) => ({
  players: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` })),
  options,
});
const chance = (outcome: number): SpMove => ({ actor: CHANCE, type: 'chance', outcome });
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];

describe('Stolen Plans: set-up (S)', () => {
  clause('S1', 'five cards each, dealt one at a time from seat 1; the rest is the draw pile; the first player from the config', () => {
    const { state, events } = stolenPlans.setup(config(3, { 'first-player': 2 }), 7);
    expect(state.hands.map((h) => h.length)).toEqual([5, 5, 5]);
    expect(state.drawPile.length).toBe(46 - 15);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
    const dealt = events.filter((e) => e.type === 'dealt');
    expect(eventsSeenBy(stolenPlans, dealt, 'p1').map((e) => (e.type === 'dealt' ? e.cards : 'x'))).toEqual([state.hands[0], null, null]);
    expect(() => stolenPlans.setup(config(6), 1)).toThrow(/for 2 to 5 players, not 6/);
    expect(() => stolenPlans.setup(config(3, { 'first-player': 4 }), 1)).toThrow(/first-player: seat 4/);
    // Every set is played, Rogue One too (62 cards: 6 players are supported).
    const rogue = stolenPlans.setup(config(6, { 'rogue-one': true }), 1).state;
    expect(rogue.sets).toContain('rogue-one');
    expect(rogue.drawPile.length).toBe(62 - 30);
    expect(() => stolenPlans.setup(config(3, { 'rogue-on': true }), 1)).toThrow(/rogue-on/);
  });

  clause('S2', 'R2-D2 Where Are You?: R2-D2 is always in a starting hand, and nobody thinks it may be in the draw pile', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { state } = stolenPlans.setup(config(2 + (seed % 4), { 'r2-d2-where-are-you': true }), seed);
      expect(state.hands.flat()).toContain('r2-d2-1');
      for (const p of state.players) expect(stolenPlans.view(state, p).r2d2Could).not.toContain('pile');
    }
  });

  clause('S3', 'New Ruling lies beside the discard pile from set-up, for everyone to see', () => {
    const { state } = stolenPlans.setup(config(3, { 'new-ruling': true }), 3);
    expect(state.beside).toEqual(['new-ruling-1']);
    expect(stolenPlans.view(state, 'p2').beside).toEqual(['new-ruling-1']);
    expect(state.rules.maxDefendCards).toBe(1);
  });

  clause('S4', 'the quick window lasts quick-window-seconds (default 5, 1 to 60)', () => {
    expect(stolenPlans.setup(config(3), 1).state.rules.quickWindowSeconds).toBe(5);
    expect(stolenPlans.setup(config(3, { 'quick-window-seconds': 12 }), 1).state.rules.quickWindowSeconds).toBe(12);
    expect(() => stolenPlans.setup(config(3, { 'quick-window-seconds': 61 }), 1)).toThrow(/quick-window-seconds/);
  });
});

describe('Stolen Plans: a turn (T)', () => {
  const start = dealtState([['jawa-attack-1', 'boba-fett-steal-1', 'rebel-trooper-defend-1'], ['ewok-defend-2', 'r2-d2-1'], []], PILE);

  clause('T2', 'draw or play exactly one card or set; no pass; plays whose needs are unmet are not offered', () => {
    const moves = stolenPlans.legalMoves(start, 'p1');
    expect(moves).toContainEqual({ actor: 'p1', type: 'draw' });
    expect(moves).toContainEqual({ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p3' });
    expect(moves).toContainEqual({ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' });
    // p3 holds nothing: no steal from them (ST1); Defend cards are not turn plays (A3); no pass.
    expect(moves).not.toContainEqual({ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p3' });
    expect(moves.some((m) => m.type === 'pass' || m.type === 'defend')).toBe(false);
    expect(stolenPlans.judge(start, { actor: 'p1', type: 'pass' })).toBe('there is no passing: draw a card or play one (T2)');
    expect(stolenPlans.judge(start, { actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p3' })).toBe('p3 has no cards to steal (ST1)');
    const drawn = playAll(start, [{ actor: 'p1', type: 'draw' }]);
    expect(hand(drawn.state, 'p1')).toContain('ewok-defend-1');
    expect(eventsSeenBy(stolenPlans, drawn.events, 'p2')).toContainEqual({ type: 'drew', player: 'p1', card: null, left: 3 });
  });

  clause('T7', 'the turn passes to the left', () => {
    const one = playAll(start, [{ actor: 'p1', type: 'draw' }]).state;
    expect(toMove(stolenPlans, one)).toEqual(['p2']);
    const two = playAll(one, [
      { actor: 'p2', type: 'draw' },
      { actor: 'p3', type: 'draw' },
    ]).state;
    expect(toMove(stolenPlans, two)).toEqual(['p1']);
  });

  clause('T8', 'a move that is not legal is rejected naming the rule, and changes nothing', () => {
    expect(stolenPlans.judge(start, { actor: 'p1', type: 'defend', cards: ['rebel-trooper-defend-1'] })).toBe(
      'a Defend card is played only against an Attack on you, never on your own turn (A3)',
    );
    expect(stolenPlans.judge(start, { actor: 'p2', type: 'draw' })).toBe('"p2" is not asked to decide this turn');
    expect(stolenPlans.judge(start, { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p1' })).toMatch(/choose another player/);
    const before = JSON.stringify(start);
    expect(stolenPlans.apply(start, { actor: 'p1', type: 'attack', card: 'ewok-defend-2', target: 'p2' })).toEqual({
      ok: false,
      reason: 'you do not hold ewok-defend-2',
    });
    expect(JSON.stringify(start)).toBe(before);
  });
});

describe('Stolen Plans: the end (E)', () => {
  clause('E1', 'the game ends the moment the last card of the draw pile is taken', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1']], ['ewok-defend-1']);
    const { state, events } = playAll(s, [{ actor: 'p1', type: 'draw' }]);
    expect(state.stack).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'game-over', winners: ['p2'], r2d2: 'p2' });
  });

  clause('E2', 'the player holding R2-D2 in hand wins; returns 1 to them, 0 to the rest', () => {
    const s = dealtState([['r2-d2-1'], ['jawa-attack-1'], []], ['ewok-defend-1']);
    const { state } = playAll(s, [{ actor: 'p1', type: 'draw' }]);
    expect(stolenPlans.result(state)).toMatchObject({ finished: true, winners: ['p1'], returns: { p1: 1, p2: 0, p3: 0 } });
  });

  clause('E4', 'There is another!: the pile may run out; then a player plays or passes, and a full round of passes ends the game', () => {
    const sets = ['there-is-another'];
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1']], ['ewok-defend-1'], { sets });
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'pass' })).toMatch(/only once the draw pile is empty \(There is another!, E4\)/);
    const empty = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(empty.winners).toBeNull();
    expect(stolenPlans.legalMoves(empty, 'p2')).toEqual([{ actor: 'p2', type: 'pass' }]);
    const passed = playAll(empty, [
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    // p1 plays: the round of passes starts again.
    const played = playAll(passed, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p3' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    expect(played.winners).toBeNull();
    const { state, events } = playAll(played, [
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'game-over', winners: ['p2'] });
    expect(stolenPlans.result(state).finished).toBe(true);
  });
});

describe('Stolen Plans: losing cards (L)', () => {
  clause('L1', 'a player told to lose n cards chooses which, never R2-D2', () => {
    const s = dealtState(
      [['jawa-attack-1'], ['r2-d2-1', 'boba-fett-steal-2', 'jabba-the-hutt-steal-1', 'jedi-1', 'ewok-defend-1', 'han-solo-1', 'chewbacca-1']],
      PILE,
    );
    const { state } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(kinds(state)).toEqual(['turn', 'choose-discards']);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
    expect(stolenPlans.legalMoves(state, 'p2').map((m) => (m.type === 'discard' ? m.card : m.type))).not.toContain('r2-d2-1');
    expect(stolenPlans.judge(state, { actor: 'p2', type: 'discard', card: 'r2-d2-1' })).toBe('R2-D2 (Carrying Stolen Plans) can never be discarded (L1)');
    expect(stolenPlans.judge(state, { actor: 'p2', type: 'pass' })).toMatch(/may not pass/);
  });

  clause('L2', 'told to lose at least what they can discard, they discard it all unasked and declare what they keep', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1', 'boba-fett-steal-2', 'jabba-the-hutt-steal-1'], ['jedi-1']], PILE);
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(hand(state, 'p2')).toEqual(['r2-d2-1']);
    expect(events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    expect(state.declarations).toEqual([{ player: 'p2', count: 1, turn: 1 }]);
    // The only card that cannot be discarded is R2-D2: everyone now knows where it is.
    expect(stolenPlans.view(state, 'p3').players[1]?.known).toEqual(['r2-d2-1']);
    expect(stolenPlans.view(state, 'p3').r2d2Could).toEqual(['p2']);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });

  clause('L3', 'discarded cards go face up on the discard pile in the order chosen', () => {
    const s = dealtState([['imperial-officer-attack-1'], ['r2-d2-1', 'boba-fett-steal-2', 'jabba-the-hutt-steal-1', 'jedi-1', 'ewok-defend-1']], PILE);
    const { state } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'imperial-officer-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p2', type: 'discard', card: 'jedi-1' },
      { actor: 'p2', type: 'discard', card: 'boba-fett-steal-2' },
      { actor: 'p2', type: 'discard', card: 'ewok-defend-1' },
    ]);
    expect(state.discard).toEqual(['imperial-officer-attack-1', 'jedi-1', 'boba-fett-steal-2', 'ewok-defend-1']);
    expect(stolenPlans.view(state, 'p1').discard).toEqual(state.discard);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });
});

describe('Stolen Plans: Attack and Defend (A)', () => {
  const attackOn = (defender: string[], attack = 'jawa-attack-1', sets: string[] = [], inPlay: { card: string; owner: string }[] = []) =>
    playAll(dealtState([[attack, 'boba-fett-steal-1', 'ewok-defend-3', 'x-wing-defend-3'], defender, ['jedi-mind-trick-1']], PILE, { sets, inPlay }), [
      { actor: 'p1', type: 'attack', card: attack, target: 'p2' },
    ]).state;

  clause('A1', 'the attacker names one other player as target: target-response asks them alone', () => {
    const s = attackOn(['ewok-defend-1', 'r2-d2-1']);
    expect(kinds(s)).toEqual(['turn', 'target-response']);
    expect(toMove(stolenPlans, s)).toEqual(['p2']);
    expect(stolenPlans.legalMoves(s, 'p3')).toEqual([]);
  });

  clause('A3', 'Defend with 1 or 2 Defend cards (a Rebel Hero one of them, the Lightsaber only for a Jedi), or pass', () => {
    const s = attackOn(['ewok-defend-1', 'han-solo-1', 'lightsaber-defend-1', 'r2-d2-1']);
    expect(stolenPlans.legalMoves(s, 'p2')).toEqual([
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1'] },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'han-solo-1'] },
      { actor: 'p2', type: 'defend', cards: ['han-solo-1'] },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(stolenPlans.judge(s, { actor: 'p2', type: 'defend', cards: ['lightsaber-defend-1'] })).toMatch(/Jedi Only: only a Jedi may defend with it \(J2\)/);
    const jedi = attackOn(['ewok-defend-1', 'lightsaber-defend-1'], 'jawa-attack-1', [], [{ card: 'jedi-1', owner: 'p2' }]);
    expect(stolenPlans.legalMoves(jedi, 'p2')).toContainEqual({ actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'lightsaber-defend-1'] });
    expect(stolenPlans.judge(s, { actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'han-solo-1', 'r2-d2-1'] })).toMatch(/at most 2 Defend cards/);
  });

  clause('A5', 'Attack above Defend: the target loses the difference; Defend above: the attacker does; equal: nobody', () => {
    const lost = playAll(attackOn(['rebel-trooper-defend-1', 'r2-d2-1', 'jedi-1', 'han-solo-1', 'chewbacca-1', 'boba-fett-steal-2']), [
      { actor: 'p2', type: 'defend', cards: ['rebel-trooper-defend-1'] },
    ]);
    expect(lost.events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 2, loser: 'p2', cards: 3 });
    const beaten = playAll(attackOn(['millennium-falcon-defend-1', 'x-wing-defend-1']), [
      { actor: 'p2', type: 'defend', cards: ['millennium-falcon-defend-1', 'x-wing-defend-1'] },
    ]);
    expect(beaten.events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 10, loser: 'p1', cards: 5 });
    // The attacker held 3 cards after the attack: all three go, nothing to declare.
    expect(hand(beaten.state, 'p1')).toEqual([]);
    const tie = playAll(attackOn(['ewok-defend-1', 'rebel-trooper-defend-2']), [
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'rebel-trooper-defend-2'] },
    ]);
    expect(tie.events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p2', attack: 5, defence: 5, loser: null, cards: 0 });
  });

  clause('A6', "the Attack card and the Defend cards are discarded and the attacker's turn ends", () => {
    const { state } = playAll(attackOn(['ewok-defend-1', 'rebel-trooper-defend-2']), [
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'rebel-trooper-defend-2'] },
    ]);
    expect(state.discard).toEqual(['jawa-attack-1', 'ewok-defend-1', 'rebel-trooper-defend-2']);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });

  clause('A8', 'a player with no cards may be attacked: not asked, Defend 0, loses nothing', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1'], []], PILE);
    const { state, events } = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p3' }]);
    expect(events).toContainEqual({ type: 'attack-resolved', attacker: 'p1', target: 'p3', attack: 5, defence: 0, loser: 'p3', cards: 5 });
    expect(state.declarations).toEqual([]);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });

  clause('D31', 'a Rebel Hero used alone as a Defend card counts as one of the two (a hero and a Defend card, or two heroes)', () => {
    const s = attackOn(['han-solo-1', 'chewbacca-1']);
    const { events } = playAll(s, [{ actor: 'p2', type: 'defend', cards: ['chewbacca-1', 'han-solo-1'] }]);
    expect(events).toContainEqual({ type: 'defended', player: 'p2', cards: ['chewbacca-1', 'han-solo-1'], total: 6 });
  });

  clause('D3', 'player counts by the draw-pile rule: the base deck for 2 to 5', () => {
    expect(stolenPlans.setup(config(5), 1).state.drawPile.length).toBe(21);
    expect(() => stolenPlans.setup(config(1), 1)).toThrow(/2 to 6 players, not 1/);
  });
});

describe('Stolen Plans: New Ruling', () => {
  clause('D1', "the deck chosen: the Attack and Defend values are the data's (Jawa 5, Darth Vader 8, The Emperor 10, Ewok 3)", () => {
    const s = dealtState(
      [
        ['emperor-attack-1', 'darth-vader-attack-1'],
        ['ewok-defend-1', 'r2-d2-1'],
      ],
      PILE,
    );
    const { events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'emperor-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1'] },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'attack-resolved', attack: 10, defence: 3 }));
  });

  it('New Ruling: one Defend card at most against an Attack (A3)', () => {
    const s = playAll(dealtState([['jawa-attack-1'], ['ewok-defend-1', 'x-wing-defend-1']], PILE, { sets: ['new-ruling'] }), [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
    ]).state;
    expect(
      stolenPlans
        .legalMoves(s, 'p2')
        .filter((m) => m.type === 'defend')
        .map((m) => (m.type === 'defend' ? m.cards.length : 0)),
    ).toEqual([1, 1]);
    expect(stolenPlans.judge(s, { actor: 'p2', type: 'defend', cards: ['ewok-defend-1', 'x-wing-defend-1'] })).toBe(
      'at most 1 Defend card against one Attack (A3, New Ruling)',
    );
  });
});

describe('Stolen Plans: steals (ST) and Rebel Heroes (H)', () => {
  clause('ST1', 'Boba Fett takes 1 card from one player, Jabba the Hutt 2; a victim must hold a card', () => {
    const s = dealtState([['jabba-the-hutt-steal-1'], ['r2-d2-1', 'ewok-defend-1', 'jedi-1'], ['x-wing-defend-1']], PILE);
    const played = playAll(s, [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }]).state;
    expect(openChance(stolenPlans, played)).toEqual({ kind: 'index', size: 3, secret: true });
    const one = playAll(played, [chance(0)]).state;
    expect(openChance(stolenPlans, one)).toEqual({ kind: 'index', size: 2, secret: true });
    const two = playAll(one, [chance(1)]).state;
    expect(hand(two, 'p1')).toEqual(['r2-d2-1', 'jedi-1']);
    expect(hand(two, 'p2')).toEqual(['ewok-defend-1']);
    expect(toMove(stolenPlans, two)).toEqual(['p2']);
    // Jabba against a hand of one takes the one card.
    const small = playAll(dealtState([['jabba-the-hutt-steal-1'], ['r2-d2-1']], PILE), [
      { actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' },
      chance(0),
    ]).state;
    expect(hand(small, 'p1')).toEqual(['r2-d2-1']);
    expect(toMove(stolenPlans, small)).toEqual(['p2']);
  });

  clause('ST4', "the engine picks the stolen card from the state's generator, never the victim; only thief and victim see it", () => {
    const s = dealtState([['boba-fett-steal-1'], ['r2-d2-1', 'ewok-defend-1'], ['x-wing-defend-1']], PILE);
    const played = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }]).state;
    expect(toMove(stolenPlans, played)).toEqual([CHANCE]);
    expect(stolenPlans.legalMoves(played, 'p2')).toEqual([]);
    expect(stolenPlans.judge(played, { actor: 'p2', type: 'take', card: 'r2-d2-1' })).toMatch(/not asked/);
    const { events, state } = playAll(played, [chance(0)]);
    const stolen = events.find((e) => e.type === 'stolen')!;
    expect(stolen).toEqual({ type: 'stolen', thief: 'p1', victim: 'p2', card: 'r2-d2-1' });
    expect(eventsSeenBy(stolenPlans, [stolen], 'p3')).toEqual([{ ...stolen, card: null }]);
    expect(eventsSeenBy(stolenPlans, [stolen], 'p2')).toEqual([stolen]);
    expect(stolenPlans.view(state, 'p2').players[0]?.known).toEqual(['r2-d2-1']);
    // p3 saw one card go from p2 to p1: R2-D2 may be with either now.
    expect(stolenPlans.view(state, 'p3').r2d2Could).toEqual(['p1', 'p2']);
  });

  clause('ST6', "the stolen cards move to the thief's hand and the played cards are discarded", () => {
    const s = dealtState([['boba-fett-steal-1'], ['ewok-defend-1']], PILE);
    const { state } = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }, chance(0)]);
    expect(state.discard).toEqual(['boba-fett-steal-1']);
    expect(hand(state, 'p1')).toEqual(['ewok-defend-1']);
  });

  clause('H1', 'two Rebel Heroes together steal 2 cards from any combination of other players', () => {
    const s = dealtState([['han-solo-1', 'luke-skywalker-1', 'ewok-defend-3'], ['r2-d2-1', 'ewok-defend-1'], ['x-wing-defend-1'], []], PILE);
    const heroSteals = stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'hero-steal');
    expect(heroSteals).toEqual([
      { actor: 'p1', type: 'hero-steal', cards: ['han-solo-1', 'luke-skywalker-1'], victims: ['p2', 'p2'] },
      { actor: 'p1', type: 'hero-steal', cards: ['han-solo-1', 'luke-skywalker-1'], victims: ['p2', 'p3'] },
      { actor: 'p1', type: 'hero-steal', cards: ['han-solo-1', 'luke-skywalker-1'], victims: ['p3', 'p3'] },
    ]);
    const { state } = playAll(s, [heroSteals[1]!, chance(1), chance(0)]);
    expect(hand(state, 'p1')).toEqual(['ewok-defend-3', 'ewok-defend-1', 'x-wing-defend-1']);
    expect(state.discard).toEqual(['han-solo-1', 'luke-skywalker-1']);
  });

  clause('D30', 'a hero steal of 2 from a player holding 1 takes 1', () => {
    const s = dealtState([['han-solo-1', 'chewbacca-1'], ['ewok-defend-2'], ['x-wing-defend-1']], PILE);
    const { state } = playAll(s, [{ actor: 'p1', type: 'hero-steal', cards: ['chewbacca-1', 'han-solo-1'], victims: ['p2', 'p2'] }, chance(0)]);
    expect(hand(state, 'p1')).toEqual(['ewok-defend-2']);
    expect(toMove(stolenPlans, state)).toEqual(['p2']);
  });
});

describe('Stolen Plans: Jedi (J)', () => {
  clause('J1', 'the Jedi card is placed in front of its player for the rest of the game; one Jedi at most in the base game', () => {
    const s = dealtState([['jedi-1', 'boba-fett-steal-1'], ['r2-d2-1']], PILE);
    const { state } = playAll(s, [{ actor: 'p1', type: 'place-jedi', card: 'jedi-1' }]);
    expect(state.inPlay).toEqual([{ card: 'jedi-1', owner: 'p1' }]);
    expect(stolenPlans.view(state, 'p2').players[0]?.jedi).toBe('jedi-1');
  });

  clause('J2', 'Jedi Only cards are played only by a Jedi', () => {
    const s = dealtState([['jedi-wisdom-1', 'force-vision-1'], ['r2-d2-1']], PILE, { discard: ['ewok-defend-2'] });
    expect(stolenPlans.legalMoves(s, 'p1')).toEqual([{ actor: 'p1', type: 'draw' }]);
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'jedi-wisdom', card: 'jedi-wisdom-1', take: 'ewok-defend-2' })).toBe(
      'Jedi Wisdom is a Jedi Only card: only a player with a Jedi card in front of them may play it (J2)',
    );
  });

  clause('J4', 'Jedi Mind Trick looks at a hand and takes one; Force Vision orders the top 3; Jedi Wisdom takes from the discard pile', () => {
    const inPlay = [{ card: 'jedi-1', owner: 'p1' }];
    const trick = playAll(dealtState([['jedi-mind-trick-1'], ['r2-d2-1', 'ewok-defend-1'], ['x-wing-defend-1']], PILE, { inPlay }), [
      { actor: 'p1', type: 'mind-trick', card: 'jedi-mind-trick-1', target: 'p2' },
    ]);
    expect(kinds(trick.state)).toEqual(['turn', 'mind-trick']);
    expect(eventsSeenBy(stolenPlans, trick.events, 'p1')).toContainEqual({
      type: 'hand-shown',
      viewer: 'p1',
      holder: 'p2',
      cards: ['r2-d2-1', 'ewok-defend-1'],
    });
    expect(eventsSeenBy(stolenPlans, trick.events, 'p3')).toContainEqual({ type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: null });
    expect(stolenPlans.view(trick.state, 'p1').r2d2Could).toEqual(['p2']);
    const took = playAll(trick.state, [{ actor: 'p1', type: 'take', card: 'r2-d2-1' }]).state;
    expect(hand(took, 'p1')).toEqual(['r2-d2-1']);

    const vision = playAll(dealtState([['force-vision-1'], ['r2-d2-1']], PILE, { inPlay }), [
      { actor: 'p1', type: 'force-vision', card: 'force-vision-1' },
    ]).state;
    expect(stolenPlans.legalMoves(vision, 'p1')).toHaveLength(6);
    const ordered = playAll(vision, [{ actor: 'p1', type: 'order', cards: ['boba-fett-steal-5', 'ewok-defend-1', 'jawa-attack-4'] }]).state;
    expect(ordered.drawPile).toEqual(['boba-fett-steal-5', 'ewok-defend-1', 'jawa-attack-4', 'rebel-trooper-defend-4']);
    expect(stolenPlans.view(ordered, 'p1').pileKnown).toEqual(['boba-fett-steal-5', 'ewok-defend-1', 'jawa-attack-4', null]);
    expect(stolenPlans.view(ordered, 'p2').pileKnown).toEqual([null, null, null, null]);

    const wisdom = playAll(dealtState([['jedi-wisdom-1'], ['r2-d2-1']], PILE, { inPlay, discard: ['ewok-defend-2', 'jawa-attack-3'] }), [
      { actor: 'p1', type: 'jedi-wisdom', card: 'jedi-wisdom-1', take: 'jawa-attack-3' },
    ]).state;
    expect(hand(wisdom, 'p1')).toEqual(['jawa-attack-3']);
    expect(wisdom.discard).toEqual(['ewok-defend-2', 'jedi-wisdom-1']);
  });
});

describe('Stolen Plans: windows (W) and hidden information (HI)', () => {
  clause('W1', 'target-response asks the target whatever they hold, with the same prompt, and a pass', () => {
    const withDefend = playAll(dealtState([['jawa-attack-1'], ['ewok-defend-1', 'r2-d2-1']], PILE), [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
    ]).state;
    const without = playAll(dealtState([['jawa-attack-1'], ['boba-fett-steal-2', 'r2-d2-1']], PILE), [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
    ]).state;
    expect(toMove(stolenPlans, without)).toEqual(toMove(stolenPlans, withDefend));
    expect(stolenPlans.prompt(without, 'p2')).toBe(stolenPlans.prompt(withDefend, 'p2'));
    expect(stolenPlans.legalMoves(without, 'p2')).toEqual([{ actor: 'p2', type: 'pass' }]);
  });

  clause('W5', 'a window nobody could answer does not open: in the base game nothing answers a steal, so none opens', () => {
    const s = dealtState([['boba-fett-steal-1'], ['ewok-defend-1', 'r2-d2-1']], PILE);
    expect(kinds(playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }]).state)).toEqual(['turn', 'steal']);
  });

  clause('W3', 'target-response is first-answer: the Defend closes it', () => {
    const s = playAll(dealtState([['jawa-attack-1'], ['ewok-defend-1', 'r2-d2-1']], PILE), [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1'] },
    ]).state;
    expect(kinds(s)).not.toContain('target-response');
  });

  clause('HI1', 'a view holds the own hand, counts, the discard pile, cards in play and declarations; never another hand', () => {
    const { state } = stolenPlans.setup(config(3), 11);
    const v = stolenPlans.view(state, 'p1');
    expect(v.hand).toEqual(state.hands[0]);
    expect(v.players.map((p) => p.cards)).toEqual([5, 5, 5]);
    expect(v.drawPile).toBe(31);
    expect(JSON.stringify(v)).not.toContain(JSON.stringify(state.hands[1]![0]));
  });

  clause('HI3', 'nobody sees the draw pile or other hands: they are what a player may not know (secretsFrom)', () => {
    const { state } = stolenPlans.setup(config(3), 12);
    const secrets = stolenPlans.secretsFrom(state, 'p1');
    expect([...secrets].sort()).toEqual([...state.drawPile, ...state.hands[1]!, ...state.hands[2]!].sort());
  });

  clause('HI2', 'a card stolen or shown stays known to its viewer, and a determinization keeps it where it is', () => {
    const s = dealtState([['boba-fett-steal-1'], ['r2-d2-1'], ['x-wing-defend-1', 'ewok-defend-3']], PILE);
    const { state } = playAll(s, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }, chance(0)]);
    for (let i = 0; i < 10; i++) {
      const d = stolenPlans.determinize(state, 'p2', randomFrom(seedRng(i)));
      expect(hand(d, 'p1')).toEqual(['r2-d2-1']);
    }
  });

  clause('HI4', 'the event of a steal tells others only who took how many cards from whom', () => {
    const s = dealtState([['jabba-the-hutt-steal-1'], ['r2-d2-1', 'ewok-defend-1'], ['x-wing-defend-1']], PILE);
    const { events } = playAll(s, [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }, chance(0), chance(0)]);
    expect(eventsSeenBy(stolenPlans, events, 'p3').filter((e) => e.type === 'stolen')).toEqual([
      { type: 'stolen', thief: 'p1', victim: 'p2', card: null },
      { type: 'stolen', thief: 'p1', victim: 'p2', card: null },
    ]);
  });

  clause('D23', 'a declaration is made only when a player was told to lose more cards than they could discard', () => {
    const s = dealtState([['imperial-officer-attack-1'], ['r2-d2-1', 'boba-fett-steal-2', 'jabba-the-hutt-steal-1', 'jedi-1']], PILE);
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'imperial-officer-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(hand(state, 'p2')).toEqual(['r2-d2-1']);
    expect(events.some((e) => e.type === 'cannot-discard')).toBe(false);
  });

  clause('D16', 'There is another!: no passing while the draw pile holds a card', () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1']], PILE, { sets: ['there-is-another'] });
    expect(stolenPlans.legalMoves(s, 'p1')).not.toContainEqual({ actor: 'p1', type: 'pass' });
  });

  clause('D15', 'a play that has no use is not legal: a steal or a Mind Trick at an empty hand, Force Vision at an empty pile', () => {
    const inPlay = [{ card: 'jedi-1', owner: 'p1' }];
    const s = dealtState([['jedi-mind-trick-1', 'force-vision-1', 'boba-fett-steal-1'], [], ['r2-d2-1']], [], { inPlay, sets: ['there-is-another'] });
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'mind-trick', card: 'jedi-mind-trick-1', target: 'p2' })).toBe('p2 has no cards to look at (D15)');
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'force-vision', card: 'force-vision-1' })).toMatch(/\(D15\)/);
    expect(stolenPlans.judge(s, { actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' })).toMatch(/\(ST1\)/);
  });
});
