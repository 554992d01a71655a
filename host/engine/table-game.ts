// The table-game shape: the one interface every game of the companion has. After OpenSpiel
// and boardgame.io:
// - the state is plain data carrying a decision stack (decisions.ts) and its generator;
//   whose move it is comes from the stack (`toMove` below), never from the game directly;
// - chance is the actor `CHANCE` answering chance decisions (chance.ts);
// - legal moves are built directly; `judge` is the legality judge with reasons for people,
//   used to check untrusted moves and, in tests, as the oracle the built lists must agree with;
// - `apply` is persistent (copy-on-write, the state given is never changed) and `applyInPlace`
//   changes a state the caller owns (a `clone`), for fast playouts (`advanceInPlace`, where a
//   game offers it, the same without building events);
// - `result` gives returns per player, the winners and winning teams, and a line for people;
// - metadata (players, teams, options, what is hidden or simultaneous) is data (meta.ts);
// - a game with hidden information must say, by its type, how events are filtered
//   (`eventFor`), what is secret from whom (`secretsFrom`) and how to sample a state
//   consistent with what a player knows (`determinize`, for search bots and the checker).

import type { ChanceMove, ChanceSpec } from './chance.ts';
import { copyOnWrite, inPlaceWriter, type Writer } from './cow.ts';
import { cloneData } from './draft.ts';
import { CHANCE, stackWaitingOn, topDecision, type Decision } from './decisions.ts';
import type { GameMeta, OptionValue } from './meta.ts';
import type { Random, RngState } from './rng.ts';

/**
 * Who acts: a seated player ("p1", "p2", ...), an external actor the game waits on (the timer in
 * Rebel Missions) or `CHANCE`. Several may be waited on at once (out-of-turn reactions,
 * simultaneous secret choices), so "whose move" is always a set.
 */
export type ActorId = string;

/** Every move names the actor making it, so `apply` needs nothing else. */
export interface MoveBase {
  readonly actor: ActorId;
}

export type ApplyResult<State, Event> =
  | { readonly ok: true; readonly state: State; readonly events: readonly Event[] }
  | { readonly ok: false; readonly reason: string };

/** Raised by `setup` when a configuration cannot start a game; the message says what to fix. */
export class GameConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GameConfigError';
  }
}

/** What a table chooses to start a game: the seated players (game-specific details) and the options. */
export interface TableConfig<Player = { readonly name: string }> {
  readonly players: readonly Player[];
  readonly options?: Readonly<Record<string, OptionValue>>;
}

/** A new game: its first state and the events that opened it (the deal, the first turn). */
export interface Opening<State, Event> {
  readonly state: State;
  readonly events: readonly Event[];
}

export type TableResult =
  | { readonly finished: false }
  | {
      readonly finished: true;
      /** What each seated player scored, OpenSpiel's `Returns`: 1 a win, 0 a loss, shares for a draw. */
      readonly returns: Readonly<Record<ActorId, number>>;
      /** The players who won: all of them in a cooperative win, none in a cooperative loss. */
      readonly winners: readonly ActorId[];
      /** The teams that won (ids from the metadata), empty in a game without teams. */
      readonly winningTeams: readonly string[];
      /** One line for people: "Naboo wins: the droids are deactivated", "lost: time ran out". */
      readonly summary: string;
    };

interface TableGameCore<Config, State, Move extends MoveBase, View, Event> {
  readonly meta: GameMeta;
  /** A new game; throws GameConfigError saying what to fix for a configuration it cannot play. */
  setup(config: Config, seed: number): Opening<State, Event>;
  /** The seated players, in seat order. */
  players(state: State): readonly ActorId[];
  /** The open decisions, bottom first; the last is answered now. Empty exactly when the game is over. */
  decisions(state: State): readonly Decision[];
  /** The generator carried in the state (chance decisions are sampled from it). */
  rng(state: State): RngState;
  /**
   * The moves `actor` may make now, built directly, in an order that depends only on what
   * `actor` may know. Empty when `actor` is not waited on. For `CHANCE`, the listed outcomes
   * of a small chance decision (sample large ones with `sampleChance` instead).
   */
  legalMoves(state: State, actor: ActorId): readonly Move[];
  /**
   * Optional, for speed: `forwardMoves(game, legalMoves(state, actor))` (the same moves in the
   * same order, without the undoes) from a game that builds that list directly, so a playout
   * does not filter a list at every step. The oracle check (`legalMovesMatchJudge`) holds a game
   * that offers it to that equality.
   */
  forwardLegalMoves?(state: State, actor: ActorId): readonly Move[];
  /** Why `move` is not legal now, for people ("you may not pass on this defend"), or null. */
  judge(state: State, move: Move): string | null;
  /** Applies a move without changing `state`; a move `judge` rejects is refused with its reason. */
  apply(state: State, move: Move): ApplyResult<State, Event>;
  /** Applies a legal move to a state the caller owns (from `clone`): fast, unchecked. */
  applyInPlace(state: State, move: Move): readonly Event[];
  /**
   * Optional, for speed: `applyInPlace` without building its events, for playouts and searches,
   * which never read them (OpenSpiel's `ApplyAction`). It must change the state exactly as
   * `applyInPlace` does; `fuzzTable` holds a game that offers it to that. See `playInPlace`.
   */
  advanceInPlace?(state: State, move: Move): void;
  /** A deep copy the caller may change with `applyInPlace`. */
  clone(state: State): State;
  /** What `actor` may see; a front end is only ever handed a view, never the state. */
  view(state: State, actor: ActorId): View;
  result(state: State): TableResult;
  /** The question put to `actor` now, for people ("Defend against Jawa Attack 5 or pass?"). */
  prompt(state: State, actor: ActorId): string;
  /**
   * Moves an external actor (`meta.externalActors`: the timer) may make at any moment, whatever
   * the stack: the timer's TIME and TIMEOUT. Listed with representative values, as the events
   * it sends would carry; `judge` accepts any valid value. A decision that waits on the external
   * actor alone (START, the answer to a code) asks it on the stack like anybody else.
   */
  externalMoves?(state: State, actor: ActorId): readonly Move[];
  /**
   * Whether `move` only takes back an earlier step of a choice still being made (an undo, a
   * step back). People need them; search bots leave them out, or they could step to and fro.
   */
  undoes?(move: Move): boolean;
}

/** A game in which every player may see everything (Rebel Missions, the dice toy). */
export interface OpenTableGame<Config, State, Move extends MoveBase, View, Event> extends TableGameCore<Config, State, Move, View, Event> {
  readonly hidden: false;
}

/** A game with hidden information: its type demands the filters and the sampler. */
export interface HiddenTableGame<Config, State, Move extends MoveBase, View, Event> extends TableGameCore<Config, State, Move, View, Event> {
  readonly hidden: true;
  /** The event as `actor` may see it, or null to hide it (a card drawn into a secret hand, a shuffle). */
  eventFor(event: Event, actor: ActorId): Event | null;
  /**
   * What `actor` may not know now, as the strings it would appear as in a view, an event, a
   * prompt or a move (the ids of the cards in other hands and in the deck). The hidden-information
   * checker looks for each of them, as a whole JSON string, in everything `actor` receives.
   */
  secretsFrom(state: State, actor: ActorId): readonly string[];
  /**
   * A state consistent with everything `actor` knows, the rest drawn from `random`: the other
   * hands and the deck dealt again from the cards `actor` has not seen, the generator replaced.
   * `actor`'s view, legal moves, prompt and `toMove` must be the same in it.
   */
  determinize(state: State, actor: ActorId, random: Random): State;
}

export type TableGame<Config, State, Move extends MoveBase, View, Event> =
  | OpenTableGame<Config, State, Move, View, Event>
  | HiddenTableGame<Config, State, Move, View, Event>;

/** Whose move it is: the actors the top decision waits on, from the stack alone (read-only: it may be the decision's own list). */
export function toMove<State>(game: { decisions(state: State): readonly Decision[] }, state: State): readonly ActorId[] {
  return stackWaitingOn(game.decisions(state));
}

/** The chance decision waiting now, or null when chance is not to move. */
export function openChance<State>(game: { decisions(state: State): readonly Decision[] }, state: State): ChanceSpec | null {
  const top = topDecision(game.decisions(state));
  return top !== null && top.chance !== null && top.taker === null ? top.chance : null;
}

/**
 * A chance move as the game's own move type. A game with chance decisions lists `ChanceMove`
 * in its move union (the toy games do), so the driver's chance moves are its moves.
 */
export function chanceAsMove<Move extends MoveBase>(move: ChanceMove): Move {
  return move as unknown as Move;
}

/** The events `actor` may see: all of them in an open game, filtered by `eventFor` in a hidden one. */
export function eventsSeenBy<Event>(
  game: { readonly hidden: boolean; eventFor?(event: Event, actor: ActorId): Event | null },
  events: readonly Event[],
  actor: ActorId,
): Event[] {
  if (!game.hidden || !game.eventFor) return events.slice();
  const out: Event[] = [];
  for (const e of events) {
    const seen = game.eventFor(e, actor);
    if (seen !== null) out.push(seen);
  }
  return out;
}

/** The forward moves of frozen (shared, never changed) move lists, by the game's `undoes`: playouts ask for them at every step. */
const forwardOfFrozen = new WeakMap<object, WeakMap<readonly unknown[], readonly unknown[]>>();

/**
 * The moves a bot weighs: all but those that only take back a step (when anything else is left).
 * For a frozen list (a game that builds each list once and shares it) the answer is kept, so a
 * playout does not filter the same list again at every step.
 */
export function forwardMoves<Move>(game: { undoes?(move: Move): boolean }, moves: readonly Move[]): readonly Move[] {
  const undoes = game.undoes;
  if (!undoes) return moves;
  const frozen = Object.isFrozen(moves);
  let known = frozen ? forwardOfFrozen.get(undoes) : undefined;
  const kept = known?.get(moves);
  if (kept !== undefined) return kept as readonly Move[];
  const forward = moves.filter((m) => !undoes(m));
  const result = forward.length > 0 ? Object.freeze(forward) : moves;
  if (frozen) {
    if (known === undefined) forwardOfFrozen.set(undoes, (known = new WeakMap()));
    known.set(moves, result);
  }
  return result;
}

/**
 * The moves `actor` may make now without the undoes (what bots and playouts weigh): the game's
 * own `forwardLegalMoves` where it builds that list directly, else `forwardMoves` of its legal moves.
 */
export function forwardLegalMovesOf<State, Move extends MoveBase>(
  game: {
    legalMoves(state: State, actor: ActorId): readonly Move[];
    forwardLegalMoves?(state: State, actor: ActorId): readonly Move[];
    undoes?(move: Move): boolean;
  },
  state: State,
  actor: ActorId,
): readonly Move[] {
  return game.forwardLegalMoves ? game.forwardLegalMoves(state, actor) : forwardMoves(game, game.legalMoves(state, actor));
}

/**
 * Plays a trusted legal move on a state the caller owns, for a playout or a search: the game's
 * `advanceInPlace` where it has one (no events built), else `applyInPlace`.
 */
export function playInPlace<State, Move>(
  game: { applyInPlace(state: State, move: Move): unknown; advanceInPlace?(state: State, move: Move): void },
  state: State,
  move: Move,
): void {
  if (game.advanceInPlace) game.advanceInPlace(state, move);
  else game.applyInPlace(state, move);
}

/** Returns when the winners share the pot: 1 to each winner and 0 to the rest (a draw: 1/n each). */
export function winnerReturns(players: readonly ActorId[], winners: readonly ActorId[]): Record<ActorId, number> {
  const share = winners.length === 0 ? 0 : 1 / winners.length;
  return Object.fromEntries(players.map((p) => [p, winners.includes(p) ? share : 0]));
}

/**
 * The rules of a game written once (against a Writer), and the two ways of applying them. The
 * game's `play` writes fields of `root` directly and claims nested objects with `writer.own`.
 */
export interface WrittenRules<State, Move, Event> {
  judge(state: State, move: Move): string | null;
  play(root: State, move: Move, writer: Writer): Event[];
}

/** The persistent `apply`: judged first, then played on a copy-on-write draft. */
export function applyCopyOnWrite<State extends object, Move, Event>(
  rules: WrittenRules<State, Move, Event>,
  state: State,
  move: Move,
): ApplyResult<State, Event> {
  const reason = rules.judge(state, move);
  if (reason !== null) return { ok: false, reason };
  const { root, writer } = copyOnWrite(state);
  const events = rules.play(root, move, writer);
  return { ok: true, state: root, events };
}

/** The in-place `applyInPlace`: the move is trusted to be legal. */
export function applyInPlaceWith<State, Move, Event>(rules: WrittenRules<State, Move, Event>, state: State, move: Move): Event[] {
  return rules.play(state, move, inPlaceWriter());
}

/** The members `defineTableGame` builds from a game's written rules. */
export type WrittenMembers = 'judge' | 'apply' | 'applyInPlace' | 'clone';

/** What a game writes itself; `clone` too where a deep copy of plain data is not the fastest (a game's own copier). */
export type TableGameParts<G> = Omit<G, WrittenMembers> & { readonly clone?: G extends { clone(state: infer S): unknown } ? (state: S) => S : never };

/**
 * A table game from its rules written once (`WrittenRules`: `judge` and `play`) and the parts only
 * it knows (metadata, set-up, the stack, legal moves, views...). `judge` is the rules' judge,
 * `apply` judges then plays copy-on-write (`applyCopyOnWrite`), `applyInPlace` plays on a state the
 * caller owns (`applyInPlaceWith`) and `clone` is a deep copy of the plain-data state unless the game
 * brings its own: the same four members, built the same way, for every game.
 */
export function defineTableGame<Config, State extends object, Move extends MoveBase, View, Event>(
  rules: WrittenRules<State, Move, Event>,
  parts: TableGameParts<HiddenTableGame<Config, State, Move, View, Event>>,
): HiddenTableGame<Config, State, Move, View, Event>;
export function defineTableGame<Config, State extends object, Move extends MoveBase, View, Event>(
  rules: WrittenRules<State, Move, Event>,
  parts: TableGameParts<OpenTableGame<Config, State, Move, View, Event>>,
): OpenTableGame<Config, State, Move, View, Event>;
export function defineTableGame<Config, State extends object, Move extends MoveBase, View, Event>(
  rules: WrittenRules<State, Move, Event>,
  parts: TableGameParts<TableGame<Config, State, Move, View, Event>>,
): TableGame<Config, State, Move, View, Event> {
  const clone = parts.clone ?? ((state: State): State => cloneData(state) as State);
  return {
    ...parts,
    judge: (state, move) => rules.judge(state, move),
    apply: (state, move) => applyCopyOnWrite(rules, state, move),
    applyInPlace: (state, move) => applyInPlaceWith(rules, state, move),
    clone,
  } as TableGame<Config, State, Move, View, Event>;
}

export { CHANCE };
