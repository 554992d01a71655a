// Rebel Missions on the table host: the table leaving (the server's Ctrl-C) while the table waits
// for a mission's code gives no time back; the resumed game has at most what was left then.
// On the virtual timer in virtual time (timer-table.ts).
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../../host/link/timer-connection.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { closeTablesAfterEach, forgetOpened, open, playUntilCodeRequested, settle, tempSave } from './timer-table.ts';

closeTablesAfterEach();

describe('the table leaving while it waits for a code', () => {
  it('records the time left then: the resumed game has no more', async () => {
    const savePath = tempSave();
    const t = await open(8, { savePath });
    await t.connection.link.request('CONFIG correct=24 need=4');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 8);
    // The table thinks about the code for 16 s, then the server stops.
    await t.connection.link.request('SIM ADVANCE 16000');
    await settle();
    const left = (await t.connection.link.status()).leftMs;
    forgetOpened();
    await t.host.close();
    await t.connection.close();

    const fresh = await connectTimer({ kind: 'virtual', seed: 8, realTime: false });
    const r = await open(8, { savePath, resume: true, connection: fresh });
    expect(r.host.state.timeLeftMs).toBeLessThanOrEqual(left);
    expect(r.host.state.timeLeftMs).toBeGreaterThan(left - 2000);
  });

  it("records no more than the table's own countdown when the timer's clock fell behind it", async () => {
    const savePath = tempSave();
    const connection = await connectTimer({ kind: 'virtual', seed: 8, realTime: false });
    // The table's clock runs 16 s ahead of the timer's (a built-in timer lagging on a busy computer).
    let ahead = 0;
    const t = await open(8, { savePath, connection, now: () => connection.now() + ahead });
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 8);
    ahead = 16_000;
    const shown = t.host.snapshot(TABLE).clock?.leftMs as number;
    const status = (await t.connection.link.status()).leftMs;
    expect(status - shown).toBeGreaterThanOrEqual(15_000);
    forgetOpened();
    await t.host.close();
    await t.connection.close();

    const fresh = await connectTimer({ kind: 'virtual', seed: 8, realTime: false });
    const r = await open(8, { savePath, resume: true, connection: fresh });
    expect(r.host.state.timeLeftMs).toBeLessThanOrEqual(shown);
  });
});
