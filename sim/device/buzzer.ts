// The buzzer part of the virtual device: the tone the firmware sets, a bounded record of every
// change, listeners, and the last sound the firmware announced with its `sound` hint.
import { History } from './history.ts';
import type { SoundName } from './names.ts';

export interface ToneChange {
  t: number;
  hz: number;
  volume: number;
}

export type ToneListener = (change: ToneChange) => void;

export class Buzzer {
  private output = { hz: 0, volume: 0 };
  private started: { sound: SoundName; t: number } | undefined;
  private readonly timeline = new History<ToneChange>();
  private readonly listeners = new Set<ToneListener>();

  /** The buzzer now: hz 0 = silent (then volume is 0 too). */
  get tone(): { hz: number; volume: number } {
    return { ...this.output };
  }

  /** Sets the tone at virtual time t; returns the change, or undefined when nothing changed. */
  set(t: number, hz: number, volume: number): ToneChange | undefined {
    const level = hz === 0 ? 0 : volume;
    if (hz === this.output.hz && level === this.output.volume) return undefined;
    this.output = { hz, volume: level };
    const change = { t, hz, volume: level };
    this.timeline.push(change);
    for (const listener of this.listeners) listener(change);
    return change;
  }

  /** The firmware's `sound` hint: `sound` starts at t. */
  soundStarted(t: number, sound: SoundName): void {
    this.started = { sound, t };
  }

  /** The last sound started since the last `forgetSounds` (a boot). */
  get lastSound(): { sound: SoundName; t: number } | undefined {
    return this.started;
  }

  forgetSounds(): void {
    this.started = undefined;
  }

  get changes(): readonly ToneChange[] {
    return this.timeline.items;
  }

  takeChanges(): ToneChange[] {
    return this.timeline.take();
  }

  onChange(listener: ToneListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
