// The buzzer through Web Audio: one square-wave oscillator → tone gain → master gain → speakers.
// The automation comes from audio-plan.ts; this module only owns the nodes. The audio context is
// created on the first user gesture (browsers refuse sound before one).

import type { ToneChange } from '../device/index.ts';
import { anchorFor, planToneCalls, type TimeAnchor } from './audio-plan.ts';
import type { TimeState } from './time-control.ts';

/** Changes reported up to this late still play at their own spacing. */
const LATENCY_S = 0.05;
/** How fast the master gain follows mute and pause (time constant, s). */
const MASTER_RAMP_S = 0.01;

interface Nodes {
  readonly context: AudioContext;
  readonly oscillator: OscillatorNode;
  readonly tone: GainNode;
  readonly master: GainNode;
}

export class AudioOutput {
  private nodes: Nodes | undefined;
  private anchor: TimeAnchor | undefined;
  private lastScheduledS = 0;
  /** The tone gain of the last call scheduled (0: silent once it is reached). */
  private lastGain = 0;
  private muted = false;
  private time: TimeState;

  constructor(
    private readonly gainByVolume: readonly number[],
    time: TimeState,
  ) {
    this.time = time;
  }

  /** Creates or resumes the audio context; call from a user gesture. */
  unlock(): void {
    if (this.nodes) {
      if (this.nodes.context.state === 'suspended') void this.nodes.context.resume();
      return;
    }
    const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
    if (AudioContextClass === undefined) return;
    const context = new AudioContextClass({ latencyHint: 'interactive' });
    const oscillator = context.createOscillator();
    oscillator.type = 'square';
    const tone = context.createGain();
    tone.gain.value = 0;
    const master = context.createGain();
    master.gain.value = this.masterLevel();
    oscillator.connect(tone).connect(master).connect(context.destination);
    oscillator.start();
    this.nodes = { context, oscillator, tone, master };
    // Tied to virtual time by the first changes to play (the device's clock is known then).
    this.anchor = undefined;
  }

  get ready(): boolean {
    return this.nodes !== undefined;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.applyMaster();
  }

  /** Virtual time changed speed or jumped: re-tie it to the audio clock. */
  timeChanged(time: TimeState): void {
    this.time = time;
    this.reanchor();
    this.applyMaster();
  }

  /** Schedules buzzer changes; `deviceNowMs` is the virtual clock after they happened. */
  play(changes: readonly ToneChange[], deviceNowMs: number): void {
    const nodes = this.nodes;
    if (!nodes || changes.length === 0) return;
    const nowS = nodes.context.currentTime;
    if (this.time.speed !== 0) {
      const idle = this.lastGain === 0 && this.lastScheduledS <= nowS;
      this.anchor = anchorFor(this.anchor, changes, {
        deviceNowMs,
        nowS,
        speed: this.time.speed,
        latencyS: LATENCY_S,
        afterS: this.lastScheduledS,
        idle,
      });
    }
    const anchor = this.anchor;
    // Paused (no anchor): the buzzer only takes its latest state, silently behind the master gain.
    const calls = planToneCalls(anchor ? changes : changes.slice(-1), anchor ?? { virtualMs: deviceNowMs, audioS: nowS, speed: 1 }, {
      nowS,
      latencyS: anchor ? LATENCY_S : 0,
      gainByVolume: this.gainByVolume,
      afterS: this.lastScheduledS,
    });
    for (const call of calls) {
      const param = call.param === 'frequency' ? nodes.oscillator.frequency : nodes.tone.gain;
      param.setValueAtTime(call.value, call.atS);
      this.lastScheduledS = call.atS;
      if (call.param === 'gain') this.lastGain = call.value;
    }
  }

  private reanchor(): void {
    const nodes = this.nodes;
    this.anchor = !nodes || this.time.speed === 0 ? undefined : { virtualMs: this.time.virtualMs, audioS: nodes.context.currentTime, speed: this.time.speed };
  }

  private masterLevel(): number {
    return this.muted || this.time.speed === 0 ? 0 : 1;
  }

  private applyMaster(): void {
    const nodes = this.nodes;
    if (!nodes) return;
    nodes.master.gain.setTargetAtTime(this.masterLevel(), nodes.context.currentTime, MASTER_RAMP_S);
  }
}
