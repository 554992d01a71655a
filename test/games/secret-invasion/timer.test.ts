// The table-mode timer commands for Secret Invasion events.
import { describe, expect, it } from 'vitest';
import type { SecretInvasionEvent } from '../../../host/games/secret-invasion/model.ts';
import { openingTimerCommands, timerCommandsFor } from '../../../host/games/secret-invasion/timer-commands.ts';
import { discard, must, table } from './fixtures.ts';

const turn: SecretInvasionEvent = { type: 'turn-started', player: 'p2', round: 1, turn: 2 };
const out: SecretInvasionEvent = { type: 'player-out', player: 'p3', reason: 'guessed' };

describe('Secret Invasion timer commands', () => {
  it('a player knocked out buzzes; a turn start restarts the turn clock only when one is set', () => {
    expect(timerCommandsFor([out, turn], { turnSeconds: null })).toEqual(['PLAY buzz']);
    expect(timerCommandsFor([out, turn], { turnSeconds: 45 })).toEqual(['PLAY buzz', 'TIMER 45']);
    expect(openingTimerCommands({ turnSeconds: 30 })).toEqual(['TIMER 30']);
    expect(openingTimerCommands({ turnSeconds: null })).toEqual([]);
  });

  it('a round won chimes; the game won plays the fanfare instead and stops the turn clock', () => {
    const s = table(2, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'] } });
    const round = must(s, discard('p1', 'stormtrooper', 'p2', 8)).events;
    expect(timerCommandsFor(round, { turnSeconds: null })).toEqual(['PLAY buzz', 'PLAY chime']);
    expect(timerCommandsFor(round, { turnSeconds: 20 })).toEqual(['PLAY buzz', 'PLAY chime', 'TIMER 20']);
    const last = table(2, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'] }, tokens: { p1: 6 } });
    const won = must(last, discard('p1', 'stormtrooper', 'p2', 8)).events;
    expect(timerCommandsFor(won, { turnSeconds: 20 })).toEqual(['PLAY buzz', 'TIMER 0', 'PLAY fanfare']);
    expect(timerCommandsFor(won, { turnSeconds: null })).toEqual(['PLAY buzz', 'PLAY fanfare']);
  });

  it('a quiet move sends nothing', () => {
    const s = table(3, { hands: { p1: ['chewbacca', 'han-solo'], p2: ['c-3po'], p3: ['r2-d2'] } });
    expect(timerCommandsFor(must(s, discard('p1', 'chewbacca')).events, { turnSeconds: null })).toEqual([]);
  });

  it('rejects a turn clock the timer cannot run', () => {
    expect(() => timerCommandsFor([], { turnSeconds: 0 })).toThrow('from 1 to 3600, or null for none; got 0');
    expect(() => timerCommandsFor([], { turnSeconds: 3601 })).toThrow(RangeError);
    expect(() => timerCommandsFor([], { turnSeconds: 2.5 })).toThrow(RangeError);
  });
});
