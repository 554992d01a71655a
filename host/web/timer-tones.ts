// The built-in timer's sound, for the pages to play: the firmware's own buzzer changes
// (`{ t, hz, volume }` at the device's virtual ms) and the sounds it started (its `sound` hints),
// gathered while the firmware runs and sent as one `timer-tones` message per run. A page plays
// them with the simulator's Web Audio output (sim/web/audio-output.ts), as the simulator does, so
// every sound of firmware/sounds.json (ticks and clicks included) is heard as the firmware plays
// it, at the volume the timer is set to. A real timer makes its own sounds: nothing is sent then.

import { hardware } from '../../hw/hardware.ts';
import type { SoundName, ToneChange, VirtualDevice } from '../../sim/device/index.ts';
import { buzzerGains } from '../../sim/web/page-model.ts';

/** The Web Audio gain of each firmware volume 0..3, as the simulator plays it (the buzzer's PWM duty in the pin map). */
export const TIMER_GAINS: readonly number[] = buzzerGains(hardware.buzzer.dutyByVolume);

/** One run of the firmware's sound: what a page is sent (everyone at the table hears it). */
export type TimerTones = {
  readonly type: 'timer-tones';
  /** The buzzer's changes in time order. */
  readonly changes: readonly ToneChange[];
  /** The sounds that started among them, with their instants. */
  readonly sounds: readonly { readonly sound: SoundName; readonly t: number }[];
  /** The device's clock after them (the page ties its audio clock to it). */
  readonly nowMs: number;
};

/**
 * Calls `listener` with the device's sound, batched per run of the firmware (a wake-up, an input,
 * a `SIM ADVANCE`). The firmware announces a sound just before its first note, so the first change
 * after a sound not yet reported names it (with its own instant). Returns the function that stops it.
 */
export function watchTimerTones(device: VirtualDevice, listener: (tones: TimerTones) => void): () => void {
  let changes: ToneChange[] = [];
  let sounds: { sound: SoundName; t: number }[] = [];
  let reported = device.lastSound;
  let queued = false;
  let stopped = false;
  const flush = (): void => {
    queued = false;
    if (stopped || changes.length === 0) return;
    const tones: TimerTones = { type: 'timer-tones', changes, sounds, nowMs: device.now };
    changes = [];
    sounds = [];
    listener(tones);
  };
  const stop = device.onTone((change) => {
    // A sound whose first note is the tone already sounding makes no change of its own: it is
    // named with the next change.
    const last = device.lastSound;
    if (last !== undefined && last !== reported) {
      reported = last;
      sounds.push({ sound: last.sound, t: last.t });
    }
    changes.push({ t: change.t, hz: change.hz, volume: change.volume });
    if (!queued) {
      queued = true;
      queueMicrotask(flush);
    }
  });
  return () => {
    stopped = true;
    stop();
  };
}
