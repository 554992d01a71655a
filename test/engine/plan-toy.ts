// "Gambit", a small but real game of simultaneous secret plans in the shape of The Queen's
// Gambit, for testing the engine. Two sides (red and blue), each with its own deck of cards
// valued 1 to 9. Two players, or four in two teams (teammates see each other's hands).
// Each round, every player at once secretly chooses and orders k of the n cards in hand
// (4 of 10; 2 of 6 with four players), in small steps with undo, and the side's bonus holder
// slides as many of the side's face-down bonus cards beneath as they like, unseen. When all
// have committed, the piles are turned over one card at a time, starting with the holder of
// the first-player marker and going round the table (players whose pile is empty are skipped).
// A card turned over either strikes (beating the other side's guard scores a point and wins a
// bonus card, drawn face down from the deck: nobody may look at it) or becomes its side's
// guard. Then the marker passes on and everyone draws back up. After the rounds, most points wins.

import { inPlaceWriter, type Writer } from '../../host/engine/cow.ts';
import { answerProblem, answerTop, decision, isWaitingOn, topDecision, type Decision } from '../../host/engine/decisions.ts';
import { relabelUnknown } from '../../host/engine/determinize.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, teamsFor, type GameMeta } from '../../host/engine/meta.ts';
import { randomFrom, seedRng, type Random, type RngState } from '../../host/engine/rng.ts';
import { applySelectionStep, selection, selectionProblem, selectionSteps, type Selection } from '../../host/engine/steps.ts';
import type { HiddenTableGame, TableConfig, TableResult, WrittenRules } from '../../host/engine/table-game.ts';
import { writtenToyParts } from './written-toy.ts';

export const PLAN_META: GameMeta = checkMeta({
  id: 'gambit',
  title: 'Gambit',
  players: { min: 2, max: 4 },
  teams: [
    {
      players: 2,
      teams: [
        { id: 'red', name: 'Red', seats: [0] },
        { id: 'blue', name: 'Blue', seats: [1] },
      ],
    },
    {
      players: 4,
      teams: [
        { id: 'red', name: 'Red', seats: [0, 2] },
        { id: 'blue', name: 'Blue', seats: [1, 3] },
      ],
    },
  ],
  cooperative: false,
  hiddenInformation: true,
  simultaneous: true,
  chance: false,
  externalActors: [],
  options: [
    { id: 'rounds', text: 'rounds to play', kind: 'number', min: 1, max: 6, default: 3 },
    { id: 'bonus-cards', text: 'bonus cards for a strike that beats the guard', kind: 'boolean', default: true },
  ],
  rules: [],
});

/** Hand size and cards played per player, by table size. */
const HANDS: Readonly<Record<number, { hand: number; play: number }>> = { 2: { hand: 10, play: 4 }, 4: { hand: 6, play: 2 } };
const VALUES = 9;
const COPIES = 3;

export const cardValue = (card: string): number => Number(card.split('-')[1]);

export interface Plan extends Selection {
  /** Bonus cards slid beneath (only the side's bonus holder). */
  bonus: number;
}

export type PlanData =
  | { readonly at: 'plan'; readonly round: number }
  | { readonly at: 'reveal'; readonly player: ActorId; readonly card: string; readonly bonus: boolean };

export interface Side {
  id: string;
  seats: number[];
  deck: string[];
  /** Face down, unseen by everyone; index 0 is the top. */
  bonus: string[];
  points: number;
  guard: number;
}

export interface PlanState {
  game: 'gambit';
  players: ActorId[];
  sides: Side[];
  hands: string[][];
  /** Each player's plan this round (by seat). */
  plans: Plan[];
  /** The face-down piles being turned over (by seat): the cards chosen, then the bonus cards beneath. */
  piles: { card: string; bonus: boolean }[][];
  marker: number;
  /** Who turns over next (seat), during the reveal. */
  next: number;
  round: number;
  rounds: number;
  bonusCards: boolean;
  stack: Decision<PlanData>[];
  over: boolean;
  rng: RngState;
}

export type PlanMove =
  | { readonly actor: ActorId; readonly type: 'pick'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'undo' }
  | { readonly actor: ActorId; readonly type: 'slide-bonus' }
  | { readonly actor: ActorId; readonly type: 'take-back-bonus' }
  | { readonly actor: ActorId; readonly type: 'commit' }
  | { readonly actor: ActorId; readonly type: 'strike' }
  | { readonly actor: ActorId; readonly type: 'guard' };

export type PlanEvent =
  | { readonly type: 'drew'; readonly player: ActorId; readonly cards: readonly string[] | null; readonly count: number; readonly seenBy: readonly ActorId[] }
  | { readonly type: 'round-started'; readonly round: number; readonly marker: ActorId }
  | { readonly type: 'planned'; readonly player: ActorId; readonly move: PlanMove; readonly seenBy: readonly ActorId[] }
  | { readonly type: 'committed'; readonly player: ActorId }
  | { readonly type: 'turned-over'; readonly player: ActorId; readonly card: string; readonly bonus: boolean }
  | { readonly type: 'struck'; readonly player: ActorId; readonly value: number; readonly guard: number; readonly scored: boolean }
  | { readonly type: 'guarded'; readonly player: ActorId; readonly value: number }
  | { readonly type: 'bonus-won'; readonly side: string; readonly card: string | null }
  | { readonly type: 'game-over'; readonly points: Readonly<Record<string, number>> };

export interface PlanView {
  readonly viewer: ActorId;
  readonly side: string | null;
  readonly round: number;
  /** The viewer's hand and their teammates' (teammates may show each other their cards). */
  readonly hands: Readonly<Record<ActorId, readonly string[]>>;
  readonly handCounts: Readonly<Record<ActorId, number>>;
  /** The viewer's and teammates' plans as they stand; the others only say whether they are committed. */
  readonly plans: Readonly<Record<ActorId, { readonly picked: readonly string[] | null; readonly bonus: number | null; readonly committed: boolean }>>;
  readonly piles: Readonly<Record<ActorId, number>>;
  readonly sides: readonly { readonly id: string; readonly points: number; readonly guard: number; readonly deck: number; readonly bonus: number }[];
  readonly marker: ActorId;
  readonly revealing: { readonly player: ActorId; readonly card: string } | null;
  readonly over: boolean;
}

type Config = TableConfig;

const sideOfSeat = (s: PlanState, seat: number): Side => s.sides.find((side) => side.seats.includes(seat)) as Side;
const seatOf = (s: PlanState, p: ActorId): number => s.players.indexOf(p);
const sideOf = (s: PlanState, p: ActorId): Side | null => (seatOf(s, p) < 0 ? null : sideOfSeat(s, seatOf(s, p)));
const isBonusHolder = (s: PlanState, seat: number): boolean => sideOfSeat(s, seat).seats[0] === seat;
const teammates = (s: PlanState, p: ActorId): ActorId[] => (sideOf(s, p)?.seats ?? []).map((i) => s.players[i] as ActorId);

function planSteps(s: PlanState, seat: number): PlanMove[] {
  const plan = s.plans[seat] as Plan;
  const actor = s.players[seat] as ActorId;
  const moves: PlanMove[] = [];
  if (plan.committed) return moves;
  const full = plan.picked.length === plan.max;
  for (const step of selectionSteps(plan)) {
    if (step.step === 'pick') moves.push({ actor, type: 'pick', card: step.item });
    else if (step.step === 'undo' && plan.bonus === 0) moves.push({ actor, type: 'undo' });
  }
  if (full && isBonusHolder(s, seat)) {
    if (plan.bonus < sideOfSeat(s, seat).bonus.length) moves.push({ actor, type: 'slide-bonus' });
    if (plan.bonus > 0) moves.push({ actor, type: 'take-back-bonus' });
  }
  if (full) moves.push({ actor, type: 'commit' });
  return moves;
}

function legalMoves(s: PlanState, actor: ActorId): PlanMove[] {
  const d = topDecision(s.stack);
  if (d === null || !isWaitingOn(d, actor)) return [];
  if (d.data.at === 'plan') return planSteps(s, seatOf(s, actor));
  return [
    { actor, type: 'strike' },
    { actor, type: 'guard' },
  ];
}

function judge(s: PlanState, move: PlanMove): string | null {
  const d = topDecision(s.stack);
  if (d === null) return 'the game is over';
  const seat = seatOf(s, move.actor);
  if (seat < 0) return `"${move.actor}" is not at this table`;
  if (d.data.at === 'reveal') {
    if (move.type !== 'strike' && move.type !== 'guard') return 'a card is being turned over: strike or guard with it';
    return answerProblem(d, move.actor, 'take');
  }
  if (move.type === 'strike' || move.type === 'guard') return 'the plans are still being made';
  const asked = answerProblem(d, move.actor, 'commit');
  if (asked !== null) return asked;
  const plan = s.plans[seat] as Plan;
  switch (move.type) {
    case 'pick':
      return selectionProblem(plan, { step: 'pick', item: move.card });
    case 'undo':
      if (plan.bonus > 0) return 'take the bonus cards back before undoing a pick';
      return selectionProblem(plan, { step: 'undo' });
    case 'slide-bonus':
    case 'take-back-bonus':
      if (!isBonusHolder(s, seat)) return "only the side's bonus holder slides bonus cards beneath";
      if (plan.picked.length < plan.max) return `choose all ${plan.max} cards first`;
      if (move.type === 'slide-bonus') return plan.bonus < sideOfSeat(s, seat).bonus.length ? null : 'there are no more bonus cards to slide beneath';
      return plan.bonus > 0 ? null : 'no bonus card is beneath your cards';
    case 'commit':
      return selectionProblem(plan, { step: 'commit' });
  }
}

function drawUp(s: PlanState, w: Writer, seat: number, target: number, events: PlanEvent[]): void {
  const side = w.own(w.own(s, 'sides'), s.sides.indexOf(sideOfSeat(s, seat)));
  const hand = w.own(w.own(s, 'hands'), seat);
  const count = Math.min(target - hand.length, side.deck.length);
  if (count <= 0) return;
  const cards = side.deck.slice(0, count);
  side.deck = side.deck.slice(count);
  hand.push(...cards);
  const player = s.players[seat] as ActorId;
  events.push({ type: 'drew', player, cards, count, seenBy: teammates(s, player) });
}

function startRound(s: PlanState, w: Writer, events: PlanEvent[]): void {
  const sizes = HANDS[s.players.length] as { hand: number; play: number };
  s.players.forEach((_, seat) => drawUp(s, w, seat, sizes.hand, events));
  if (s.round >= s.rounds || s.hands.some((h) => h.length < sizes.play)) {
    s.over = true;
    s.stack = [];
    events.push({ type: 'game-over', points: Object.fromEntries(s.sides.map((side) => [side.id, side.points])) });
    return;
  }
  s.round += 1;
  s.sides = s.sides.map((side) => ({ ...side, guard: 0 }));
  s.plans = s.hands.map((hand) => ({ ...selection(hand, sizes.play), bonus: 0 }));
  s.stack = [decision({ kind: 'plan', asked: s.players, close: 'all-committed', data: { at: 'plan', round: s.round } })];
  events.push({ type: 'round-started', round: s.round, marker: s.players[s.marker] as ActorId });
}

/** The next seat with cards left to turn over, going round from `from` (null when all piles are empty). */
function nextRevealer(s: PlanState, from: number): number | null {
  for (let k = 0; k < s.players.length; k++) {
    const seat = (from + k) % s.players.length;
    if ((s.piles[seat] as unknown[]).length > 0) return seat;
  }
  return null;
}

function turnOver(s: PlanState, w: Writer, from: number, events: PlanEvent[]): void {
  const seat = nextRevealer(s, from);
  if (seat === null) {
    s.marker = (s.marker + 1) % s.players.length;
    startRound(s, w, events);
    return;
  }
  const pile = w.own(w.own(s, 'piles'), seat);
  const top = pile.shift() as { card: string; bonus: boolean };
  const player = s.players[seat] as ActorId;
  s.next = seat;
  events.push({ type: 'turned-over', player, card: top.card, bonus: top.bonus });
  s.stack = [decision({ kind: 'reveal', asked: [player], close: 'first-taker', data: { at: 'reveal', player, card: top.card, bonus: top.bonus } })];
}

function play(s: PlanState, move: PlanMove, w: Writer): PlanEvent[] {
  const events: PlanEvent[] = [];
  const d = topDecision(s.stack) as Decision<PlanData>;
  const seat = seatOf(s, move.actor);
  if (d.data.at === 'reveal') {
    const data = d.data;
    const stack = w.own(s, 'stack');
    answerTop(stack, move.actor, 'take', w);
    const sides = w.own(s, 'sides');
    const mine = w.own(sides, s.sides.indexOf(sideOfSeat(s, seat)));
    const theirs = s.sides.find((x) => x !== sideOfSeat(s, seat) && x.id !== mine.id) as Side;
    const value = cardValue(data.card);
    if (move.type === 'guard') {
      mine.guard = value;
      events.push({ type: 'guarded', player: move.actor, value });
    } else {
      const scored = value > theirs.guard;
      events.push({ type: 'struck', player: move.actor, value, guard: theirs.guard, scored });
      if (scored) {
        mine.points += 1;
        if (s.bonusCards && mine.deck.length > 0) {
          const card = mine.deck[0] as string;
          mine.deck = mine.deck.slice(1);
          mine.bonus = [...mine.bonus, card];
          events.push({ type: 'bonus-won', side: mine.id, card });
        }
      }
    }
    turnOver(s, w, (seat + 1) % s.players.length, events);
    return events;
  }
  const plans = w.own(s, 'plans');
  const plan = w.own(plans, seat);
  w.own(plan, 'picked');
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
    case 'commit': {
      applySelectionStep(plan, { step: 'commit' });
      events.push({ type: 'committed', player: move.actor });
      if (!answerTop(w.own(s, 'stack'), move.actor, 'commit', w)) return events;
      // Every plan is in: the piles are laid, the cards leave the hands, and the turning over begins.
      s.piles = s.plans.map((p, i) => {
        const side = sideOfSeat(s, i);
        return [...p.picked.map((card) => ({ card, bonus: false })), ...side.bonus.slice(0, p.bonus).map((card) => ({ card, bonus: true }))];
      });
      s.hands = s.hands.map((hand, i) => hand.filter((c) => !(s.plans[i] as Plan).picked.includes(c)));
      s.sides = s.sides.map((side) => {
        const used = side.seats.reduce((n, i) => n + (isBonusHolder(s, i) ? (s.plans[i] as Plan).bonus : 0), 0);
        return { ...side, bonus: side.bonus.slice(used) };
      });
      turnOver(s, w, s.marker, events);
      return events;
    }
    default:
      throw new Error(`${move.type} while planning`);
  }
  events.push({ type: 'planned', player: move.actor, move, seenBy: teammates(s, move.actor) });
  return events;
}

const rules: WrittenRules<PlanState, PlanMove, PlanEvent> = { judge, play };

/** Events with a private part name who may see it (`seenBy`: the player and their teammates). */
function eventFor(e: PlanEvent, viewer: ActorId): PlanEvent | null {
  switch (e.type) {
    case 'drew':
      return e.seenBy.includes(viewer) ? e : { ...e, cards: null };
    case 'planned':
      return e.seenBy.includes(viewer) ? e : null;
    case 'bonus-won':
      return { ...e, card: null };
    default:
      return e;
  }
}

function secretsFrom(s: PlanState, viewer: ActorId): string[] {
  if (s.over) return [];
  const mine = new Set(teammates(s, viewer));
  const secrets: string[] = [];
  s.players.forEach((p, seat) => {
    if (!mine.has(p)) secrets.push(...(s.hands[seat] as string[]));
    for (const x of s.piles[seat] as { card: string; bonus: boolean }[]) if (x.bonus || !mine.has(p)) secrets.push(x.card);
  });
  for (const side of s.sides) secrets.push(...side.deck, ...side.bonus);
  return secrets;
}

function determinize(s: PlanState, viewer: ActorId, random: Random): PlanState {
  const secrets = new Set(secretsFrom(s, viewer));
  // Each side's unseen cards are interchangeable among themselves (two decks: never mixed).
  const groups = s.sides.map((side) => [...secrets].filter((card) => card.startsWith(`${side.id}-`)));
  return relabelUnknown(s, groups, random);
}

function view(s: PlanState, viewer: ActorId): PlanView {
  const mine = new Set(teammates(s, viewer));
  const top = topDecision(s.stack);
  return {
    viewer,
    side: sideOf(s, viewer)?.id ?? null,
    round: s.round,
    hands: Object.fromEntries(s.players.filter((p) => mine.has(p)).map((p) => [p, (s.hands[seatOf(s, p)] as string[]).slice()])),
    handCounts: Object.fromEntries(s.players.map((p, i) => [p, (s.hands[i] as string[]).length])),
    plans: Object.fromEntries(
      s.players.map((p, i) => {
        const plan = s.plans[i] as Plan;
        return [
          p,
          mine.has(p)
            ? { picked: plan.picked.slice(), bonus: plan.bonus, committed: plan.committed }
            : { picked: null, bonus: null, committed: plan.committed },
        ];
      }),
    ),
    piles: Object.fromEntries(s.players.map((p, i) => [p, (s.piles[i] as unknown[]).length])),
    sides: s.sides.map((side) => ({ id: side.id, points: side.points, guard: side.guard, deck: side.deck.length, bonus: side.bonus.length })),
    marker: s.players[s.marker] as ActorId,
    revealing: top !== null && top.data.at === 'reveal' ? { player: top.data.player, card: top.data.card } : null,
    over: s.over,
  };
}

function prompt(s: PlanState, actor: ActorId): string {
  const d = topDecision(s.stack);
  if (d === null) return 'The game is over.';
  if (d.data.at === 'reveal') {
    return d.data.player === actor ? `You turn over ${d.data.card}: strike or guard?` : `${d.data.player} turns over ${d.data.card}.`;
  }
  if (!isWaitingOn(d, actor)) return 'Waiting for the other plans.';
  const plan = s.plans[seatOf(s, actor)] as Plan;
  return plan.picked.length < plan.max ? `Choose card ${plan.picked.length + 1} of ${plan.max}.` : 'Slide bonus cards beneath if you like, then commit.';
}

function setup(config: Config, seed: number): { state: PlanState; events: PlanEvent[] } {
  checkPlayerCount(PLAN_META, config.players.length);
  if (!(config.players.length in HANDS)) throw new RangeError('Gambit is played by 2 or 4 players');
  const options = resolveOptions(PLAN_META, config.options);
  const teams = teamsFor(PLAN_META, config.players.length);
  if (teams === null) throw new RangeError(`Gambit is played by 2 or 4 players, not ${config.players.length}`);
  const r = randomFrom(seedRng(seed));
  const sides: Side[] = teams.map((team) => {
    const cards: string[] = [];
    for (let v = 1; v <= VALUES; v++) for (let c = 1; c <= COPIES * (team.seats.length === 2 ? 2 : 1); c++) cards.push(`${team.id}-${v}-${c}`);
    return { id: team.id, seats: [...team.seats], deck: r.shuffle(cards), bonus: [], points: 0, guard: 0 };
  });
  const players = config.players.map((_, i) => `p${i + 1}`);
  const s: PlanState = {
    game: 'gambit',
    players,
    sides,
    hands: players.map(() => []),
    plans: players.map(() => ({ ...selection([], 0), bonus: 0 })),
    piles: players.map(() => []),
    marker: 0,
    next: 0,
    round: 0,
    rounds: options.rounds as number,
    bonusCards: options['bonus-cards'] as boolean,
    stack: [],
    over: false,
    rng: r.state(),
  };
  const events: PlanEvent[] = [];
  startRound(s, inPlaceWriter(), events);
  return { state: s, events };
}

function result(s: PlanState): TableResult {
  if (!s.over) return { finished: false };
  const [a, b] = s.sides as [Side, Side];
  const winners = a.points === b.points ? [] : [a.points > b.points ? a : b];
  const share = winners.length === 0 ? 0.5 : 1;
  const returns = Object.fromEntries(s.players.map((p, seat) => [p, winners.length === 0 ? share : winners[0] === sideOfSeat(s, seat) ? 1 : 0]));
  return {
    finished: true,
    returns,
    winners: winners.length === 0 ? [] : s.players.filter((_, seat) => winners[0] === sideOfSeat(s, seat)),
    winningTeams: winners.map((w) => w.id),
    summary:
      winners.length === 0
        ? `a draw at ${a.points} points each`
        : `${(winners[0] as Side).id} wins ${Math.max(a.points, b.points)} to ${Math.min(a.points, b.points)}`,
  };
}

export const planGame: HiddenTableGame<Config, PlanState, PlanMove, PlanView, PlanEvent> = {
  meta: PLAN_META,
  hidden: true,
  setup,
  ...writtenToyParts(rules),
  legalMoves,
  view,
  result,
  prompt,
  undoes: (m) => m.type === 'undo' || m.type === 'take-back-bonus',
  eventFor,
  secretsFrom,
  determinize,
};

export function planCandidates(s: PlanState, actor: ActorId): PlanMove[] {
  const cards = [...s.hands.flat(), ...s.sides.flatMap((x) => [...x.deck, ...x.bonus])];
  return [
    ...cards.map((card): PlanMove => ({ actor, type: 'pick', card })),
    ...(['undo', 'slide-bonus', 'take-back-bonus', 'commit', 'strike', 'guard'] as const).map((type): PlanMove => ({ actor, type })),
  ];
}
