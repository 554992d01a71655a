// The table host tells the timer link's news (the timer's warnings about itself, EVT STORE and
// EVT OVERRUN passed on by the link in words; a lost, retrying or returning link) to everyone as
// notes, and starts a device timer's turn clock again when the timer is back.
import { describe, expect, it } from 'vitest';
import { secretInvasionEntry } from '../../host/games/secret-invasion/table-entry.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import type { LinkNotice } from '../../host/link/timer-link.ts';
import { FakeTimer } from './fake-timer.ts';
import { settle } from './secret-invasion-support.ts';

describe('the timer link at the table', () => {
  it("says the timer's warnings about itself in words, and the link's news, to everyone", async () => {
    const link = new FakeTimer();
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ];
    const { host } = TableHost.start(secretInvasionEntry, { seats, seed: 5 }, { savePath: null, timer: link, turnSeconds: 20 });
    const notes: Record<string, string[]> = { [TABLE]: [], p1: [], p2: [] };
    for (const viewer of Object.keys(notes)) host.subscribe(viewer, (u) => (u.kind === 'note' ? notes[viewer]?.push(u.text) : undefined));
    await host.settled();
    await settle();
    expect(link.commands).toEqual(['TIMER 20']);
    const warning = 'The settings saved on the timer are damaged, so it uses its default settings.';
    const back: LinkNotice = {
      kind: 'resumed',
      hello: { name: 'imperial-timer', firmware: '0.1.0', proto: 1, symbols: [] } as never,
      status: link.status_,
      description: 'on /dev/ttyACM0',
    };
    link.notice({ kind: 'timer-warning', event: { name: 'STORE', part: 'settings', reason: 'corrupt' }, text: warning });
    link.notice({ kind: 'lost', reason: 'the cable was pulled' });
    link.notice({ kind: 'retrying', attempt: 2, reason: 'no answer' });
    link.notice({ kind: 'problem', text: 'a stray line' });
    expect(link.commands).toEqual(['TIMER 20']);
    link.notice(back);
    await settle();
    const told = [
      warning,
      'the link to the timer was lost (the cable was pulled); the game is kept, and the link keeps trying to reach the timer',
      'still trying to reach the timer (attempt 2): no answer',
      'timer link: a stray line',
      'the timer answers again (on /dev/ttyACM0): the game carries on',
    ];
    for (const viewer of Object.keys(notes)) expect(notes[viewer]).toEqual(told);
    // The turn clock again, for the player to move.
    expect(link.commands).toEqual(['TIMER 20', 'TIMER 20']);
    await host.close();
    link.notice(back);
    expect(link.commands).toHaveLength(2);
  });
});
