// How a game plugs into the table front end: its `TableGame`, a small renderer (view → lines,
// move → label and hint, event → narration per viewer), the bots it offers, how a table's names
// and options become its configuration, and how it binds the Imperial Timer. Everything else
// (the match, saves, bots, chance, per-viewer updates, the terminal and the JSON stream) is
// generic and lives beside this file.

import type { DeviceEvent, PlaySound } from '../link/messages.ts';
import type { TimerStatus } from '../link/protocol-client.ts';
import type { CountdownClock } from './countdown.ts';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import type { OptionValue } from '../engine/meta.ts';
import type { TableGame } from '../engine/table-game.ts';
import type { TableBot } from '../engine/table-play.ts';

/** The public viewer: what everyone at the table may see (the table page, the shared screen). */
export const TABLE = 'table';
/** A seat id, or `TABLE`. */
export type Viewer = ActorId;

/** A move as people see it in a menu: a short label, and a hint of what it does (a card's text). */
export interface MoveLabel {
  readonly label: string;
  readonly hint?: string;
}

/**
 * The only game-specific presentation: pure functions from what a viewer may see to words.
 * `names` maps seat ids to the players' names.
 */
export interface TableRenderer<View, Move, Event> {
  /** The viewer's view as lines (the board, the hand). */
  viewLines(view: View, names: Readonly<Record<ActorId, string>>): string[];
  /** A legal move, for the menu of the seat that may make it (seen by that seat only). */
  moveLabel(move: Move, view: View, names: Readonly<Record<ActorId, string>>): MoveLabel;
  /** One event, as `viewer` may see it (already filtered by the game's `eventFor`), told from their side; [] to say nothing. */
  eventLines(event: Event, viewer: Viewer, names: Readonly<Record<ActorId, string>>): string[];
  /** The countdown as a line (a game on the timer's clock): a bar with mm:ss, and what to press when it is stopped. */
  timerLine?(clock: CountdownClock, view: View): string;
  /** Where a move sits in the terminal's menu, when one line a move would be long or numbered oddly (see `MenuPlace`); the other front ends list every move. */
  menuPlace?(move: Move, view: View, names: Readonly<Record<ActorId, string>>): MenuPlace;
}

/**
 * A move's place in the terminal's menu (`TableRenderer.menuPlace`). Moves with the same label and
 * hint (two copies of one card) are one line there anyway.
 */
export interface MenuPlace {
  /** The key typed for the move instead of a number counted from 1 (a value named as itself: "7"); unique in a menu. */
  readonly key?: string;
  /**
   * Moves that differ only in whom or what they aim at share one line, `line` ("Attack with Jawa
   * Attack (Attack 5)"), and choosing it shows their `option`s ("Ben", "Cy") as a short sub-menu.
   */
  readonly group?: { readonly line: string; readonly option: string };
}

/** A bot a game offers, by name: made fresh for each seat. */
export interface BotChoice<State, Move, View> {
  readonly id: string;
  readonly text: string;
  make(): TableBot<State, Move, View>;
}

/** A command for a table-mode timer (protocol v1): a sound, or the plain countdown (0 stops it). */
export type TimerCommand = { readonly play: PlaySound } | { readonly clock: number };

/** What the host learns from catching up with the timer's STATUS (on start, on resume, when the link comes back). */
export interface Reconciled<Move> {
  /** The external actor's moves that bring the game level with the timer, in order. */
  readonly moves: readonly Move[];
  /** What the table should be told. */
  readonly notes: readonly string[];
  /** The game had started but the timer has no countdown: its next START carries this game on. */
  readonly countdownLost: boolean;
}

/**
 * A game that runs on the timer's countdown (Rebel Missions: "the Imperial Timer runs the entire
 * game"). The host then keeps the countdown between the timer's reports (`host/table/countdown.ts`),
 * plays nothing while the game is under way and the countdown is stopped (paused or lost), records
 * the time left into the log, catches up with the timer's STATUS, and offers the device actions
 * (start, resume, pause, enter the code) to people when it may press the timer's buttons.
 */
export interface CountdownRules<State, Move> {
  /** Whether the game waits for the countdown to start. */
  awaitingStart(state: State): boolean;
  /** Whether the game is under way on the countdown (started, not over): then it is held while the countdown is stopped. */
  underWay(state: State): boolean;
  /** The time left the game last recorded (null before the start). */
  recordedLeftMs(state: State): number | null;
  /** The countdown's full length from the log (its first START), for the bar. */
  lengthFrom(moves: readonly Move[]): number | null;
  /** The external actor's move recording the time left (a checkpoint). */
  timeMove(leftMs: number): Move;
  /** Catching up with the timer's STATUS; `assist`: the host may press the timer's buttons (then the notes offer that). */
  reconcile(state: State, status: TimerStatus, assist: boolean): Reconciled<Move>;
  /** Codes found so far (the timer counts from zero again after a restarted countdown). */
  codesFound(state: State): number;
  /** The code the players are to enter on the timer now (its digits as the timer's buttons), and the seat entering it; null when none. */
  codeToEnter(state: State): { readonly digits: string; readonly by: ActorId } | null;
}

/**
 * How the game uses the Imperial Timer.
 * - `external`: the timer is an external actor of the game (Rebel Missions): its events become
 *   its moves (`moveFor`; null for an event the game does not take). `moveFor` is told the state
 *   and how many codes were found before the countdown was restarted (the timer counts again
 *   from zero; a game without a countdown may ignore both). With `countdown`, the game runs on
 *   the timer's clock (see `CountdownRules`).
 * - `device`: the timer is a table device that plays sounds and runs a turn clock (the others):
 *   `commandsFor` says what to play for the events a move caused (all public: everyone hears them).
 */
export type TimerBinding<Move, Event, State = never> =
  | {
      readonly kind: 'external';
      readonly actor: ActorId;
      moveFor(event: DeviceEvent, state: State, foundBefore: number): Move | null;
      readonly countdown?: CountdownRules<State, Move>;
    }
  | { readonly kind: 'device'; commandsFor(events: readonly Event[]): TimerCommand[] };

export interface TableEntry<Config, State, Move extends MoveBase, View, Event> {
  readonly game: TableGame<Config, State, Move, View, Event>;
  readonly renderer: TableRenderer<View, Move, Event>;
  /** The bots, strongest last is not assumed: `defaultBot` names the one seated when none is asked for. */
  readonly bots: readonly BotChoice<State, Move, View>[];
  readonly defaultBot: string;
  /** The game's configuration for a table of these names and options. */
  configFor(names: readonly string[], options: Readonly<Record<string, OptionValue>>): Config;
  /** Null when the game does not use the timer. */
  readonly timer: TimerBinding<Move, Event, State> | null;
}
