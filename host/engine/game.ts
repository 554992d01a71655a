// The one shape every game has (after OpenSpiel and boardgame.io): a plain-data state,
// the set of actors who may move now, their legal moves, a pure `apply` that returns the
// next state and the events it caused (or a rejection with a reason), a per-actor view,
// and the result. Chance comes from a seeded generator carried in the state.

/**
 * Who acts: a seated player ("p1", "p2", ...) or an external actor the game waits on (the
 * timer in Rebel Missions). Several may be allowed to move at once (out-of-turn reactions,
 * simultaneous secret choices, an All Play window), so "whose move" is always a set.
 */
export type ActorId = string;

/** Every move names the actor making it, so `apply` needs nothing else. */
export interface MoveBase {
  readonly actor: ActorId;
}

export type ApplyResult<State, Event> =
  | { readonly ok: true; readonly state: State; readonly events: readonly Event[] }
  | { readonly ok: false; readonly reason: string };

export type Outcome =
  | { readonly finished: false }
  | {
      readonly finished: true;
      /** The actors who won: every player in a cooperative win, none in a cooperative loss. */
      readonly winners: readonly ActorId[];
      /** One line for people: "won: 4 correct codes entered", "lost: time ran out". */
      readonly summary: string;
    };

/** Raised by `setup` when a configuration cannot start a game; the message says what to fix. */
export class GameConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GameConfigError';
  }
}

/**
 * A game definition. States are plain JSON data (no classes, no functions) and are never
 * mutated: `apply` returns a new state. A move that is not legal is rejected with a reason
 * and changes nothing.
 */
export interface Game<Config, State, Move extends MoveBase, View, Event> {
  /** Stable identifier, written into logs and save files ("rebel-missions"). */
  readonly id: string;
  readonly title: string;
  /** Actors outside the table whose moves are fed in by the companion (e.g. "timer"). */
  readonly externalActors: readonly ActorId[];
  /** A new game; throws GameConfigError for a configuration it cannot play. */
  setup(config: Config, seed: number): State;
  /** The seated players, in seat order. */
  players(state: State): readonly ActorId[];
  /** The actors who may move now; empty exactly when the game is over. */
  toMove(state: State): readonly ActorId[];
  /**
   * The moves `actor` may make now (empty when it may not move). Moves carrying a value
   * from outside the game (a time reading) are listed once, with a representative value;
   * `apply` accepts any valid value.
   */
  legalMoves(state: State, actor: ActorId): readonly Move[];
  apply(state: State, move: Move): ApplyResult<State, Event>;
  /** What `actor` may see; a user interface is only ever handed a view, never the state. */
  view(state: State, actor: ActorId): View;
  result(state: State): Outcome;
  /**
   * The event as `actor` may see it, or null to hide it (a card drawn into a secret hand).
   * Games without secrets leave it out and every event is public.
   */
  eventFor?(event: Event, actor: ActorId): Event | null;
}

/** The events `actor` may see, after the game's `eventFor` filter. */
export function eventsFor<Event>(game: { eventFor?(event: Event, actor: ActorId): Event | null }, events: readonly Event[], actor: ActorId): Event[] {
  if (!game.eventFor) return events.slice();
  const out: Event[] = [];
  for (const e of events) {
    const seen = game.eventFor(e, actor);
    if (seen !== null) out.push(seen);
  }
  return out;
}
