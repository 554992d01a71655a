// Secret Invasion on the engine's table-game shape (engine/table-game.ts): a `HiddenTableGame`.
// - Metadata is data (data/meta.json, checked against the engine's schema when loaded).
// - The decision stack: a "turn" decision asks the turn player; a Boba Fett miss pushes a
//   "second-try" decision above it, asking the same player, who may pass (stop guessing).
//   Each round's shuffle and deal is a chance decision ("deal", a secret `shuffle` the engine
//   always draws): its outcome is a logged move, so a log replays without drawing anything.
// - A discard is chosen in small steps (choosing.ts): the card, then the target, then the value,
//   with undo before the last; Boba Fett's second try the same way.
// - Legal steps are built directly (`buildLegalSteps`); the judge (legality.ts, `stepProblem`)
//   checks untrusted moves and is the oracle the built lists are tested against.
// - The rules are written once (play.ts): `apply` runs them copy-on-write (judged first),
//   `applyInPlace` on a `clone` the caller owns.
// - `eventFor`, `secretsFrom` and `determinize` say what each player may know.

import metaJson from './data/meta.json' with { type: 'json' };
import { chanceDecision, type Decision } from '../../engine/decisions.ts';
import { relabelUnknown } from '../../engine/determinize.ts';
import { GameConfigError, type ActorId } from '../../engine/table-game.ts';
import { checkMeta, type GameMeta } from '../../engine/meta.ts';
import { seedRng, type Random } from '../../engine/rng.ts';
import { defineTableGame, winnerReturns, type HiddenTableGame, type TableResult, type WrittenRules } from '../../engine/table-game.ts';
import { askOf, type TargetKind } from './choosing.ts';
import { STANDARD_DECK, type Character, type Deck } from './deck.ts';
import { shuffleSpec, stepProblem } from './legality.ts';
import {
  type CardIndex,
  NO_CARD,
  type PlayerId,
  type SecretInvasionConfig,
  type SecretInvasionEvent,
  type SecretInvasionState,
  type SecretInvasionStep,
  type SecretInvasionView,
} from './model.ts';
import { advanceStep, cardTableOf, factsOf, idOf, playStep, seatIndexOf, type CardTable, type Root } from './play.ts';
import { openSeatBits, seatBit, who } from './table.ts';
import { eventFor, viewFor } from './view.ts';

type State = SecretInvasionState;
type Step = SecretInvasionStep;

export type SecretInvasionTable = HiddenTableGame<SecretInvasionConfig, State, Step, SecretInvasionView, SecretInvasionEvent>;

export const SECRET_INVASION_META: GameMeta = checkMeta(metaJson, 'host/games/secret-invasion/data/meta.json');

const PLAYER_IDS: string[] = [];

/**
 * "p1" for the first seat: one string per seat, made once, so every state, step and decision
 * holds the same string for a seat and comparing ids is comparing references.
 */
export function playerIdFor(seatIndex: number): string {
  let id = PLAYER_IDS[seatIndex];
  if (id === undefined) PLAYER_IDS[seatIndex] = id = `p${seatIndex + 1}`;
  return id;
}

/** The configuration's problems, in words a person can act on (empty when it is playable). */
export function configProblems(deck: Deck, config: SecretInvasionConfig): string[] {
  const { min, max } = deck.rules.players;
  if (typeof config !== 'object' || config === null || !Array.isArray(config.players)) {
    return ['the configuration needs a list of players, youngest first'];
  }
  if (config.players.length < min || config.players.length > max) {
    return [`Secret Invasion is played by ${min} to ${max} players, got ${config.players.length}`];
  }
  const problems: string[] = [];
  for (let i = 0; i < config.players.length; i++) {
    const name = config.players[i]?.name;
    if (typeof name !== 'string' || name.trim() === '') problems.push(`seat ${i + 1} has no name`);
  }
  return problems;
}

/**
 * A new game: the players seated (youngest first), nothing dealt yet. The first round's shuffle
 * and deal is the first move (chance's), so the opening events come with it.
 */
function setup(table: CardTable, config: SecretInvasionConfig, seed: number): { state: State; events: SecretInvasionEvent[] } {
  const problems = configProblems(table.deck, config);
  if (problems.length > 0) throw new GameConfigError(`cannot set up Secret Invasion: ${problems.join('; ')}`);
  const first = playerIdFor(0);
  const state: State = {
    game: 'secret-invasion',
    seats: seatsFor(config),
    outSeats: 0,
    protectedSeats: 0,
    stage: 'deal',
    round: 0,
    turn: 0,
    turnPlayer: first,
    roundStarter: first,
    deck: [],
    deckTop: 0,
    setAside: null,
    faceUp: [],
    knowledge: [],
    missedGuess: null,
    lastRound: null,
    winner: null,
    choosing: null,
    rng: seedRng(seed),
  };
  return { state, events: [] };
}

/** The players seated, in seat order, nothing dealt. */
function seatsFor(config: SecretInvasionConfig): State['seats'] {
  const seats: State['seats'][number][] = [];
  for (let i = 0; i < config.players.length; i++) {
    const name = (config.players[i] as SecretInvasionConfig['players'][number]).name.trim();
    seats.push({ id: playerIdFor(i), name, tokens: 0, hand: [], discards: [] });
  }
  return seats;
}

/** How many seats' turn decisions are kept (more than any table of the rules). */
const MAX_KEPT_SEATS = 8;

/** The turn decisions made so far, at the seat of the player they ask (`playerIdFor`'s ids). */
const turnDecisions: (readonly Decision[] | undefined)[] = [];

/** A turn decision asking `player`, made once and shared: nobody may change it (not frozen: V8 copies frozen arrays slowly). */
function turnOf(player: PlayerId): readonly Decision[] {
  const at = player.charCodeAt(1) - 49;
  const made = turnDecisions[at];
  // Only a seat's own id is kept there: the same id asks the same decision.
  if (made !== undefined && player === PLAYER_IDS[at]) return made;
  return newTurn(player, at);
}

/** A turn decision not made before (`turnOf`'s slow path, a function of its own: what V8 inlines of `turnOf` at every step stays small). */
function newTurn(player: PlayerId, at: number): readonly Decision[] {
  const turn: Decision = { kind: 'turn', asked: [player], mayPass: [], close: 'first-taker', answered: [], taker: null, chance: null, data: null };
  const stack = [turn];
  if (at >= 0 && at < MAX_KEPT_SEATS && player === playerIdFor(at)) turnDecisions[at] = stack;
  return stack;
}

const dealDecisions = new WeakMap<Deck, readonly Decision[]>();

/** The round's shuffle and deal: a chance decision (a secret shuffle, always drawn by the engine), shared. */
function dealOf(deck: Deck): readonly Decision[] {
  if (deck === lastDealt?.deck) return lastDealt.stack;
  let stack = dealDecisions.get(deck);
  if (stack === undefined) dealDecisions.set(deck, (stack = [chanceDecision('deal', shuffleSpec(deck), null)]));
  lastDealt = { deck, stack };
  return stack;
}

/** The deal asked last, at hand without a lookup (a playout deals the same deck every round). */
let lastDealt: { readonly deck: Deck; readonly stack: readonly Decision[] } | null = null;

/** The decision stack, from the state: the deal; the turn, and Boba Fett's second try (with the missed guess) above it. */
function decisionsOf(deck: Deck, s: State): readonly Decision[] {
  if (s.stage === 'over') return [];
  if (s.stage === 'deal') return dealOf(deck);
  const turn = turnOf(s.turnPlayer);
  if (s.stage === 'turn') return turn;
  return secondTryOf(turn, s.missedGuess);
}

/** The last second-try stack made (null before the first), and the missed guess it holds (replaced whole at each miss, never changed): asked again at every step of the try. */
let secondTryStack: readonly Decision[] | null = null;
let secondTryMissed: State['missedGuess'] = null;

/**
 * The turn with Boba Fett's second try above it, asking the turn player, who may pass; the same
 * stack while the same miss is pending. It shares the turn decision's lists (the player asked,
 * nobody answered: nobody changes them).
 */
function secondTryOf(turn: readonly Decision[], missed: State['missedGuess']): readonly Decision[] {
  const asking = turn[0] as Decision;
  if (secondTryStack !== null && secondTryMissed === missed && secondTryStack[0] === asking) return secondTryStack;
  return newSecondTry(asking, missed);
}

/** A second-try stack not made before (`secondTryOf`'s slow path, a function of its own: what V8 inlines of it at every step stays small). */
function newSecondTry(asking: Decision, missed: State['missedGuess']): readonly Decision[] {
  const secondTry: Decision = {
    kind: 'second-try',
    asked: asking.asked,
    mayPass: asking.asked,
    close: 'first-taker',
    answered: asking.answered,
    taker: null,
    chance: null,
    data: missed,
  };
  secondTryStack = [asking, secondTry];
  secondTryMissed = missed;
  return secondTryStack;
}

/**
 * Every step a player could take, made once per deck and shared: steps are plain data nobody
 * changes, so a legal list is built from these without making a move object per call.
 */
interface StepTable {
  discard(seat: number, character: number): Step;
  /** `target` 0: no one, else 1 + the seat. */
  target(seat: number, target: number): Step;
  /** `value`: the index among the guess values. */
  name(seat: number, value: number): Step;
  undo(seat: number): Step;
  again(seat: number): Step;
  stop(seat: number): Step;
}

function stepTableOf(table: CardTable): StepTable {
  const seats = table.deck.rules.players.max;
  const values = table.guessValues;
  const characters = table.deck.characters;
  const per = <T>(make: (actor: PlayerId) => T): T[] => Array.from({ length: seats }, (_, a) => make(playerIdFor(a)));
  const discards = per((actor) => characters.map((c): Step => ({ actor, type: 'discard', character: c.id })));
  const targets = per((actor) => Array.from({ length: seats + 1 }, (_, t): Step => ({ actor, type: 'target', target: t === 0 ? null : playerIdFor(t - 1) })));
  const names = per((actor) => values.map((value): Step => ({ actor, type: 'name', value })));
  const undos = per((actor): Step => ({ actor, type: 'undo' }));
  const agains = per((actor): Step => ({ actor, type: 'guess-again' }));
  const stops = per((actor): Step => ({ actor, type: 'stop-guessing' }));
  return {
    discard: (a, c) => discards[a]?.[c] as Step,
    target: (a, t) => targets[a]?.[t] as Step,
    name: (a, v) => names[a]?.[v] as Step,
    undo: (a) => undos[a] as Step,
    again: (a) => agains[a] as Step,
    stop: (a) => stops[a] as Step,
  };
}

/** A legal list and the same list without its undo (what playouts pick from): both shared, frozen. */
interface StepList {
  readonly all: readonly Step[];
  readonly forward: readonly Step[];
}

interface StepLists {
  readonly made: StepTable;
  /**
   * The lists already built, by what is asked (card, again, target, value), then at the index
   * of what they depend on (see `legalStepList`): short arrays, every place there from the start.
   */
  readonly lists: readonly (StepList | undefined)[][];
  /** Each card's target kind, as its place in `KINDS`, by card index. */
  readonly kindOf: readonly number[];
  /** The most seats the rules allow, and how many characters the deck has: what the keys are made of. */
  readonly maxSeats: number;
  readonly characters: number;
  /** Each card's character, as its place in the deck's characters, by card index. */
  readonly characterOf: readonly number[];
}

const stepLists = new WeakMap<CardTable, StepLists>();

let lastTable: CardTable | null = null;
let lastLists: StepLists | null = null;

/** The step lists of a card table (the one asked last is kept at hand: a playout asks for the same table at every step). */
function listsOf(table: CardTable): StepLists {
  if (table === lastTable && lastLists !== null) return lastLists;
  return listsLookedUp(table);
}

/** `listsOf` for a table not asked last: looked up, or built (a function of its own, so what V8 inlines of `listsOf` at every step stays small). */
function listsLookedUp(table: CardTable): StepLists {
  let found = stepLists.get(table);
  if (found === undefined) {
    const seats = table.deck.rules.players.max;
    const characters = table.deck.characters.length;
    const places = (n: number): (StepList | undefined)[] => new Array<StepList | undefined>(n).fill(undefined);
    const lists = [places(seats * characters * characters), places(seats << seats), places((seats * KINDS.length) << seats), places(seats)];
    found = {
      made: stepTableOf(table),
      lists,
      kindOf: table.facts.map((f) => KINDS.indexOf(f.kind)),
      maxSeats: seats,
      characters,
      characterOf: table.facts.map((f) => f.characterIndex),
    };
    stepLists.set(table, found);
  }
  lastTable = table;
  lastLists = found;
  return found;
}

const NONE: readonly Step[] = Object.freeze([]);
const NO_STEPS: StepList = { all: NONE, forward: NONE };

function stepListOf(steps: Step[]): StepList {
  const all = Object.freeze(steps);
  const last = steps[steps.length - 1];
  return { all, forward: last?.type === 'undo' && steps.length > 1 ? Object.freeze(steps.slice(0, -1)) : all };
}
const KINDS: readonly TargetKind[] = ['opponent', 'opponent-or-no-one', 'anyone', 'none'];

/**
 * The legal steps, built directly, in the order of the judge's candidates: the cards held (hand
 * order); a second try's stop, then guess again; the targets (no one first, then seat order);
 * the values, lowest first; then undo. A list depends only on what is asked, the seat, the
 * characters held (for the card) and who may be targeted (for a second try and a target), so
 * each is built once and then shared (frozen: nobody may change it).
 */
export function buildLegalSteps(table: CardTable, s: State, actor: PlayerId): readonly Step[] {
  return legalStepList(table, s, actor).all;
}

/** The legal steps without undo (the forward moves a playout picks from), built directly. */
export function buildForwardSteps(table: CardTable, s: State, actor: PlayerId): readonly Step[] {
  return legalStepList(table, s, actor).forward;
}

function legalStepList(table: CardTable, s: State, actor: PlayerId): StepList {
  const stage = s.stage;
  if ((stage !== 'turn' && stage !== 'second-try') || actor !== s.turnPlayer) return NO_STEPS;
  const seats = s.seats;
  const me = seatIndexOf(seats, actor);
  const { lists, kindOf, maxSeats, characters, characterOf } = listsOf(table);
  const choosing = s.choosing;
  // Who an effect may act on (bit i for seat i still in the round and not protected by Chewbacca): asked of a target or a second try (not of a card or a value).
  const open = choosing === null ? (stage !== 'turn' ? openSeatBits(s) : 0) : choosing.target === null ? openSeatBits(s) : 0;
  let key: number;
  let asked: number;
  let first = 0;
  let second = 0;
  let kind = 0;
  if (choosing === null && stage === 'turn') {
    asked = 0;
    const hand = (seats[me] as State['seats'][number]).hand;
    if (hand.length !== 2) return stepListOf(cardSteps(table, me, charactersHeld(table, hand)));
    first = characterOf[hand[0] as CardIndex] as number;
    second = characterOf[hand[1] as CardIndex] as number;
    key = (me * characters + first) * characters + second;
  } else if (choosing === null) {
    asked = 1;
    key = (me << maxSeats) | open;
  } else if (choosing.target === null) {
    kind = stage === 'second-try' ? 0 : heldKind(table, (seats[me] as State['seats'][number]).hand, choosing.character, kindOf);
    asked = 2;
    key = ((me * KINDS.length + kind) << maxSeats) | open;
  } else {
    asked = 3;
    key = me;
  }
  // More seats than the rules allow (a state no setup makes) has no place kept: built each time.
  const built = seats.length <= maxSeats ? (lists[asked] as (StepList | undefined)[]) : [];
  const list = built[key];
  if (list !== undefined) return list;
  let steps: Step[];
  if (asked === 0) steps = cardSteps(table, me, [first, second]);
  else if (asked === 1) steps = secondTrySteps(table, me, open, seats.length);
  else if (asked === 2) steps = targetSteps(table, me, KINDS[kind] as TargetKind, open, seats.length);
  else steps = valueSteps(table, me);
  const made = stepListOf(steps);
  if (built.length > 0) built[key] = made;
  return made;
}

/**
 * The target kind (its place in `KINDS`) of the card of `character` held (the card chosen, still
 * in the hand while its target is asked): read from the card, no lookup by the character's id;
 * 'none' when no card of it is held (a state no play makes).
 */
function heldKind(table: CardTable, hand: readonly CardIndex[], character: string, kindOf: readonly number[]): number {
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as CardIndex;
    if ((table.facts[card] as CardTable['facts'][number]).characterId === character) return kindOf[card] as number;
  }
  return KINDS.length - 1;
}

/**
 * The characters of the cards held, as their places in the deck's characters (a function of its
 * own: a closure in `legalStepList` would make every call allocate the scope it captures).
 */
function charactersHeld(table: CardTable, hand: readonly CardIndex[]): number[] {
  return hand.map((c) => factsOf(table, c).characterIndex);
}

function opponentsOf(me: number, open: number, seatCount: number): number[] {
  const opponents: number[] = [];
  for (let i = 0; i < seatCount; i++) if (i !== me && (open & (1 << i)) !== 0) opponents.push(i);
  return opponents;
}

function cardSteps(table: CardTable, me: number, held: readonly number[]): Step[] {
  const { made } = listsOf(table);
  const characters = held.map((c) => table.deck.characters[c] as Character);
  // A card that must be discarded with another held (Obi-Wan with Luke or Vader) is the only legal discard.
  let forced: string | null = null;
  characters.forEach((c, i) => {
    if (characters.some((other, j) => j !== i && c.mustDiscardWith.includes(other.id))) forced = c.id;
  });
  const steps: Step[] = [];
  const seen: number[] = [];
  held.forEach((c, i) => {
    const character = characters[i] as Character;
    if (seen.includes(c) || (forced !== null && character.id !== forced)) return;
    seen.push(c);
    steps.push(made.discard(me, c));
  });
  return steps;
}

function secondTrySteps(table: CardTable, me: number, open: number, seatCount: number): Step[] {
  const { made } = listsOf(table);
  return opponentsOf(me, open, seatCount).length > 0 ? [made.stop(me), made.again(me)] : [made.stop(me)];
}

function targetSteps(table: CardTable, me: number, kind: TargetKind, open: number, seatCount: number): Step[] {
  const { made } = listsOf(table);
  const steps: Step[] = [];
  if (kind === 'opponent-or-no-one') steps.push(made.target(me, 0));
  if (kind === 'anyone') {
    for (let i = 0; i < seatCount; i++) if ((open & (1 << i)) !== 0) steps.push(made.target(me, i + 1));
  } else if (kind !== 'none') {
    for (const t of opponentsOf(me, open, seatCount)) steps.push(made.target(me, t + 1));
  }
  steps.push(made.undo(me));
  return steps;
}

function valueSteps(table: CardTable, me: number): Step[] {
  const { made } = listsOf(table);
  const steps: Step[] = table.guessValues.map((_, v) => made.name(me, v));
  steps.push(made.undo(me));
  return steps;
}

/** A deep copy for in-place play. The deck (read from `deckTop`), the face-up cards, knowledge entries, the missed guess, the last round and the choice in steps are never changed in place: shared. */
function cloneState(s: State): State {
  return {
    ...s,
    seats: s.seats.map((seat) => ({ ...seat, hand: seat.hand.slice(), discards: seat.discards.slice() })),
  };
}

function resultOf(s: State): TableResult {
  const winner = s.seats.find((seat) => seat.id === s.winner);
  if (s.stage !== 'over' || !winner) return { finished: false };
  const players = s.seats.map((seat) => seat.id);
  return {
    finished: true,
    returns: winnerReturns(players, [winner.id]),
    winners: [winner.id],
    winningTeams: [],
    summary: `won: ${winner.tokens} victory tokens`,
  };
}

/** The question of the step asked now; anyone but the turn player is told only whom the table waits for. */
function promptFor(deck: Deck, s: State, actor: ActorId): string {
  if (s.stage === 'over') return 'The game is over.';
  if (s.stage === 'deal') return `The cards are shuffled and dealt for round ${s.round + 1}.`;
  if (actor !== s.turnPlayer) return `Waiting for ${who(s, s.turnPlayer)}.`;
  const choosing = s.choosing;
  const name = choosing === null ? '' : (deck.characters.find((c) => c.id === choosing.character)?.name ?? choosing.character);
  switch (askOf(s)) {
    case 'card':
      return 'Discard one of your two cards.';
    case 'again':
      return 'Boba Fett missed: guess again or stop.';
    case 'target':
      return s.stage === 'second-try' ? 'Boba Fett: whom do you guess at this time?' : `${name}: whom do you choose?`;
    case 'value':
      return `${s.stage === 'second-try' ? 'Boba Fett' : name}: which value do you name for ${who(s, choosing?.target ?? '')}?`;
    case 'none':
      return 'The game is over.';
  }
}

/**
 * The cards `viewer` may not know, by id: other hands (but for what the rules showed them), the
 * deck, the card set aside. Card ids come back from round to round, so the hands revealed at the
 * end of the last round (history every view shows) are left out of the strings looked for; the
 * determinization check still covers where those cards are now.
 */
function secretsFrom(table: CardTable, s: State, viewer: ActorId): string[] {
  if (s.stage === 'over') return [];
  const history = new Set((s.lastRound?.revealed ?? []).filter((card) => card !== NO_CARD).map((card) => idOf(table, card)));
  return unknownCards(s, viewer)
    .map((card) => idOf(table, card))
    .filter((card) => !history.has(card));
}

/** The cards `viewer` has not seen where they lie now: the deck, the set-aside card, other hands but for what they were shown. */
function unknownCards(s: State, viewer: ActorId): CardIndex[] {
  const unseen: CardIndex[] = s.deck.slice(s.deckTop);
  if (s.setAside !== null) unseen.push(s.setAside);
  for (const seat of s.seats) {
    if (seat.id === viewer) continue;
    for (const card of seat.hand) if (!s.knowledge.some((k) => k.viewer === viewer && k.subject === seat.id && k.card === card)) unseen.push(card);
  }
  return unseen;
}

/** The state with its cards written as card ids or as card indexes, every field in its place (`relabelUnknown` deals card ids). */
function withCards<From, To>(s: StateOf<From>, card: (c: From) => To): StateOf<To> {
  return {
    ...s,
    seats: s.seats.map((seat) => ({ ...seat, hand: seat.hand.map(card), discards: seat.discards.map(card) })),
    deck: s.deck.map(card),
    setAside: s.setAside === null ? null : card(s.setAside),
    faceUp: s.faceUp.map(card),
    knowledge: s.knowledge.map((k) => ({ ...k, card: card(k.card) })),
  };
}

/** The state's shape with its cards of type `C` (card indexes in play, card ids to relabel them). */
type StateOf<C> = Omit<State, 'seats' | 'deck' | 'setAside' | 'faceUp' | 'knowledge'> & {
  readonly seats: readonly (Omit<State['seats'][number], 'hand' | 'discards'> & { readonly hand: readonly C[]; readonly discards: readonly C[] })[];
  readonly deck: readonly C[];
  readonly setAside: C | null;
  readonly faceUp: readonly C[];
  readonly knowledge: readonly (Omit<State['knowledge'][number], 'card'> & { readonly card: C })[];
};

/**
 * A state consistent with what `viewer` knows: the unseen cards dealt afresh among their places,
 * a new generator. What another player is choosing in steps is theirs alone: the sample has
 * them at the start of their choice.
 */
function determinize(table: CardTable, s: State, viewer: ActorId, random: Random): State {
  const choosing = viewer === s.turnPlayer ? s.choosing : null;
  const id = (card: CardIndex): string => idOf(table, card);
  const index = (card: string): CardIndex => table.indexById.get(card) as CardIndex;
  // The last round's revealed hands are history everyone saw: kept out of the relabelling. The
  // deck's drawn cards are left out (they lie elsewhere now): the sample's deck is what is left.
  const byId = withCards<CardIndex, string>({ ...s, deck: s.deck.slice(s.deckTop), deckTop: 0, lastRound: null, choosing: null }, id);
  const sampled = relabelUnknown(byId, [unknownCards(s, viewer).map(id)], random);
  return { ...withCards<string, CardIndex>(sampled, index), lastRound: s.lastRound, choosing };
}

/** Secret Invasion as a table game, with the given deck (the boxed one by default). */
export function createSecretInvasionTable(deck: Deck = STANDARD_DECK): SecretInvasionTable {
  const table = cardTableOf(deck);
  const rules: WrittenRules<State, Step, SecretInvasionEvent> = {
    judge: (s, move) => stepProblem(deck, s, move),
    play: (root, move, writer) => playStep(table, root as Root, move, writer),
  };
  const meta: GameMeta = { ...SECRET_INVASION_META, players: { ...deck.rules.players } };
  return defineTableGame<SecretInvasionConfig, State, Step, SecretInvasionView, SecretInvasionEvent>(rules, {
    meta,
    hidden: true,
    setup: (config, seed) => setup(table, config, seed),
    players: (s) => s.seats.map((seat) => seat.id),
    decisions: (s) => decisionsOf(deck, s),
    rng: (s) => s.rng,
    legalMoves: (s, actor) => buildLegalSteps(table, s, actor),
    forwardLegalMoves: (s, actor) => buildForwardSteps(table, s, actor),
    advanceInPlace: (s, move) => advanceStep(table, s as Root, move),
    clone: cloneState,
    view: (s, actor) => viewFor(deck, s, actor),
    result: resultOf,
    prompt: (s, actor) => promptFor(deck, s, actor),
    undoes: (move) => move.type === 'undo',
    eventFor,
    secretsFrom: (s, viewer) => secretsFrom(table, s, viewer),
    determinize: (s, viewer, random) => determinize(table, s, viewer, random),
  });
}

/** Secret Invasion with the boxed deck. */
export const secretInvasionTable: SecretInvasionTable = createSecretInvasionTable();

/** The search horizon for Secret Invasion: a playout stops when the round ends, worth 1 to its winner(s). */
export function roundHorizon(root: State, state: State): Readonly<Record<ActorId, number>> | null {
  if (state.round === root.round && state.stage !== 'over' && state.stage !== 'deal') return null;
  const winners = state.lastRound?.winners ?? 0;
  return winnerReturns(
    state.seats.map((s) => s.id),
    state.seats.filter((_, i) => (winners & seatBit(i)) !== 0).map((s) => s.id),
  );
}
