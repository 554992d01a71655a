// The built-in timer's sound on a page, played with the simulator's own Web Audio output
// (sim/web/audio-output.ts: one square-wave oscillator; the gain of each volume, from the buzzer's
// PWM duty in the pin map, comes in the page's `hello`) from the firmware's buzzer changes the
// server sends (`timer-tones`).
// Browsers refuse sound before a user gesture, so nothing plays until "Sound on" is pressed; then
// "Mute" silences it. The table page offers it (one table, one speaker); a seat page only on
// request ("Play the sounds on this device too"). With a real timer the pages play nothing: the
// timer makes its own sounds, and the timer's face shows them in words.

import { AudioOutput } from '../../../sim/web/audio-output.ts';
import type { SoundName } from '../../../sim/device/index.ts';
import type { MessageOf, TimerSound } from '../messages.ts';
import { button, el, replaceChildren } from './dom.ts';

/** How many of the last sounds played are kept in `data-played` (what a test or a curious person can read). */
const PLAYED_KEEP = 50;

export class TimerAudio {
  readonly element: HTMLElement;
  private output: AudioOutput | null = null;
  private timer: TimerSound = null;
  private on = false;
  private muted = false;
  private readonly played: SoundName[] = [];

  /** `offered`: the table page offers sound at once; a seat page only when asked. */
  constructor(private readonly offered: 'table' | 'seat') {
    this.element = el('section', { class: 'timer-audio', 'aria-label': "the timer's sound" });
    this.element.hidden = true;
  }

  /** The match's timer and, for the built-in one, the gain of each buzzer volume, from the page's `hello`. */
  setTimer(timer: TimerSound, gainByVolume: readonly number[]): void {
    this.timer = timer;
    if (timer === 'built-in' && this.output === null) this.output = new AudioOutput(gainByVolume, { virtualMs: 0, speed: 1 });
    this.draw();
  }

  /** The built-in timer's buzzer changes: played when the sound is on (and not muted). */
  tones(message: MessageOf<'timer-tones'>): void {
    if (this.timer !== 'built-in' || !this.on || this.output === null) return;
    this.output.play(message.changes, message.nowMs);
    if (this.muted) return;
    for (const { sound } of message.sounds) this.played.push(sound);
    this.played.splice(0, Math.max(0, this.played.length - PLAYED_KEEP));
    this.element.dataset['played'] = this.played.join(' ');
  }

  private draw(): void {
    this.element.hidden = this.timer === null;
    if (this.timer === 'device') {
      replaceChildren(this.element, el('p', {}, '♪ The timer makes its own sounds; this page shows them in words.'));
      return;
    }
    if (this.timer !== 'built-in') return replaceChildren(this.element);
    if (!this.on) {
      const label = this.offered === 'table' ? 'Sound on' : 'Play the sounds on this device too';
      const why =
        this.offered === 'table'
          ? "The built-in timer's sounds play on this page once you turn them on (browsers allow sound only after a click)."
          : "The table page plays the timer's sounds; turn them on here too if you like.";
      replaceChildren(
        this.element,
        el(
          'p',
          {},
          button(
            `♪ ${label}`,
            () => {
              this.output?.unlock();
              this.on = true;
              this.draw();
            },
            { 'data-key': 'sound-on', class: 'sound-on' },
          ),
          ' ',
          el('span', { class: 'sub' }, why),
        ),
      );
      return;
    }
    const mute = button(
      'Mute the timer',
      () => {
        this.muted = !this.muted;
        this.output?.setMuted(this.muted);
        this.draw();
      },
      { 'data-key': 'mute', class: 'mute', 'aria-pressed': this.muted ? 'true' : 'false' },
    );
    replaceChildren(
      this.element,
      el(
        'p',
        {},
        mute,
        ' ',
        el('span', { class: 'sound-state' }, this.muted ? '✕ Muted: the sounds are shown, not played' : "♪ Sound on: the timer's sounds play here"),
      ),
    );
  }
}
