// `play` says the timer link's news (the timer's warnings about itself, EVT STORE and EVT OVERRUN
// passed on by the link in words; a lost, retrying or returning link) as they come, and starts
// the turn clock again when the timer is back.
import { describe, expect, it } from 'vitest';
import { followLink, noticeText } from '../../host/cli/play.ts';
import type { LinkNotice } from '../../host/link/timer-link.ts';
import { FakeTimer } from './fake-timer.ts';

describe('the timer link in play', () => {
  it("says the timer's warnings about itself in words, and the link's news", () => {
    const link = new FakeTimer();
    let clocks = 0;
    const said: (string | null)[] = [];
    const off = followLink({ startTurnClock: () => clocks++ }, link, (n) => said.push(noticeText(n)));
    const warning = 'The settings saved on the timer are damaged, so it uses its default settings.';
    const back: LinkNotice = {
      kind: 'resumed',
      hello: { name: 'imperial-timer', firmware: '0.1.0', proto: 1, symbols: [] } as never,
      status: link.status_,
      description: 'again',
    };
    link.notice({ kind: 'timer-warning', event: { name: 'STORE', part: 'settings', reason: 'corrupt' }, text: warning });
    link.notice({ kind: 'lost', reason: 'the cable was pulled' });
    link.notice({ kind: 'retrying', attempt: 2, reason: 'no answer' });
    link.notice({ kind: 'problem', text: 'a stray line' });
    expect(clocks).toBe(0);
    link.notice(back);
    expect(said).toEqual([
      warning,
      'The timer is lost (the cable was pulled). The game goes on without it.',
      'Looking for the timer again (attempt 2)…',
      'timer: a stray line',
      'The timer is back.',
    ]);
    expect(clocks).toBe(1);
    off();
    link.notice(back);
    expect(clocks).toBe(1);
  });
});
