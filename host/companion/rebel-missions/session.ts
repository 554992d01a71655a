// Rebel Missions at the table: one game bound to one timer. It keeps the match, applies the
// players' moves (a rejected move comes back with the rules' reason), turns the timer's events
// into timer moves, saves after every accepted move, and reports every change to listeners.
// No terminal code: the terminal interface, the JSON stream and the tests all drive it alike.

import { playMove, writeSave, type Match } from '../../engine/index.ts';
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
import type { Outcome } from '../../engine/game.ts';
import type { DeviceEvent } from '../../link/messages.ts';
import type { OkAnswer, TimerStatus } from '../../link/protocol-client.ts';
import type { LinkNotice } from '../../link/timer-link.ts';
import { reconcile } from './reconcile.ts';
import { timerMoveOf } from './timer-moves.ts';

export type RebelMatch = Match<RebelMissionsConfig, RebelMissionsState, RebelMissionsMove>;

/** What the session needs of its timer: a TimerLink, or anything that behaves like one. */
export interface TimerPort {
  request(command: string): Promise<OkAnswer>;
  status(): Promise<TimerStatus>;
  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void;
  onNotice(listener: (notice: LinkNotice) => void): () => void;
}

export type SessionUpdate =
  | { readonly kind: 'moved'; readonly move: RebelMissionsMove; readonly events: readonly RebelMissionsEvent[] }
  | { readonly kind: 'rejected'; readonly move: unknown; readonly reason: string }
  | { readonly kind: 'timer'; readonly event: DeviceEvent }
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'link'; readonly notice: LinkNotice }
  | { readonly kind: 'save-failed'; readonly message: string }
  | { readonly kind: 'finished'; readonly outcome: Extract<Outcome, { finished: true }> };

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

export class RebelMissionsSession {
  readonly game: RebelMissionsGame;
  readonly assist: boolean;
  private current: RebelMatch;
  private readonly listeners = new Set<(update: SessionUpdate) => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private clockNow: TimerClock;
  private countdownLost = false;
  private timerNeed: number | null = null;
  /** Codes found before the timer's countdown was restarted (its own count starts again at 0). */
  private foundOffset = 0;
  private entering: Promise<void> | undefined;
  private finishedReported = false;

  constructor(private readonly options: SessionOptions) {
    this.game = options.game ?? rebelMissions;
    this.assist = options.assist;
    this.current = options.match;
    const left = this.current.state.timeLeftMs;
    const stage = this.current.state.stage;
    this.clockNow = { leftMs: left, totalMs: startingTime(this.current), state: stage === 'awaiting-start' ? 'waiting' : this.over ? 'stopped' : 'running' };
    this.unsubscribe.push(options.timer.onEvent((event) => this.timerEvent(event)));
    this.unsubscribe.push(
      options.timer.onNotice((notice) => {
        this.emit({ kind: 'link', notice });
        if (notice.kind === 'resumed') this.syncWith(notice.status);
      }),
    );
    this.save();
  }

  onUpdate(listener: (update: SessionUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get match(): RebelMatch {
    return this.current;
  }

  get state(): RebelMissionsState {
    return this.current.state;
  }

  get clock(): TimerClock {
    return this.clockNow;
  }

  get over(): boolean {
    return this.game.result(this.current.state).finished;
  }

  /** The table as the players see it (a cooperative game: every player sees the same). */
  view(actor: string = this.current.state.turnPlayer): RebelMissionsView {
    return this.game.view(this.current.state, actor);
  }

  /** The seated players who may move now (the timer left out). */
  playersToMove(): string[] {
    return this.game.toMove(this.current.state).filter((a) => a !== TIMER);
  }

  legalMoves(actor: string): PlayerMove[] {
    if (actor === TIMER) return [];
    return this.game.legalMoves(this.current.state, actor) as PlayerMove[];
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
    const plan = reconcile(this.current.state, status, { assist: this.assist });
    this.countdownLost = plan.countdownLost;
    for (const text of plan.notes) this.emit({ kind: 'note', text });
    for (const move of plan.moves) {
      const step = this.apply(move);
      if (!step.ok) this.emit({ kind: 'note', text: `could not catch up with the timer (${move.type}): ${step.reason}` });
    }
    const totalMs = this.clockNow.totalMs ?? startingTime(this.current);
    if (status.state === 'running' || status.state === 'paused') {
      this.clockNow = { leftMs: status.leftMs, totalMs: Math.max(totalMs ?? 0, status.leftMs), state: status.state };
    } else if (plan.countdownLost) {
      this.clockNow = { leftMs: this.current.state.timeLeftMs, totalMs, state: 'stopped' };
    }
  }

  /** Whether the companion may start the countdown for the players now. */
  get canStartTimer(): boolean {
    return this.assist && !this.over && (this.current.state.stage === 'awaiting-start' || this.countdownLost);
  }

  /** Whether the companion may enter the requested code for the players now. */
  get canEnterCode(): boolean {
    return this.assist && this.current.state.codeRequest !== null && this.entering === undefined;
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
      const left = this.current.state.timeLeftMs;
      if (left !== null) settings.push(`duration=${Math.min(3600, Math.max(60, Math.ceil(left / 1000)))}`);
      if (this.timerNeed !== null) settings.push(`need=${Math.max(1, this.timerNeed - this.current.state.codesFound)}`);
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
    const request = this.current.state.codeRequest;
    if (!this.assist || request === null) return Promise.reject(new Error('no code is waiting to be entered'));
    if (this.entering) return this.entering;
    const run = async (): Promise<void> => {
      const status = await this.options.timer.status();
      const last = status.entry.slice(-1);
      if (last !== '') await this.options.timer.request(`PRESS ${last}`);
      for (const digit of request.code) {
        if (this.current.state.codeRequest === null) return;
        await this.options.timer.request(`PRESS ${digit}`);
      }
    };
    this.entering = run().finally(() => {
      this.entering = undefined;
    });
    return this.entering;
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.listeners.clear();
  }

  private timerEvent(event: DeviceEvent): void {
    this.updateClock(event);
    this.emit({ kind: 'timer', event });
    let move = timerMoveOf(event);
    if (move === null) return;
    if (move.type === 'chime') move = { ...move, found: move.found + this.foundOffset };
    if (move.type === 'start' && this.current.state.stage !== 'awaiting-start' && !this.over) {
      // A new countdown for a game already under way (the timer lost its own): carry on. The
      // timer counts correct codes from zero again; the game keeps those already found.
      move = { actor: TIMER, type: 'time', leftMs: move.leftMs };
      this.foundOffset = this.current.state.codesFound;
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
    if (this.over) return { ok: false, reason: `the game is over (${this.current.state.stage})` };
    const step = playMove(this.game, this.current, move);
    if (!step.ok) return step;
    this.current = step.match;
    this.save();
    this.emit({ kind: 'moved', move, events: step.events });
    const outcome = this.game.result(this.current.state);
    if (outcome.finished && !this.finishedReported) {
      this.finishedReported = true;
      this.emit({ kind: 'finished', outcome });
    }
    return { ok: true };
  }

  private save(): void {
    if (this.options.savePath === null) return;
    try {
      writeSave(this.game, this.options.savePath, this.current.log);
    } catch (error) {
      this.emit({
        kind: 'save-failed',
        message: `could not save the game to ${this.options.savePath}: ${error instanceof Error ? error.message : String(error)}. The game goes on; check the disk and the folder's permissions.`,
      });
    }
  }

  private emit(update: SessionUpdate): void {
    for (const listener of [...this.listeners]) listener(update);
  }
}
