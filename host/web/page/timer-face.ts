// The timer's face on a page, from the timer's events and commands the server forwards: the
// countdown as a bar with the time in words, and the last sound it made, shown with a symbol and
// its name (never by colour alone).

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

  constructor() {
    this.bar = el('progress', { max: '1', value: '0', 'aria-label': 'time left on the timer' });
    this.time = el('span', { class: 'timer-time' }, 'not running');
    this.sound = el('p', { class: 'timer-sound', role: 'status' }, 'No sound yet');
    this.link = el('p', { class: 'timer-link' });
    this.element = el(
      'section',
      { class: 'timer', 'aria-label': 'the Imperial Timer' },
      el('h2', {}, 'The timer'),
      el('p', {}, this.bar, ' ', this.time),
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
    if (left !== null) {
      if (name === 'START' || left > this.totalMs) this.totalMs = left;
      this.show(left);
    }
    const sound = soundOfEvent(event);
    if (sound !== null) this.sound.textContent = `Last sound: ${sound.symbol} ${sound.text}`;
    if (name === 'TIMEOUT') this.show(0);
  }

  /** A command the host sent to a table-mode timer (a sound, or the turn clock). */
  command(command: Json): void {
    this.element.hidden = false;
    if (typeof command['play'] === 'string') this.sound.textContent = `Last sound: ${SOUNDS[command['play']] ?? command['play']}`;
    if (typeof command['clock'] === 'number') {
      const s = command['clock'] as number;
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
    const s = Math.max(0, Math.round(leftMs / 1000));
    this.bar.max = Math.max(1, this.totalMs);
    this.bar.value = Math.max(0, leftMs);
    this.time.textContent = leftMs <= 0 ? 'time is up' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} left`;
  }
}
