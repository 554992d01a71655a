// The countdown of a game that runs on the Imperial Timer's clock (the timer an external actor,
// as in Rebel Missions), as the table host keeps it between the timer's reports: the time left
// counted on from the last report while it runs (the timer reports only every 30 s or so), the
// full length for a bar, and whether it runs, is paused, or was lost (a fresh timer after a power
// cut: the game had started but the timer has no countdown). Pure bookkeeping: the host feeds it
// the timer's events and STATUS answers, with the time on its own clock.

import type { DeviceEvent } from '../link/messages.ts';
import type { TimerStatus } from '../link/protocol-client.ts';

/** The countdown as a front end shows it. `leftMs` is the time left when the snapshot was made. */
export interface CountdownClock {
  readonly leftMs: number | null;
  /** The countdown's full length (from the START that began it), for a progress bar. */
  readonly totalMs: number | null;
  readonly state: 'waiting' | 'running' | 'paused' | 'stopped';
  /** The game is under way but the timer lost its countdown: nothing is played until it is started again. */
  readonly lost: boolean;
}

/** What a person may ask the host to do on the timer, beside the game's menu (a virtual timer: the host presses for them). */
export type DeviceAction = 'start-timer' | 'resume-timer' | 'pause-timer' | 'enter-code';

export const DEVICE_ACTIONS: readonly DeviceAction[] = ['start-timer', 'resume-timer', 'pause-timer', 'enter-code'];

/** The words for a device action, for menus and buttons. */
export const DEVICE_ACTION_LABELS: Readonly<Record<DeviceAction, string>> = {
  'start-timer': 'Start the timer (press the triangle for us)',
  'resume-timer': 'Resume the timer (press the triangle for us)',
  'pause-timer': 'Pause the timer (nothing is played while it is paused)',
  'enter-code': 'Enter the code on the timer for us',
};

interface Reported {
  readonly leftMs: number | null;
  readonly totalMs: number | null;
  readonly state: CountdownClock['state'];
  /** When it was reported, on the host's clock (ms). */
  readonly at: number;
}

/** The time left at `now` of a countdown reported at `r.at`: it runs on only while `running`. */
export function leftAt(r: Reported, now: number): number | null {
  if (r.leftMs === null || r.state !== 'running') return r.leftMs;
  return Math.max(0, r.leftMs - Math.max(0, now - r.at));
}

export class Countdown {
  private reported: Reported;
  /** The game had started but the timer has no countdown (STATUS ready or table). */
  lost = false;
  /** The timer's `need` setting (codes to win), once STATUS has said it. */
  need: number | null = null;

  constructor(
    private readonly now: () => number,
    start: { readonly leftMs: number | null; readonly totalMs: number | null; readonly state: CountdownClock['state'] },
  ) {
    this.reported = { ...start, at: now() };
  }

  get clock(): CountdownClock {
    return { leftMs: this.leftMs(), totalMs: this.reported.totalMs, state: this.reported.state, lost: this.lost };
  }

  /** The time left now, counted on from the last report while it runs. */
  leftMs(): number | null {
    return leftAt(this.reported, this.now());
  }

  get state(): CountdownClock['state'] {
    return this.reported.state;
  }

  /** Whether it is counting down now (not paused, not lost). */
  get running(): boolean {
    return this.reported.state === 'running' && !this.lost;
  }

  /** Takes a device event; `awaitingStart`: the game has not begun (a START then sets the full length). */
  onEvent(event: DeviceEvent, awaitingStart: boolean): void {
    const at = this.now();
    const left = this.leftMs();
    const r = this.reported;
    switch (event.name) {
      case 'START':
        // A new countdown for a game under way keeps the length the game began with, for the bar.
        this.reported = { leftMs: event.leftMs, totalMs: awaitingStart ? event.leftMs : Math.max(r.totalMs ?? 0, event.leftMs), state: 'running', at };
        return;
      case 'TIME':
      case 'WARN':
        this.reported = { leftMs: event.leftMs, totalMs: Math.max(r.totalMs ?? 0, event.leftMs), state: r.state === 'paused' ? 'paused' : 'running', at };
        return;
      case 'PAUSE':
        this.reported = { ...r, leftMs: left, state: 'paused', at };
        return;
      case 'RESUME':
        this.reported = { ...r, state: 'running', at };
        return;
      case 'TIMEOUT':
        this.reported = { ...r, leftMs: 0, state: 'stopped', at };
        return;
      case 'FANFARE':
        this.reported = { ...r, leftMs: left, state: 'stopped', at };
        return;
      default:
        return;
    }
  }

  /** Takes the timer's STATUS: the time left when it runs or is paused; `lost` when the game had started and it has no countdown. */
  onStatus(status: TimerStatus, lost: boolean, recordedLeftMs: number | null): void {
    this.need = status.need;
    this.lost = lost;
    const at = this.now();
    const totalMs = this.reported.totalMs;
    if (status.state === 'running' || status.state === 'paused') {
      this.reported = { leftMs: status.leftMs, totalMs: Math.max(totalMs ?? 0, status.leftMs), state: status.state, at };
    } else if (lost) {
      this.reported = { leftMs: recordedLeftMs, totalMs, state: 'stopped', at };
    }
  }

  /** The game ended (won or lost): the clock stops where it was. */
  stop(): void {
    this.reported = { ...this.reported, leftMs: this.leftMs(), state: 'stopped', at: this.now() };
  }
}
