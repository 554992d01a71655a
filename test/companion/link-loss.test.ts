import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { openTable, playUntilCodeRequested, settle, until } from './table.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the companion link-loss test');

describe.runIf(haveSocat)('a pulled link mid-game', () => {
  it('is reported, the game is kept, and play resumes when the timer answers again', async () => {
    const connection = await connectTimer({ kind: 'pty', seed: 21, realTime: false }, { heartbeatMs: 200, retryDelaysMs: [100], timeoutMs: 1000 });
    const t = await openTable({ seed: 21, connection });
    try {
      await t.session.startTimer();
      await settle();
      playUntilCodeRequested(t.session, 21);
      const before = t.session.state;

      // Pull the cable: the pseudo-terminal disappears under the open port.
      spawnSync('pkill', ['-f', `link=${connection.ptyPath ?? 'none'}`]);
      await until(() => t.updates.some((u) => u.kind === 'link' && u.notice.kind === 'lost'), 'the link to be reported lost');
      expect(t.session.state).toBe(before);
      await expect(t.session.enterCode()).rejects.toThrow(/not connected.*reconnect/);
      expect(t.session.canEnterCode).toBe(true);

      // Time passes on the timer while the link is down.
      connection.virtual?.device.advance(45_000);
      await until(() => t.updates.some((u) => u.kind === 'link' && u.notice.kind === 'resumed'), 'the link to come back', 20_000);
      await settle();
      expect(t.session.state.codeRequest).toEqual(before.codeRequest);
      expect(t.session.state.timeLeftMs).toBeLessThan(before.timeLeftMs ?? 0);

      await t.session.enterCode();
      await settle();
      expect(t.session.state.codeRequest).toBeNull();
    } finally {
      await t.close();
    }
  });
});
