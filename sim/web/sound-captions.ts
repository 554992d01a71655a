// Every sound the timer makes is also seen on the page: a caption says what it was and why
// ("BUZZ — decoy code", "Warning: 1 minute left", "Refused: battery flat"), and a visual of its own
// (a symbol and a colour per sound) sits beside the buzzer. Pure: the page feeds it the firmware's
// sound hints and serial lines with their virtual instants; the words are the table below.

import type { SoundName } from '../device/index.ts';
import { BATTERY_REFUSE_MV } from './battery-levels.ts';

/** How a sound looks beside the buzzer, and whether its caption is read out to screen readers. */
export interface SoundLook {
  /** A short symbol drawn in the sound's visual (characters every system font has). */
  readonly symbol: string;
  /** The caption when nothing more is known of its reason. */
  readonly title: string;
  /**
   * Read out (aria-live) when it starts. Clicks and ticks come with every key press and every
   * second of the last minute: they are shown, not read out.
   */
  readonly announce: boolean;
}

/** One entry per firmware sound (the compiler checks none is missing). */
export const SOUND_LOOKS: Readonly<Record<SoundName, SoundLook>> = {
  click: { symbol: '·', title: 'Click — key pressed', announce: false },
  tick: { symbol: '⋅', title: 'Tick — under a minute left', announce: false },
  chime: { symbol: '✓', title: 'CHIME — code found', announce: true },
  buzz: { symbol: '✕', title: 'BUZZ', announce: true },
  fanfare: { symbol: '★', title: 'FANFARE — all codes found: the Rebels win', announce: true },
  warn: { symbol: '!', title: 'Warning: time is running out', announce: true },
  lose: { symbol: '0:00', title: 'Time is up: the Empire wins', announce: true },
  lowbat: { symbol: 'BAT', title: 'Low battery', announce: true },
  start: { symbol: '▶', title: 'Game started', announce: true },
  pause: { symbol: 'II', title: 'Game paused — press ▲ to go on', announce: true },
  resume: { symbol: '▶', title: 'Game resumed', announce: true },
  power: { symbol: 'ON', title: 'Switched on', announce: true },
};

/** Why the firmware buzzed (`EVT BUZZ reason=...`). */
const BUZZ_REASONS: Readonly<Record<string, string>> = {
  decoy: 'BUZZ — decoy code',
  mistake: 'BUZZ — mistake (no code goes on like that)',
  used: 'BUZZ — code already found',
  idle: 'BUZZ — code entry abandoned (too long without a press)',
};

export interface Caption {
  readonly sound: SoundName;
  /** What it was and why. */
  readonly text: string;
  /** The visual's variant: the sound's name, or a finer one (`buzz-decoy`, `lowbat-refused`). */
  readonly variant: string;
  readonly symbol: string;
  readonly announce: boolean;
  /** Virtual ms at which the sound started. */
  readonly t: number;
}

/** A serial line's reason for a sound, if it is one: the sound it explains, the words, the variant. */
interface Reason {
  readonly sound: SoundName;
  readonly text: string;
  readonly variant: string;
}

/** A duration in words: "45 seconds", "12 minutes", and anything else from a minute on as m:ss ("8:24"). */
function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s >= 60 && s % 60 === 0) return s === 60 ? '1 minute' : `${s / 60} minutes`;
  if (s >= 60) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return s === 1 ? '1 second' : `${s} seconds`;
}

function volts(mv: number): string {
  return `${(mv / 1000).toFixed(2)} V`;
}

/** The reason a firmware line gives for the sound that comes with it (undefined: none). */
export function reasonOf(line: string): Reason | undefined {
  const [kind, word, value] = /^EVT (\w+)(?: (\w+)=(\S+))?/.exec(line)?.slice(1) ?? [];
  switch (kind) {
    case 'BUZZ': {
      const reason = word === 'reason' ? (value ?? '') : '';
      return { sound: 'buzz', text: BUZZ_REASONS[reason] ?? `BUZZ — ${reason}`, variant: `buzz-${reason}` };
    }
    case 'CHIME':
      return { sound: 'chime', text: `CHIME — code found (${value ?? '?'} found)`, variant: 'chime' };
    case 'FANFARE':
      return { sound: 'fanfare', text: SOUND_LOOKS.fanfare.title, variant: 'fanfare' };
    case 'WARN':
      return { sound: 'warn', text: `Warning: ${seconds(Number(value))} left`, variant: 'warn' };
    case 'TIMEOUT':
      return { sound: 'lose', text: SOUND_LOOKS.lose.title, variant: 'lose' };
    case 'LOWBAT': {
      const mv = Number(value);
      return mv < BATTERY_REFUSE_MV
        ? { sound: 'lowbat', text: `Refused: battery flat (${volts(mv)}) — the game cannot start`, variant: 'lowbat-refused' }
        : { sound: 'lowbat', text: `Low battery (${volts(mv)}) — replace the cells soon`, variant: 'lowbat' };
    }
    case 'START':
      return { sound: 'start', text: `Game started: ${seconds(Number(value))} on the clock`, variant: 'start' };
    case 'PAUSE':
      return { sound: 'pause', text: SOUND_LOOKS.pause.title, variant: 'pause' };
    case 'RESUME':
      return { sound: 'resume', text: SOUND_LOOKS.resume.title, variant: 'resume' };
    case 'POWER':
      return { sound: 'power', text: SOUND_LOOKS.power.title, variant: 'power' };
    default:
      return undefined;
  }
}

/** How long (virtual ms) a line's reason waits for its sound (the start sound queued after lowbat). */
const REASON_LIFETIME_MS = 2000;

/**
 * Pairs the firmware's sound hints with the serial lines that explain them. A line and its sound
 * come at the same instant in either order; the start sound that follows a low-battery warning
 * comes later, so a reason waits a little for its sound. Each line explains one sound.
 */
export class SoundCaptions {
  private pending: (Reason & { t: number })[] = [];
  private current: Caption | undefined;
  private readonly listeners = new Set<(caption: Caption) => void>();

  get last(): Caption | undefined {
    return this.current;
  }

  onCaption(listener: (caption: Caption) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A line from the device at virtual `t`. */
  line(line: string, t: number): void {
    const reason = reasonOf(line);
    if (!reason) return;
    const current = this.current;
    // The sound came first at this instant and has no reason yet: this line is it.
    if (current && current.t === t && current.sound === reason.sound && current.variant === current.sound) {
      this.show({ ...current, text: reason.text, variant: reason.variant });
      return;
    }
    this.pending.push({ ...reason, t });
  }

  /** The firmware started `sound` at virtual `t`. */
  sound(sound: SoundName, t: number): void {
    this.pending = this.pending.filter((reason) => t - reason.t <= REASON_LIFETIME_MS);
    const index = this.pending.findIndex((reason) => reason.sound === sound);
    const reason = index >= 0 ? this.pending.splice(index, 1)[0] : undefined;
    const look = SOUND_LOOKS[sound];
    this.show({
      sound,
      text: reason?.text ?? look.title,
      variant: reason?.variant ?? sound,
      symbol: look.symbol,
      announce: look.announce,
      t,
    });
  }

  /** The power went off: nothing is pending any more. */
  reset(): void {
    this.pending = [];
  }

  private show(caption: Caption): void {
    this.current = caption;
    for (const listener of this.listeners) listener(caption);
  }
}
