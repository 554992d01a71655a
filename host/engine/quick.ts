// "Be quick" windows: a decision may carry a time limit (`limitSeconds`, decisions.ts), set by the
// game when it opens a window its rulebook says to be quick about. The engine never times
// anything; a front end counts the window from the moment it opens, the same for everyone, and
// when the time runs out answers everyone still asked who may pass with their pass, one logged
// move each in seat order (so a resumed match replays the same). This module holds what a front
// end needs for that, generically:
// - `timedWindow`: the top decision's limit, when it has one;
// - `passFor`: the game's pass for an actor, found in its legal moves (exactly one move of type
//   "pass": the convention every game with timed windows keeps, checked by `timedWindowProblems`);
// - `windowContinues`: whether a move left the same window open (an answer or a step in it), or
//   closed it and perhaps opened another (which counts afresh);
// - `quickSecondsOption` / `quickLimit`: the option a game offers to set the length (default 5 s;
//   0 plays its quick windows untimed).

import { isWaitingOn, limitOf, topDecision, waitingOn, type Decision } from './decisions.ts';
import type { ActorId, MoveBase } from './table-game.ts';
import type { OptionSpec, ResolvedOptions } from './meta.ts';

/** The `type` of the one move a game offers as its pass in a timed window. */
export const PASS_MOVE_TYPE = 'pass';

/** The option id a game declares when the table may set how long its quick windows are. */
export const QUICK_SECONDS_OPTION = 'quick-seconds';

/** The length of a "be quick" window when a table sets nothing else. */
export const QUICK_SECONDS_DEFAULT = 5;

/** The most a table may give a quick window through the option (the decision itself allows up to an hour). */
export const QUICK_SECONDS_OPTION_MAX = 60;

/** The option to put in a game's `meta.options`: a number of seconds, 0 for untimed windows. */
export function quickSecondsOption(defaultSeconds: number = QUICK_SECONDS_DEFAULT): OptionSpec {
  return {
    id: QUICK_SECONDS_OPTION,
    text: 'seconds to react in a "be quick" window (0: no time limit)',
    kind: 'number',
    min: 0,
    max: QUICK_SECONDS_OPTION_MAX,
    default: defaultSeconds,
  };
}

/** The `limitSeconds` a game gives its quick windows under these options: null when untimed (0, or the option not declared). */
export function quickLimit(options: ResolvedOptions): number | null {
  const seconds = options[QUICK_SECONDS_OPTION];
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** The open timed window: the top decision when it carries a limit. */
export interface TimedWindow {
  readonly kind: string;
  readonly seconds: number;
  /** Its place on the stack (0 = bottom). */
  readonly depth: number;
  /** Who it asks, in seat order. */
  readonly asked: readonly ActorId[];
}

export function timedWindow(stack: readonly Decision[]): TimedWindow | null {
  const top = topDecision(stack);
  if (top === null) return null;
  const seconds = limitOf(top);
  if (seconds === null) return null;
  return { kind: top.kind, seconds, depth: stack.length - 1, asked: top.asked.slice() };
}

/** Who the time running out would answer now: those the top decision still waits on who may pass, in seat order. */
export function passersAtTimeout(stack: readonly Decision[]): ActorId[] {
  const top = topDecision(stack);
  if (top === null || limitOf(top) === null) return [];
  return waitingOn(top).filter((actor) => top.mayPass.includes(actor));
}

/** Whether a move is a pass (its `type` is "pass"). */
export function isPassMove(move: MoveBase): boolean {
  return (move as { readonly type?: unknown }).type === PASS_MOVE_TYPE;
}

/** The actor's pass among its legal moves: the one move of type "pass"; else why there is none to make. */
export function passFor<Move extends MoveBase>(moves: readonly Move[], actor: ActorId): { move: Move } | { problem: string } {
  const passes = moves.filter(isPassMove);
  if (passes.length === 1) return { move: passes[0] as Move };
  return {
    problem:
      passes.length === 0
        ? `"${actor}" may pass but has no move of type "${PASS_MOVE_TYPE}" among its legal moves`
        : `"${actor}" has ${passes.length} moves of type "${PASS_MOVE_TYPE}"; a timed window needs exactly one`,
  };
}

/**
 * Problems with the open timed window of a state (for `tableStateProblems`): every actor it
 * waits on who may pass must have exactly one pass move.
 */
export function timedWindowProblems<Move extends MoveBase>(stack: readonly Decision[], legalMoves: (actor: ActorId) => readonly Move[]): string[] {
  const window = timedWindow(stack);
  if (window === null) return [];
  const problems: string[] = [];
  for (const actor of passersAtTimeout(stack)) {
    const pass = passFor(legalMoves(actor), actor);
    if ('problem' in pass) problems.push(`the timed ${window.kind} window: ${pass.problem}`);
  }
  return problems;
}

const sameDecisionsBelow = (before: readonly Decision[], after: readonly Decision[]): boolean =>
  JSON.stringify(before.slice(0, -1)) === JSON.stringify(after.slice(0, -1));

/**
 * Whether the timed window on top of `before` is still the one open on top of `after`, once
 * `mover` has moved: the same place on the stack, kind, close rule, askers and limit, the same
 * decisions below, and its answers grown by at most the mover's (a pass or an answer that did
 * not close it), or unchanged by a step of an all-committed window or a move of someone it does
 * not ask (the timer). Anything else closed it; a window on top after that is a new one and
 * counts from its full length.
 */
export function windowContinues(before: readonly Decision[], after: readonly Decision[], mover: ActorId): boolean {
  const b = topDecision(before);
  const a = topDecision(after);
  if (b === null || a === null || limitOf(b) === null) return false;
  if (before.length !== after.length || a.kind !== b.kind || a.close !== b.close || limitOf(a) !== limitOf(b)) return false;
  if (a.asked.join('\u0000') !== b.asked.join('\u0000') || !sameDecisionsBelow(before, after)) return false;
  if (!b.answered.every((actor, i) => a.answered[i] === actor)) return false;
  if (a.answered.length === b.answered.length + 1) return a.answered[a.answered.length - 1] === mover && a.taker === null;
  if (a.answered.length !== b.answered.length || a.taker !== b.taker) return false;
  // Nothing answered: a step inside an all-committed window, or a move of someone it does not ask.
  return !b.asked.includes(mover) || (b.close === 'all-committed' && isWaitingOn(b, mover));
}
