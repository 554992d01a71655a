// The link's notices in words, as the web pages show them.
import { describe, expect, it } from 'vitest';
import { noticeLine, timerNewsLine } from '../../host/link/notice-words.ts';

describe("the link's notices in words", () => {
  it('say the link was lost and the game kept, stay quiet on the first retry, and pass on the timer warnings', () => {
    expect(noticeLine({ kind: 'lost', reason: 'the port closed' })).toMatch(/link to the timer was lost \(the port closed\)\. The game is kept/);
    expect(noticeLine({ kind: 'retrying', attempt: 1, reason: 'x' })).toBeNull();
    expect(noticeLine({ kind: 'retrying', attempt: 2, reason: 'no answer' })).toBe('Still trying to reach the timer (attempt 2): no answer');
    expect(noticeLine({ kind: 'timer-warning', event: { name: 'OVERRUN', lost: 5 }, text: 'The timer lost 5 bytes.' })).toBe('The timer lost 5 bytes.');
  });

  it("tell the timer's news alike for every game, and leave the rest to the game", () => {
    expect(timerNewsLine({ name: 'WARN', leftMs: 60_000 })).toBe('One minute left!');
    expect(timerNewsLine({ name: 'WARN', leftMs: 10_000 })).toBe('Ten seconds left!');
    expect(timerNewsLine({ name: 'LOWBAT', mv: 3450 })).toMatch(/batteries are low \(3\.45 V\)/);
    expect(timerNewsLine({ name: 'PAUSE' })).toMatch(/^The timer is paused/);
    expect(timerNewsLine({ name: 'TIME', leftMs: 5 })).toBeNull();
    expect(timerNewsLine({ name: 'CHIME', found: 1 })).toBeNull();
  });
});
