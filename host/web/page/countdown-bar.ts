// The countdown of a "be quick" window on a page: a bar and the seconds left in words ("Be
// quick: 4 seconds left"), counted on the page's own clock from what the server said was left
// when it sent the snapshot. The same on every page: it depends on the window alone. Screen
// readers hear it at sensible moments only: when the window opens and when its time is up (the
// ticking text is a `timer`, which is not read out as it changes).
// While a window is open the panel is fixed at the bottom of the screen, above everything, so a
// player scrolled down to read their hand still sees it; a page asked in the window puts its
// answer buttons in it (`answers`, `holdAnswers`), and a seat's page buzzes where the phone can
// (`buzz`) when the window starts asking it.

import type { Named, PageCountdown } from '../messages.ts';
import { el } from './dom.ts';

const TICK_MS = 200;

/** "1 second", "4 seconds". */
export function secondsInWords(n: number): string {
  return `${n} second${n === 1 ? '' : 's'}`;
}

export class CountdownBar {
  readonly element: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly text: HTMLElement;
  private readonly news: HTMLElement;
  /** Where a page asked in the open window puts its answer buttons (inside the fixed panel). */
  readonly answers: HTMLElement;
  /** The open window: its kind and length, and when it ends on this page's clock. */
  private open: { window: string; seconds: number; endsAt: number } | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The seat this page is (its own pass is told as "you pass"); null on the table page. */
  self: string | null = null;

  constructor() {
    this.bar = el('progress', { class: 'countdown-bar', max: '1000', value: '1000', 'aria-hidden': 'true' });
    this.text = el('span', { class: 'countdown-text', role: 'timer', 'aria-atomic': 'true' });
    this.news = el('p', { class: 'countdown-news', 'aria-live': 'assertive', 'aria-atomic': 'true' });
    this.answers = el('div', { class: 'countdown-answers' });
    this.element = el('section', { class: 'countdown', 'aria-label': 'be quick', hidden: '' }, this.text, this.bar, this.answers);
  }

  /** Whether a quick window is open now. */
  get isOpen(): boolean {
    return this.open !== null;
  }

  /**
   * A page's answer buttons (`moves`) go in the panel while a window is open and the page has
   * some (`asked`), else back to `home`. Returns whether they are in the panel.
   */
  holdAnswers(moves: HTMLElement, home: HTMLElement, asked: boolean): boolean {
    const inPanel = asked && this.isOpen;
    const place = inPanel ? this.answers : home;
    if (moves.parentElement !== place) place.append(moves);
    return inPanel;
  }

  /** What a page puts in its layout: the countdown and, apart from it (it stays after the window closes), its news. */
  get parts(): readonly HTMLElement[] {
    return [this.element, this.news];
  }

  /** A snapshot's `countdown` (null or absent: no quick window open). */
  update(countdown: PageCountdown | null): void {
    if (countdown === null) {
      this.close();
      return;
    }
    const { window, seconds } = countdown;
    const leftMs = Math.max(0, countdown.leftMs);
    const same = this.open !== null && this.open.window === window && this.open.seconds === seconds;
    this.open = { window, seconds, endsAt: performance.now() + leftMs };
    // A window already out of time when it is first shown (a page that joined late) is not announced as "0 seconds to answer".
    const left = Math.ceil(leftMs / 1000);
    if (!same) this.news.textContent = left > 0 ? `Be quick: ${secondsInWords(left)} to answer.` : 'Be quick: the time to answer is up.';
    this.element.hidden = false;
    document.body.classList.add('be-quick');
    this.draw();
    if (this.ticker === null) this.ticker = setInterval(() => this.draw(), TICK_MS);
  }

  /** The server's `time-up` message: who is passed now. */
  timeUp(message: { readonly passing: readonly Named[] }): void {
    const names = message.passing.map((p) => (p.id === this.self ? 'you' : p.name));
    const who = names.length === 0 ? 'nobody is passed' : `${listed(names)} ${names.length === 1 && names[0] !== 'you' ? 'passes' : 'pass'}`;
    this.news.textContent = `Time is up: ${who}.`;
    this.close();
  }

  private draw(): void {
    if (this.open === null) return;
    const leftMs = Math.max(0, this.open.endsAt - performance.now());
    this.bar.value = Math.round((1000 * leftMs) / (this.open.seconds * 1000));
    const left = Math.ceil(leftMs / 1000);
    this.text.textContent = left > 0 ? `Be quick: ${secondsInWords(left)} left` : 'Be quick: the time is up';
    this.element.classList.toggle('last-seconds', left <= 2);
    // The page leaves as much room below as the panel takes, so everything can be scrolled above it.
    document.body.style.setProperty('--quick-panel', `${this.element.offsetHeight}px`);
  }

  private close(): void {
    this.open = null;
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    this.element.hidden = true;
    document.body.classList.remove('be-quick');
  }
}

function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A short buzz where the device can (a phone's `navigator.vibrate`; nothing elsewhere). */
export function buzz(): void {
  const vibrate = (navigator as Navigator & { vibrate?: (pattern: number | number[]) => boolean }).vibrate;
  if (typeof vibrate === 'function') vibrate.call(navigator, [200, 100, 200]);
}
