// The Queen's Gambit's rules, clause by clause (README "The rules", §1-§13), on states built
// from a real set-up: each test plays the moves a table would and checks what they did.
import { describe, expect, it } from 'vitest';
import { toMove, eventsSeenBy } from '../../../host/engine/table-game.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgEvent, QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { accountingProblems, deckOf, DATA, unitById } from '../../../host/games/queens-gambit/rules.ts';
import { applyAll, atCard, choose, copy1, roll, started, TWO, FOUR } from './play-helpers.ts';

const g = queensGambit;
const options = (s: QgState, actor: string): string[] => g.legalMoves(s, actor).map((m) => (m.type === 'choose' ? m.option : m.type));
const declineAll = (s: QgState): QgState => {
  for (let i = 0; i < 40 && toMove(g, s).length === 1 && s.stack.at(-1)?.data.at === 'action'; i++)
    s = applyAll(s, [choose(toMove(g, s)[0] as string, 'decline')]).state;
  return s;
};
const planFirst = (s: QgState, actor: string): QgMove[] => {
  const seat = s.players.indexOf(actor);
  const plan = s.plans[seat] as QgState['plans'][number];
  return [...plan.from.slice(0, plan.max).map((card): QgMove => ({ actor, type: 'pick', card })), { actor, type: 'commit' }];
};
const lines = (events: readonly QgEvent[]): string[] => events.flatMap((e) => (e.type === 'device' ? [e.line] : []));

describe('§1 set-up', () => {
  it('two players: the Trade Federation (p1) holds the marker, hands of 5 + 5, the forces, the pieces outside the board', () => {
    const { state: s, events } = g.setup(TWO, 3);
    expect(s.seats.map((x) => x.side)).toEqual(['trade-federation', 'naboo']);
    expect(s.marker).toBe(0);
    for (const hand of s.hands) {
      expect(hand).toHaveLength(10);
      expect(hand.filter((c) => deckOf(c).endsWith('battlefield'))).toHaveLength(5);
    }
    expect(s.units.filter((u) => u.unit === 'gungan-group').map((u) => u.id)).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9']);
    expect(s.units.filter((u) => u.unit === 'mtt').map((u) => u.id)).toEqual(['MTT1', 'MTT2', 'MTT3']);
    expect(s.palace).toEqual({ 'palace-guard': 21, 'battle-droid': 12, 'destroyer-droid': 4, viceroy: 2 });
    expect(s.offBoard['battle-droid']?.box).toBe(21);
    expect(s.offBoard['destroyer-droid']?.box).toBe(2);
    expect([s.anakin, s.starfighterDeck.length, s.stacks.flat().length]).toEqual([0, 8, 0]);
    expect(accountingProblems(s)).toEqual([]);
    // A player's own draw is seen by them alone.
    expect(
      eventsSeenBy(g, events, 'p1')
        .filter((e) => e.type === 'drew' && e.player === 'p2')
        .every((e) => e.type === 'drew' && e.cards === null),
    ).toBe(true);
  });

  it('the Naboo player secretly chooses the real Queen before the first plan; the Trade Federation never sees it', () => {
    const s0 = g.setup(TWO, 3).state;
    expect(toMove(g, s0)).toEqual(['p2']);
    expect(options(s0, 'p2')).toEqual(['red-queen', 'purple-queen']);
    expect(g.legalMoves(s0, 'p1')).toEqual([]);
    expect(g.judge(s0, choose('p1', 'red-queen'))).toBe('"p1" is not asked to decide this queen');
    const { state, events } = applyAll(s0, [choose('p2', 'purple-queen')]);
    expect(g.view(state, 'p2').realQueen).toBe('real-queen:purple-queen');
    expect(g.view(state, 'p1').realQueen).toBeNull();
    expect(JSON.stringify(eventsSeenBy(g, events, 'p1'))).not.toContain('purple');
    expect(toMove(g, state)).toEqual(['p1', 'p2']);
  });

  it('four players: the Naboo Palace player chooses the Queen; hands of 3 + 3; the marker with the Trade Federation Battlefield player', () => {
    const s = g.setup(FOUR, 3).state;
    expect(s.seats).toEqual(DATA.rules.fourPlayer.seating.map((x) => ({ side: x.side, roles: [x.role] })));
    expect(toMove(g, s)).toEqual(['p3']);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6, 6]);
    expect(s.marker).toBe(0);
  });
});

describe('§2 a turn', () => {
  it('both plan at once in small steps with undo; the other side sees only "committed"; bonus cards slide beneath once 4 are chosen', () => {
    let s = started();
    s = {
      ...s,
      bonus: { ...s.bonus, 'trade-federation': s.decks['trade-federation-palace'].draw.slice(0, 2) },
      decks: { ...s.decks, 'trade-federation-palace': { draw: s.decks['trade-federation-palace'].draw.slice(2), discard: [] } },
    };
    expect(toMove(g, s)).toEqual(['p1', 'p2']);
    const hand = s.hands[0] as string[];
    expect(g.legalMoves(s, 'p1').length).toBe(10);
    let r = applyAll(s, [
      { actor: 'p1', type: 'pick', card: hand[0] as string },
      { actor: 'p1', type: 'undo' },
      ...[1, 2, 3, 4].map((i): QgMove => ({ actor: 'p1', type: 'pick', card: hand[i] as string })),
    ]);
    expect(options(r.state, 'p1')).toEqual(['undo', 'slide-bonus', 'commit']);
    expect(eventsSeenBy(g, r.events, 'p2')).toEqual([]);
    expect(g.view(r.state, 'p2').plans.p1).toEqual({ picked: null, bonus: null, committed: false });
    r = applyAll(r.state, [
      { actor: 'p1', type: 'slide-bonus' },
      { actor: 'p1', type: 'slide-bonus' },
    ]);
    expect(options(r.state, 'p1')).toEqual(['take-back-bonus', 'commit']);
    expect(g.judge(r.state, { actor: 'p1', type: 'undo' })).toBe('take the bonus cards back before undoing a pick');
    r = applyAll(r.state, [{ actor: 'p1', type: 'commit' }, ...planFirst(r.state, 'p2')]);
    expect(r.events.find((e) => e.type === 'plans-laid')).toEqual({ type: 'plans-laid', piles: { p1: { cards: 4, bonus: 2 }, p2: { cards: 4, bonus: 0 } } });
    // Alternate from the marker; the longer pile finishes alone.
    const order: string[] = [];
    const bonusFlags: boolean[] = [];
    let t = r.state;
    expect(r.events.filter((e) => e.type === 'turned-over').map((e) => (e as { card: string }).card)).toEqual([hand[1]]);
    for (let i = 0; i < 10 && t.turn === 1; i++) {
      const top = t.stack.at(-1)?.data;
      if (top?.at !== 'action') break;
      order.push(top.player);
      const after = applyAll(t, [choose(top.player, 'decline')]);
      bonusFlags.push(...after.events.flatMap((e) => (e.type === 'turned-over' ? [e.bonus] : [])));
      t = after.state;
    }
    expect(order).toEqual(['p1', 'p2', 'p1', 'p2', 'p1', 'p2', 'p1', 'p2', 'p1', 'p1']);
    expect(bonusFlags.filter((b) => b)).toHaveLength(2);
    // The marker passes; each draws 2 + 2.
    expect(t.turn).toBe(2);
    expect(t.marker).toBe(1);
    expect(t.hands.map((h) => h.length)).toEqual([10, 10]);
    expect(t.bonus['trade-federation']).toEqual([]);
    expect(accountingProblems(t)).toEqual([]);
  });

  it('deck out mid-action: the card being carried out stays face up on its discard pile, never shuffled into the new deck', () => {
    // A Fambaa eliminated earns the Trade Federation a bonus card while Two AATs is carried out; its
    // Battlefield deck is empty, so the draw shuffles the discards, all but the card in play.
    const card = copy1('tb-two-aats');
    let s = atCard(started(), 'p1', card);
    const tb = s.decks['trade-federation-battlefield'];
    s = {
      ...s,
      units: s.units.map((u) => (u.id === 'F1' ? { ...u, damage: 4 } : u)),
      decks: { ...s.decks, 'trade-federation-battlefield': { draw: [], discard: [...tb.draw, ...tb.discard] } },
    };
    const shuffled = s.decks['trade-federation-battlefield'].discard.length - 1;
    let r = applyAll(s, [choose('p1', 'action:0'), choose('p1', 'unit:AAT1'), choose('p1', 'target:F1'), roll('hit', 'miss', 'miss'), roll('blank', 'blank')]);
    expect(r.events).toContainEqual({ type: 'bonus-earned', side: 'trade-federation', cards: 1 });
    expect(r.state.stack.some((d) => d.data.at === 'activate' && d.data.card === card)).toBe(true);
    r = applyAll(r.state, [choose('p1', 'battlefield')]);
    expect(r.events).toContainEqual({ type: 'reshuffled', deck: 'trade-federation-battlefield', cards: shuffled });
    const pile = r.state.decks['trade-federation-battlefield'];
    expect(pile.discard).toEqual([card]);
    expect(pile.draw).not.toContain(card);
    expect(r.state.bonus['trade-federation']).not.toContain(card);
    expect(r.state.bonus['trade-federation']).toHaveLength(1);
    expect(g.secretsFrom(r.state, 'p2')).not.toContain(card);
    expect(accountingProblems(r.state)).toEqual([]);
  });

  it('deck out, "reshuffle": the discards become the deck before a draw; "stop": nothing is drawn, and a turn with no card at all is a draw', () => {
    for (const deckOut of ['reshuffle', 'stop'] as const) {
      let s = started(2, { 'deck-out': deckOut });
      const nb = s.decks['naboo-battlefield'];
      s = { ...s, decks: { ...s.decks, 'naboo-battlefield': { draw: [], discard: nb.draw } } };
      const r = applyAll(s, [...planFirst(s, 'p1'), ...planFirst(s, 'p2')]);
      const after = applyAll(declineAll(r.state), []);
      const t = declineAll(after.state);
      const drewBattlefield = t.hands[1]?.filter((c) => deckOf(c) === 'naboo-battlefield').length ?? 0;
      const before = (s.hands[1] as string[]).filter((c) => deckOf(c) === 'naboo-battlefield' && !(s.plans[1]?.from.slice(0, 4) ?? []).includes(c)).length;
      expect(drewBattlefield - before).toBe(deckOut === 'reshuffle' ? 2 : 0);
      expect(accountingProblems(t)).toEqual([]);
    }
    let s = started(2, { 'deck-out': 'stop' });
    const all = s.hands.flat();
    s = {
      ...s,
      hands: [[], []],
      plans: s.plans.map((p) => ({ ...p, from: [], max: 0, min: 0 })),
      decks: Object.fromEntries(
        Object.entries(s.decks).map(([id, d]) => [id, { draw: [], discard: [...d.draw, ...d.discard, ...all.filter((c) => deckOf(c) === id)] }]),
      ) as unknown as QgState['decks'],
    };
    const r = applyAll(s, [
      { actor: 'p1', type: 'commit' },
      { actor: 'p2', type: 'commit' },
    ]);
    expect(g.result(r.state)).toMatchObject({ finished: true, winners: [], returns: { p1: 0.5, p2: 0.5 } });
  });
});

describe('§3 playing a card', () => {
  it('the action is chosen (or declined); units are picked one at a time, never the same twice, never more than the card names; the action ends when they are all used', () => {
    const s = atCard(started(), 'p2', copy1('nb-gungan-group-3'));
    expect(options(s, 'p2')).toEqual(['action:0', 'decline']);
    let r = applyAll(s, [choose('p2', 'action:0')]);
    expect(options(r.state, 'p2')).toEqual([...Array.from({ length: 9 }, (_, i) => `unit:G${i + 1}`), 'done']);
    r = applyAll(r.state, [choose('p2', 'unit:G4')]);
    expect(r.events).toContainEqual({ type: 'unit-acts', unit: 'G4', move: 1, windowLedge: false });
    expect(options(r.state, 'p2').at(-1)).toBe('no-attack');
    r = applyAll(r.state, [choose('p2', 'no-attack')]);
    expect(options(r.state, 'p2')).not.toContain('unit:G4');
    r = applyAll(r.state, [choose('p2', 'unit:G1'), choose('p2', 'no-attack'), choose('p2', 'unit:G2'), choose('p2', 'no-attack')]);
    expect(r.state.stack.some((d) => d.data.at === 'activate')).toBe(false);
  });

  it('Palace figures are counted: "another Palace Guard" while the card and the board allow; kinds interleave', () => {
    let s = atCard(started(), 'p2', copy1('np-four-guards'));
    s = { ...s, palace: { ...s.palace, 'palace-guard': 2 }, offBoard: { ...s.offBoard, 'palace-guard': { box: 0, eliminated: 19, outOfGame: 0 } } };
    let r = applyAll(s, [choose('p2', 'action:0'), choose('p2', 'unit:palace-guard')]);
    expect(options(r.state, 'p2')).toEqual(['target:battle-droid', 'target:destroyer-droid', 'target:darth-maul', 'no-attack']);
    r = applyAll(r.state, [choose('p2', 'no-attack')]);
    expect(options(r.state, 'p2')).toEqual(['unit:palace-guard', 'done']);
    r = applyAll(r.state, [choose('p2', 'unit:palace-guard'), choose('p2', 'no-attack')]);
    expect(r.state.stack.some((d) => d.data.at === 'activate')).toBe(false);
    const t = applyAll(atCard(started(), 'p1', copy1('tp-destroyer-and-two-battle-droids')), [choose('p1', 'action:0')]);
    expect(options(t.state, 'p1')).toEqual(['unit:destroyer-droid', 'unit:battle-droid', 'done']);
    const u = applyAll(t.state, [choose('p1', 'unit:battle-droid'), choose('p1', 'no-attack')]);
    expect(options(u.state, 'p1')).toEqual(['unit:destroyer-droid', 'unit:battle-droid', 'done']);
  });

  it('attack dice by figures left; no defense roll after a miss; blocks cancel hits; a group loses one figure a hit; eliminated droids go outside the board', () => {
    let r = applyAll(atCard(started(), 'p2', copy1('nb-two-gungans')), [choose('p2', 'action:0'), choose('p2', 'unit:G1'), choose('p2', 'target:BD1')]);
    expect(r.state.stack.at(-1)?.chance).toMatchObject({ kind: 'roll' });
    r = applyAll(r.state, [roll('hit', 'multiple-hits', 'miss')]);
    expect(unitById(r.state, 'BD1')?.figures).toBe(1);
    expect(r.state.offBoard['battle-droid']?.eliminated).toBe(3);
    // Destroyer Droids (2 figures: 4 red) against a Gungan group (1 blue).
    let t = applyAll(atCard(started(), 'p1', copy1('tb-destroyers-or-battle-droids')), [
      choose('p1', 'action:0'),
      choose('p1', 'unit:DD1'),
      choose('p1', 'target:G2'),
    ]);
    expect(t.state.stack.at(-1)?.chance).toMatchObject({ kind: 'roll', dice: [{ id: 'red' }, { id: 'red' }, { id: 'red' }, { id: 'red' }] });
    const miss = applyAll(t.state, [roll('miss', 'miss', 'miss', 'miss')]);
    expect(miss.state.stack.at(-1)?.data.at).toBe('activate');
    t = applyAll(t.state, [roll('hit', 'multiple-hits', 'miss', 'miss'), roll('block')]);
    expect(t.events).toContainEqual({ type: 'attack', attacker: 'DD1', target: 'G2', hits: 3, blocks: 1, through: 2, riposte: 0 });
    expect(unitById(t.state, 'G2')?.figures).toBe(1);
    expect(g.judge(t.state, roll('hit'))).not.toBeNull();
  });

  it('heal moves a damage marker back, not below 0', () => {
    let s = atCard(started(), 'p2', copy1('np-qui-gon-recovers'));
    s = { ...s, units: s.units.map((u) => (u.id === 'qui-gon' ? { ...u, damage: 2 } : u)) };
    const r = applyAll(s, [choose('p2', 'action:0')]);
    expect(unitById(r.state, 'qui-gon')?.damage).toBe(0);
  });

  it('draw and play: the drawn card is shown, played at once, and goes to its discard pile; then the next', () => {
    const s = atCard(started(), 'p2', copy1('nb-use-the-force'));
    const top = s.decks['naboo-battlefield'].draw.slice(0, 2);
    let r = applyAll(s, [choose('p2', 'action:0')]);
    expect(r.events).toContainEqual({ type: 'drawn-and-played', player: 'p2', card: top[0] });
    expect(r.state.decks['naboo-battlefield'].discard).toContain(top[0]);
    r = applyAll(r.state, [choose('p2', 'decline')]);
    expect(r.events).toContainEqual({ type: 'drawn-and-played', player: 'p2', card: top[1] });
    expect(accountingProblems(r.state)).toEqual([]);
  });
});

describe('§5 the Jedi and the Sith', () => {
  it('split dice (3 an action, 6 on a Double Attack, at most 3 an attack); the riposte hits the attacker; the defender rolls against each attack', () => {
    let r = applyAll(atCard(started(), 'p2', copy1('np-qui-gon-fury')), [choose('p2', 'action:0'), choose('p2', 'unit:qui-gon')]);
    expect(options(r.state, 'p2')).toEqual(['target:battle-droid', 'target:destroyer-droid', 'target:darth-maul', 'done']);
    r = applyAll(r.state, [choose('p2', 'target:darth-maul')]);
    expect(options(r.state, 'p2')).toEqual(['dice:1', 'dice:2', 'dice:3', 'back']);
    r = applyAll(r.state, [choose('p2', 'dice:3'), roll('hit', 'hit', 'hit'), roll('riposte', 'block')]);
    expect(r.events).toContainEqual({ type: 'attack', attacker: 'qui-gon', target: 'darth-maul', hits: 3, blocks: 1, through: 2, riposte: 1 });
    expect([unitById(r.state, 'darth-maul')?.damage, unitById(r.state, 'qui-gon')?.damage]).toEqual([2, 1]);
    // Three dice left; a miss still has Maul roll (his green die may riposte).
    r = applyAll(r.state, [choose('p2', 'target:darth-maul'), choose('p2', 'dice:3'), roll('miss', 'miss', 'miss')]);
    expect(r.state.stack.at(-1)?.kind).toBe('defense-roll');
    r = applyAll(r.state, [roll('blank', 'blank')]);
    expect(r.state.stack.some((d) => d.data.at === 'activate')).toBe(false);
  });

  it('the Melting Pit: no duelist leaves while an enemy duelist lives; Darth Maul gives Naboo 5 bonus cards, drawn unseen', () => {
    let s = atCard(started(), 'p2', copy1('np-jedi-together'));
    s = { ...s, units: s.units.map((u) => (u.id === 'darth-maul' ? { ...u, damage: 6 } : u)) };
    let r = applyAll(s, [choose('p2', 'action:0'), choose('p2', 'unit:obi-wan')]);
    expect(options(r.state, 'p2')).not.toContain('leave-pit');
    r = applyAll(r.state, [choose('p2', 'target:darth-maul'), choose('p2', 'dice:1'), roll('hit'), roll('blank', 'blank')]);
    expect(r.events).toContainEqual({ type: 'bonus-earned', side: 'naboo', cards: 5 });
    expect(lines(r.events)).toEqual(['PLAY chime']);
    expect(toMove(g, r.state)).toEqual(['p2']);
    expect(options(r.state, 'p2')).toEqual(['battlefield', 'palace']);
    const palaceTop = r.state.decks['naboo-palace'].draw[0];
    for (let i = 0; i < 5; i++) r = applyAll(r.state, [choose('p2', 'palace')]);
    expect(r.state.bonus.naboo[0]).toBe(palaceTop);
    expect(r.state.bonus.naboo).toHaveLength(5);
    expect(JSON.stringify(g.view(r.state, 'p2'))).not.toContain(palaceTop);
    expect(options(r.state, 'p2')).toContain('leave-pit');
    r = applyAll(r.state, [choose('p2', 'leave-pit')]);
    expect(unitById(r.state, 'obi-wan')?.inPit).toBe(false);
    // The bonus cards wait for the next turn's plan: there they may slide beneath, unseen.
    r = applyAll(r.state, [choose('p2', 'done'), choose('p2', 'done')]);
    expect(r.state.stack.at(-1)?.kind).toBe('plan');
    const next = applyAll(r.state, planFirst(r.state, 'p2').slice(0, 4));
    expect(options(next.state, 'p2')).toEqual(['undo', 'slide-bonus', 'commit']);
    const slid = applyAll(next.state, [{ actor: 'p2', type: 'slide-bonus' }, { actor: 'p2', type: 'commit' }, ...planFirst(next.state, 'p1')]);
    expect(slid.events.find((e) => e.type === 'plans-laid')).toMatchObject({ piles: { p2: { cards: 4, bonus: 1 } } });
    expect(slid.state.piles[1]?.at(-1)).toEqual({ card: palaceTop, bonus: true });
  });
});

describe('§4, §6, §7 shield, bonus cards, the real Queen', () => {
  it('a Fambaa eliminated brings the shield down and clears a space: one bonus card to the Trade Federation', () => {
    let s = atCard(started(), 'p1', copy1('tb-two-aats'));
    s = { ...s, units: s.units.map((u) => (u.id === 'F1' ? { ...u, damage: 4 } : u)) };
    const r = applyAll(s, [
      choose('p1', 'action:0'),
      choose('p1', 'unit:AAT1'),
      choose('p1', 'target:F1'),
      roll('hit', 'miss', 'miss'),
      roll('blank', 'blank'),
    ]);
    expect(r.events).toContainEqual({ type: 'shield-down' });
    const aat = applyAll(s, [choose('p1', 'action:0'), choose('p1', 'unit:AAT1')]).state;
    expect(g.prompt(aat, 'p1')).toContain('The shield is up: confirm the target is on this side of it.');
    expect(r.state.shieldUp).toBe(false);
    expect(r.events).toContainEqual({ type: 'bonus-earned', side: 'trade-federation', cards: 1 });
    expect(toMove(g, r.state)).toEqual(['p1']);
  });

  it('a Queen eliminated reveals the real one; once the real Queen is dead Palace Guards move 2 less, on cards that set their move too', () => {
    let s = atCard(started(2, {}, 'purple-queen'), 'p1', copy1('tp-four-battle-droids'));
    s = { ...s, units: s.units.map((u) => (u.id === 'purple-queen' ? { ...u, damage: 2 } : u)) };
    expect(g.view(s, 'p1').realQueen).toBeNull();
    const r = applyAll(s, [choose('p1', 'action:0'), choose('p1', 'unit:battle-droid'), choose('p1', 'target:purple-queen'), roll('hit'), roll('blank')]);
    expect(r.events).toContainEqual({ type: 'queen-revealed', real: 'purple-queen', realQueenDead: true });
    expect(g.view(r.state, 'p1').realQueen).toBe('real-queen:purple-queen');
    const t = applyAll(atCard(r.state, 'p2', copy1('np-rush-the-palace')), [choose('p2', 'action:0'), choose('p2', 'unit:palace-guard')]);
    expect(t.events).toContainEqual({ type: 'unit-acts', unit: 'palace-guard', move: 6, windowLedge: false });
    const u = applyAll(atCard(r.state, 'p2', copy1('np-window-panaka')), [choose('p2', 'action:0'), choose('p2', 'unit:captain-panaka')]);
    expect(u.events).toContainEqual({ type: 'unit-acts', unit: 'captain-panaka', move: 4, windowLedge: true });
  });
});

describe('§8 droids', () => {
  it('droids to the Palace from one group: the free staging spaces take them, the rest are out of the game, no bonus card', () => {
    const r = applyAll(atCard(started(), 'p1', copy1('tb-reinforce-the-palace')), [choose('p1', 'action:0')]);
    expect(options(r.state, 'p1')).toContain('group:DD3');
    const t = applyAll(r.state, [choose('p1', 'group:BD1'), choose('p1', 'count:4'), choose('p1', 'free:3')]);
    expect(t.events).toContainEqual({ type: 'droids-to-palace', group: 'BD1', moved: 4, arrived: 3, lost: 1 });
    expect([t.state.palace['battle-droid'], t.state.offBoard['battle-droid']?.outOfGame, unitById(t.state, 'BD1')?.figures]).toEqual([15, 1, 0]);
    expect(t.events.some((e) => e.type === 'bonus-earned')).toBe(false);
    expect(accountingProblems(t.state)).toEqual([]);
  });

  it('droids are activated next to an MTT from the droids eliminated (the rulebook\'s "following elimination"), a new numbered group; none before any is eliminated', () => {
    expect(started().droidPool).toBe('eliminated');
    const atStart = applyAll(atCard(started(), 'p1', copy1('tb-deploy-droids')), [choose('p1', 'action:0')]);
    expect(atStart.state.stack.some((d) => d.data.at === 'activate-droids')).toBe(false);
    const s = atCard(started(), 'p1', copy1('tb-deploy-droids'));
    // Two of BD1's droids were eliminated in an earlier battle.
    const twoEliminated = {
      ...s,
      units: s.units.map((u) => (u.id === 'BD1' ? { ...u, figures: u.figures - 2 } : u)),
      offBoard: { ...s.offBoard, 'battle-droid': { box: 21, eliminated: 2, outOfGame: 0 } },
    };
    expect(accountingProblems(twoEliminated)).toEqual([]);
    const r = applyAll(twoEliminated, [choose('p1', 'action:0')]);
    expect(options(r.state, 'p1')).toEqual(['size:1', 'size:2', 'skip']);
    const t = applyAll(r.state, [choose('p1', 'size:2')]);
    expect(t.events).toContainEqual({ type: 'droids-activated', group: 'BD9', unit: 'battle-droid-group', figures: 2 });
    expect([t.state.offBoard['battle-droid']?.box, t.state.offBoard['battle-droid']?.eliminated]).toEqual([21, 0]);
  });

  it('the variant droid pool "box-and-eliminated" also brings in droids the set-up left in the box; none without an MTT', () => {
    const r = applyAll(atCard(started(2, { 'droid-pool': 'box-and-eliminated' }), 'p1', copy1('tb-deploy-droids')), [choose('p1', 'action:0')]);
    expect(options(r.state, 'p1')).toEqual(['size:1', 'size:2', 'size:3', 'size:4', 'skip']);
    const t = applyAll(r.state, [choose('p1', 'size:4')]);
    expect(t.events).toContainEqual({ type: 'droids-activated', group: 'BD9', unit: 'battle-droid-group', figures: 4 });
    expect(t.state.offBoard['battle-droid']?.box).toBe(17);
    let noMtt = atCard(started(2, { 'droid-pool': 'box-and-eliminated' }), 'p1', copy1('tb-deploy-droids'));
    noMtt = {
      ...noMtt,
      units: noMtt.units.map((u) => (u.unit === 'mtt' ? { ...u, figures: 0 } : u)),
      offBoard: { ...noMtt.offBoard, mtt: { box: 0, eliminated: 3, outOfGame: 0 } },
    };
    expect(applyAll(noMtt, [choose('p1', 'action:0')]).state.stack.some((d) => d.data.at === 'activate-droids')).toBe(false);
  });
});

describe('§9 the space battle', () => {
  it('grey dice block the free spaces the Trade Federation picks, then Anakin crosses when his 2d6 total is free', () => {
    let r = applyAll(atCard(started(), 'p2', copy1('nb-move-anakin')), [choose('p2', 'action:0')]);
    expect(r.state.stack.at(-1)?.kind).toBe('grey-roll');
    expect(g.prompt(r.state, 'p2')).toBe('The Trade Federation rolls 2 grey attack dice to block spaces in front of Anakin.');
    r = applyAll(r.state, [roll('hit', 'miss')]);
    expect(toMove(g, r.state)).toEqual(['p1']);
    expect(options(r.state, 'p1')).toEqual([4, 5, 6, 7, 8, 9, 10].map((t) => `space:${t}`));
    // Said in words, as the grid is named on the board: never its data id ("grid-1").
    expect(g.prompt(r.state, 'p1')).toBe('Put a grey die on a free space of grid 1 (1 to place).');
    r = applyAll(r.state, [choose('p1', 'space:7')]);
    expect(g.prompt(r.state, 'p2')).toBe("Naboo rolls Anakin's 2 red six-sided dice for Anakin to cross.");
    r = applyAll(r.state, [roll('3', '4')]);
    expect(r.events).toContainEqual({ type: 'anakin', layer: 'grid-1', total: 7, crossed: false, at: 0 });
    r = applyAll(atCard(r.state, 'p2', copy1('nb-move-anakin')), [choose('p2', 'action:0'), roll('miss', 'miss'), roll('3', '3')]);
    expect(r.events).toContainEqual({ type: 'anakin', layer: 'grid-1', total: 6, crossed: true, at: 1 });
  });

  it('a Starfighter card is placed on a grid still to cross; crossed, it leaves the game and Anakin tries the next layer in the same action', () => {
    const s = started();
    const card = s.starfighterDeck[0] as string;
    let r = applyAll(atCard(s, 'p1', copy1('tb-starfighter')), [choose('p1', 'action:0')]);
    expect(r.events).toContainEqual({ type: 'starfighter-drawn', card });
    expect(options(r.state, 'p1')).toEqual(['grid:1', 'grid:2', 'grid:3', 'grid:4', 'grid:5']);
    const drawn = DATA.space.starfighters.find((x) => x.id === card)!;
    expect(g.prompt(r.state, 'p1')).toBe(
      `Place Starfighter card ${card.replace('starfighter-', '')} (${drawn.greyDice} grey dice; blocked ${drawn.blocked.join(', ')}) on top of a grid Anakin still has to cross.`,
    );
    expect(g.prompt(r.state, 'p1')).not.toContain(card);
    r = applyAll(r.state, [choose('p1', 'grid:1')]);
    expect(r.state.stacks[0]).toEqual([card]);
    const layer = DATA.space.starfighters.find((x) => x.id === card)!;
    const free = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((t) => !layer.blocked.includes(t))!;
    const a = Math.min(6, free - 1);
    r = applyAll(atCard(r.state, 'p2', copy1('nb-move-anakin')), [
      choose('p2', 'action:0'),
      roll(...Array(layer.greyDice).fill('miss')),
      roll(String(a), String(free - a)),
    ]);
    expect(r.events).toContainEqual({ type: 'starfighter-crossed', card });
    expect(r.state.starfightersGone).toEqual([card]);
    expect(r.state.stack.at(-1)?.kind).toBe('grey-roll');
  });

  it('reaching the Droid Control Ship removes every droid (no bonus), then Anakin and Starfighter actions do nothing', () => {
    let s = atCard(started(), 'p2', copy1('nb-move-anakin'));
    s = { ...s, anakin: 4 };
    const r = applyAll(s, [choose('p2', 'action:0'), roll('miss', 'miss'), roll('3', '3')]);
    expect(r.events).toContainEqual({ type: 'droid-control-ship', removed: 32 + 6 + 4 + 3 + 12 + 4 });
    expect(r.state.units.filter((u) => DATA.unit(u.unit).droid && u.figures > 0)).toEqual([]);
    expect([r.state.palace['battle-droid'], r.state.palace.viceroy, unitById(r.state, 'darth-maul')?.figures]).toEqual([0, 2, 1]);
    expect(accountingProblems(r.state)).toEqual([]);
    const t = applyAll(atCard(r.state, 'p1', copy1('tb-starfighter')), [choose('p1', 'action:0')]);
    expect(t.events).toContainEqual({ type: 'nothing-happens', why: 'Anakin has reached the Droid Control Ship' });
  });
});

describe('§11 victory, §13 the timer', () => {
  it('the Trade Federation wins at once with at most 2 Naboo pieces left in the Palace: chime, then fanfare', () => {
    let s = atCard(started(), 'p1', copy1('tp-four-battle-droids'));
    s = {
      ...s,
      palace: { ...s.palace, 'palace-guard': 1 },
      offBoard: {
        ...s.offBoard,
        'palace-guard': { box: 0, eliminated: 20, outOfGame: 0 },
        'captain-panaka': { box: 0, eliminated: 1, outOfGame: 0 },
        'queen-amidala': { box: 0, eliminated: 1, outOfGame: 0 },
        'obi-wan': { box: 0, eliminated: 1, outOfGame: 0 },
      },
      units: s.units.map((u) => (['captain-panaka', 'purple-queen', 'obi-wan'].includes(u.id) ? { ...u, figures: 0 } : u)),
    };
    const r = applyAll(s, [choose('p1', 'action:0'), choose('p1', 'unit:battle-droid'), choose('p1', 'target:palace-guard'), roll('hit')]);
    expect(g.result(r.state)).toMatchObject({ finished: true, winners: ['p1'], winningTeams: ['trade-federation'], returns: { p1: 1, p2: 0 } });
    expect(lines(r.events)).toEqual(['PLAY chime', 'PLAY fanfare']);
    expect(toMove(g, r.state)).toEqual([]);
  });

  it('Naboo wins at once when the droids are deactivated with Darth Maul dead and 3 Naboo pieces in the Palace', () => {
    let s = atCard(started(), 'p2', copy1('nb-move-anakin'));
    s = {
      ...s,
      anakin: 4,
      units: s.units.map((u) => (u.id === 'darth-maul' ? { ...u, figures: 0 } : u)),
      offBoard: { ...s.offBoard, 'darth-maul': { box: 0, eliminated: 1, outOfGame: 0 } },
    };
    const r = applyAll(s, [choose('p2', 'action:0'), roll('miss', 'miss'), roll('3', '3')]);
    expect(g.result(r.state)).toMatchObject({ finished: true, winningTeams: ['naboo'] });
  });

  it('the throne-room claim: only once the droids are deactivated; declared by Naboo, confirmed or disputed by the Trade Federation', () => {
    const before = applyAll(atCard(started(), 'p1', copy1('tp-four-battle-droids')), [choose('p1', 'decline')]);
    expect(before.state.stack.some((d) => d.data.at === 'throne-claim')).toBe(false);
    const s = { ...atCard(started(), 'p1', copy1('tp-four-battle-droids')), droidsDeactivated: true };
    let r = applyAll(s, [choose('p1', 'decline')]);
    expect(toMove(g, r.state)).toEqual(['p2']);
    expect(options(r.state, 'p2')).toEqual(['claim', 'pass']);
    r = applyAll(r.state, [choose('p2', 'claim')]);
    expect(options(r.state, 'p1')).toEqual(['confirm', 'dispute']);
    const disputed = applyAll(r.state, [choose('p1', 'dispute')]);
    expect(g.result(disputed.state).finished).toBe(false);
    const confirmed = applyAll(r.state, [choose('p1', 'confirm')]);
    expect(g.result(confirmed.state)).toMatchObject({
      finished: true,
      winners: ['p2'],
      summary: 'Naboo wins: the droids are deactivated and Naboo holds the throne room',
    });
    expect(lines(confirmed.events)).toEqual(['PLAY fanfare']);
  });

  it('a planning clock: TIMER when the plans start, TIMER 0 when every plan is committed; none by default', () => {
    const opening = g.setup({ ...TWO, options: { 'planning-seconds': 90 } }, 5).state;
    const r = applyAll(opening, [choose('p2', 'red-queen')]);
    expect(lines(r.events)).toEqual(['TIMER 90']);
    const t = applyAll(r.state, [...planFirst(r.state, 'p1'), ...planFirst(r.state, 'p2')]);
    expect(lines(t.events)).toEqual(['TIMER 0']);
    const plain = started();
    expect(lines(applyAll(plain, [...planFirst(plain, 'p1'), ...planFirst(plain, 'p2')]).events)).toEqual([]);
  });
});

describe('§12 four players in two teams', () => {
  it('plans of 2 of 6 by all four; teammates see each other; reveal clockwise from the marker; the battle controller carries out; draws 1 + 1', () => {
    const s = started(4);
    expect(toMove(g, s)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(Object.keys(g.view(s, 'p2').hands)).toEqual(['p2', 'p3']);
    expect(Object.keys(g.view(s, 'p1').hands)).toEqual(['p1', 'p4']);
    let r = applyAll(
      s,
      ['p1', 'p2', 'p3', 'p4'].flatMap((p) => planFirst(s, p)),
    );
    const order: string[] = [];
    let t = r.state;
    for (let i = 0; i < 8; i++) {
      const top = t.stack.at(-1)?.data;
      if (top?.at !== 'action') break;
      order.push(top.player);
      t = applyAll(t, [choose(top.player, 'decline')]).state;
    }
    expect(order).toEqual(['p1', 'p2', 'p3', 'p4', 'p1', 'p2', 'p3', 'p4']);
    expect(t.hands.map((h) => h.length)).toEqual([6, 6, 6, 6]);
    expect(t.marker).toBe(1);
    // A Palace card played by the Naboo Battlefield player is carried out by the Palace player.
    r = applyAll(atCard(s, 'p2', copy1('np-four-guards')), [choose('p2', 'action:0')]);
    expect(toMove(g, r.state)).toEqual(['p3']);
    // Bonus cards go to the Battlefield player's pile.
    r = applyAll(atCard(s, 'p2', copy1('nb-kaadu-or-gungans')), [choose('p2', 'action:0'), choose('p2', 'unit:K1'), choose('p2', 'target:BD1')]);
    const full = {
      ...r.state,
      units: r.state.units.map((u) => (u.id === 'BD1' ? { ...u, figures: 1 } : u)),
      offBoard: { ...r.state.offBoard, 'battle-droid': { box: 21, eliminated: 3, outOfGame: 0 } },
    };
    r = applyAll(full, [roll('hit', 'miss')]);
    expect(r.state.stack.at(-1)?.data).toMatchObject({ at: 'bonus', player: 'p2', side: 'naboo' });
  });
});

describe('hidden information', () => {
  it('a rejection never names what the player may not know', () => {
    const s = started();
    for (const actor of ['p1', 'p2']) {
      const secrets = g.secretsFrom(s, actor);
      const tries: QgMove[] = [
        ...s.hands.flat().map((card): QgMove => ({ actor, type: 'pick', card })),
        choose(actor, 'red-queen'),
        choose(actor, 'claim'),
        { actor, type: 'slide-bonus' },
      ];
      for (const move of tries) {
        const reason = g.judge(s, move) ?? '';
        for (const secret of secrets) if (!JSON.stringify(move).includes(secret)) expect(reason).not.toContain(secret);
      }
    }
  });
});

describe('§12.4 who rolls', () => {
  it('the attacker rolls the attack, the controller of the defending battle the defense (four players)', () => {
    let r = applyAll(atCard(started(4), 'p2', copy1('nb-two-gungans')), [choose('p2', 'action:0'), choose('p2', 'unit:G1'), choose('p2', 'target:DD1')]);
    expect(g.prompt(r.state, 'p1')).toBe("Naboo's Battlefield player rolls 3 grey attack dice for the attack.");
    r = applyAll(r.state, [roll('hit', 'miss', 'miss')]);
    expect(g.prompt(r.state, 'p4')).toBe("The Trade Federation's Battlefield player rolls 2 blue defense dice for the defense.");
  });
});
