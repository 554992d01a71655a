// A bots-only Rebel Missions game resumed on a fresh built-in timer (its countdown lost with the
// program that stopped) starts the countdown itself, as a new game does, and plays on:
// it used to wait forever at "Start the timer", with nobody there to choose it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../../host/link/timer-connection.ts';
import { rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { testTempDir } from '../../support/temp-dir.ts';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

const seats = [
  { name: 'Ana', bot: 'cooperative' },
  { name: 'Ben', bot: 'cooperative' },
  { name: 'Cy', bot: 'random' },
];

describe('a bots-only game resumed on the built-in timer', () => {
  it('starts the countdown itself and plays on', async () => {
    const savePath = join(testTempDir('rm-bots-resume-'), 'rebel-missions.save.json');
    const first = await connectTimer({ kind: 'virtual', seed: 31, realTime: false });
    const opened = TableHost.start(entry, { seats, seed: 31 }, { savePath, timer: first.link, assist: true, now: first.now, botDelayMs: 2 });
    // The bots start the countdown and play a few moves; then the program stops (its timer with it).
    void opened.host.settled();
    for (let i = 0; i < 400 && opened.host.log.moves.length < 12; i++) await settle();
    expect(opened.host.log.moves[2]).toMatchObject({ actor: 'timer', type: 'start' });
    expect(opened.host.result.finished).toBe(false);
    const playedBefore = opened.host.log.moves.length;
    await opened.host.close();
    await first.close();

    const second = await connectTimer({ kind: 'virtual', seed: 32, realTime: false });
    const { host } = TableHost.resume(entry, { savePath, timer: second.link, assist: true, now: second.now, botDelayMs: 0 });
    try {
      await host.syncTimer();
      for (let i = 0; i < 400 && host.log.moves.length < playedBefore + 12 && !host.result.finished; i++) {
        await host.settled();
        await settle();
      }
      // The fresh timer's countdown was started by the host, and the bots play on.
      expect(await second.link.status()).toMatchObject({ state: expect.stringMatching(/^(running|won)$/) });
      expect(host.snapshot(TABLE).held).toBeNull();
      expect(host.log.moves.length).toBeGreaterThanOrEqual(playedBefore + 12);
    } finally {
      await host.close();
      await second.close();
    }
  });
});
