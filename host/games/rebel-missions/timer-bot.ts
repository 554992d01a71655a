// A stand-in for the Imperial Timer in headless games and random playouts: it starts the
// game, reports the time running down in random steps, times out at zero, and answers each
// code with a random CHIME, BUZZ (decoy, used, mistake, idle) or, for the last code needed,
// FANFARE. It decides from the view only, like any bot.

import type { Bot } from '../../engine/table-play.ts';
import { TIMER, type RebelMissionsMove, type RebelMissionsView } from './model.ts';

export interface TimerBotOptions {
  /** Game length reported by START. */
  readonly durationMs: number;
  /** Each TIME report takes away a random amount from minStepMs to maxStepMs. */
  readonly minStepMs: number;
  readonly maxStepMs: number;
  /** Correct codes needed to win (the timer's `need` setting). */
  readonly need: number;
  /** Chance that an entered code is correct (else a decoy, a used code, or a keypad slip). */
  readonly correctChance: number;
}

export const DEFAULT_TIMER_BOT: TimerBotOptions = {
  durationMs: 900_000,
  minStepMs: 2_000,
  maxStepMs: 12_000,
  need: 4,
  correctChance: 0.5,
};

export function randomTimerBot(options: TimerBotOptions = DEFAULT_TIMER_BOT): Bot<RebelMissionsView, RebelMissionsMove> {
  return (view, _legal, rng) => {
    if (view.stage === 'awaiting-start') return { actor: TIMER, type: 'start', leftMs: options.durationMs };
    const left = view.timeLeftMs ?? options.durationMs;
    const spent = options.minStepMs + rng.below(options.maxStepMs - options.minStepMs + 1);
    if (view.stage === 'enter-code' && rng.below(2) === 0) {
      const roll = rng.below(1000) / 1000;
      if (roll < options.correctChance) {
        const found = view.codesFound + 1;
        return found >= options.need ? { actor: TIMER, type: 'fanfare' } : { actor: TIMER, type: 'chime', found };
      }
      const reasons = ['decoy', 'decoy', 'used', 'mistake', 'idle'] as const;
      return { actor: TIMER, type: 'buzz', reason: rng.pick(reasons) };
    }
    if (left - spent <= 0) return { actor: TIMER, type: 'timeout' };
    return { actor: TIMER, type: 'time', leftMs: left - spent };
  };
}
