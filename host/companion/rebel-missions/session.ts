// Rebel Missions at the table: one game bound to one timer. It keeps the match, applies the
// players' moves (a rejected move comes back with the rules' reason), turns the timer's events
// into timer moves, saves after every accepted move, and reports every change to listeners.
// No terminal code: the terminal interface, the JSON stream and the tests all drive it alike.
//
// The timer runs the game (the rulebook: "The Imperial Timer runs the entire game"):
//   - nothing is played while its countdown is stopped (paused, or lost after a power cut or a
//     companion restart): a move is refused with what to do (press the triangle);
//   - the time left counts on between the timer's reports (`clock`, from the moment of the last
//     report), and is recorded with each player's move, every `checkpointEveryMs` and when the
//     table leaves (`checkpoint`), so a resumed game goes on with the time that really passed;
//   - a code pressed while the countdown is stopped is not judged by the timer: the table is told.

import type { Match } from '../../engine/index.ts';
import {
  rebelMissions,
  TIMER,
  type PlayerMove,
  type RebelMissionsConfig,
  type RebelMissionsEvent,
  type RebelMissionsGame,
  type RebelMissionsMove,
  type RebelMissionsState,
  type RebelMissionsView,
} from '../../games/rebel-missions/index.ts';
import type { DeviceEvent } from '../../link/messages.ts';
import type { TimerStatus } from '../../link/protocol-client.ts';
import { GameSession, type CommonUpdate, type TimerPort } from '../game-session.ts';
import { reconcile } from './reconcile.ts';
import { timerMoveOf } from './timer-moves.ts';

export type RebelMatch = Match<RebelMissionsConfig, RebelMissionsState, RebelMissionsMove>;

export type { TimerPort } from '../game-session.ts';

export type SessionUpdate = CommonUpdate<RebelMissionsMove, RebelMissionsEvent>;

/** The countdown: the time left now (counted on from the timer's last report while it runs). */
export interface TimerClock {
  readonly leftMs: number | null;
  /** The countdown's full length (from the START that began it), for a progress bar. */
  readonly totalMs: number | null;
  readonly state: 'waiting' | 'running' | 'paused' | 'stopped';
}

/** The countdown as last reported, and when (on the session's clock). */
interface ReportedClock extends TimerClock {
  readonly at: number;
}

/** The time left at `now` of a countdown reported at `clock.at`: it runs on only while `running`. */
export function leftAt(clock: ReportedClock, now: number): number | null {
  if (clock.leftMs === null || clock.state !== 'running') return clock.leftMs;
  return Math.max(0, clock.leftMs - Math.max(0, now - clock.at));
}

/** A recorded time left differs from the game's by at least this much before it is recorded (ms). */
const RECORD_STEP_MS = 1000;

const PRESS_TRIANGLE = 'press the triangle button on the timer';

function startingTime(match: RebelMatch): number | null {
  const start = match.log.moves.find((m) => m.type === 'start');
  return start?.type === 'start' ? start.leftMs : null;
}

export interface SessionOptions {
  readonly match: RebelMatch;
  readonly timer: TimerPort;
  /** Where to save after every move; null for no saving. */
  readonly savePath: string | null;
  /** The companion may press the timer's buttons for the players (START, the code): the virtual timer. */
  readonly assist: boolean;
  readonly game?: RebelMissionsGame;
  /** The clock the countdown is counted on with between reports (ms); default performance.now. A virtual timer in virtual time passes its own. */
  readonly now?: () => number;
  /** Record the time left this often while the countdown runs (ms), so a crash loses at most that; default never (only with moves and `checkpoint`). */
  readonly checkpointEveryMs?: number;
}

export class RebelMissionsSession extends GameSession<RebelMissionsConfig, RebelMissionsState, RebelMissionsMove, RebelMissionsView, RebelMissionsEvent> {
  readonly assist: boolean;
  private readonly now: () => number;
  private clockNow: ReportedClock;
  private checkpointTimer: ReturnType<typeof setInterval> | undefined;
  private countdownLost = false;
  private timerNeed: number | null = null;
  /** Codes found before the timer's countdown was restarted (its own count starts again at 0). */
  private foundOffset = 0;
  private entering: Promise<void> | undefined;

  constructor(private readonly options: SessionOptions) {
    super(options.game ?? rebelMissions, options.match, options.savePath);
    this.assist = options.assist;
    this.now = options.now ?? (() => performance.now());
    const left = this.state.timeLeftMs;
    const stage = this.state.stage;
    this.clockNow = {
      leftMs: left,
      totalMs: startingTime(this.match),
      state: stage === 'awaiting-start' ? 'waiting' : this.over ? 'stopped' : 'running',
      at: this.now(),
    };
    if (options.checkpointEveryMs !== undefined) {
      this.checkpointTimer = setInterval(() => this.recordTimeLeft(), options.checkpointEveryMs);
      this.checkpointTimer.unref?.();
      this.keep(() => clearInterval(this.checkpointTimer));
    }
    this.keep(options.timer.onEvent((event) => this.timerEvent(event)));
    this.keep(
      options.timer.onNotice((notice) => {
        this.emit({ kind: 'link', notice });
        if (notice.kind === 'resumed') this.syncWith(notice.status);
      }),
    );
    this.save();
  }

  /** The countdown now: the time left counted on from the timer's last report while it runs. */
  get clock(): TimerClock {
    const { totalMs, state } = this.clockNow;
    return { leftMs: leftAt(this.clockNow, this.now()), totalMs, state };
  }

  /**
   * Why the players may not move now because of the timer, or null: the game is under way but
   * its countdown is not running (paused, or lost). The table is told what to do.
   */
  get heldBecause(): string | null {
    const stage = this.state.stage;
    if (this.over || stage === 'awaiting-start' || stage === 'enter-code') return null;
    if (this.countdownLost) {
      return `the timer's countdown is not running (it lost it): nothing is played until it runs again. ${
        this.assist ? 'Choose "Start the timer" to carry on with the time that was left' : `${PRESS_TRIANGLE} to start it again and carry on`
      }.`;
    }
    if (this.clockNow.state === 'paused') {
      return `the timer is paused: nothing is played until it runs again. ${this.assist ? 'Choose "Resume the timer", or ' : ''}${PRESS_TRIANGLE} to resume.`;
    }
    return null;
  }

  /** The table as the players see it (a cooperative game: every player sees the same). */
  view(actor: string = this.state.turnPlayer): RebelMissionsView {
    return this.game.view(this.state, actor);
  }

  /** The seated players who may move now (the timer left out). */
  playersToMove(): string[] {
    return this.game.toMove(this.state).filter((a) => a !== TIMER);
  }

  /** The player's legal moves now; none while the timer's countdown is stopped (`heldBecause`). */
  legalMoves(actor: string): PlayerMove[] {
    if (actor === TIMER || this.heldBecause !== null) return [];
    return this.game.legalMoves(this.state, actor) as PlayerMove[];
  }

  /** A player's move; a rejected one changes nothing and comes back with the rules' reason. */
  play(move: PlayerMove): { ok: true } | { ok: false; reason: string } {
    if (typeof move === 'object' && move !== null && (move as { actor?: unknown }).actor === TIMER) {
      const reason = "the timer's moves come from the timer itself, not from the players";
      this.emit({ kind: 'rejected', move, reason });
      return { ok: false, reason };
    }
    const held = this.heldBecause;
    if (held !== null) {
      this.emit({ kind: 'rejected', move, reason: held });
      return { ok: false, reason: held };
    }
    // The time that passed since the timer's last report counts: it is recorded with the move.
    if (this.game.apply(this.state, move).ok) this.recordTimeLeft();
    const step = this.apply(move);
    if (!step.ok) this.emit({ kind: 'rejected', move, reason: step.reason });
    return step;
  }

  /**
   * Records the time left now, asked of the timer (STATUS) while its countdown runs, so a game
   * saved now resumes with exactly the time that was left. For the moment the table leaves.
   */
  async checkpoint(): Promise<void> {
    if (this.over || this.clockNow.state !== 'running' || this.countdownLost) return;
    try {
      const status = await this.options.timer.status();
      if (status.state === 'running' && !this.over) this.recordTimeLeft(status.leftMs);
    } catch {
      this.recordTimeLeft();
    }
  }

  /** Compare with the timer's STATUS (after connecting or resuming) and catch up. */
  syncWith(status: TimerStatus): void {
    this.timerNeed = status.need;
    const plan = reconcile(this.state, status, { assist: this.assist });
    this.countdownLost = plan.countdownLost;
    for (const text of plan.notes) this.emit({ kind: 'note', text });
    for (const move of plan.moves) {
      const step = this.apply(move);
      if (!step.ok) this.emit({ kind: 'note', text: `could not catch up with the timer (${move.type}): ${step.reason}` });
    }
    const totalMs = this.clockNow.totalMs ?? startingTime(this.match);
    const at = this.now();
    if (status.state === 'running' || status.state === 'paused') {
      this.clockNow = { leftMs: status.leftMs, totalMs: Math.max(totalMs ?? 0, status.leftMs), state: status.state, at };
    } else if (plan.countdownLost) {
      this.clockNow = { leftMs: this.state.timeLeftMs, totalMs, state: 'stopped', at };
    }
  }

  /** Whether the companion may start the countdown for the players now. */
  get canStartTimer(): boolean {
    return this.assist && !this.over && (this.state.stage === 'awaiting-start' || this.countdownLost);
  }

  /** Whether the companion may enter the requested code for the players now (the countdown must run for the timer to judge it). */
  get canEnterCode(): boolean {
    return this.assist && this.state.codeRequest !== null && this.entering === undefined && this.clockNow.state === 'running' && !this.countdownLost;
  }

  /** Whether the companion may pause the (virtual) timer's countdown now. */
  get canPauseTimer(): boolean {
    return this.assist && !this.over && this.state.stage !== 'awaiting-start' && !this.countdownLost && this.clockNow.state === 'running';
  }

  /** Whether the companion may resume the (virtual) timer's countdown now. */
  get canResumeTimer(): boolean {
    return this.assist && !this.over && this.clockNow.state === 'paused';
  }

  /** Sends PAUSE, as holding the triangle button does; the timer answers with EVT PAUSE. */
  async pauseTimer(): Promise<void> {
    if (!this.canPauseTimer)
      throw new Error(this.assist ? 'the countdown is not running: there is nothing to pause' : `hold ${PRESS_TRIANGLE.replace('press ', '')} to pause`);
    await this.options.timer.request('PAUSE');
  }

  /** Sends RESUME, as pressing the triangle button on a paused timer does; the timer answers with EVT RESUME. */
  async resumeTimer(): Promise<void> {
    if (!this.canResumeTimer) throw new Error(this.assist ? 'the timer is not paused' : `${PRESS_TRIANGLE} to resume`);
    await this.options.timer.request('RESUME');
  }

  /** Correct codes the timer needs to win (its `need` setting), once it has reported it. */
  get need(): number | null {
    return this.timerNeed;
  }

  get countdownWasLost(): boolean {
    return this.countdownLost;
  }

  /**
   * Sends START, as pressing the triangle button does. When the (virtual) timer lost the
   * countdown of this game, it is first set to the time left and the codes still needed, so the
   * game carries on as it was.
   */
  async startTimer(): Promise<void> {
    if (!this.canStartTimer) throw new Error(this.assist ? 'the timer has already started this game' : 'press the triangle button on the timer to start');
    let aheadMs = 0;
    if (this.countdownLost) {
      const settings: string[] = [];
      const left = this.state.timeLeftMs;
      if (left !== null) {
        const seconds = Math.min(3600, Math.max(60, Math.ceil(left / 1000)));
        settings.push(`duration=${seconds}`);
        aheadMs = seconds * 1000 - left;
      }
      if (this.timerNeed !== null) settings.push(`need=${Math.max(1, this.timerNeed - this.state.codesFound)}`);
      if (settings.length > 0) await this.options.timer.request(`CONFIG ${settings.join(' ')}`);
    }
    await this.options.timer.request('START');
    // A duration is whole seconds, and at least a minute: the (virtual: the companion presses
    // only for it) timer's clock is moved on to exactly the time that was left.
    if (aheadMs > 0) {
      await this.options.timer.request(`SIM ADVANCE ${aheadMs}`);
      this.syncWith(await this.options.timer.status());
    }
  }

  /**
   * Presses the code's symbols on the timer (PRESS d each); the timer's CHIME, BUZZ or FANFARE
   * arrives as an event. An entry left half-made is first cleared the rulebook's way: the last
   * symbol again, which buzzes at once.
   */
  enterCode(): Promise<void> {
    const request = this.state.codeRequest;
    if (!this.assist || request === null) return Promise.reject(new Error('no code is waiting to be entered'));
    if (this.entering) return this.entering;
    const run = async (): Promise<void> => {
      const status = await this.options.timer.status();
      if (status.state !== 'running') {
        // The timer judges codes only while its countdown runs: pressed now, a code would get no CHIME and no BUZZ.
        throw new Error(
          `the timer is ${status.state}: it judges a code only while its countdown runs, so the code was not entered. ${this.startWhat(status.state)}, then enter the code.`,
        );
      }
      const last = status.entry.slice(-1);
      if (last !== '') await this.options.timer.request(`PRESS ${last}`);
      for (const digit of request.code) {
        if (this.state.codeRequest === null) return;
        await this.options.timer.request(`PRESS ${digit}`);
      }
    };
    this.entering = run().finally(() => {
      this.entering = undefined;
    });
    return this.entering;
  }

  /** What to do to get the countdown running from the timer's `state`. */
  private startWhat(state: string): string {
    if (state === 'paused')
      return this.assist ? 'Choose "Resume the timer" (or press the triangle button)' : 'Press the triangle button on the timer to resume';
    return this.assist ? 'Choose "Start the timer"' : 'Press the triangle button on the timer to start it';
  }

  /** Records the time left (the timer's reading, or the count since its last report) as a timer move, when it moved on by a second or more. */
  private recordTimeLeft(leftMs: number | null = leftAt(this.clockNow, this.now())): void {
    if (this.over || leftMs === null || this.clockNow.state !== 'running' || this.countdownLost) return;
    const recorded = this.state.timeLeftMs;
    if (this.state.stage === 'awaiting-start' || recorded === null || recorded - leftMs < RECORD_STEP_MS) return;
    this.apply({ actor: TIMER, type: 'time', leftMs: Math.max(0, Math.round(leftMs)) });
  }

  private timerEvent(event: DeviceEvent): void {
    this.updateClock(event);
    this.emit({ kind: 'timer', event });
    if (event.name === 'KEY' && event.button !== 'triangle' && !this.over && this.state.stage !== 'awaiting-start') {
      const stopped = this.countdownLost ? 'ready' : this.clockNow.state === 'paused' ? 'paused' : null;
      if (stopped !== null) {
        this.emit({
          kind: 'note',
          text: `the timer's countdown is not running (${stopped === 'paused' ? 'paused' : 'it lost it'}), so it does not judge codes: that press counts for nothing. ${this.startWhat(stopped)}, then enter the code again.`,
        });
      }
    }
    let move = timerMoveOf(event);
    if (move === null) return;
    if (move.type === 'chime') move = { ...move, found: move.found + this.foundOffset };
    if (move.type === 'start' && this.state.stage !== 'awaiting-start' && !this.over) {
      // A new countdown for a game already under way (the timer lost its own): carry on. The
      // timer counts correct codes from zero again; the game keeps those already found.
      // A countdown of whole seconds gives no time back: the game goes on with what it had left.
      move = { actor: TIMER, type: 'time', leftMs: Math.min(move.leftMs, this.state.timeLeftMs ?? move.leftMs) };
      this.foundOffset = this.state.codesFound;
      if (this.countdownLost) this.emit({ kind: 'note', text: 'the timer started a new countdown: the game carries on.' });
      this.countdownLost = false;
    }
    if (this.over) return;
    const step = this.apply(move);
    if (!step.ok) this.emit({ kind: 'note', text: `the timer's ${event.name} does not fit the game now and is left out: ${step.reason}` });
  }

  private updateClock(event: DeviceEvent): void {
    const at = this.now();
    const left = leftAt(this.clockNow, at);
    switch (event.name) {
      case 'START':
        // A new countdown for a game under way keeps the length the game began with, for the bar.
        this.clockNow = {
          leftMs: event.leftMs,
          totalMs: this.state.stage === 'awaiting-start' ? event.leftMs : Math.max(this.clockNow.totalMs ?? 0, event.leftMs),
          state: 'running',
          at,
        };
        return;
      case 'TIME':
      case 'WARN':
        this.clockNow = {
          leftMs: event.leftMs,
          totalMs: Math.max(this.clockNow.totalMs ?? 0, event.leftMs),
          state: this.clockNow.state === 'paused' ? 'paused' : 'running',
          at,
        };
        return;
      case 'PAUSE':
        this.clockNow = { ...this.clockNow, leftMs: left, state: 'paused', at };
        return;
      case 'RESUME':
        this.clockNow = { ...this.clockNow, state: 'running', at };
        return;
      case 'TIMEOUT':
        this.clockNow = { ...this.clockNow, leftMs: 0, state: 'stopped', at };
        return;
      case 'FANFARE':
        this.clockNow = { ...this.clockNow, leftMs: left, state: 'stopped', at };
        return;
      default:
        return;
    }
  }

  private apply(move: RebelMissionsMove): { ok: true } | { ok: false; reason: string } {
    if (this.over) return { ok: false, reason: `the game is over (${this.state.stage})` };
    const step = this.record(move);
    if (!step.ok) return step;
    this.reportIfFinished();
    return { ok: true };
  }
}
