// The decision stack (design principle 9). Every open decision of a game is plain data on a
// stack carried in its state: a turn, a reaction window, a simultaneous secret plan, a die to
// roll. The top decision is the one being answered; a rule that opens a window pushes one
// above it (an Attack opens a Defend window; a Defend played opens a Protection window above
// that), and the inner one closes and resolves first. Whose move it is comes from the top
// decision alone (`waitingOn`), never from a hand, so it cannot leak what anybody holds.

import type { ActorId } from './table-game.ts';
import type { ChanceSpec } from './chance.ts';
import type { Writer } from './cow.ts';

/** The actor who rolls the dice and shuffles the decks (a chance node, as in OpenSpiel). */
export const CHANCE: ActorId = 'chance';

/**
 * How a decision closes.
 * - `first-taker`: everyone asked may take it; the first who does closes it for all the others
 *   (a Miss a Turn, a Protection). It also closes when every one of them has passed.
 * - `all-answered`: each one asked answers once (a forced discard by every other player).
 * - `all-committed`: each one asked works in small steps and closes their part with a commit
 *   (a simultaneous secret plan); the decision closes when all have committed.
 */
export type CloseRule = 'first-taker' | 'all-answered' | 'all-committed';

export const CLOSE_RULES: readonly CloseRule[] = ['first-taker', 'all-answered', 'all-committed'];

/** One open decision. `Data` is the game's own: what the decision resolves into once closed. */
export interface Decision<Data = unknown> {
  /** The game's name for it: "turn", "defend", "protect", "plan", "attack-roll". */
  kind: string;
  /**
   * Who must answer, in seat order. A reaction window lists everyone the rules could let
   * react, whatever they hold; each of them answers (with a reaction or a pass).
   */
  asked: ActorId[];
  /** Which of `asked` may pass (answer by declining). */
  mayPass: ActorId[];
  close: CloseRule;
  /** Who has answered so far: passed, answered or committed, in the order they did. */
  answered: ActorId[];
  /** Who took a `first-taker` decision (null until someone does, and for the other rules). */
  taker: ActorId | null;
  /** Set on a chance decision: what is drawn, with its odds (`asked` is then `[CHANCE]`). */
  chance: ChanceSpec | null;
  /**
   * A "be quick" window: the seconds those asked have to answer, counted by the front end from
   * the moment the window opens, the same for everyone (see `quick.ts`). When they run out,
   * everyone still asked who may pass is answered with their pass. Absent (or null): untimed.
   */
  limitSeconds?: number | null;
  data: Data;
}

export interface DecisionInit<Data> {
  kind: string;
  asked: readonly ActorId[];
  /** Who of `asked` may pass: all of them (`true`), none (`false`, the default) or a list. */
  mayPass?: boolean | readonly ActorId[];
  close: CloseRule;
  /** A "be quick" window's seconds (a whole number, 1..3600, the range of the timer's `TIMER`); null or absent: untimed. */
  limitSeconds?: number | null;
  data: Data;
}

/** The longest time limit a decision may carry (the timer's `TIMER` takes 1..3600 seconds). */
export const LIMIT_SECONDS_MAX = 3600;

/** A new open decision. Throws on a malformed one (nobody asked, a passer who is not asked). */
export function decision<Data>(init: DecisionInit<Data>): Decision<Data> {
  if (init.asked.length === 0) throw new RangeError(`decision "${init.kind}" asks nobody`);
  if (new Set(init.asked).size !== init.asked.length) throw new RangeError(`decision "${init.kind}" asks an actor twice`);
  const mayPass = init.mayPass === true ? [...init.asked] : init.mayPass === false || init.mayPass === undefined ? [] : [...init.mayPass];
  for (const actor of mayPass) {
    if (!init.asked.includes(actor)) throw new RangeError(`decision "${init.kind}" lets "${actor}" pass but does not ask them`);
  }
  const limit = init.limitSeconds ?? null;
  if (limit !== null) {
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_SECONDS_MAX) {
      throw new RangeError(`decision "${init.kind}" has a time limit of ${limit} s; give whole seconds from 1 to ${LIMIT_SECONDS_MAX}, or none`);
    }
    if (mayPass.length === 0) throw new RangeError(`decision "${init.kind}" is timed but nobody asked may pass, so its time could not run out`);
  }
  const d: Decision<Data> = { kind: init.kind, asked: [...init.asked], mayPass, close: init.close, answered: [], taker: null, chance: null, data: init.data };
  if (limit !== null) d.limitSeconds = limit;
  return d;
}

/** The decision's time limit in seconds ("be quick"), or null when it is untimed. */
export function limitOf(d: Decision): number | null {
  return d.limitSeconds ?? null;
}

/** A decision of the chance actor: the runner samples it from the state's generator, or the table enters it. */
export function chanceDecision<Data>(kind: string, chance: ChanceSpec, data: Data): Decision<Data> {
  return { kind, asked: [CHANCE], mayPass: [], close: 'first-taker', answered: [], taker: null, chance, data };
}

const NOBODY: readonly ActorId[] = Object.freeze([]);

/**
 * The actors the decision still waits on, in seat order (empty once it is closed). Read-only:
 * before anyone has answered it is the decision's own `asked` list, not a copy (a playout asks
 * at every step).
 */
export function waitingOn(d: Decision): readonly ActorId[] {
  if (d.close === 'first-taker' && d.taker !== null) return NOBODY;
  if (d.answered.length === 0) return d.asked;
  return d.asked.filter((actor) => !d.answered.includes(actor));
}

export function isClosed(d: Decision): boolean {
  return waitingOn(d).length === 0;
}

/** Whether `actor` may answer `d` now. */
export function isWaitingOn(d: Decision, actor: ActorId): boolean {
  if (d.close === 'first-taker' && d.taker !== null) return false;
  return d.asked.includes(actor) && !d.answered.includes(actor);
}

export function mayPass(d: Decision, actor: ActorId): boolean {
  return isWaitingOn(d, actor) && d.mayPass.includes(actor);
}

/** Why `actor` cannot answer `d` with `how` now, or null when they can. */
export function answerProblem(d: Decision, actor: ActorId, how: 'take' | 'pass' | 'commit'): string | null {
  if (!d.asked.includes(actor)) return `"${actor}" is not asked to decide this ${d.kind}`;
  if (d.close === 'first-taker' && d.taker !== null) return `this ${d.kind} was already taken by "${d.taker}"`;
  if (d.answered.includes(actor)) return `"${actor}" has already answered this ${d.kind}`;
  if (how === 'pass' && !d.mayPass.includes(actor)) return `"${actor}" may not pass on this ${d.kind}`;
  if (how === 'commit' && d.close !== 'all-committed') return `this ${d.kind} is not answered with a commit`;
  if (how === 'take' && d.close === 'all-committed') return `this ${d.kind} is answered step by step and closed with a commit`;
  return null;
}

/**
 * Records an answer in place: a pass, a commit, or a take (for `first-taker`, the first take
 * closes the decision for everyone). Returns true when the decision is now closed. Throws
 * when the answer is not allowed (check `answerProblem` first when the move is untrusted).
 */
export function answer(d: Decision, actor: ActorId, how: 'take' | 'pass' | 'commit'): boolean {
  const problem = answerProblem(d, actor, how);
  if (problem !== null) throw new RangeError(problem);
  d.answered.push(actor);
  if (how === 'take' && d.close === 'first-taker') d.taker = actor;
  return isClosed(d);
}

/**
 * Answers the top decision of a stack the caller has already claimed (`writer.own(root,
 * 'stack')`), claiming the decision itself first: copy-on-write safe. Returns true when it closed.
 */
export function answerTop(stack: Decision[], actor: ActorId, how: 'take' | 'pass' | 'commit', writer: Writer): boolean {
  if (stack.length === 0) throw new RangeError('no decision is open');
  const d = writer.own(stack, stack.length - 1);
  writer.own(d, 'answered');
  return answer(d, actor, how);
}

/** The decision being answered now: the top of the stack (null when the game is over). */
export function topDecision<D extends Decision>(stack: readonly D[]): D | null {
  return stack.length === 0 ? null : (stack[stack.length - 1] as D);
}

/** Whose move it is: the actors the top decision waits on (empty when the stack is empty). */
export function stackWaitingOn(stack: readonly Decision[]): readonly ActorId[] {
  const top = topDecision(stack);
  return top === null ? NOBODY : waitingOn(top);
}

/** Copies one decision (the parts a move may change), for copy-on-write states. */
export function copyDecision<Data>(d: Decision<Data>, copyData: (data: Data) => Data = (x) => x): Decision<Data> {
  return { ...d, asked: d.asked.slice(), mayPass: d.mayPass.slice(), answered: d.answered.slice(), data: copyData(d.data) };
}

/** Problems with the shape of a stack (for fuzzers and invariants): an empty or inconsistent decision. */
export function stackProblems(stack: readonly Decision[]): string[] {
  const problems: string[] = [];
  stack.forEach((d, i) => {
    const at = `decision ${i} (${d.kind})`;
    if (d.asked.length === 0) problems.push(`${at} asks nobody`);
    for (const a of d.answered) if (!d.asked.includes(a)) problems.push(`${at} has an answer from "${a}", who was not asked`);
    for (const a of d.mayPass) if (!d.asked.includes(a)) problems.push(`${at} lets "${a}" pass without asking them`);
    if (d.taker !== null && d.close !== 'first-taker') problems.push(`${at} has a taker but closes by ${d.close}`);
    if ((d.chance !== null) !== (d.asked.length === 1 && d.asked[0] === CHANCE)) problems.push(`${at}: only chance decisions ask "${CHANCE}"`);
    if (isClosed(d)) problems.push(`${at} is closed but still on the stack`);
    const limit = limitOf(d);
    if (limit !== null) {
      if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_SECONDS_MAX) problems.push(`${at} has a time limit of ${limit} s (1..${LIMIT_SECONDS_MAX})`);
      if (d.mayPass.length === 0) problems.push(`${at} is timed but nobody may pass`);
      if (d.chance !== null) problems.push(`${at} is a timed chance decision`);
    }
  });
  return problems;
}
