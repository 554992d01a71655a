// A pulled link mid-game on the table front end (Rebel Missions on the timer over a
// pseudo-terminal): reported to the table, the game kept, the timer's buttons refused while it is
// unreachable, and play carrying on, caught up with the time that passed, when it answers again.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { until } from './table.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the companion link-loss test');

describe.runIf(haveSocat)('a pulled link mid-game', () => {
  it('is reported, the game is kept, and play resumes when the timer answers again', async () => {
    const connection = await connectTimer({ kind: 'pty', seed: 21, realTime: false }, { heartbeatMs: 200, retryDelaysMs: [100], timeoutMs: 1000 });
    const { host } = TableHost.start(
      rebelMissionsEntry,
      {
        seats: [
          { name: 'Ana', bot: null },
          { name: 'Ben', bot: null },
        ],
        seed: 21,
      },
      { savePath: null, timer: connection.link, assist: connection.assist, now: connection.now },
    );
    const notes: string[] = [];
    host.subscribe(TABLE, (u) => {
      if (u.kind === 'note') notes.push(u.text);
    });
    try {
      await host.syncTimer();
      expect(await host.deviceAction(TABLE, 'start-timer')).toEqual({ ok: true });
      await until(() => host.snapshot(TABLE).clock?.state === 'running', 'the countdown');
      await host.settled();
      const before = host.snapshot(TABLE);
      const leftBefore = before.clock?.leftMs ?? 0;

      // Pull the cable: the pseudo-terminal disappears under the open port.
      spawnSync('pkill', ['-f', `link=${connection.ptyPath ?? 'none'}`]);
      await until(() => notes.some((n) => /the link to the timer was lost .*the game is kept/.test(n)), 'the link to be reported lost');
      expect(host.snapshot(TABLE).view).toEqual(before.view);
      const pressed = await host.deviceAction(TABLE, 'pause-timer');
      expect(pressed.ok).toBe(false);

      // Time passes on the timer while the link is down.
      connection.virtual?.device.advance(45_000);
      await until(() => notes.some((n) => /the timer answers again .*the game carries on/.test(n)), 'the link to come back', 20_000);
      await host.settled();
      const after = host.snapshot(TABLE);
      expect(after.clock?.state).toBe('running');
      expect(after.clock?.leftMs ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(leftBefore - 45_000);
      expect(after.moves).toEqual(before.moves);
      expect((await host.submit('p1', { actor: 'p1', type: 'roll' })).ok).toBe(true);
    } finally {
      await host.close();
      await connection.close();
    }
  });
});
