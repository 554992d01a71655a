// The timer's face on a page, from the timer's events and commands the server forwards: the
// countdown as a bar with the time in words, and the last sound it made, shown with a symbol and
// its name (never by colour alone).

import type { CountdownClock } from '../../table/countdown.ts';
import type { TimerCommand } from '../../table/entry.ts';
import { el } from './dom.ts';
import { soundOfEvent } from './timer-words.ts';

type Json = Readonly<Record<string, unknown>>;

const SOUNDS: Readonly<Record<string, string>> = {
  chime: '♪ CHIME',
  buzz: '✕ BUZZ',
  fanfare: '★ FANFARE',
  warn: '! WARN',
  lose: '☠ LOSE',
  click: '· CLICK',
  timeout: '⌛ TIMEOUT',
};

export class TimerFace {
  readonly element: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly time: HTMLElement;
  private readonly sound: HTMLElement;
  private readonly link: HTMLElement;
  private totalMs = 0;
  /** The host's countdown (a game on the timer's clock), counted on here between its snapshots. */
  private counted: { leftMs: number | null; state: string; lost: boolean; at: number } | null = null;
  private ticking: ReturnType<typeof setInterval> | undefined;
  private readonly segments: HTMLElement;

  constructor() {
    this.bar = el('progress', { max: '1', value: '0', 'aria-label': 'time left on the timer' });
    this.time = el('span', { class: 'timer-time' }, 'not running');
    this.sound = el('p', { class: 'timer-sound', role: 'status' }, 'No sound yet');
    this.link = el('p', { class: 'timer-link' });
    this.segments = el('span', { class: 'segments', 'aria-hidden': 'true' });
    this.element = el(
      'section',
      { class: 'timer', 'aria-label': 'the Imperial Timer' },
      el('h2', {}, 'The timer'),
      el('p', {}, this.bar, ' ', this.time),
      this.segments,
      this.sound,
      this.link,
    );
    // Shown once the match has a timer that speaks (a game without one has no face to show).
    this.element.hidden = true;
  }

  /** A timer event as the server parsed it (`{name:'TIME', leftMs}`, `{name:'CHIME'}`...). */
  event(event: Json): void {
    this.element.hidden = false;
    const name = String(event['name'] ?? '');
    const left = typeof event['leftMs'] === 'number' ? (event['leftMs'] as number) : null;
    if (left !== null && this.counted === null) {
      if (name === 'START' || left > this.totalMs) this.totalMs = left;
      this.show(left);
    }
    const sound = soundOfEvent(event);
    if (sound !== null) this.sound.textContent = `Last sound: ${sound.symbol} ${sound.text}`;
    if (name === 'TIMEOUT' && this.counted === null) this.show(0);
  }

  /**
   * The host's countdown from a snapshot (`leftMs` when it was made, `totalMs`, `state` waiting,
   * running, paused or stopped, `lost`): drawn at once, and counted down here while it runs, so
   * the bar moves between the timer's reports (every 30 s or so).
   */
  clock(clock: CountdownClock): void {
    this.element.hidden = false;
    const leftMs = clock.leftMs;
    if (clock.totalMs !== null) this.totalMs = clock.totalMs;
    this.counted = { leftMs, state: clock.state, lost: clock.lost, at: performance.now() };
    const runs = this.counted.state === 'running' && !this.counted.lost && leftMs !== null;
    if (runs && this.ticking === undefined) this.ticking = setInterval(() => this.drawCounted(), 250);
    if (!runs && this.ticking !== undefined) {
      clearInterval(this.ticking);
      this.ticking = undefined;
    }
    this.drawCounted();
  }

  private drawCounted(): void {
    const c = this.counted;
    if (c === null) return;
    if (c.leftMs === null) {
      this.time.textContent = c.state === 'waiting' ? `not started: press ${'▲'} to start` : 'not running';
      this.drawSegments(null);
      return;
    }
    const left = c.state === 'running' && !c.lost ? Math.max(0, c.leftMs - (performance.now() - c.at)) : c.leftMs;
    this.show(left);
    const words = c.lost ? ' — the timer lost its countdown: start it again' : c.state === 'paused' ? ' — paused' : c.state === 'stopped' ? ' — stopped' : '';
    this.time.textContent += words;
  }

  /** The device's ten-segment sand-timer bar: segment k is lit while the time left is over k tenths of the countdown. */
  private drawSegments(leftMs: number | null): void {
    const total = this.totalMs;
    const lit = leftMs === null || total <= 0 ? 0 : Array.from({ length: 10 }, (_, k) => leftMs > (k * total) / 10).filter(Boolean).length;
    this.segments.replaceChildren(...Array.from({ length: 10 }, (_, k) => el('span', { class: k < lit ? 'segment lit' : 'segment' })));
  }

  /** A command the host sent to a table-mode timer (a sound, or the turn clock). */
  command(command: TimerCommand): void {
    this.element.hidden = false;
    if ('play' in command) this.sound.textContent = `Last sound: ${SOUNDS[command.play] ?? command.play}`;
    else {
      const s = command.clock;
      this.totalMs = s * 1000;
      this.show(s * 1000);
    }
  }

  /** The link to the timer: lost (a pulled cable), trying again, back. */
  linkNotice(text: string, ok: boolean | undefined): void {
    this.element.hidden = false;
    this.link.textContent = ok === false ? `⚠ ${text}` : text;
    if (ok !== undefined) this.link.classList.toggle('bad', !ok);
  }

  private show(leftMs: number): void {
    const s = Math.max(0, Math.ceil(leftMs / 1000));
    this.bar.max = Math.max(1, this.totalMs);
    this.bar.value = Math.max(0, leftMs);
    this.time.textContent = leftMs <= 0 ? 'time is up' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} left`;
    this.drawSegments(leftMs);
  }
}
