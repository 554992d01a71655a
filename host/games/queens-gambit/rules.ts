// The Queen's Gambit's rules on the engine's decision stack (README "The rules", §1-§13):
// set-up, the secret plans, the reveal, every card's actions step by step, combat, bonus
// cards, droids, the space battle, victory and the timer's lines. Every change replaces the
// root field it touches (immutable updates), so the same `play` serves copy-on-write `apply`
// and in-place playouts.

import { chanceMoveProblem, chanceStream, rollTotal, type Die } from '../../engine/chance.ts';
import { answer, answerProblem, chanceDecision, copyDecision, decision, isWaitingOn, topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { randomFrom, type RngState } from '../../engine/rng.ts';
import { applySelectionStep, selection, selectionProblem, selectionSteps } from '../../engine/steps.ts';
import { controllerOf } from './battles.ts';
import { DECK_IDS, standardData, type DeckId, type QueensGambitData } from './load.ts';
import type { AttackData, OffBoard, PileCard, Plan, QgData, QgDecision, QgEvent, QgMove, QgState, UnitState } from './model.ts';
import { applyHits, attackPool, bonusFor, healed, movementOf, otherSide, winnerOf, mayClaimThroneRoom, type VictoryCounts } from './reference.ts';
import type { Action, Card, DeckKind, Grid, Role, Side, Unit } from './schema.ts';

export const DATA: QueensGambitData = standardData();

// ---------------------------------------------------------------------------------------------
// Data lookups

const CARD_DECK = new Map<string, DeckId>();
for (const id of DECK_IDS) for (const card of DATA.decks[id].physicalCards) CARD_DECK.set(card, id);

/** The deck a physical card (`nb-move-anakin/3`) belongs to. */
export function deckOf(card: string): DeckId {
  const deck = CARD_DECK.get(card);
  if (deck === undefined) throw new RangeError(`no card "${card}"`);
  return deck;
}

/** The card data of a physical card. */
export function cardOf(card: string): Card {
  return DATA.decks[deckOf(card)].card(card.split('/')[0] as string);
}

export function deckFor(side: Side, kind: DeckKind): DeckId {
  const deck = DECK_IDS.find((id) => DATA.decks[id].side === side && DATA.decks[id].kind === kind);
  if (deck === undefined) throw new RangeError(`no ${kind} deck for ${side}`);
  return deck;
}

/** The engine's dice, made from dice.json: each symbol die's faces with their worth, symbol and words (what the table-dice entry shows). */
const SYMBOL_DICE: ReadonlyMap<string, Die> = new Map(
  DATA.dice.dice.map((d): [string, Die] => {
    const counts = new Map<string, number>();
    for (const f of d.faces) counts.set(f, (counts.get(f) ?? 0) + 1);
    const faces = [...counts].map(([id, count]) => {
      const symbol = DATA.dice.symbols.find((s) => s.id === id);
      const values: Record<string, number> = {};
      if (symbol?.hits) values.hits = symbol.hits;
      if (symbol?.blocks) values.blocks = symbol.blocks;
      if (symbol?.riposte) values.riposte = symbol.riposte;
      return symbol === undefined ? { id, count, values } : { id, count, values, symbol: symbol.symbol, name: symbol.name };
    });
    return [d.id, { id: d.id, name: d.name, faces }];
  }),
);

export const ANAKIN_DIE: Die = {
  id: 'anakin',
  name: DATA.dice.anakin.name,
  faces: DATA.dice.anakin.faces.map((n, i) => ({
    id: String(n),
    count: 1,
    values: { pips: n },
    symbol: DATA.dice.anakin.faceSymbols[i] ?? String(n),
    name: String(n),
  })),
};

export function symbolDie(id: string): Die {
  const die = SYMBOL_DICE.get(id);
  if (die === undefined) throw new RangeError(`no die "${id}"`);
  return die;
}

/** A pool (`{red: 2, grey: 1}`) as the list of dice rolled, in a fixed colour order. */
export function poolDice(pool: Readonly<Record<string, number>>): Die[] {
  const dice: Die[] = [];
  for (const d of DATA.dice.dice) for (let i = 0; i < (pool[d.id] ?? 0); i++) dice.push(symbolDie(d.id));
  return dice;
}

const GRID_BY_ID = new Map<string, Grid>([...DATA.space.grids, ...DATA.space.starfighters].map((g) => [g.id, g]));
export function layerOf(id: string): Grid {
  const grid = GRID_BY_ID.get(id);
  if (grid === undefined) throw new RangeError(`no grid or Starfighter card "${id}"`);
  return grid;
}

/** The totals Anakin can roll (2..12). */
export const SPACES: readonly number[] = Array.from({ length: 11 }, (_, i) => i + 2);
const SHIP = DATA.space.anakinSpaces - 1;

const isCounted = (unit: Unit): boolean => unit.kind === 'figure' || unit.kind === 'fixture';
const inPalaceBattle = (unit: Unit): boolean => unit.zone !== 'battlefield';

// ---------------------------------------------------------------------------------------------
// Seats

export const tableFor = (s: QgState): { handPerDeck: number; play: number; drawPerDeck: number } =>
  s.players.length === 4 ? DATA.rules.fourPlayer : DATA.rules.twoPlayer;

export function seatOf(s: QgState, actor: ActorId): number {
  return s.players.indexOf(actor);
}

export function sideOf(s: QgState, actor: ActorId): Side | null {
  const seat = seatOf(s, actor);
  return seat < 0 ? null : (s.seats[seat] as { side: Side }).side;
}

/** The player of `side` who controls `role` (the one player of a side with two players). */
export function controller(s: QgState, side: Side, role: Role): ActorId {
  const seat = s.seats.findIndex((x) => x.side === side && x.roles.includes(role));
  return s.players[seat] as ActorId;
}

export const teamOf = (s: QgState, side: Side): ActorId[] => s.players.filter((_, i) => s.seats[i]?.side === side);

/** The seat that holds a side's bonus pile (§12.5: the Battlefield player). */
const bonusHolder = (s: QgState, side: Side): ActorId => controller(s, side, DATA.rules.fourPlayer.bonusPileRole);
const isBonusHolder = (s: QgState, seat: number): boolean => bonusHolder(s, (s.seats[seat] as { side: Side }).side) === s.players[seat];

// ---------------------------------------------------------------------------------------------
// Counts

export const unitById = (s: QgState, id: string): UnitState | undefined => s.units.find((u) => u.id === id);
const alive = (u: UnitState): boolean => u.figures > 0;

export function nabooPalacePieces(s: QgState): number {
  let n = 0;
  for (const u of s.units) if (alive(u) && DATA.unit(u.unit).side === 'naboo' && inPalaceBattle(DATA.unit(u.unit))) n += u.figures;
  for (const [unit, count] of Object.entries(s.palace)) if (DATA.unit(unit).side === 'naboo') n += count;
  return n;
}

export function tfPalacePieces(s: QgState): number {
  let n = 0;
  for (const u of s.units) if (alive(u) && DATA.unit(u.unit).side === 'trade-federation' && inPalaceBattle(DATA.unit(u.unit))) n += u.figures;
  for (const [unit, count] of Object.entries(s.palace)) if (DATA.unit(unit).side === 'trade-federation') n += count;
  return n;
}

export function victoryCounts(s: QgState, throneRoomConfirmed = false): VictoryCounts {
  const maul = s.units.find((u) => u.unit === 'darth-maul');
  return { nabooPalacePieces: nabooPalacePieces(s), droidsDeactivated: s.droidsDeactivated, maulDead: maul === undefined || !alive(maul), throneRoomConfirmed };
}

/** Pieces on the board by piece id. */
export function piecesOnBoard(s: QgState): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (piece: string, n: number): void => void (out[piece] = (out[piece] ?? 0) + n);
  for (const u of s.units) add(DATA.unit(u.unit).piece, u.figures);
  for (const [unit, n] of Object.entries(s.palace)) add(DATA.unit(unit).piece, n);
  return out;
}

/** Problems with the whereabouts of every card and every piece (empty when all are accounted for). */
export function accountingProblems(s: QgState): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const put = (card: string, where: string): void => {
    const before = seen.get(card);
    if (before !== undefined) problems.push(`card ${card} is both in ${before} and in ${where}`);
    seen.set(card, where);
  };
  for (const id of DECK_IDS) {
    s.decks[id].draw.forEach((c) => put(c, `${id} deck`));
    s.decks[id].discard.forEach((c) => put(c, `${id} discards`));
  }
  s.hands.forEach((h, i) => h.forEach((c) => put(c, `hand ${i}`)));
  s.piles.forEach((p, i) => p.forEach((c) => put(c.card, `pile ${i}`)));
  for (const side of ['naboo', 'trade-federation'] as const) s.bonus[side].forEach((c) => put(c, `${side} bonus pile`));
  for (const id of DECK_IDS) {
    const missing = DATA.decks[id].physicalCards.filter((c) => !seen.has(c));
    if (missing.length > 0) problems.push(`${id}: ${missing.length} cards are nowhere (${missing.slice(0, 3).join(', ')})`);
    for (const c of DATA.decks[id].physicalCards) if (seen.has(c) && deckOf(c) !== id) problems.push(`${c} is in the wrong deck`);
  }
  if (seen.size !== DECK_IDS.reduce((n, id) => n + DATA.decks[id].physicalCards.length, 0)) problems.push(`${seen.size} cards are on the table, not the box's`);
  const drawn = s.stack.flatMap((d) => (d.data.at === 'starfighter' ? [d.data.card] : []));
  const fighters = [...s.starfighterDeck, ...drawn, ...s.stacks.flat(), ...s.starfightersGone];
  if (fighters.length !== DATA.space.starfighters.length || new Set(fighters).size !== fighters.length)
    problems.push(`the Starfighter cards are not all accounted for: ${fighters.join(', ')}`);
  const onBoard = piecesOnBoard(s);
  for (const piece of DATA.setup.pieces) {
    const off = s.offBoard[piece.id] as OffBoard;
    const total = (onBoard[piece.id] ?? 0) + off.box + off.eliminated + off.outOfGame;
    if (total !== piece.inBox) problems.push(`${piece.name}: ${total} accounted for, the box holds ${piece.inBox}`);
    if (off.box < 0 || off.eliminated < 0 || off.outOfGame < 0) problems.push(`${piece.name}: a negative count off the board`);
  }
  for (const u of s.units) {
    const unit = DATA.unit(u.unit);
    if (u.figures < 0 || u.figures > unit.figures) problems.push(`${u.id} has ${u.figures} figures`);
    if (unit.damage !== null && alive(u) && u.damage >= unit.damage) problems.push(`${u.id} is past its damage track but on the board`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Small state helpers (each replaces the root field it changes)

function shuffleWithRng(s: QgState, items: readonly string[]): string[] {
  const stream = chanceStream(s.rng);
  s.rng = stream.next;
  return stream.random.shuffle([...items]);
}

function setUnit(s: QgState, id: string, change: Partial<UnitState>): void {
  s.units = s.units.map((u) => (u.id === id ? { ...u, ...change } : u));
}

function changeOffBoard(s: QgState, piece: string, change: Partial<Record<keyof OffBoard, number>>): void {
  const before = s.offBoard[piece] as OffBoard;
  s.offBoard = {
    ...s.offBoard,
    [piece]: {
      box: before.box + (change.box ?? 0),
      eliminated: before.eliminated + (change.eliminated ?? 0),
      outOfGame: before.outOfGame + (change.outOfGame ?? 0),
    },
  };
}

function replaceTop(s: QgState, data: QgData): void {
  const top = s.stack[s.stack.length - 1] as QgDecision;
  s.stack = [...s.stack.slice(0, -1), { ...top, data }];
}

function pop(s: QgState): void {
  s.stack = s.stack.slice(0, -1);
}

function push(s: QgState, d: QgDecision): void {
  s.stack = [...s.stack, d];
}

function ask(kind: string, player: ActorId, data: QgData): QgDecision {
  return decision<QgData>({ kind, asked: [player], close: 'first-taker', data });
}

/** The cards whose action is being carried out (named by a decision on the stack). */
function cardsInPlay(s: QgState): Set<string> {
  return new Set(s.stack.flatMap((d) => ('card' in d.data ? [d.data.card] : [])));
}

/** Draws the top card of a deck (reshuffling its discards first under `reshuffle`); null when none. */
function drawCard(s: QgState, deck: DeckId, events: QgEvent[]): string | null {
  let pile = s.decks[deck];
  if (pile.draw.length === 0) {
    // A card being carried out (turned over onto this discard pile, its action not done) stays
    // there, face up: only the rest of the pile is shuffled into the new deck.
    const inPlay = cardsInPlay(s);
    const kept = pile.discard.filter((c) => inPlay.has(c));
    const shuffled = pile.discard.filter((c) => !inPlay.has(c));
    if (s.deckOut !== 'reshuffle' || shuffled.length === 0) return null;
    pile = { draw: shuffleWithRng(s, shuffled), discard: kept };
    events.push({ type: 'reshuffled', deck, cards: pile.draw.length });
  }
  const [card, ...rest] = pile.draw as [string, ...string[]];
  s.decks = { ...s.decks, [deck]: { draw: rest, discard: pile.discard } };
  return card;
}

function canDraw(s: QgState, deck: DeckId): boolean {
  const pile = s.decks[deck];
  const inPlay = cardsInPlay(s);
  return pile.draw.length > 0 || (s.deckOut === 'reshuffle' && pile.discard.some((c) => !inPlay.has(c)));
}

function discard(s: QgState, card: string): void {
  const deck = deckOf(card);
  s.decks = { ...s.decks, [deck]: { draw: s.decks[deck].draw, discard: [...s.decks[deck].discard, card] } };
}

function drawInto(s: QgState, seat: number, kind: DeckKind, count: number, events: QgEvent[]): void {
  const side = (s.seats[seat] as { side: Side }).side;
  const deck = deckFor(side, kind);
  const cards: string[] = [];
  for (let i = 0; i < count; i++) {
    const card = drawCard(s, deck, events);
    if (card === null) break;
    cards.push(card);
  }
  if (cards.length === 0) return;
  s.hands = s.hands.map((h, i) => (i === seat ? [...h, ...cards] : h));
  const player = s.players[seat] as ActorId;
  events.push({ type: 'drew', player, deck, cards, count: cards.length, seenBy: teamOf(s, side) });
}

// ---------------------------------------------------------------------------------------------
// Turn structure: plan, reveal, marker, draws (§2)

export function startPlan(s: QgState, events: QgEvent[]): void {
  const { play } = tableFor(s);
  if (s.deckOut === 'stop' && s.hands.every((h) => h.length === 0) && s.bonus.naboo.length === 0 && s.bonus['trade-federation'].length === 0) {
    endGame(s, null, 'a draw: no player has a card left to plan (deck-out option "stop")', events);
    return;
  }
  s.turn += 1;
  s.plans = s.hands.map((h): Plan => ({ ...selection(h, Math.min(play, h.length)), bonus: 0 }));
  s.piles = s.players.map(() => []);
  s.stack = [decision<QgData>({ kind: 'plan', asked: s.players, close: 'all-committed', data: { at: 'plan', turn: s.turn } })];
  events.push({ type: 'turn-started', turn: s.turn, marker: s.players[s.marker] as ActorId });
  if (s.planningSeconds > 0) events.push({ type: 'device', line: `TIMER ${s.planningSeconds}` });
}

function layPlans(s: QgState, events: QgEvent[]): void {
  const piles: PileCard[][] = s.plans.map((p) => p.picked.map((card) => ({ card, bonus: false })));
  const bonus = { ...s.bonus };
  s.plans.forEach((p, seat) => {
    if (p.bonus === 0) return;
    const side = (s.seats[seat] as { side: Side }).side;
    (piles[seat] as PileCard[]).push(...bonus[side].slice(0, p.bonus).map((card) => ({ card, bonus: true })));
    bonus[side] = bonus[side].slice(p.bonus);
  });
  s.bonus = bonus;
  s.hands = s.hands.map((h, i) => h.filter((c) => !(s.plans[i] as Plan).picked.includes(c)));
  s.piles = piles;
  events.push({
    type: 'plans-laid',
    piles: Object.fromEntries(s.players.map((p, i) => [p, { cards: (s.plans[i] as Plan).picked.length, bonus: (s.plans[i] as Plan).bonus }])),
  });
  if (s.planningSeconds > 0) events.push({ type: 'device', line: 'TIMER 0' });
  s.next = s.marker;
}

function nextRevealer(s: QgState): number | null {
  for (let k = 0; k < s.players.length; k++) {
    const seat = (s.next + k) % s.players.length;
    if ((s.piles[seat] as PileCard[]).length > 0) return seat;
  }
  return null;
}

/** Turns over the next card (its deck's discard pile takes it), or ends the turn. */
function turnOver(s: QgState, events: QgEvent[]): void {
  const seat = nextRevealer(s);
  if (seat === null) {
    endTurn(s, events);
    return;
  }
  const [top, ...rest] = s.piles[seat] as [PileCard, ...PileCard[]];
  s.piles = s.piles.map((p, i) => (i === seat ? rest : p));
  s.next = (seat + 1) % s.players.length;
  s.claimAsked = false;
  discard(s, top.card);
  const player = s.players[seat] as ActorId;
  events.push({ type: 'turned-over', player, card: top.card, bonus: top.bonus });
  push(s, ask('action', player, { at: 'action', player, card: top.card }));
}

function endTurn(s: QgState, events: QgEvent[]): void {
  s.marker = (s.marker + 1) % s.players.length;
  events.push({ type: 'marker-passed', to: s.players[s.marker] as ActorId });
  const { drawPerDeck } = tableFor(s);
  for (let k = 0; k < s.players.length; k++) {
    const seat = (s.marker + k) % s.players.length;
    drawInto(s, seat, 'battlefield', drawPerDeck, events);
    drawInto(s, seat, 'palace', drawPerDeck, events);
  }
  startPlan(s, events);
}

function endGame(s: QgState, winner: Side | null, summary: string, events: QgEvent[]): void {
  s.winner = winner;
  s.over = true;
  s.summary = summary;
  s.stack = [];
  events.push({ type: 'game-over', winner, summary });
  if (winner !== null) events.push({ type: 'device', line: `PLAY ${DATA.rules.timer.victorySound}` });
}

function checkVictory(s: QgState, events: QgEvent[]): boolean {
  if (s.over) return true;
  const winner = winnerOf(victoryCounts(s), DATA.rules);
  if (winner === null) return false;
  endGame(
    s,
    winner,
    winner === 'trade-federation'
      ? 'the Trade Federation wins: at most two Naboo pieces remain in the Palace'
      : 'Naboo wins: the droids are deactivated and Darth Maul is dead',
    events,
  );
  return true;
}

/**
 * Goes on after a step: resumes the frame below (the next draw of a draw-and-play, the
 * activation), and when the card is done offers the throne-room claim, then turns over the next.
 */
function advance(s: QgState, events: QgEvent[]): void {
  for (;;) {
    if (s.over) return;
    const top = topDecision(s.stack);
    if (top === null) {
      if (!s.claimAsked && mayClaimThroneRoom(victoryCounts(s), DATA.rules)) {
        s.claimAsked = true;
        const player = controller(s, 'naboo', 'palace');
        push(s, ask('throne-claim', player, { at: 'throne-claim', player }));
        return;
      }
      turnOver(s, events);
      if (topDecision(s.stack)?.data.at === 'action' || s.over || topDecision(s.stack)?.data.at === 'plan') return;
      continue;
    }
    const data = top.data;
    if (data.at === 'draws') {
      if (data.pending.length === 0) {
        pop(s);
        continue;
      }
      const [kind, ...pending] = data.pending as [DeckKind, ...DeckKind[]];
      replaceTop(s, { ...data, pending });
      const card = drawCard(s, deckFor(data.side, kind), events);
      if (card === null) continue;
      discard(s, card);
      events.push({ type: 'drawn-and-played', player: data.player, card });
      push(s, ask('action', data.player, { at: 'action', player: data.player, card }));
      return;
    }
    if (data.at === 'activate' && data.current === null && activationUnits(s, data).length === 0) {
      pop(s);
      continue;
    }
    if (data.at === 'activate-droids' && activationSizes(s, data).length === 0) {
      pop(s);
      continue;
    }
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying out an action (§3)

/** Who carries an action out (§12.4): the battle's controller; a draw-and-play, the player who played it. */
function carrierOf(s: QgState, player: ActorId, action: Action): ActorId {
  const role = controllerOf(action, (id) => DATA.unit(id));
  return role === null ? player : controller(s, sideOf(s, player) as Side, role);
}

function carryOut(s: QgState, player: ActorId, card: string, action: Action, events: QgEvent[]): void {
  const side = sideOf(s, player) as Side;
  const by = carrierOf(s, player, action);
  switch (action.kind) {
    case 'activate':
      push(
        s,
        ask('activate', by, {
          at: 'activate',
          player: by,
          card,
          side,
          orders: action.units,
          windowLedge: action.windowLedge,
          doubleAttack: action.doubleAttack,
          used: [],
          counted: {},
          current: null,
        }),
      );
      return;
    case 'draw-and-play':
      push(s, ask('draws', player, { at: 'draws', player, side, pending: action.draws }));
      return;
    case 'heal': {
      const u = s.units.find((x) => x.unit === action.unit);
      if (u === undefined || !alive(u)) {
        events.push({ type: 'nothing-happens', why: `${DATA.unit(action.unit).name} is not on the board` });
        return;
      }
      const after = healed(DATA.unit(u.unit), u, action.amount);
      setUnit(s, u.id, { damage: after.damage });
      events.push({ type: 'healed', unit: u.id, damage: after.damage });
      return;
    }
    case 'starfighter':
      drawStarfighter(s, by, action.cards, events);
      return;
    case 'anakin':
      if (s.anakin >= SHIP) {
        events.push({ type: 'nothing-happens', why: 'Anakin has reached the Droid Control Ship' });
        return;
      }
      pushGreyRoll(s, controller(s, 'trade-federation', 'battlefield'));
      return;
    case 'droids-to-palace':
      push(s, ask('droids-to-palace', by, { at: 'droids-to-palace', player: by, max: action.max, group: null, count: null }));
      return;
    case 'activate-droids':
      push(s, ask('activate-droids', by, { at: 'activate-droids', player: by, groups: action.groups, index: 0, made: 0 }));
      return;
  }
}

/** The units that may still be picked in an activation (option ids `unit:<id>`). */
export function activationUnits(s: QgState, data: Extract<QgData, { at: 'activate' }>): string[] {
  const out: string[] = [];
  for (const order of data.orders) {
    const unit = DATA.unit(order.unit);
    if (isCounted(unit)) {
      const used = data.counted[order.unit] ?? 0;
      if (used < order.count && used < (s.palace[order.unit] ?? 0)) out.push(order.unit);
      continue;
    }
    const usedOfKind = data.used.filter((id) => unitById(s, id)?.unit === order.unit).length;
    if (usedOfKind >= order.count) continue;
    for (const u of s.units) if (u.unit === order.unit && alive(u) && !data.used.includes(u.id)) out.push(u.id);
  }
  return out;
}

/** The enemies `attacker` (a unit of `side`) may name as its target (§3.4). */
export function targetsFor(s: QgState, side: Side, attackerUnit: Unit): string[] {
  const enemy = otherSide(side);
  const palace = inPalaceBattle(attackerUnit);
  const out: string[] = [];
  if (palace) {
    for (const [unit, n] of Object.entries(s.palace)) {
      const spec = DATA.unit(unit);
      if (n > 0 && spec.side === enemy && spec.kind !== 'fixture') out.push(unit);
    }
  }
  for (const u of s.units) {
    const spec = DATA.unit(u.unit);
    if (alive(u) && spec.side === enemy && spec.kind !== 'fixture' && inPalaceBattle(spec) === palace) out.push(u.id);
  }
  return out;
}

/** The unit spec of a named or counted unit id. */
export function specOf(s: QgState, id: string): Unit {
  const u = unitById(s, id);
  return DATA.unit(u === undefined ? id : u.unit);
}

function mayLeavePit(s: QgState, u: UnitState): boolean {
  if (!u.inPit) return false;
  const side = DATA.unit(u.unit).side;
  return !s.units.some((x) => x.inPit && alive(x) && DATA.unit(x.unit).side !== side);
}

function activateOptions(s: QgState, data: Extract<QgData, { at: 'activate' }>): string[] {
  const cur = data.current;
  if (cur === null) return [...activationUnits(s, data).map((id) => `unit:${id}`), 'done'];
  const spec = specOf(s, cur.unit);
  const targets = spec.attack.length === 0 ? [] : targetsFor(s, data.side, spec);
  if (cur.dice === null) return [...targets.map((t) => `target:${t}`), 'no-attack'];
  if (cur.target !== null) {
    const max = Math.min(cur.dice, (spec.split as { maxDicePerAttack: number }).maxDicePerAttack);
    return [...Array.from({ length: max }, (_, i) => `dice:${i + 1}`), 'back'];
  }
  const named = unitById(s, cur.unit) as UnitState;
  return [...(cur.dice > 0 ? targets.map((t) => `target:${t}`) : []), ...(mayLeavePit(s, named) ? ['leave-pit'] : []), 'done'];
}

function startAttack(s: QgState, data: Extract<QgData, { at: 'activate' }>, target: string, pool: Record<string, number>): void {
  const attack: AttackData = { attacker: (data.current as { unit: string }).unit, attackerSide: data.side, target, pool };
  push(s, chanceDecision<QgData>('attack-roll', { kind: 'roll', dice: poolDice(pool) }, { at: 'attack-roll', ...attack }));
}

function playActivate(s: QgState, data: Extract<QgData, { at: 'activate' }>, option: string, events: QgEvent[]): void {
  const cur = data.current;
  if (cur === null) {
    if (option === 'done') {
      pop(s);
      return;
    }
    const id = option.slice('unit:'.length);
    const spec = specOf(s, id);
    const named = unitById(s, id);
    const order = data.orders.find((o) => o.unit === spec.id);
    const move = movementOf(spec, order, s.realQueenDead, DATA.rules);
    const dice = spec.split === null ? null : data.doubleAttack ? spec.split.dicePerDoubleAttack : spec.split.dicePerAction;
    const used = named === undefined ? data.used : [...data.used, id];
    const counted = named === undefined ? { ...data.counted, [id]: (data.counted[id] ?? 0) + 1 } : data.counted;
    events.push({ type: 'unit-acts', unit: id, move, windowLedge: data.windowLedge && spec.special.includes('window-ledge') });
    replaceTop(s, { ...data, used, counted, current: { unit: id, move, dice, target: null } });
    return;
  }
  if (option === 'no-attack' || option === 'done') {
    replaceTop(s, { ...data, current: null });
    return;
  }
  if (option === 'back') {
    replaceTop(s, { ...data, current: { ...cur, target: null } });
    return;
  }
  if (option === 'leave-pit') {
    setUnit(s, cur.unit, { inPit: false });
    events.push({ type: 'left-pit', unit: cur.unit });
    return;
  }
  if (option.startsWith('target:')) {
    const target = option.slice('target:'.length);
    if (cur.dice !== null) {
      replaceTop(s, { ...data, current: { ...cur, target } });
      return;
    }
    const spec = specOf(s, cur.unit);
    const named = unitById(s, cur.unit);
    startAttack(s, data, target, { ...attackPool(spec, named === undefined ? 1 : named.figures) });
    return;
  }
  if (option.startsWith('dice:')) {
    const n = Number(option.slice('dice:'.length));
    const left = (cur.dice as number) - n;
    const target = cur.target as string;
    replaceTop(s, { ...data, current: { ...cur, dice: left, target: null } });
    startAttack(s, { ...data, current: { ...cur, dice: left, target: null } }, target, { red: n });
  }
}

/** Hits on a named or counted unit; returns whether it was eliminated. */
function hitUnit(s: QgState, id: string, hits: number, by: Side, events: QgEvent[]): boolean {
  if (hits <= 0) return false;
  const named = unitById(s, id);
  const spec = specOf(s, id);
  let eliminated: boolean;
  let lost: number;
  if (named === undefined) {
    const before = s.palace[id] ?? 0;
    lost = Math.min(1, before);
    s.palace = { ...s.palace, [id]: before - lost };
    eliminated = lost > 0;
    events.push({ type: 'damage', unit: id, figuresLost: lost, damage: 0, eliminated });
  } else {
    if (!alive(named)) return false;
    const after = applyHits(spec, named, hits);
    lost = named.figures - after.figures;
    setUnit(s, id, { figures: after.figures, damage: after.damage });
    eliminated = after.destroyed;
    events.push({ type: 'damage', unit: id, figuresLost: lost, damage: after.damage, eliminated });
  }
  if (lost > 0) changeOffBoard(s, spec.piece, { eliminated: lost });
  if (!eliminated) return false;
  if (spec.special.includes('shield-generator') && s.shieldUp) {
    s.shieldUp = false;
    events.push({ type: 'shield-down' });
  }
  if (spec.special.includes('queen')) {
    const real = s.realQueen === `real-queen:${spec.id}`;
    if (real) s.realQueenDead = true;
    if (!s.queenRevealed) {
      s.queenRevealed = true;
      events.push({ type: 'queen-revealed', real: (s.realQueen ?? '').replace('real-queen:', ''), realQueenDead: s.realQueenDead });
    }
  }
  const bonus = bonusFor(spec, DATA.rules);
  if (bonus !== null && bonus.to === by) {
    events.push({ type: 'bonus-earned', side: by, cards: bonus.cards });
    const player = bonusHolder(s, by);
    // With both decks empty (deck-out option "stop") there is nothing to draw.
    if (bonusDecks(s, by).length > 0) push(s, ask('bonus', player, { at: 'bonus', player, side: by, count: bonus.cards }));
  }
  return true;
}

function resolveAttack(s: QgState, data: AttackData, hits: number, blocks: number, riposte: number, events: QgEvent[]): void {
  const through = Math.max(0, hits - blocks);
  events.push({ type: 'attack', attacker: data.attacker, target: data.target, hits, blocks, through, riposte });
  pop(s); // the roll
  // The activation below: a unit that attacked is done (a duelist goes on with its dice left).
  const act = topDecision(s.stack);
  if (act !== null && act.data.at === 'activate' && act.data.current !== null && act.data.current.dice === null) replaceTop(s, { ...act.data, current: null });
  let eliminated = hitUnit(s, data.target, through, data.attackerSide, events);
  if (riposte > 0) {
    const attackerGone = hitUnit(s, data.attacker, riposte, otherSide(data.attackerSide), events);
    eliminated = eliminated || attackerGone;
    const below = s.stack.findLastIndex((d) => d.data.at === 'activate');
    const actData = s.stack[below]?.data;
    if (attackerGone && actData !== undefined && actData.at === 'activate' && actData.current?.unit === data.attacker) {
      s.stack = s.stack.map((d, i) => (i === below ? { ...d, data: { ...actData, current: null } } : d));
    }
  }
  // A duelist with no dice left and nowhere to go is done.
  const after = s.stack.findLastIndex((d) => d.data.at === 'activate');
  const ad = s.stack[after]?.data;
  if (ad !== undefined && ad.at === 'activate' && ad.current !== null && ad.current.dice === 0) {
    const named = unitById(s, ad.current.unit);
    if (named === undefined || !mayLeavePit(s, named)) s.stack = s.stack.map((d, i) => (i === after ? { ...d, data: { ...ad, current: null } } : d));
  }
  if (eliminated) events.push({ type: 'device', line: `PLAY ${DATA.rules.timer.eliminationSound}` });
  checkVictory(s, events);
}

// ---------------------------------------------------------------------------------------------
// Droids (§8)

const droidGroups = (s: QgState): UnitState[] => s.units.filter((u) => alive(u) && DATA.unit(u.unit).palaceUnit !== null);

function droidsToPalaceOptions(s: QgState, data: Extract<QgData, { at: 'droids-to-palace' }>): string[] {
  if (data.group === null) return [...droidGroups(s).map((u) => `group:${u.id}`), 'none'];
  const group = unitById(s, data.group) as UnitState;
  if (data.count === null) return Array.from({ length: Math.min(data.max, group.figures) }, (_, i) => `count:${i + 1}`);
  return Array.from({ length: data.count + 1 }, (_, i) => `free:${i}`);
}

function available(s: QgState, piece: string): number {
  const off = s.offBoard[piece] as OffBoard;
  return off.eliminated + (s.droidPool === 'box-and-eliminated' ? off.box : 0);
}

/** The sizes the next new group may have (`size:<n>`), with `skip`; empty when no group can be activated. */
export function activationSizes(s: QgState, data: Extract<QgData, { at: 'activate-droids' }>): string[] {
  const order = data.groups[data.index];
  if (order === undefined || s.droidsDeactivated) return [];
  if (!s.units.some((u) => u.unit === 'mtt' && alive(u))) return [];
  const spec = DATA.unit(order.unit);
  const n = Math.min(spec.figures, available(s, spec.piece));
  if (n === 0) return data.index + 1 < data.groups.length ? ['skip'] : [];
  return [...Array.from({ length: n }, (_, i) => `size:${i + 1}`), 'skip'];
}

const FORCE_MARK = new Map(DATA.setup.forces.filter((f) => f.zone === 'battlefield').map((f) => [f.unit, f.mark]));

function playActivateDroids(s: QgState, data: Extract<QgData, { at: 'activate-droids' }>, option: string, events: QgEvent[]): void {
  const order = data.groups[data.index] as { unit: string; count: number };
  if (option === 'skip') {
    replaceTop(s, { ...data, index: data.index + 1, made: 0 });
    return;
  }
  const size = Number(option.slice('size:'.length));
  const spec = DATA.unit(order.unit);
  const mark = FORCE_MARK.get(order.unit) ?? order.unit;
  const number = s.nextNumber[mark] ?? 1;
  const id = `${mark}${number}`;
  s.nextNumber = { ...s.nextNumber, [mark]: number + 1 };
  s.units = [...s.units, { id, unit: order.unit, figures: size, damage: 0, inPit: false }];
  const off = s.offBoard[spec.piece] as OffBoard;
  const fromEliminated = Math.min(size, off.eliminated);
  changeOffBoard(s, spec.piece, { eliminated: -fromEliminated, box: -(size - fromEliminated) });
  events.push({ type: 'droids-activated', group: id, unit: order.unit, figures: size });
  const made = data.made + 1;
  replaceTop(s, made >= order.count ? { ...data, index: data.index + 1, made: 0 } : { ...data, made });
}

function playDroidsToPalace(s: QgState, data: Extract<QgData, { at: 'droids-to-palace' }>, option: string, events: QgEvent[]): void {
  if (option === 'none') {
    pop(s);
    return;
  }
  if (option.startsWith('group:')) {
    replaceTop(s, { ...data, group: option.slice('group:'.length) });
    return;
  }
  if (option.startsWith('count:')) {
    replaceTop(s, { ...data, count: Number(option.slice('count:'.length)) });
    return;
  }
  const free = Number(option.slice('free:'.length));
  const group = unitById(s, data.group as string) as UnitState;
  const spec = DATA.unit(group.unit);
  const moved = data.count as number;
  const arrived = Math.min(moved, free);
  setUnit(s, group.id, { figures: group.figures - moved });
  const palaceUnit = spec.palaceUnit as string;
  s.palace = { ...s.palace, [palaceUnit]: (s.palace[palaceUnit] ?? 0) + arrived };
  if (moved > arrived) changeOffBoard(s, spec.piece, { outOfGame: moved - arrived });
  events.push({ type: 'droids-to-palace', group: group.id, moved, arrived, lost: moved - arrived });
  pop(s);
}

// ---------------------------------------------------------------------------------------------
// The space battle (§9)

function drawStarfighter(s: QgState, player: ActorId, cards: number, events: QgEvent[]): void {
  if (cards <= 0) return;
  if (s.starfighterDeck.length === 0 || s.anakin >= SHIP) {
    events.push({ type: 'nothing-happens', why: s.anakin >= SHIP ? 'Anakin has reached the Droid Control Ship' : 'the Starfighter deck is empty' });
    return;
  }
  const [card, ...rest] = s.starfighterDeck as [string, ...string[]];
  s.starfighterDeck = rest;
  events.push({ type: 'starfighter-drawn', card });
  push(s, ask('starfighter', player, { at: 'starfighter', player, card, left: cards - 1 }));
}

/** The layer in front of Anakin: the top Starfighter card on the next grid, or the grid. */
export function layerAhead(s: QgState): string {
  const stack = s.stacks[s.anakin] as string[];
  return stack.length > 0 ? (stack[stack.length - 1] as string) : (DATA.space.grids[s.anakin] as Grid).id;
}

function pushGreyRoll(s: QgState, player: ActorId): void {
  const layer = layerAhead(s);
  const dice = Array.from({ length: layerOf(layer).greyDice }, () => symbolDie(DATA.space.blockingDie));
  push(s, chanceDecision<QgData>('grey-roll', { kind: 'roll', dice }, { at: 'grey-roll', player, layer }));
}

export function freeSpaces(layer: string, placed: readonly number[]): number[] {
  const blocked = layerOf(layer).blocked;
  return SPACES.filter((t) => !blocked.includes(t) && !placed.includes(t));
}

function afterGreyRoll(s: QgState, data: Extract<QgData, { at: 'grey-roll' }>, faces: readonly string[]): void {
  const die = symbolDie(DATA.space.blockingDie);
  const hits = faces.filter((f) => (die.faces.find((x) => x.id === f)?.values.hits ?? 0) > 0).length;
  pop(s);
  const left = Math.min(hits, freeSpaces(data.layer, []).length);
  if (left > 0) push(s, ask('place-dice', data.player, { at: 'place-dice', player: data.player, layer: data.layer, left, placed: [] }));
  else pushAnakinRoll(s, data.layer, []);
}

function pushAnakinRoll(s: QgState, layer: string, placed: readonly number[]): void {
  const dice = Array.from({ length: DATA.dice.anakin.rolled }, () => ANAKIN_DIE);
  push(s, chanceDecision<QgData>('anakin-roll', { kind: 'roll', dice }, { at: 'anakin-roll', layer, placed }));
}

function afterAnakinRoll(s: QgState, data: Extract<QgData, { at: 'anakin-roll' }>, total: number, events: QgEvent[]): void {
  pop(s);
  const crossed = freeSpaces(data.layer, data.placed).includes(total);
  const starfighter = !DATA.space.grids.some((g) => g.id === data.layer);
  if (crossed && starfighter) {
    s.stacks = s.stacks.map((st, i) => (i === s.anakin ? st.slice(0, -1) : st));
    s.starfightersGone = [...s.starfightersGone, data.layer];
  } else if (crossed) {
    s.anakin += 1;
  }
  events.push({ type: 'anakin', layer: data.layer, total, crossed, at: s.anakin });
  if (crossed && starfighter) {
    events.push({ type: 'starfighter-crossed', card: data.layer });
    pushGreyRoll(s, controller(s, 'trade-federation', 'battlefield'));
    return;
  }
  if (crossed && s.anakin >= SHIP) destroyDroidControlShip(s, events);
}

function destroyDroidControlShip(s: QgState, events: QgEvent[]): void {
  let removed = 0;
  s.units = s.units.map((u) => {
    const spec = DATA.unit(u.unit);
    if (!spec.droid || !alive(u)) return u;
    removed += u.figures;
    changeOffBoard(s, spec.piece, { outOfGame: u.figures });
    return { ...u, figures: 0 };
  });
  const palace = { ...s.palace };
  for (const [unit, n] of Object.entries(palace)) {
    const spec = DATA.unit(unit);
    if (spec.droid && n > 0) {
      removed += n;
      changeOffBoard(s, spec.piece, { outOfGame: n });
      palace[unit] = 0;
    }
  }
  s.palace = palace;
  s.droidsDeactivated = true;
  events.push({ type: 'droid-control-ship', removed });
  checkVictory(s, events);
}

// ---------------------------------------------------------------------------------------------
// Options, judge and play

function bonusDecks(s: QgState, side: Side): DeckKind[] {
  return (['battlefield', 'palace'] as const).filter((k) => canDraw(s, deckFor(side, k)));
}

/** The options of the decision on top for `actor` (empty when they are not asked). */
export function optionsFor(s: QgState, actor: ActorId): string[] {
  const d = topDecision(s.stack);
  if (d === null || d.chance !== null || !isWaitingOn(d, actor)) return [];
  const data = d.data;
  switch (data.at) {
    case 'queen':
      return ['red-queen', 'purple-queen'];
    case 'action':
      return [...cardOf(data.card).actions.map((_, i) => `action:${i}`), 'decline'];
    case 'activate':
      return activateOptions(s, data);
    case 'bonus':
      return bonusDecks(s, data.side);
    case 'droids-to-palace':
      return droidsToPalaceOptions(s, data);
    case 'activate-droids':
      return activationSizes(s, data);
    case 'starfighter':
      return Array.from({ length: SHIP - s.anakin }, (_, i) => `grid:${s.anakin + i + 1}`);
    case 'place-dice':
      return freeSpaces(data.layer, data.placed).map((t) => `space:${t}`);
    case 'throne-claim':
      return ['claim', 'pass'];
    case 'throne-confirm':
      return ['confirm', 'dispute'];
    default:
      return [];
  }
}

function planMoves(s: QgState, actor: ActorId): QgMove[] {
  const seat = seatOf(s, actor);
  const plan = s.plans[seat] as Plan;
  const moves: QgMove[] = [];
  const full = plan.picked.length === plan.max;
  for (const step of selectionSteps(plan)) {
    if (step.step === 'pick') moves.push({ actor, type: 'pick', card: step.item });
    else if (step.step === 'undo' && plan.bonus === 0) moves.push({ actor, type: 'undo' });
  }
  if (full && isBonusHolder(s, seat)) {
    if (plan.bonus < s.bonus[(s.seats[seat] as { side: Side }).side].length) moves.push({ actor, type: 'slide-bonus' });
    if (plan.bonus > 0) moves.push({ actor, type: 'take-back-bonus' });
  }
  if (full) moves.push({ actor, type: 'commit' });
  return moves;
}

export function legalMoves(s: QgState, actor: ActorId): QgMove[] {
  const d = topDecision(s.stack);
  if (d === null || d.chance !== null || !isWaitingOn(d, actor)) return [];
  if (d.data.at === 'plan') return planMoves(s, actor);
  return optionsFor(s, actor).map((option) => ({ actor, type: 'choose', option }));
}

export function judge(s: QgState, move: QgMove): string | null {
  const d = topDecision(s.stack);
  if (d === null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (d.chance !== null) return 'the dice are being rolled: wait for the roll';
  const seat = seatOf(s, move.actor);
  if (seat < 0) return `"${move.actor}" is not at this table`;
  if (d.data.at === 'plan') {
    if (move.type === 'choose') return 'the plans are being made: choose cards, slide bonus cards or commit';
    const asked = answerProblem(d, move.actor, 'commit');
    if (asked !== null) return asked;
    const plan = s.plans[seat] as Plan;
    switch (move.type) {
      case 'pick':
        return selectionProblem(plan, { step: 'pick', item: move.card });
      case 'undo':
        return plan.bonus > 0 ? 'take the bonus cards back before undoing a pick' : selectionProblem(plan, { step: 'undo' });
      case 'slide-bonus':
      case 'take-back-bonus':
        if (!isBonusHolder(s, seat)) return "only the Battlefield player slides the team's bonus cards beneath";
        if (plan.picked.length < plan.max) return `choose all ${plan.max} cards first`;
        if (move.type === 'slide-bonus')
          return plan.bonus < s.bonus[(s.seats[seat] as { side: Side }).side].length ? null : 'there are no more bonus cards to slide beneath';
        return plan.bonus > 0 ? null : 'no bonus card is beneath your cards';
      case 'commit':
        return selectionProblem(plan, { step: 'commit' });
    }
  }
  if (move.type !== 'choose') return `this is a ${d.kind} decision: choose one of its options`;
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  const options = optionsFor(s, move.actor);
  return options.includes(move.option) ? null : `"${move.option}" is not offered here; the choices are ${options.join(', ')}`;
}

function playPlan(s: QgState, move: QgMove, events: QgEvent[]): void {
  const seat = seatOf(s, move.actor);
  const plan: Plan = { ...(s.plans[seat] as Plan), picked: [...(s.plans[seat] as Plan).picked] };
  switch (move.type) {
    case 'pick':
      applySelectionStep(plan, { step: 'pick', item: move.card });
      break;
    case 'undo':
      applySelectionStep(plan, { step: 'undo' });
      break;
    case 'slide-bonus':
      plan.bonus += 1;
      break;
    case 'take-back-bonus':
      plan.bonus -= 1;
      break;
    case 'commit':
      applySelectionStep(plan, { step: 'commit' });
      break;
    default:
      throw new Error(`${move.type} while planning`);
  }
  s.plans = s.plans.map((p, i) => (i === seat ? plan : p));
  if (move.type !== 'commit') {
    events.push({ type: 'planned', player: move.actor, move, seenBy: teamOf(s, sideOf(s, move.actor) as Side) });
    return;
  }
  events.push({ type: 'committed', player: move.actor });
  const d = copyDecision(topDecision(s.stack) as QgDecision);
  const closed = answer(d, move.actor, 'commit');
  s.stack = [...s.stack.slice(0, -1), d];
  if (!closed) return;
  s.stack = [];
  layPlans(s, events);
  advance(s, events);
}

function playChance(s: QgState, faces: readonly string[], events: QgEvent[]): void {
  const d = topDecision(s.stack) as QgDecision;
  const dice = d.chance !== null && d.chance.kind === 'roll' ? d.chance.dice : [];
  s.rng = chanceStream(s.rng).next;
  events.push({ type: 'rolled', for: d.kind, dice: dice.map((x) => x.id), faces });
  const data = d.data;
  switch (data.at) {
    case 'attack-roll': {
      const hits = rollTotal(dice, faces, 'hits');
      const defense = specOf(s, data.target).defense;
      const { at: _at, ...attack } = data;
      if (Object.keys(defense).length > 0 && (hits > 0 || (defense.green ?? 0) > 0)) {
        pop(s);
        push(s, chanceDecision<QgData>('defense-roll', { kind: 'roll', dice: poolDice(defense) }, { at: 'defense-roll', hits, ...attack }));
        return;
      }
      resolveAttack(s, attack, hits, 0, 0, events);
      break;
    }
    case 'defense-roll': {
      const { at: _at, hits, ...attack } = data;
      resolveAttack(s, attack, hits, rollTotal(dice, faces, 'blocks'), rollTotal(dice, faces, 'riposte'), events);
      break;
    }
    case 'grey-roll':
      afterGreyRoll(s, data, faces);
      break;
    case 'anakin-roll':
      afterAnakinRoll(s, data, rollTotal(dice, faces, 'pips'), events);
      break;
    default:
      throw new Error(`a chance move for a ${data.at} decision`);
  }
  advance(s, events);
}

export function play(s: QgState, move: QgMove, events: QgEvent[] = []): QgEvent[] {
  if (move.type === 'chance') {
    playChance(s, move.outcome as readonly string[], events);
    return events;
  }
  const d = topDecision(s.stack) as QgDecision;
  const data = d.data;
  if (data.at === 'plan') {
    playPlan(s, move, events);
    return events;
  }
  const option = (move as { option: string }).option;
  switch (data.at) {
    case 'queen': {
      pop(s);
      s.realQueen = `real-queen:${option}`;
      events.push({ type: 'queen-chosen', player: move.actor, token: s.realQueen, seenBy: teamOf(s, 'naboo') });
      startPlan(s, events);
      return events;
    }
    case 'action': {
      pop(s);
      const actions = cardOf(data.card).actions;
      const index = option === 'decline' ? null : Number(option.slice('action:'.length));
      events.push({ type: 'action-chosen', player: data.player, card: data.card, action: index });
      if (index !== null) carryOut(s, data.player, data.card, actions[index] as Action, events);
      break;
    }
    case 'activate':
      playActivate(s, data, option, events);
      break;
    case 'bonus': {
      const card = drawCard(s, deckFor(data.side, option as DeckKind), events);
      if (card !== null) s.bonus = { ...s.bonus, [data.side]: [...s.bonus[data.side], card] };
      events.push({ type: 'bonus-drawn', side: data.side, deck: card === null ? null : deckFor(data.side, option as DeckKind) });
      if (data.count <= 1 || bonusDecks(s, data.side).length === 0) pop(s);
      else replaceTop(s, { ...data, count: data.count - 1 });
      break;
    }
    case 'droids-to-palace':
      playDroidsToPalace(s, data, option, events);
      break;
    case 'activate-droids':
      playActivateDroids(s, data, option, events);
      break;
    case 'starfighter': {
      const grid = Number(option.slice('grid:'.length)) - 1;
      s.stacks = s.stacks.map((st, i) => (i === grid ? [...st, data.card] : st));
      events.push({ type: 'starfighter-placed', card: data.card, grid: grid + 1 });
      pop(s);
      drawStarfighter(s, data.player, data.left, events);
      break;
    }
    case 'place-dice': {
      const space = Number(option.slice('space:'.length));
      const placed = [...data.placed, space];
      events.push({ type: 'die-placed', layer: data.layer, space });
      if (data.left <= 1 || freeSpaces(data.layer, placed).length === 0) {
        pop(s);
        pushAnakinRoll(s, data.layer, placed);
      } else replaceTop(s, { ...data, left: data.left - 1, placed });
      break;
    }
    case 'throne-claim': {
      pop(s);
      events.push({ type: 'throne-claim', claimed: option === 'claim' });
      if (option === 'claim') {
        const player = controller(s, 'trade-federation', 'palace');
        push(s, ask('throne-confirm', player, { at: 'throne-confirm', player }));
        return events;
      }
      break;
    }
    case 'throne-confirm': {
      pop(s);
      events.push({ type: 'throne-confirm', confirmed: option === 'confirm' });
      if (option === 'confirm' && winnerOf(victoryCounts(s, true), DATA.rules) === 'naboo') {
        endGame(s, 'naboo', 'Naboo wins: the droids are deactivated and Naboo holds the throne room', events);
        return events;
      }
      break;
    }
    default:
      throw new Error(`no move is played on a ${data.at} decision`);
  }
  advance(s, events);
  return events;
}

// ---------------------------------------------------------------------------------------------
// Set-up (§1)

export function initialUnits(): { units: UnitState[]; palace: Record<string, number>; nextNumber: Record<string, number> } {
  const units: UnitState[] = [];
  const palace: Record<string, number> = {};
  const nextNumber: Record<string, number> = {};
  for (const force of DATA.setup.forces) {
    const spec = DATA.unit(force.unit);
    if (isCounted(spec)) {
      palace[spec.id] = (palace[spec.id] ?? 0) + force.count * spec.figures;
      continue;
    }
    for (let i = 0; i < force.count; i++) {
      const id = spec.unique ? spec.id : `${force.mark}${(nextNumber[force.mark] ?? 0) + 1}`;
      if (!spec.unique) nextNumber[force.mark] = (nextNumber[force.mark] ?? 0) + 1;
      units.push({ id, unit: spec.id, figures: spec.figures, damage: 0, inPit: spec.zone === 'melting-pit' });
    }
  }
  for (const mark of Object.keys(nextNumber)) nextNumber[mark] = (nextNumber[mark] as number) + 1;
  return { units, palace, nextNumber };
}

export interface SetupOptions {
  deckOut: 'reshuffle' | 'stop';
  droidPool: 'box-and-eliminated' | 'eliminated';
  planningSeconds: number;
}

export function newState(names: readonly string[], rng: RngState, options: SetupOptions): { state: QgState; events: QgEvent[] } {
  const players = names.length;
  const r = randomFrom(rng);
  const seats =
    players === 4
      ? DATA.rules.fourPlayer.seating.map((x) => ({ side: x.side, roles: [x.role] }))
      : [DATA.rules.firstPlayer, otherSide(DATA.rules.firstPlayer)].map((side) => ({ side, roles: ['battlefield', 'palace'] as Role[] }));
  const decks = Object.fromEntries(
    DECK_IDS.map((id) => [id, { draw: r.shuffle([...DATA.decks[id].physicalCards]), discard: [] }]),
  ) as unknown as QgState['decks'];
  const { units, palace, nextNumber } = initialUnits();
  const offBoard: Record<string, OffBoard> = {};
  for (const piece of DATA.setup.pieces) offBoard[piece.id] = { box: DATA.piecesOutsideBoard[piece.id] ?? 0, eliminated: 0, outOfGame: 0 };
  const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  const s: QgState = {
    game: 'queens-gambit',
    players: ids,
    names: [...names],
    seats,
    ...options,
    decks,
    hands: ids.map(() => []),
    bonus: { naboo: [], 'trade-federation': [] },
    plans: ids.map(() => ({ ...selection([], 0), bonus: 0 })),
    piles: ids.map(() => []),
    marker: seats.findIndex((x) => x.side === DATA.rules.firstPlayer),
    next: 0,
    turn: 0,
    units,
    palace,
    offBoard,
    nextNumber,
    realQueen: null,
    queenRevealed: false,
    realQueenDead: false,
    anakin: 0,
    stacks: DATA.space.grids.map(() => []),
    starfighterDeck: r.shuffle(DATA.space.starfighters.map((g) => g.id)),
    starfightersGone: [],
    shieldUp: true,
    droidsDeactivated: false,
    claimAsked: false,
    winner: null,
    over: false,
    summary: '',
    stack: [],
    rng: r.state(),
  };
  const events: QgEvent[] = [];
  const { handPerDeck } = tableFor(s);
  for (let seat = 0; seat < players; seat++) {
    drawInto(s, seat, 'battlefield', handPerDeck, events);
    drawInto(s, seat, 'palace', handPerDeck, events);
  }
  const chooser = controller(s, 'naboo', 'palace');
  s.stack = [ask('queen', chooser, { at: 'queen', player: chooser })];
  return { state: s, events };
}
