// What the timer's state looks like on the page: the state light on the face (colour, steady or
// blinking, and its words) and the result banner after a win or a loss. Pure: from the device's
// read-outs. The real board has no such light (it saves the battery); the page adds it because a
// dark face says nothing about whether the timer is off, idle or asleep.

import type { DeviceState } from '../device/index.ts';

export interface StateLook {
  /** The light's look, a CSS class suffix: `state-light-<look>`. */
  readonly look: 'off' | 'ready' | 'running' | 'paused' | 'won' | 'lost' | 'sleep' | 'table' | 'fault';
  /** The words beside the light. */
  readonly label: string;
}

const LOOKS: Readonly<Record<DeviceState, StateLook>> = {
  off: { look: 'off', label: 'Off' },
  ready: { look: 'ready', label: 'On — ready: press ▲ to start' },
  running: { look: 'running', label: 'Game running' },
  paused: { look: 'paused', label: 'Paused — press ▲ to go on' },
  won: { look: 'won', label: 'Won' },
  lost: { look: 'lost', label: 'Lost' },
  sleep: { look: 'sleep', label: 'Asleep — any button wakes it' },
  table: { look: 'table', label: 'Table mode (sound box or plain timer)' },
  fault: { look: 'fault', label: 'Stopped by a fault — switch off and on' },
};

export function stateLook(state: DeviceState): StateLook {
  return LOOKS[state];
}

export interface ResultBanner {
  readonly result: 'won' | 'lost';
  readonly title: string;
  readonly detail: string;
}

export interface GameFigures {
  readonly found: number;
  readonly need: number;
  readonly timeLeftMs: number;
}

/** "3:07" from ms (rounded up to the second, as a countdown shows it). */
export function clockText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The banner after a game: shown in `won` and `lost` (and while the timer sleeps after one, as
 * its lights are dark then); undefined otherwise.
 */
export function resultBanner(state: DeviceState, figures: GameFigures, lastResult: 'won' | 'lost' | undefined): ResultBanner | undefined {
  const result = state === 'won' || state === 'lost' ? state : state === 'sleep' ? lastResult : undefined;
  if (result === 'won') {
    return {
      result,
      title: 'Mission accomplished: the Rebels win',
      detail: `All ${figures.need} codes found with ${clockText(figures.timeLeftMs)} left. Press ▲ for a new game.`,
    };
  }
  if (result === 'lost') {
    return {
      result,
      title: 'Time is up: the Empire wins',
      detail: `${figures.found} of ${figures.need} codes found. Press ▲ for a new game.`,
    };
  }
  return undefined;
}
