// Rogue One: Saw Gerrera (RO8, H2, ST2, D12) and the new Rebel Heroes (RO9), with set-up deals
// holding the Rogue One cards: each other player loses a card; or, out of turn with one Rebel Hero,
// the whole of a card played at the answerer alone is cancelled, against every play that opens
// target-response, and against nothing else.
import { describe, expect } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, playAll, reject } from './sp-fixtures.ts';

const sets = ['rogue-one', 'bonus'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const saw = (hero = 'bistan-1'): SpMove => ({ actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: [hero] });
/** p1 plays `move` at p2, who holds Saw Gerrera and a hero; p2 answers with them: everything played is discarded, nothing else happens. */
function sawCancels(hands: string[][], move: SpMove, extra: { inPlay?: { card: string; owner: string }[]; sets?: string[]; inactive?: string[] } = {}) {
  const s = dealtState(hands, PILE, { ...extra, sets: extra.sets ?? sets });
  const played = playAll(s, [move]).state;
  expect(kinds(played)).toEqual(['turn', 'target-response']);
  expect(stolenPlans.legalMoves(played, 'p2')).toContainEqual(saw());
  const { state, events } = playAll(played, [saw()]);
  expect(events).toContainEqual({ type: 'reacted', player: 'p2', card: 'saw-gerrera-1', window: 'target-response', on: null });
  expect(state.discard.slice(-2)).toEqual(['saw-gerrera-1', 'bistan-1']);
  expect(state.stack[0]?.data, JSON.stringify(move)).toEqual({ at: 'turn', player: 'p2' });
  expect(state.stack.slice(1).map((d) => d.kind)).toEqual(state.stack.length > 1 ? ['turn-start'] : []);
  return { state, events };
}

describe('Stolen Plans, Rogue One: Saw Gerrera', () => {
  clause('RO8', 'on your turn, each other player, from your left, loses a card of their choice', () => {
    const s = dealtState([['saw-gerrera-1', 'jawa-attack-1'], ['r2-d2-1'], ['x-wing-defend-1', 'ewok-defend-2'], ['pao-1']], PILE, { sets });
    expect(stolenPlans.legalMoves(s, 'p1')).toContainEqual({ actor: 'p1', type: 'action', card: 'saw-gerrera-1' });
    const played = playAll(s, [{ actor: 'p1', type: 'action', card: 'saw-gerrera-1' }]);
    expect(played.events[0]).toEqual({ type: 'played', player: 'p1', as: 'saw-gerrera', cards: ['saw-gerrera-1'], targets: ['p2', 'p3', 'p4'] });
    // p2 keeps R2-D2 and says so (L2); p3 chooses; p4 then loses their one card.
    expect(played.events).toContainEqual({ type: 'cannot-discard', player: 'p2', count: 1 });
    expect(kinds(played.state)).toEqual(['turn', 'choose-discards']);
    expect(toMove(stolenPlans, played.state)).toEqual(['p3']);
    const { state } = playAll(played.state, [{ actor: 'p3', type: 'discard', card: 'ewok-defend-2' }]);
    expect(hand(state, 'p3')).toEqual(['x-wing-defend-1']);
    expect(hand(state, 'p4')).toEqual([]);
    expect(state.discard).toEqual(['saw-gerrera-1', 'ewok-defend-2', 'pao-1']);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('H2', 'out of turn with one Rebel Hero: the card played against you is cancelled; Saw, the hero and the card are discarded', () => {
    const { state, events } = sawCancels(
      [
        ['jawa-attack-1', 'crush-the-rebellion-1'],
        ['saw-gerrera-1', 'bistan-1', 'han-solo-1', 'r2-d2-1'],
      ],
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2', with: ['crush-the-rebellion-1'] },
    );
    // Crush blocks Defend cards only (D8): Saw still answers; nobody loses anything.
    expect(events).toContainEqual({ type: 'cancelled', player: 'p2', cards: ['jawa-attack-1', 'crush-the-rebellion-1'] });
    expect(events.some((e) => e.type === 'attack-resolved')).toBe(false);
    expect(hand(state, 'p2')).toEqual(['han-solo-1', 'r2-d2-1']);
    expect(state.discard).toEqual(['jawa-attack-1', 'crush-the-rebellion-1', 'saw-gerrera-1', 'bistan-1']);
    // Each hero of the hand may go with it; Saw needs exactly one Rebel Hero.
    const s = dealtState([['jawa-attack-1'], ['saw-gerrera-1', 'bistan-1', 'han-solo-1', 'x-wing-defend-1']], PILE, { sets });
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    const answers = stolenPlans.legalMoves(attacked, 'p2').filter((m) => m.type === 'react');
    expect(answers).toEqual([saw('bistan-1'), saw('han-solo-1')]);
    expect(reject(attacked, { actor: 'p2', type: 'react', card: 'saw-gerrera-1' })).toMatch(/does not answer/);
    expect(reject(attacked, { actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: ['x-wing-defend-1'] })).toMatch(/not a Rebel Hero/);
    expect(reject(attacked, { actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: ['bistan-1', 'han-solo-1'] })).toMatch(/exactly one Rebel Hero/);
    expect(reject(attacked, { actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: ['pao-1'] })).toMatch(/do not hold/);
    // Without a hero, Saw is no answer.
    const alone = dealtState([['jawa-attack-1'], ['saw-gerrera-1', 'x-wing-defend-1']], PILE, { sets });
    const hit = playAll(alone, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(hit, 'p2').filter((m) => m.type === 'react')).toEqual([]);
    // Where it and the heroes are all face up, the window asks nobody it could not be answered by... but Defend cards still answer an Attack.
    const gone = dealtState([['boba-fett-steal-1'], ['x-wing-defend-1']], PILE, { sets: ['rogue-one'], discard: ['saw-gerrera-1'] });
    expect(kinds(playAll(gone, [{ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' }]).state)).toEqual(['turn', 'steal']);
  });

  clause('ST2', 'steals played at one player: Saw with a hero cancels Boba Fett, Jabba the Hutt and the Steal Bonus; Block Steal Boba alone', () => {
    for (const [card, bonus] of [
      ['boba-fett-steal-1', null],
      ['jabba-the-hutt-steal-1', null],
      ['boba-fett-steal-1', 'steal-bonus-1'],
    ] as const) {
      const move: SpMove = { actor: 'p1', type: 'steal', card, target: 'p2', ...(bonus === null ? {} : { with: [bonus] }) };
      const { state, events } = sawCancels(
        [
          [card, ...(bonus === null ? [] : [bonus])],
          ['saw-gerrera-1', 'bistan-1', 'r2-d2-1', 'block-steal-1'],
        ],
        move,
      );
      expect(events.some((e) => e.type === 'stolen')).toBe(false);
      expect(hand(state, 'p2')).toEqual(['r2-d2-1', 'block-steal-1']);
    }
    const s = dealtState([['jabba-the-hutt-steal-1'], ['saw-gerrera-1', 'bistan-1', 'r2-d2-1', 'block-steal-1']], PILE, { sets });
    const jabba = playAll(s, [{ actor: 'p1', type: 'steal', card: 'jabba-the-hutt-steal-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(jabba, 'p2')).toEqual([saw(), { actor: 'p2', type: 'pass' }]);
    // Passing lets the steal go on: its cards are picked by chance.
    const passed = playAll(jabba, [{ actor: 'p2', type: 'pass' }]).state;
    expect(kinds(passed)).toEqual(['turn', 'steal']);
    expect(toMove(stolenPlans, passed)).toEqual([CHANCE]);
  });

  // Strikes, Assaults, Discard All, Vicious Attack, the Detonator, Counter, the AT-ACT, eliminations, the U-Wing; not Burn Cards,
  // Scout, Krennic with the Death Trooper, the AT-ACT destroying the Cargo Ship, a gift.
  clause('D12', 'Saw answers a card played at the answerer alone, nothing else', () => {
    const heroes = ['saw-gerrera-1', 'bistan-1', 'jedi-1'];
    sawCancels([['imperial-strike-2-1'], heroes], { actor: 'p1', type: 'strike', card: 'imperial-strike-2-1', target: 'p2' });
    sawCancels([['discard-all-1'], heroes], { actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p2' });
    sawCancels(
      [['vicious-attack-1'], heroes],
      { actor: 'p1', type: 'action', card: 'vicious-attack-1', target: 'p2' },
      { sets: [...sets, 'additional-bonus'] },
    );
    sawCancels([['at-act-1'], heroes, ['ewok-defend-2']], { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' });
    const counter = sawCancels(
      [['counter-1'], heroes],
      { actor: 'p1', type: 'action', card: 'counter-1', target: 'p2' },
      {
        inPlay: [{ card: 'advantage-1', owner: 'p2' }],
      },
    );
    expect(counter.state.inPlay).toEqual([{ card: 'advantage-1', owner: 'p2' }]);
    const det = sawCancels(
      [['detonator-1'], heroes],
      { actor: 'p1', type: 'action', card: 'detonator-1', target: 'p2' },
      {
        sets: ['rogue-one', 'starting-resources', 'additional-resources'],
        // p1's Food would offer another play after this one (T5).
        inactive: ['food@1'],
      },
    );
    expect(det.state.resources.filter((r) => r.owner === 'p2').every((r) => r.active)).toBe(true);
    // The Assault is cancelled whole: no second target is named.
    const assault = sawCancels([['rebel-assault-1'], heroes, ['x-wing-defend-1']], { actor: 'p1', type: 'assault', card: 'rebel-assault-1', target: 'p2' });
    expect(assault.state.pending).toEqual([]);
    // Eliminating one player's squad cards, and the U-Wing taking them: the squad cards stay.
    const squad = [{ card: 'locate-plans-1', owner: 'p2' }];
    const death = sawCancels([['death-trooper-1'], heroes], { actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p2' }, { inPlay: squad });
    expect(death.state.inPlay).toEqual(squad);
    const uwing = sawCancels([['transport-squad-1'], heroes], { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' }, { inPlay: squad });
    expect(uwing.state.inPlay).toEqual(squad);

    // Not aimed at the answerer alone: no target-response, so no Saw.
    const noWindow = (hands: string[][], move: SpMove, extra: { inPlay?: { card: string; owner: string }[] } = {}): SpEvent[] => {
      const s = dealtState(hands, PILE, { sets, ...extra });
      const r = playAll(s, [move]);
      expect(r.state.stack.some((d) => d.kind === 'target-response')).toBe(false);
      return r.events;
    };
    noWindow([['burn-cards-1'], heroes], { actor: 'p1', type: 'action', card: 'burn-cards-1' });
    noWindow([['scout-1'], heroes], { actor: 'p1', type: 'action', card: 'scout-1' });
    noWindow(
      [['orson-krennic-1', 'death-trooper-1'], heroes],
      { actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] },
      {
        inPlay: squad,
      },
    );
    const ship = dealtState([['at-act-1'], heroes], PILE, { sets });
    const destroyed = playAll({ ...ship, cargo: { card: 'cargo-ship-1', owner: 'p2', hold: [] } }, [{ actor: 'p1', type: 'action', card: 'at-act-1' }]);
    expect(kinds(destroyed.state)).toEqual(['turn']);
    const gift = dealtState([['pass-a-card-1', 'jawa-attack-1'], heroes], PILE, { sets, include: ['lose-the-game', 'pass-a-card'] });
    expect(kinds(playAll(gift, [{ actor: 'p1', type: 'give', card: 'pass-a-card-1', target: 'p2', gift: 'jawa-attack-1' }]).state)).toEqual(['turn']);
  });
});

describe('Stolen Plans, Rogue One: the plays Saw Gerrera answers', () => {
  clause('B17', 'Miss a Turn opens target-response for the turn player inside turn-start: Saw with a hero cancels it and the turn goes on', () => {
    const s = dealtState([['jawa-attack-1'], ['saw-gerrera-1', 'pao-1', 'r2-d2-1'], ['miss-a-turn-1', 'x-wing-defend-1']], PILE, { sets });
    const start = playAll(s, [{ actor: 'p1', type: 'draw' }]).state;
    expect(kinds(start)).toEqual(['turn', 'turn-start']);
    const missed = playAll(start, [{ actor: 'p3', type: 'react', card: 'miss-a-turn-1' }]).state;
    // W2: turn → target-response (the turn-start window has closed at its first answer).
    expect(kinds(missed)).toEqual(['turn', 'target-response']);
    expect(toMove(stolenPlans, missed)).toEqual(['p2']);
    expect(missed.stack.at(-1)?.data).toMatchObject({ at: 'target-response', attacker: 'p3', target: 'p2', attack: ['miss-a-turn-1'], effect: 'other' });
    expect(stolenPlans.legalMoves(missed, 'p2')).toEqual([saw('pao-1'), { actor: 'p2', type: 'pass' }]);
    const cancelled = playAll(missed, [saw('pao-1')]);
    expect(cancelled.events).toContainEqual({ type: 'cancelled', player: 'p2', cards: ['miss-a-turn-1'] });
    expect(cancelled.events.some((e) => e.type === 'turn-missed')).toBe(false);
    expect(kinds(cancelled.state)).toEqual(['turn']);
    expect(toMove(stolenPlans, cancelled.state)).toEqual(['p2']);
    expect(cancelled.state.discard).toEqual(['miss-a-turn-1', 'saw-gerrera-1', 'pao-1']);
    // Passing: the turn is missed.
    const passed = playAll(missed, [{ actor: 'p2', type: 'pass' }]);
    expect(passed.events).toContainEqual({ type: 'turn-missed', player: 'p2', by: 'p3' });
    expect(passed.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p3' });
  });

  clause('W7', 'every play from a hand at one player opens target-response, Jedi Mind Trick too: Saw cancels it before the hand is shown', () => {
    const s = dealtState([['jedi-mind-trick-1'], ['saw-gerrera-1', 'c1-10p-1', 'r2-d2-1']], PILE, {
      sets,
      inPlay: [{ card: 'jedi-1', owner: 'p1' }],
    });

    const played = playAll(s, [{ actor: 'p1', type: 'mind-trick', card: 'jedi-mind-trick-1', target: 'p2' }]);
    expect(kinds(played.state)).toEqual(['turn', 'target-response']);
    expect(played.events.some((e) => e.type === 'hand-shown')).toBe(false);
    const cancelled = playAll(played.state, [{ actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: ['c1-10p-1'] }]);
    expect(cancelled.events.some((e) => e.type === 'hand-shown')).toBe(false);
    expect(cancelled.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    const passed = playAll(played.state, [{ actor: 'p2', type: 'pass' }]);
    expect(passed.events).toContainEqual({ type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: ['saw-gerrera-1', 'c1-10p-1', 'r2-d2-1'] });
    expect(kinds(passed.state)).toEqual(['turn', 'mind-trick']);
  });

  clause('D34', 'a hero steal: each victim in turn may answer with Saw; Saw by any cancels the whole steal', () => {
    // A hero steal: each victim in turn (once, if named twice); Saw by any of them cancels the whole steal.
    const heroes = dealtState(
      [
        ['bistan-1', 'pao-1'],
        ['jawa-attack-1', 'r2-d2-1'],
        ['saw-gerrera-1', 'c1-10p-1', 'ewok-defend-2'],
      ],
      PILE,
      { sets },
    );
    const stealing = playAll(heroes, [{ actor: 'p1', type: 'hero-steal', cards: ['bistan-1', 'pao-1'], victims: ['p2', 'p3'] }]).state;
    expect(kinds(stealing)).toEqual(['turn', 'target-response']);
    expect(toMove(stolenPlans, stealing)).toEqual(['p2']);
    const second = playAll(stealing, [{ actor: 'p2', type: 'pass' }]).state;
    expect(toMove(stolenPlans, second)).toEqual(['p3']);
    expect(second.stack.at(-1)?.data).toMatchObject({ at: 'target-response', attacker: 'p1', target: 'p3', attack: ['bistan-1', 'pao-1'] });
    const sawed = playAll(second, [{ actor: 'p3', type: 'react', card: 'saw-gerrera-1', with: ['c1-10p-1'] }]);
    expect(sawed.events.some((e) => e.type === 'stolen')).toBe(false);
    expect(sawed.state.discard).toEqual(['saw-gerrera-1', 'c1-10p-1', 'bistan-1', 'pao-1']);
    expect(sawed.state.pending).toEqual([]);
    expect(sawed.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // Both let it go: then Capture's window (ST3), then the picks.
    const through = playAll(second, [{ actor: 'p3', type: 'pass' }]).state;
    expect(kinds(through)).toEqual(['turn', 'heroes-played']);
    const picking = playAll(through, [
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    expect(picking.stack.at(-1)?.data).toEqual({ at: 'steal', thief: 'p1', victims: ['p2', 'p3'] });
    const twice = playAll(heroes, [{ actor: 'p1', type: 'hero-steal', cards: ['bistan-1', 'pao-1'], victims: ['p3', 'p3'] }]).state;
    expect(toMove(stolenPlans, twice)).toEqual(['p3']);
    expect(kinds(playAll(twice, [{ actor: 'p3', type: 'pass' }]).state)).toEqual(['turn', 'heroes-played']);
  });
});

describe('Stolen Plans, Rogue One: the new Rebel Heroes', () => {
  clause('RO9', 'Bistan, Pao and C1-10P are Rebel Heroes: a Defend 3 alone, a steal in pairs, with Saw, saving squad cards; Capture takes them (D13)', () => {
    // A Defend of 3, and Capture takes it.
    const s = dealtState([['jawa-attack-1'], ['pao-1', 'r2-d2-1'], ['capture-1']], PILE, { sets });
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    expect(stolenPlans.legalMoves(attacked, 'p2')).toContainEqual({ actor: 'p2', type: 'defend', cards: ['pao-1'] });
    const defended = playAll(attacked, [{ actor: 'p2', type: 'defend', cards: ['pao-1'] }]);
    expect(defended.events).toContainEqual({ type: 'defended', player: 'p2', cards: ['pao-1'], total: 3 });
    const captured = playAll(defended.state, [
      { actor: 'p3', type: 'react', card: 'capture-1', on: 'pao-1' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    expect(hand(captured, 'p3')).toEqual(['pao-1']);
    // Two of them steal together, from any combination of other players.
    const pair = dealtState([['bistan-1', 'c1-10p-1'], ['r2-d2-1'], ['jawa-attack-2']], PILE, { sets });
    expect(stolenPlans.legalMoves(pair, 'p1')).toContainEqual({ actor: 'p1', type: 'hero-steal', cards: ['bistan-1', 'c1-10p-1'], victims: ['p2', 'p3'] });
    // With Saw; and one saves a squad card from an elimination (H3).
    sawCancels([['jawa-attack-1'], ['saw-gerrera-1', 'bistan-1']], { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' });
    const squad = dealtState([['sand-trooper-1'], ['c1-10p-1', 'r2-d2-1']], PILE, { sets, inPlay: [{ card: 'reprogram-1', owner: 'p2' }] });
    const aimed = playAll(squad, [{ actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' }]).state;
    const eliminating = kinds(aimed).at(-1) === 'target-response' ? playAll(aimed, [{ actor: 'p2', type: 'pass' }]).state : aimed;
    expect(kinds(eliminating)).toEqual(['turn', 'elimination']);
    expect(stolenPlans.legalMoves(eliminating, 'p2')).toContainEqual({ actor: 'p2', type: 'react', card: 'c1-10p-1', on: 'reprogram-1' });
    const saved = playAll(eliminating, [{ actor: 'p2', type: 'react', card: 'c1-10p-1', on: 'reprogram-1' }]).state;
    expect(saved.inPlay).toEqual([{ card: 'reprogram-1', owner: 'p2' }]);
  });
});
