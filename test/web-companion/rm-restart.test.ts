// Rebel Missions on the built-in timer, the server stopped (as Ctrl-C stops it) and started again:
// the resumed game has no more time than was left when it stopped (the stop records the time left).

import { afterEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../support/temp-dir.ts';
import { FAST } from './pages.ts';
import { builtInTimer, startRmServer } from './rm-support.ts';
import { Client, pathOf, wsUrl, type Message } from './support.ts';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const clockOf = (m: Message | undefined): { leftMs: number | null; state: string } =>
  (m?.['clock'] as { leftMs: number | null; state: string } | undefined) ?? { leftMs: null, state: 'none' };

describe('Rebel Missions: the server stopped and started again', () => {
  it('gives no time back: the resumed countdown has at most what was left when the server stopped', async () => {
    const saveDir = testTempDir('rm-restart-');
    const first = await startRmServer(() => builtInTimer(3), { limits: FAST, saveDir });
    open.push(first.server);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ];
    expect(await first.server.handle({ type: 'start', game: 'rebel-missions', seats, options: {}, seed: 2, timer: { kind: 'virtual' } })).toBeNull();
    const links = first.server.links();
    if (links === null) throw new Error('no match');
    const table = await Client.open(wsUrl(first.server.url, `/live${pathOf(links.table)}`));
    open.push(table);
    await table.next((m) => m.type === 'snapshot');
    table.send({ type: 'device', action: 'start-timer' });
    const started = await table.next((m) => m.type === 'snapshot' && clockOf(m).state === 'running' && clockOf(m).leftMs !== null, 0, 15_000);
    const startedLeft = clockOf(started).leftMs as number;
    // Time runs on the built-in timer with no move made (the table thinking, or waiting for a code).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.server.close();

    const second = await startRmServer(() => builtInTimer(4), { limits: FAST, saveDir });
    open.push(second.server);
    expect(await second.server.handle({ type: 'resume', game: 'rebel-missions', timer: { kind: 'virtual' } })).toBeNull();
    const again = await Client.open(wsUrl(second.server.url, `/live${pathOf(links.table)}`));
    open.push(again);
    const resumed = await again.next((m) => m.type === 'snapshot');
    const resumedLeft = clockOf(resumed).leftMs as number;
    // At least the 2.5 s that ran before the stop are gone (the clock counted them), whatever else.
    expect(resumedLeft).toBeLessThanOrEqual(startedLeft - 2000);
    // The fresh built-in timer started again from the table runs from that time, not more.
    again.send({ type: 'device', action: 'start-timer' });
    // (Started as whole seconds, then moved on to the exact time left: the clock settles at or below it.)
    const settled = await again.next((m) => m.type === 'snapshot' && clockOf(m).state === 'running' && (clockOf(m).leftMs as number) <= resumedLeft, 0, 15_000);
    expect(clockOf(settled).leftMs as number).toBeGreaterThan(resumedLeft - 5000);
  }, 60_000);
});
