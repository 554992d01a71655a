// The last bonus cards: Scavenger, Continue Play (its window when the last card is drawn; its
// removal under There is another!), the Imperial and Rebel Assaults, and the cards only in when
// asked for by name (Lose the Game, Pass a Card, Student of the Force), offered as options.
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { dealtState, STOLEN_PLANS_META, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { hunterBot } from '../../../host/games/stolen-plans/bots.ts';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { oneTargetSteal } from '../../../host/games/stolen-plans/rules-facts.ts';
import type { SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansRenderer } from '../../../host/games/stolen-plans/table-renderer.ts';
import { clause, hand, kinds, passStarts, playAll, playThrough, reject } from './sp-fixtures.ts';

const sets = ['bonus'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const chance = (outcome: number | number[]): SpMove => ({ actor: CHANCE, type: 'chance', outcome });
const players = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` }));

describe('Stolen Plans: Scavenger (B15)', () => {
  clause('B15', 'Scavenger: 1 random card from each other player, from the left, with no target-response; or 3 cards of the discard pile', () => {
    const s = dealtState([['scavenger-1', 'jawa-attack-1'], ['r2-d2-1', 'block-steal-1'], [], ['ewok-defend-2', 'cancel-1']], PILE, { sets });
    const ways = stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'action');
    expect(ways).toEqual([{ actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' }]);
    expect(reject(s, { actor: 'p1', type: 'action', card: 'scavenger-1' })).toContain('way: steal-each or search');
    const played = playAll(s, [{ actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' }]);
    // p2 holds Block Steal and p4 Cancel, but a play at each other player opens no target-response (W7): the picks come at once.
    expect(kinds(played.state)).toEqual(['turn', 'steal']);
    expect(played.events[0]).toEqual({ type: 'played', player: 'p1', as: 'scavenger', cards: ['scavenger-1'], targets: ['p2', 'p4'] });
    const { state, events } = playAll(played.state, [chance(0), chance(1)]);
    expect(events.filter((e) => e.type === 'stolen')).toEqual([
      { type: 'stolen', thief: 'p1', victim: 'p2', card: 'r2-d2-1' },
      { type: 'stolen', thief: 'p1', victim: 'p4', card: 'cancel-1' },
    ]);
    expect(hand(state, 'p1')).toEqual(['jawa-attack-1', 'r2-d2-1', 'cancel-1']);
    expect(state.discard).toEqual(['scavenger-1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });

    const searching = dealtState([['scavenger-1'], ['r2-d2-1']], PILE, { sets, discard: ['jawa-attack-1', 'ewok-defend-2', 'cancel-1', 'evade-1'] });
    expect(stolenPlans.legalMoves(searching, 'p1').filter((m) => m.type === 'action')).toEqual([
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' },
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'search' },
    ]);
    const searched = playAll(searching, [
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'search' },
      { actor: 'p1', type: 'take', card: 'cancel-1' },
      { actor: 'p1', type: 'take', card: 'evade-1' },
    ]).state;
    expect(kinds(searched)).toEqual(['turn', 'search']);
    const done = playAll(searched, [{ actor: 'p1', type: 'take', card: 'jawa-attack-1' }]).state;
    expect(hand(done, 'p1')).toEqual(['cancel-1', 'evade-1', 'jawa-attack-1']);
    expect(done.discard).toEqual(['ewok-defend-2', 'scavenger-1']);
    expect(done.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });
});

describe('Stolen Plans: Scavenger has the two ways of its text, no third (issue: a one-card steal from one player)', () => {
  const rogue = ['bonus', 'rogue-one'];
  const four = (): SpState =>
    dealtState(
      [
        ['scavenger-1', 'boba-fett-steal-1'],
        ['saw-gerrera-1', 'bistan-1', 'block-steal-1'],
        ['jawa-attack-1', 'cancel-1'],
        ['r2-d2-1', 'x-wing-defend-1'],
      ],
      PILE,
      { sets: rogue, discard: ['ewok-defend-2', 'evade-1', 'jawa-attack-2'] },
    );

  clause('D37', 'Scavenger is never offered, nor taken, as a steal at one chosen player; Boba Fett still is', () => {
    const s = four();
    const moves = stolenPlans.legalMoves(s, 'p1');
    expect(moves.filter((m) => m.type === 'steal').map((m) => m.type === 'steal' && m.card)).toEqual([
      'boba-fett-steal-1',
      'boba-fett-steal-1',
      'boba-fett-steal-1',
    ]);
    expect(moves.filter((m) => m.type === 'action' && m.card === 'scavenger-1')).toEqual([
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' },
      { actor: 'p1', type: 'action', card: 'scavenger-1', way: 'search' },
    ]);
    expect(reject(s, { actor: 'p1', type: 'steal', card: 'scavenger-1', target: 'p2' })).toBe(
      'Scavenger steals from each other player, not from one: play it as an action, way steal-each (or way search: 3 cards of the discard pile) (B15)',
    );
    // Nothing else from hand is swept into the one-target steal: only Boba Fett and Jabba the Hutt make one on their own.
    const stealers = CATALOG.cards.filter((c) => c.plays.some((p) => p.when === 'own-turn' && p.effect.kind === 'steal' && (p.with ?? []).length === 0));
    expect(stealers.map((c) => c.id).sort()).toEqual(['boba-fett-steal', 'data-pad', 'jabba-the-hutt-steal', 'scavenger']);
    expect(
      stealers
        .filter((c) => oneTargetSteal(c.id) !== null)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['boba-fett-steal', 'data-pad', 'jabba-the-hutt-steal']);
    expect(oneTargetSteal('scavenger-1')).toBeNull();
  });

  clause(
    'D37',
    'Scavenger takes a card at random from each other player, none of whom may answer it (not aimed at one alone: Saw Gerrera, Block Steal)',
    () => {
      const played = playAll(four(), [{ actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' }]);
      expect(kinds(played.state)).toEqual(['turn', 'steal']);
      expect(stolenPlans.legalMoves(played.state, 'p2')).toEqual([]);
      const { state, events } = playAll(played.state, [chance(1), chance(0), chance(0)]);
      const stolen = events.filter((e) => e.type === 'stolen');
      expect(stolen).toEqual([
        { type: 'stolen', thief: 'p1', victim: 'p2', card: 'bistan-1' },
        { type: 'stolen', thief: 'p1', victim: 'p3', card: 'jawa-attack-1' },
        { type: 'stolen', thief: 'p1', victim: 'p4', card: 'r2-d2-1' },
      ]);
      expect([hand(state, 'p2'), hand(state, 'p3'), hand(state, 'p4')]).toEqual([['saw-gerrera-1', 'block-steal-1'], ['cancel-1'], ['x-wing-defend-1']]);
      expect(hand(state, 'p1')).toEqual(['boba-fett-steal-1', 'bistan-1', 'jawa-attack-1', 'r2-d2-1']);
      // Each card taken is told to its thief and its victim only.
      const [fromP2] = stolen;
      if (fromP2 === undefined) throw new Error('no steal');
      expect(stolenPlans.eventFor(fromP2, 'p2')).toEqual(fromP2);
      expect(stolenPlans.eventFor(fromP2, 'p1')).toEqual(fromP2);
      expect(stolenPlans.eventFor(fromP2, 'p3')).toEqual({ ...fromP2, card: null });
      expect(stolenPlans.eventFor(fromP2, 'p4')).toEqual({ ...fromP2, card: null });
      expect(JSON.stringify(stolenPlans.view(state, 'p3'))).not.toContain('bistan-1');
    },
  );

  it("says each way in its menu, and the hunter bot takes Scavenger's steal where R2-D2 is likely", () => {
    const s = four();
    const view = stolenPlans.view(s, 'p1');
    const labels = stolenPlans
      .legalMoves(s, 'p1')
      .filter((m) => m.type === 'action' && m.card === 'scavenger-1')
      .map((m) => stolenPlansRenderer.moveLabel(m, view, { p1: 'Ana', p2: 'Ben', p3: 'Cy', p4: 'Dee' }).label);
    expect(labels).toEqual([
      'Play Scavenger: take 1 card at random from each other player',
      'Play Scavenger: take 3 cards of your choice from the discard pile',
    ]);
    // With no draw pile left to draw from, two cards a hand: a card from each of three hands beats one from one.
    const late = dealtState(
      [
        ['scavenger-1', 'boba-fett-steal-1'],
        ['jawa-attack-1', 'cancel-1'],
        ['x-wing-defend-1', 'evade-1'],
        ['r2-d2-1', 'ewok-defend-2'],
      ],
      [],
      {
        sets: ['bonus'],
      },
    );
    const lateView = stolenPlans.view(late, 'p1');
    const chosen = hunterBot(lateView, stolenPlans.legalMoves(late, 'p1'), randomFrom(seedRng(3)));
    expect(chosen).toEqual({ actor: 'p1', type: 'action', card: 'scavenger-1', way: 'steal-each' });
  });
});

describe('Stolen Plans: Continue Play (B16, E3)', () => {
  const discard = [
    ...Array.from({ length: 4 }, (_, i) => `imperial-officer-attack-${i + 1}`),
    ...Array.from({ length: 4 }, (_, i) => `rebel-trooper-defend-${i + 1}`),
    ...Array.from({ length: 3 }, (_, i) => `x-wing-defend-${i + 1}`),
    ...Array.from({ length: 3 }, (_, i) => `jawa-attack-${i + 1}`),
    ...Array.from({ length: 4 }, (_, i) => `boba-fett-steal-${i + 1}`),
    'imperial-guard-attack-1',
    'imperial-guard-attack-2',
    'han-solo-1',
    'chewbacca-1',
  ];

  clause('B16', 'Continue Play: when the last card is taken, anyone holding it and Darth Vader may reveal them; else the game ends', () => {
    const s = dealtState([['jawa-attack-4', 'ewok-defend-2'], ['continue-play-1', 'darth-vader-attack-1', 'r2-d2-1'], ['cancel-1']], ['ewok-defend-1'], {
      sets,
      discard,
    });
    const drawn = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    // last-card asks everyone holding 2 cards or more (p3 holds one card, so cannot hold both): from public facts only.
    expect(kinds(drawn)).toEqual(['turn', 'last-card']);
    expect(toMove(stolenPlans, drawn)).toEqual(['p1', 'p2']);
    expect(stolenPlans.legalMoves(drawn, 'p1')).toEqual([{ actor: 'p1', type: 'pass' }]);
    expect(stolenPlans.prompt(drawn, 'p1')).toBe(stolenPlans.prompt(drawn, 'p2'));
    expect(stolenPlans.legalMoves(drawn, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'continue-play-1', with: ['darth-vader-attack-1'] },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(reject(drawn, { actor: 'p2', type: 'react', card: 'continue-play-1' })).toContain('Darth Vader');
    // Nobody reveals it: the game ends with the holder of R2-D2 winning.
    const ended = playAll(drawn, [
      { actor: 'p1', type: 'pass' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(ended.state.winners).toEqual(['p2']);
    expect(ended.events.at(-1)).toMatchObject({ type: 'game-over', winners: ['p2'] });
  });

  clause('E3', 'Continue Play: Vader discarded, the pile shuffled, 20 of it drawn from, the rest out face down', () => {
    const s = dealtState([['jawa-attack-4', 'ewok-defend-2'], ['continue-play-1', 'darth-vader-attack-1', 'r2-d2-1'], ['cancel-1']], ['ewok-defend-1'], {
      sets,
      discard,
    });
    const revealed = playAll(s, [
      { actor: 'p1', type: 'draw' },
      { actor: 'p2', type: 'react', card: 'continue-play-1', with: ['darth-vader-attack-1'] },
    ]).state;
    expect(kinds(revealed)).toEqual(['turn', 'continue-shuffle']);
    expect(revealed.discard).toHaveLength(discard.length + 1);
    expect(revealed.removed).toEqual(['continue-play-1']);
    const order = Array.from({ length: discard.length + 1 }, (_, i) => discard.length - i);
    const { state, events } = playAll(revealed, [chance(order)]);
    const shuffled = order.map((i) => revealed.discard[i]);
    expect(state.drawPile).toEqual(shuffled.slice(0, 20));
    expect(state.removedFaceDown).toEqual(shuffled.slice(20));
    expect(state.discard).toEqual([]);
    expect(events).toContainEqual({ type: 'play-continues', player: 'p1', pile: 20, removed: 3 });
    // The player left of the one who drew the last card plays next.
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(state.winners).toBeNull();
    // Nobody knows which cards went out: the view gives their number only, and the cards are secrets to determinize.
    const view = stolenPlans.view(state, 'p2');
    expect(view.removedFaceDown).toBe(3);
    expect(JSON.stringify(view)).not.toContain(shuffled[22] as string);
    expect(stolenPlans.secretsFrom(state, 'p2')).toEqual(expect.arrayContaining(shuffled.slice(20) as string[]));
  });

  clause('D25', 'the drawer may reveal Continue Play too', () => {
    const s = dealtState([['continue-play-1', 'darth-vader-attack-1'], ['r2-d2-1']], ['ewok-defend-1'], { sets, discard });
    const drawn = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(stolenPlans.legalMoves(drawn, 'p1')).toContainEqual({ actor: 'p1', type: 'react', card: 'continue-play-1', with: ['darth-vader-attack-1'] });
  });

  it('Continue Play is out under There is another! (the game does not end at the last card), with the reason', () => {
    const s = dealtState([['jawa-attack-4'], ['r2-d2-1']], ['ewok-defend-1'], { sets: ['bonus', 'there-is-another'] });
    expect(s.allCards.some((c) => c.startsWith('continue-play-'))).toBe(false);
    const drawn = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(drawn)[0]).toBe('turn');
    expect(drawn.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(drawn.winners).toBeNull();
  });
});

describe('Stolen Plans: the Assaults (B26)', () => {
  clause('B26', 'an Assault: the first target answers with the opposite Assault or loses; then a second target beside them', () => {
    const s = dealtState(
      [
        ['imperial-assault-2-1', 'jawa-attack-1'],
        ['ewok-defend-2', 'x-wing-defend-1', 'evade-1'],
        ['rebel-assault-1', 'cancel-1'],
        ['r2-d2-1', 'han-solo-1', 'chewbacca-1'],
      ],
      PILE,
      { sets },
    );
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'assault', card: 'imperial-assault-2-1', target: 'p3' });
    const attacked = playAll(s, [{ actor: 'p1', type: 'assault', card: 'imperial-assault-2-1', target: 'p3' }]).state;
    expect(kinds(attacked)).toEqual(['turn', 'target-response']);
    // Cancel does not answer an Assault (D10); the Rebel Assault stops the loss.
    expect(stolenPlans.legalMoves(attacked, 'p3')).toEqual([
      { actor: 'p3', type: 'react', card: 'rebel-assault-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    const stopped = playAll(attacked, [{ actor: 'p3', type: 'react', card: 'rebel-assault-1' }]).state;
    expect(hand(stopped, 'p3')).toEqual(['cancel-1']);
    expect(kinds(stopped)).toEqual(['turn', 'assault-beside']);
    // The second target sits beside the first and is not the attacker: p2 or p4.
    expect(stolenPlans.legalMoves(stopped, 'p1')).toEqual([
      { actor: 'p1', type: 'beside', target: 'p2' },
      { actor: 'p1', type: 'beside', target: 'p4' },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(reject(stopped, { actor: 'p1', type: 'beside', target: 'p1' })).toContain('B26');
    const second = playAll(stopped, [{ actor: 'p1', type: 'beside', target: 'p4' }]).state;
    expect(kinds(second)).toEqual(['turn', 'target-response']);
    // p4 can discard exactly 2 cards: they go without a choice (L2).
    const lost = playAll(second, [{ actor: 'p4', type: 'pass' }]).state;
    expect(hand(lost, 'p4')).toEqual(['r2-d2-1']);
    expect(lost.discard).toEqual(['imperial-assault-2-1', 'rebel-assault-1', 'han-solo-1', 'chewbacca-1']);
    expect(lost.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('D24', 'the second target is optional; each target answers for themselves', () => {
    const s = dealtState([['rebel-assault-1'], ['ewok-defend-2', 'x-wing-defend-1', 'evade-1'], ['jawa-attack-1']], PILE, { sets });
    const first = playAll(s, [
      { actor: 'p1', type: 'assault', card: 'rebel-assault-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p2', type: 'discard', card: 'evade-1' },
      { actor: 'p2', type: 'discard', card: 'ewok-defend-2' },
    ]).state;
    expect(kinds(first)).toEqual(['turn', 'assault-beside']);
    expect(stolenPlans.legalMoves(first, 'p1').map((m) => (m.type === 'beside' ? m.target : m.type))).toEqual(['p3', 'pass']);
    const passed = playAll(first, [{ actor: 'p1', type: 'pass' }]).state;
    expect(hand(passed, 'p3')).toEqual(['jawa-attack-1']);
    expect(passed.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('D29', 'with two players an Assault has no second target', () => {
    const s = dealtState([['rebel-assault-1'], ['ewok-defend-2', 'x-wing-defend-1', 'evade-1']], PILE, { sets });
    const { state } = playAll(s, [
      { actor: 'p1', type: 'assault', card: 'rebel-assault-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p2', type: 'discard', card: 'evade-1' },
      { actor: 'p2', type: 'discard', card: 'ewok-defend-2' },
    ]);
    expect(kinds(state)).toEqual(['turn']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });
});

describe('Stolen Plans: the cards only in when asked for by name (B21, B22, B27, D17, D18)', () => {
  const include = ['lose-the-game', 'pass-a-card'];

  it("the game's options offer them, each with the set and the cards it needs", () => {
    const ids = STOLEN_PLANS_META.options.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining(['include-lose-the-game', 'include-pass-a-card', 'include-student-of-the-force']));
    const { state } = stolenPlans.setup(
      { players: players(3), options: { bonus: true, 'include-lose-the-game': true, 'include-pass-a-card': true, 'include-student-of-the-force': true } },
      3,
    );
    expect(state.allCards).toEqual(expect.arrayContaining(['lose-the-game-1', 'pass-a-card-1', 'pass-a-card-2', 'student-of-the-force-1']));
    // Student of the Force replaces Luke Skywalker, and End Game (which needs Luke) goes with it.
    expect(state.allCards.some((c) => c.startsWith('luke-skywalker') || c.startsWith('end-game'))).toBe(false);
    expect(state.rules.jediSlots).toBe(2);
    expect(() => stolenPlans.setup({ players: players(3), options: { bonus: true, 'include-lose-the-game': true } }, 3)).toThrow(GameConfigError);
    expect(() => stolenPlans.setup({ players: players(3), options: { bonus: true, 'include-lose-the-game': true } }, 3)).toThrow(
      /include-pass-a-card.*played together with Pass a Card/,
    );
    expect(() => stolenPlans.setup({ players: players(3), options: { 'include-student-of-the-force': true } }, 3)).toThrow(/needs option "bonus"/);
  });

  clause('B21', 'Pass a Card: give one card of your hand to another player, who must keep it; only the two know which', () => {
    const s = dealtState([['pass-a-card-1', 'lose-the-game-1', 'jawa-attack-1'], ['r2-d2-1'], ['ewok-defend-2']], PILE, { sets, include });
    const gives = stolenPlans.legalMoves(s, 'p1').filter((m) => m.type === 'give');
    expect(gives).toHaveLength(4);
    expect(reject(s, { actor: 'p1', type: 'give', card: 'pass-a-card-1', target: 'p2', gift: 'pass-a-card-1' })).toContain('another card');
    const applied = stolenPlans.apply(s, { actor: 'p1', type: 'give', card: 'pass-a-card-1', target: 'p2', gift: 'lose-the-game-1' });
    if (!applied.ok) throw new Error(applied.reason);
    // Nothing answers a gift: the turn passes.
    expect(applied.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    expect(hand(applied.state, 'p2')).toEqual(['r2-d2-1', 'lose-the-game-1']);
    const given = applied.events.find((e) => e.type === 'given');
    expect(given).toEqual({ type: 'given', from: 'p1', to: 'p2', card: 'lose-the-game-1' });
    expect(stolenPlans.eventFor(given!, 'p3')).toEqual({ type: 'given', from: 'p1', to: 'p2', card: null });
    expect(stolenPlans.view(applied.state, 'p1').players[1]?.known).toEqual(['lose-the-game-1']);
  });

  clause('B22', 'Lose the Game: never discarded (kept like R2-D2), and its holder loses at the end', () => {
    const s = dealtState([['jawa-attack-1'], ['lose-the-game-1', 'ewok-defend-2'], ['r2-d2-1']], ['ewok-defend-1'], { sets, include });
    const hit = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(hand(hit.state, 'p2')).toEqual(['lose-the-game-1']);
    expect(hit.events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    const ended = playThrough(hit.state, [
      { actor: 'p2', type: 'draw' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(ended.winners).toEqual(['p3']);
    expect(ended.summary).toContain('P2 (p2) holds Lose the Game and loses');
  });

  clause('D17', 'R2-D2 with Lose the Game in one hand: nobody wins', () => {
    const s = dealtState([['jawa-attack-1'], ['lose-the-game-1', 'r2-d2-1']], ['ewok-defend-1'], { sets, include });
    const ended = playAll(s, [
      { actor: 'p1', type: 'draw' },
      { actor: 'p1', type: 'pass' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(ended.winners).toEqual([]);
    expect(ended.summary).toContain('also Lose the Game: nobody wins');
  });

  clause('D18', 'Discard All: R2-D2 and the Decoy pass to the player; Lose the Game stays with the target', () => {
    const s = dealtState([['discard-all-1'], ['lose-the-game-1', 'r2-d2-1', 'jawa-attack-1']], PILE, { sets, include });
    const { state } = playAll(s, [{ actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p2' }]);
    expect(hand(state, 'p1')).toEqual(['r2-d2-1']);
    expect(hand(state, 'p2')).toEqual(['lose-the-game-1']);
  });

  clause('B27', 'Student of the Force: a second Jedi in play, never two in front of one player', () => {
    const s = dealtState([['student-of-the-force-1', 'jedi-1'], ['r2-d2-1']], PILE, { sets, include: ['student-of-the-force'] });
    expect(s.rules.jediSlots).toBe(2);
    const placed = playAll(s, [{ actor: 'p1', type: 'place-jedi', card: 'jedi-1' }]).state;
    expect(placed.inPlay).toEqual([{ card: 'jedi-1', owner: 'p1' }]);
    const again = passStarts(playThrough(placed, [{ actor: 'p2', type: 'draw' }]).state);
    expect(reject(again, { actor: 'p1', type: 'place-jedi', card: 'student-of-the-force-1' })).toContain('one at most (J1)');
    const two = dealtState([['student-of-the-force-1'], ['r2-d2-1']], PILE, {
      sets,
      include: ['student-of-the-force'],
      inPlay: [{ card: 'jedi-1', owner: 'p2' }],
    });
    expect(stolenPlans.legalMoves(two, 'p1')).toContainEqual({ actor: 'p1', type: 'place-jedi', card: 'student-of-the-force-1' });
  });
});
