// The Imperial Timer as a table device during Secret Invasion: the protocol commands the
// companion sends, when a timer is connected, for the events of a move. A pure mapping; the
// game plays the same without a timer.
//   a player knocked out of the round -> PLAY buzz
//   a round won                       -> PLAY chime (unless the same move also wins the game)
//   the game won                      -> PLAY fanfare (and TIMER 0 first, when a turn clock runs)
//   a turn starts (optional)          -> TIMER <s>, a fresh turn clock

import type { SecretInvasionEvent } from './model.ts';

/** The sounds this game plays on the timer and what each tells the table (shown on screens beside the sound). */
export const TABLE_SOUNDS = {
  buzz: 'a player is out of the round',
  chime: 'the round is won',
  fanfare: 'the game is won',
} as const;

export interface TableTimerOptions {
  /** Seconds on the turn clock started at each turn, or null for no turn clock. */
  readonly turnSeconds: number | null;
}

/** The protocol's limits for `TIMER <s>` (protocol v1: 1..3600). */
export const TURN_SECONDS = { min: 1, max: 3600 } as const;

function play(sound: keyof typeof TABLE_SOUNDS): string {
  return `PLAY ${sound}`;
}

/** Protocol command lines ("PLAY buzz", "TIMER 45") for `events`, in the order to send them. */
export function timerCommandsFor(events: readonly SecretInvasionEvent[], options: TableTimerOptions): string[] {
  const { turnSeconds } = options;
  if (turnSeconds !== null && (!Number.isInteger(turnSeconds) || turnSeconds < TURN_SECONDS.min || turnSeconds > TURN_SECONDS.max)) {
    throw new RangeError(
      `the turn clock must be a whole number of seconds from ${TURN_SECONDS.min} to ${TURN_SECONDS.max}, or null for none; got ${String(turnSeconds)}`,
    );
  }
  const gameWon = events.some((e) => e.type === 'game-won');
  const commands: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'player-out':
        commands.push(play('buzz'));
        break;
      case 'round-ended':
        if (!gameWon) commands.push(play('chime'));
        break;
      case 'game-won':
        if (turnSeconds !== null) commands.push('TIMER 0');
        commands.push(play('fanfare'));
        break;
      case 'turn-started':
        if (turnSeconds !== null) commands.push(`TIMER ${turnSeconds}`);
        break;
      default:
        break;
    }
  }
  return commands;
}

/** The commands for the game's first turn, which `setup` starts without events. */
export function openingTimerCommands(options: TableTimerOptions): string[] {
  return timerCommandsFor([{ type: 'turn-started', player: 'p1', round: 1, turn: 1 }], options);
}
