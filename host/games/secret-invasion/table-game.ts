// Secret Invasion on the engine's table-game shape (engine/table-game.ts): a `HiddenTableGame`.
// - Metadata is data (data/meta.json, checked against the engine's schema when loaded).
// - The decision stack: a "turn" decision asks the turn player; a Boba Fett miss pushes a
//   "second-try" decision above it, asking the same player, who may pass (stop guessing).
// - Legal moves are built directly (`buildLegalMoves`); the judge (legality.ts) checks untrusted
//   moves and is the oracle the built lists are tested against.
// - The rules are written once (play.ts): `apply` runs them copy-on-write (judged first),
//   `applyInPlace` on a `clone` the caller owns.
// - The round's shuffle is drawn from the generator carried in the state, inside the move that
//   starts the round (a secret outcome, never entered by the table; see README.md).
// - `eventFor`, `secretsFrom` and `determinize` say what each player may know.

import metaJson from './data/meta.json' with { type: 'json' };
import type { Decision } from '../../engine/decisions.ts';
import { relabelUnknown } from '../../engine/determinize.ts';
import { inPlaceWriter } from '../../engine/cow.ts';
import { GameConfigError, type ActorId } from '../../engine/game.ts';
import { checkMeta, type GameMeta } from '../../engine/meta.ts';
import { randomFrom, seedRng, type Random } from '../../engine/rng.ts';
import { applyCopyOnWrite, applyInPlaceWith, winnerReturns, type HiddenTableGame, type TableResult, type WrittenRules } from '../../engine/table-game.ts';
import { STANDARD_DECK, type Character, type Deck } from './deck.ts';
import { illegalBecause } from './legality.ts';
import type { PlayerId, SecretInvasionConfig, SecretInvasionEvent, SecretInvasionMove, SecretInvasionState, SecretInvasionView } from './model.ts';
import { cardTableOf, factsOf, LazyRandom, playMove, playOpening, type CardTable, type Root } from './play.ts';
import { eventFor, viewFor } from './view.ts';

type State = SecretInvasionState;
type Move = SecretInvasionMove;

export type SecretInvasionTable = HiddenTableGame<SecretInvasionConfig, State, Move, SecretInvasionView, SecretInvasionEvent>;

export const SECRET_INVASION_META: GameMeta = checkMeta(metaJson, 'host/games/secret-invasion/data/meta.json');

export function playerIdFor(seatIndex: number): string {
  return `p${seatIndex + 1}`;
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
  config.players.forEach((p, i) => {
    if (typeof p?.name !== 'string' || p.name.trim() === '') problems.push(`seat ${i + 1} has no name`);
  });
  return problems;
}

/**
 * A new game: the players seated (youngest first), the first round shuffled and dealt and the
 * first turn's draw made; the events are that opening (round-started, the deal, the first turn).
 */
function setup(table: CardTable, config: SecretInvasionConfig, seed: number): { state: State; events: SecretInvasionEvent[] } {
  const problems = configProblems(table.deck, config);
  if (problems.length > 0) throw new GameConfigError(`cannot set up Secret Invasion: ${problems.join('; ')}`);
  const random = new LazyRandom(() => randomFrom(seedRng(seed)));
  const first = playerIdFor(0);
  const root: Root = {
    game: 'secret-invasion',
    seats: config.players.map((p, i) => ({ id: playerIdFor(i), name: p.name.trim(), tokens: 0, hand: [], discards: [], out: false, protected: false })),
    stage: 'turn',
    round: 0,
    turn: 0,
    turnPlayer: first,
    roundStarter: first,
    deck: [],
    setAside: null,
    faceUp: [],
    knowledge: [],
    missedGuess: null,
    lastRound: null,
    winner: null,
    rng: seedRng(seed),
  };
  const events = playOpening(table, root, inPlaceWriter(), random);
  root.rng = random.get().state();
  return { state: root, events };
}

const turnDecisions = new Map<PlayerId, readonly Decision[]>();

/** A turn decision asking `player`, made once and shared: nobody may change it (not frozen: V8 copies frozen arrays slowly). */
function turnOf(player: PlayerId): readonly Decision[] {
  let stack = turnDecisions.get(player);
  if (stack === undefined) {
    const turn: Decision = { kind: 'turn', asked: [player], mayPass: [], close: 'first-taker', answered: [], taker: null, chance: null, data: null };
    turnDecisions.set(player, (stack = [turn]));
  }
  return stack;
}

/** The decision stack, from the state: the turn, and Boba Fett's second try (with the missed guess) above it. */
function decisionsOf(s: State): readonly Decision[] {
  if (s.stage === 'over') return [];
  const turn = turnOf(s.turnPlayer);
  if (s.stage === 'turn') return turn;
  const player = s.turnPlayer;
  return [
    ...turn,
    { kind: 'second-try', asked: [player], mayPass: [player], close: 'first-taker', answered: [], taker: null, chance: null, data: s.missedGuess },
  ];
}

/**
 * Every move a player could make, made once per deck and shared: moves are plain data nobody
 * changes, so a legal move list is built from these without making a move object per call.
 * Indexed by seat, then character (deck order), then target seat (0: no target), then guess
 * (0: no value, else 1 + its index among the guess values).
 */
interface MoveTable {
  discard(seat: number, character: number, target: number, guess: number): Move;
  guessAgain(seat: number, target: number, guess: number): Move;
  stopGuessing(seat: number): Move;
}

function moveTableOf(table: CardTable): MoveTable {
  const seats = table.deck.rules.players.max;
  const values = table.guessValues;
  const characters = table.deck.characters;
  const id = (seat: number): PlayerId => playerIdFor(seat);
  const targetOf = (t: number): PlayerId | null => (t === 0 ? null : id(t - 1));
  const guessOf = (g: number): number | null => (g === 0 ? null : (values[g - 1] as number));
  const discards: Move[][][][] = [];
  const tries: Move[][][] = [];
  const stops: Move[] = [];
  for (let a = 0; a < seats; a++) {
    const actor = id(a);
    stops.push({ actor, type: 'stop-guessing' });
    discards.push(
      characters.map((c) =>
        Array.from({ length: seats + 1 }, (_, t) =>
          Array.from({ length: values.length + 1 }, (_, g) => ({ actor, type: 'discard', character: c.id, target: targetOf(t), guess: guessOf(g) }) as const),
        ),
      ),
    );
    tries.push(Array.from({ length: seats }, (_, t) => values.map((guess) => ({ actor, type: 'guess-again', target: id(t), guess }) as const)));
  }
  return {
    discard: (a, c, t, g) => discards[a]?.[c]?.[t]?.[g] as Move,
    guessAgain: (a, t, g) => tries[a]?.[t]?.[g] as Move,
    stopGuessing: (a) => stops[a] as Move,
  };
}

interface MoveLists {
  readonly made: MoveTable;
  /** The lists already built, by what they depend on (see `listKey`): shared, frozen. */
  readonly lists: Map<number, readonly Move[]>;
}

const moveLists = new WeakMap<CardTable, MoveLists>();

function listsOf(table: CardTable): MoveLists {
  let found = moveLists.get(table);
  if (found === undefined) moveLists.set(table, (found = { made: moveTableOf(table), lists: new Map() }));
  return found;
}

const NO_CARD = -1;

/**
 * The legal moves, built directly, in the order of the judge's candidates: each character held
 * (hand order) with its targets in seat order (and each value, for a guess). A list depends only
 * on the stage, the seat, the characters held and who may be targeted, so each is built once
 * and then shared (frozen: nobody may change it).
 */
export function buildLegalMoves(table: CardTable, s: State, actor: PlayerId): readonly Move[] {
  if (s.stage === 'over' || actor !== s.turnPlayer) return [];
  const seats = s.seats;
  let me = -1;
  // Who an effect may act on: bit i for seat i still in the round and not protected by Chewbacca.
  let open = 0;
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i] as State['seats'][number];
    if (seat.id === actor) me = i;
    if (!seat.out && !seat.protected) open |= 1 << i;
  }
  const hand = (seats[me] as State['seats'][number]).hand;
  if (hand.length > 2) return movesFor(table, s.stage, me, seats.length, NO_CARD, NO_CARD, open);
  const first = hand[0] === undefined ? NO_CARD : factsOf(table, hand[0]).characterIndex;
  const second = hand[1] === undefined ? NO_CARD : factsOf(table, hand[1]).characterIndex;
  const characters = table.deck.characters.length + 1;
  const key = ((((s.stage === 'turn' ? 0 : 1) * 8 + me) * characters + first + 1) * characters + second + 1) * 256 + (seats.length << 4) + open;
  const { lists } = listsOf(table);
  let list = lists.get(key);
  if (list === undefined) lists.set(key, (list = Object.freeze(movesFor(table, s.stage, me, seats.length, first, second, open, hand))));
  return list;
}

function movesFor(
  table: CardTable,
  stage: State['stage'],
  me: number,
  seatCount: number,
  firstIndex: number,
  secondIndex: number,
  open: number,
  hand: readonly string[] = [],
): Move[] {
  const { made } = listsOf(table);
  const opponents: number[] = [];
  for (let i = 0; i < seatCount; i++) if (i !== me && (open & (1 << i)) !== 0) opponents.push(i);
  const values = table.guessValues.length;
  const moves: Move[] = [];
  if (stage === 'second-try') {
    moves.push(made.stopGuessing(me));
    for (const t of opponents) for (let g = 0; g < values; g++) moves.push(made.guessAgain(me, t, g));
    return moves;
  }
  const held =
    firstIndex === NO_CARD && hand.length > 0
      ? hand.map((c) => factsOf(table, c).character)
      : [firstIndex, secondIndex].filter((c) => c !== NO_CARD).map((c) => table.deck.characters[c] as Character);
  // A card that must be discarded with another held (Obi-Wan with Luke or Vader) is the only legal discard.
  let forced: string | null = null;
  held.forEach((c, i) => {
    if (held.some((other, j) => j !== i && c.mustDiscardWith.includes(other.id))) forced = c.id;
  });
  const seen: string[] = [];
  for (const character of held) {
    if (seen.includes(character.id) || (forced !== null && character.id !== forced)) continue;
    seen.push(character.id);
    const c = table.deck.characters.indexOf(character);
    switch (character.effect) {
      case 'guess':
      case 'guess-twice':
        if (opponents.length === 0) moves.push(made.discard(me, c, 0, 0));
        for (const t of opponents) for (let g = 1; g <= values; g++) moves.push(made.discard(me, c, t + 1, g));
        break;
      case 'redraw':
        for (let i = 0; i < seatCount; i++) if ((open & (1 << i)) !== 0) moves.push(made.discard(me, c, i + 1, 0));
        break;
      case 'look':
        moves.push(made.discard(me, c, 0, 0));
        for (const t of opponents) moves.push(made.discard(me, c, t + 1, 0));
        break;
      case 'compare-lower-out':
      case 'compare-higher-out':
      case 'swap':
        if (opponents.length === 0) moves.push(made.discard(me, c, 0, 0));
        for (const t of opponents) moves.push(made.discard(me, c, t + 1, 0));
        break;
      case 'protect':
      case 'none':
      case 'out-when-discarded':
        moves.push(made.discard(me, c, 0, 0));
        break;
    }
  }
  return moves;
}

/** A deep copy for in-place play. Knowledge entries, the missed guess and the last round are never changed in place: shared. */
function cloneState(s: State): State {
  return {
    ...s,
    seats: s.seats.map((seat) => ({ ...seat, hand: seat.hand.slice(), discards: seat.discards.slice() })),
    deck: s.deck.slice(),
    faceUp: s.faceUp.slice(),
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

function promptFor(s: State, actor: ActorId): string {
  if (s.stage === 'over') return 'The game is over.';
  const turnPlayer = s.seats.find((seat) => seat.id === s.turnPlayer);
  if (actor !== s.turnPlayer) return `Waiting for ${turnPlayer?.name ?? s.turnPlayer} (${s.turnPlayer}).`;
  return s.stage === 'second-try' ? 'Boba Fett missed: guess again or stop.' : 'Discard one of your two cards.';
}

/**
 * The cards `viewer` may not know: other hands (but for what the rules showed them), the deck,
 * the card set aside. Card ids come back from round to round, so the hands revealed at the end
 * of the last round (history every view shows) are left out of the strings looked for; the
 * determinization check still covers where those cards are now.
 */
function secretsFrom(s: State, viewer: ActorId): string[] {
  if (s.stage === 'over') return [];
  const history = new Set((s.lastRound?.revealed ?? []).map((r) => r.card));
  return unknownCards(s, viewer).filter((card) => !history.has(card));
}

/** The cards `viewer` has not seen where they lie now: the deck, the set-aside card, other hands but for what they were shown. */
function unknownCards(s: State, viewer: ActorId): string[] {
  const unseen: string[] = [...s.deck];
  if (s.setAside !== null) unseen.push(s.setAside);
  for (const seat of s.seats) {
    if (seat.id === viewer) continue;
    for (const card of seat.hand) if (!s.knowledge.some((k) => k.viewer === viewer && k.subject === seat.id && k.card === card)) unseen.push(card);
  }
  return unseen;
}

/** A state consistent with what `viewer` knows: the unseen cards dealt afresh among their places, a new generator. */
function determinize(s: State, viewer: ActorId, random: Random): State {
  // The last round's revealed hands are history everyone saw: kept out of the relabelling.
  const sampled = relabelUnknown({ ...s, lastRound: null }, [unknownCards(s, viewer)], random);
  return { ...sampled, lastRound: s.lastRound };
}

/** Secret Invasion as a table game, with the given deck (the boxed one by default). */
export function createSecretInvasionTable(deck: Deck = STANDARD_DECK): SecretInvasionTable {
  const table = cardTableOf(deck);
  const rules: WrittenRules<State, Move, SecretInvasionEvent> = {
    judge: (s, move) => illegalBecause(deck, s, move),
    play: (root, move, writer) => {
      const rng = root.rng;
      const random = new LazyRandom(() => randomFrom(rng));
      const events = playMove(table, root as Root, move, writer, random);
      if (random.used !== null) (root as Root).rng = random.used.state();
      return events;
    },
  };
  const meta: GameMeta = { ...SECRET_INVASION_META, players: { ...deck.rules.players } };
  return {
    meta,
    hidden: true,
    setup: (config, seed) => setup(table, config, seed),
    players: (s) => s.seats.map((seat) => seat.id),
    decisions: decisionsOf,
    rng: (s) => s.rng,
    legalMoves: (s, actor) => buildLegalMoves(table, s, actor),
    judge: rules.judge,
    apply: (s, move) => applyCopyOnWrite(rules, s, move),
    applyInPlace: (s, move) => applyInPlaceWith(rules, s, move),
    clone: cloneState,
    view: (s, actor) => viewFor(deck, s, actor),
    result: resultOf,
    prompt: promptFor,
    eventFor,
    secretsFrom,
    determinize,
  };
}

/** Secret Invasion with the boxed deck. */
export const secretInvasionTable: SecretInvasionTable = createSecretInvasionTable();

/** The search horizon for Secret Invasion: a playout stops when the round ends, worth 1 to its winner(s). */
export function roundHorizon(root: State, state: State): Readonly<Record<ActorId, number>> | null {
  if (state.round === root.round && state.stage !== 'over') return null;
  const winners = state.lastRound?.winners ?? [];
  return winnerReturns(
    state.seats.map((s) => s.id),
    winners,
  );
}
