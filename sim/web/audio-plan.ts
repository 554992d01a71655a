// The buzzer's sound as Web Audio automation, worked out without Web Audio: the virtual device's
// tone changes ({ t, hz, volume } at virtual ms) become setValueAtTime calls on an oscillator's
// frequency and a gain, at audio-clock times. Pure, so it is unit-tested; audio-output.ts applies it.

import type { ToneChange } from '../device/index.ts';

/** Ties the virtual clock to the audio clock: virtual `virtualMs` happens at audio `audioS`. */
export interface TimeAnchor {
  readonly virtualMs: number;
  readonly audioS: number;
  /** Virtual ms per real ms (1 = real time, 10, 60...). Must be > 0. */
  readonly speed: number;
}

export interface ParamCall {
  readonly param: 'frequency' | 'gain';
  readonly value: number;
  /** Audio-clock time in seconds. */
  readonly atS: number;
}

export interface PlanOptions {
  /** The audio clock now, seconds: nothing is scheduled before it. */
  readonly nowS: number;
  /** Added to every mapped time so changes reported just after their instant are not late. */
  readonly latencyS: number;
  /** Gain by firmware volume 0..3. */
  readonly gainByVolume: readonly number[];
  /** The time of the last call already scheduled: calls never go before it. */
  readonly afterS?: number;
}

/** The audio time at which a virtual instant sounds (without latency). */
export function audioTimeOf(anchor: TimeAnchor, virtualMs: number): number {
  if (!(anchor.speed > 0)) throw new RangeError(`a time anchor needs a speed > 0, got ${anchor.speed}`);
  return anchor.audioS + (virtualMs - anchor.virtualMs) / anchor.speed / 1000;
}

/** A batch of changes reported up to this late (a busy machine ran the firmware or delivered its
 * changes late) still plays every note at its own spacing, this far behind the device's clock. */
export const MAX_LAG_S = 2;
/** Behind the device's clock by more than this while the buzzer is silent: re-tie to it. */
export const MAX_DRIFT_S = 0.25;

export interface AnchorContext {
  /** The device's clock after the changes, virtual ms. */
  readonly deviceNowMs: number;
  /** The audio clock now, seconds. */
  readonly nowS: number;
  /** Virtual ms per real ms. Must be > 0. */
  readonly speed: number;
  readonly latencyS: number;
  /** The time of the last call already scheduled (a re-tied batch starts no earlier). */
  readonly afterS: number;
  /** The buzzer is silent now and nothing is scheduled ahead (a lag can be shed without cutting a note). */
  readonly idle: boolean;
}

/**
 * The anchor that plays `changes` (in time order, at least one). The current one is kept while its
 * first change is not late and the sound runs at most MAX_LAG_S behind the device's clock (at most
 * MAX_DRIFT_S when idle). Else it is re-tied: its first change to "now" (or to the last call
 * already scheduled, if that is later) when that change is at most MAX_LAG_S old, so the batch
 * plays whole, at its spacing, a little late; or the device's clock to now (a clock jump: what is
 * older piles up at now, see planToneCalls).
 */
export function anchorFor(current: TimeAnchor | undefined, changes: readonly ToneChange[], context: AnchorContext): TimeAnchor {
  const first = changes[0];
  if (first === undefined) throw new RangeError('an anchor is chosen for at least one change');
  const { deviceNowMs, nowS, speed, latencyS, afterS, idle } = context;
  if (current !== undefined && current.speed === speed) {
    const late = audioTimeOf(current, first.t) + latencyS < nowS;
    const behindS = audioTimeOf(current, deviceNowMs) - nowS;
    if (!late && behindS <= (idle ? MAX_DRIFT_S : MAX_LAG_S)) return current;
  }
  const firstAgeS = (deviceNowMs - first.t) / speed / 1000;
  if (firstAgeS > MAX_LAG_S) return { virtualMs: deviceNowMs, audioS: nowS, speed };
  return { virtualMs: first.t, audioS: Math.max(nowS, afterS - latencyS), speed };
}

/** The gain of a tone: 0 while silent, else the volume's gain (0 for a volume without one). */
export function toneGain(hz: number, volume: number, gainByVolume: readonly number[]): number {
  return hz > 0 ? (gainByVolume[volume] ?? 0) : 0;
}

/**
 * The calls that play `changes` (in time order). Each change lands at its mapped time plus the
 * latency, but never before `nowS` nor before the previous call, so late changes (the clock jumped,
 * e.g. `SIM ADVANCE`) pile up at one instant; of a pile only the last value of each parameter is
 * kept. A silent change sets only the gain (the oscillator keeps its last frequency).
 */
export function planToneCalls(changes: readonly ToneChange[], anchor: TimeAnchor, options: PlanOptions): ParamCall[] {
  const calls: ParamCall[] = [];
  let floor = Math.max(options.nowS, options.afterS ?? -Infinity);
  const push = (call: ParamCall): void => {
    const same = calls.findIndex((c) => c.param === call.param && c.atS === call.atS);
    if (same >= 0) calls.splice(same, 1);
    calls.push(call);
  };
  for (const change of changes) {
    const atS = Math.max(audioTimeOf(anchor, change.t) + options.latencyS, floor);
    floor = atS;
    if (change.hz > 0) push({ param: 'frequency', value: change.hz, atS });
    push({ param: 'gain', value: toneGain(change.hz, change.volume, options.gainByVolume), atS });
  }
  return calls;
}
