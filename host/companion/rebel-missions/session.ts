// Rebel Missions at the table: one game bound to one timer. It keeps the match, applies the
// players' moves (a rejected move comes back with the rules' reason), turns the timer's events
// into timer moves, saves after every accepted move, and reports every change to listeners.
// No terminal code: the terminal interface, the JSON stream and the tests all drive it alike.

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

/** The countdown as the timer last reported it. */
export interface TimerClock {
  readonly leftMs: number | null;
  /** The countdown's full length (from the START that began it), for a progress bar. */
  readonly totalMs: number | null;
  readonly state: 'waiting' | 'running' | 'paused' | 'stopped';
}

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
}

export class RebelMissionsSession extends GameSession<RebelMissionsConfig, RebelMissionsState, RebelMissionsMove, RebelMissionsView, RebelMissionsEvent> {
  readonly assist: boolean;
  private clockNow: TimerClock;
  private countdownLost = false;
  private timerNeed: number | null = null;
  /** Codes found before the timer's countdown was restarted (its own count starts again at 0). */
  private foundOffset = 0;
  private entering: Promise<void> | undefined;

  constructor(private readonly options: SessionOptions) {
    super(options.game ?? rebelMissions, options.match, options.savePath);
    this.assist = options.assist;
    const left = this.state.timeLeftMs;
    const stage = this.state.stage;
    this.clockNow = { leftMs: left, totalMs: startingTime(this.match), state: stage === 'awaiting-start' ? 'waiting' : this.over ? 'stopped' : 'running' };
    this.keep(options.timer.onEvent((event) => this.timerEvent(event)));
    this.keep(
      options.timer.onNotice((notice) => {
        this.emit({ kind: 'link', notice });
        if (notice.kind === 'resumed') this.syncWith(notice.status);
      }),
    );
    this.save();
  }

  get clock(): TimerClock {
    return this.clockNow;
  }

  /** The table as the players see it (a cooperative game: every player sees the same). */
  view(actor: string = this.state.turnPlayer): RebelMissionsView {
    return this.game.view(this.state, actor);
  }

  /** The seated players who may move now (the timer left out). */
  playersToMove(): string[] {
    return this.game.toMove(this.state).filter((a) => a !== TIMER);
  }

  legalMoves(actor: string): PlayerMove[] {
    if (actor === TIMER) return [];
    return this.game.legalMoves(this.state, actor) as PlayerMove[];
  }

  /** A player's move; a rejected one changes nothing and comes back with the rules' reason. */
  play(move: PlayerMove): { ok: true } | { ok: false; reason: string } {
    if (typeof move === 'object' && move !== null && (move as { actor?: unknown }).actor === TIMER) {
      const reason = "the timer's moves come from the timer itself, not from the players";
      this.emit({ kind: 'rejected', move, reason });
      return { ok: false, reason };
    }
    const step = this.apply(move);
    if (!step.ok) this.emit({ kind: 'rejected', move, reason: step.reason });
    return step;
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
    if (status.state === 'running' || status.state === 'paused') {
      this.clockNow = { leftMs: status.leftMs, totalMs: Math.max(totalMs ?? 0, status.leftMs), state: status.state };
    } else if (plan.countdownLost) {
      this.clockNow = { leftMs: this.state.timeLeftMs, totalMs, state: 'stopped' };
    }
  }

  /** Whether the companion may start the countdown for the players now. */
  get canStartTimer(): boolean {
    return this.assist && !this.over && (this.state.stage === 'awaiting-start' || this.countdownLost);
  }

  /** Whether the companion may enter the requested code for the players now. */
  get canEnterCode(): boolean {
    return this.assist && this.state.codeRequest !== null && this.entering === undefined;
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
    if (this.countdownLost) {
      const settings: string[] = [];
      const left = this.state.timeLeftMs;
      if (left !== null) settings.push(`duration=${Math.min(3600, Math.max(60, Math.ceil(left / 1000)))}`);
      if (this.timerNeed !== null) settings.push(`need=${Math.max(1, this.timerNeed - this.state.codesFound)}`);
      if (settings.length > 0) await this.options.timer.request(`CONFIG ${settings.join(' ')}`);
    }
    await this.options.timer.request('START');
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

  private timerEvent(event: DeviceEvent): void {
    this.updateClock(event);
    this.emit({ kind: 'timer', event });
    let move = timerMoveOf(event);
    if (move === null) return;
    if (move.type === 'chime') move = { ...move, found: move.found + this.foundOffset };
    if (move.type === 'start' && this.state.stage !== 'awaiting-start' && !this.over) {
      // A new countdown for a game already under way (the timer lost its own): carry on. The
      // timer counts correct codes from zero again; the game keeps those already found.
      move = { actor: TIMER, type: 'time', leftMs: move.leftMs };
      this.foundOffset = this.state.codesFound;
      if (this.countdownLost) this.emit({ kind: 'note', text: 'the timer started a new countdown: the game carries on.' });
      this.countdownLost = false;
    }
    if (this.over) return;
    const step = this.apply(move);
    if (!step.ok) this.emit({ kind: 'note', text: `the timer's ${event.name} does not fit the game now and is left out: ${step.reason}` });
  }

  private updateClock(event: DeviceEvent): void {
    switch (event.name) {
      case 'START':
        this.clockNow = { leftMs: event.leftMs, totalMs: event.leftMs, state: 'running' };
        return;
      case 'TIME':
      case 'WARN':
        this.clockNow = {
          leftMs: event.leftMs,
          totalMs: Math.max(this.clockNow.totalMs ?? 0, event.leftMs),
          state: this.clockNow.state === 'paused' ? 'paused' : 'running',
        };
        return;
      case 'PAUSE':
        this.clockNow = { ...this.clockNow, state: 'paused' };
        return;
      case 'RESUME':
        this.clockNow = { ...this.clockNow, state: 'running' };
        return;
      case 'TIMEOUT':
        this.clockNow = { ...this.clockNow, leftMs: 0, state: 'stopped' };
        return;
      case 'FANFARE':
        this.clockNow = { ...this.clockNow, state: 'stopped' };
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
