// Rebel Missions on the table host: the table leaving (the server's Ctrl-C) while the table waits
// for a mission's code gives no time back; the resumed game has at most what was left then.
// On the virtual timer in virtual time (helpers as in table-timer.test.ts).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTimer, type TimerConnection } from '../../../host/link/timer-connection.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import type { RebelMissionsMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelMissionsEntry as entry, type RebelMissionsEntry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type HostOptions, type TableUpdate } from '../../../host/table/host.ts';
import { testTempDir } from '../../support/temp-dir.ts';

type Host = TableHost<unknown, RebelTableState, Parameters<RebelMissionsEntry['game']['apply']>[1], ReturnType<RebelMissionsEntry['game']['view']>, unknown>;
type Update = TableUpdate<unknown, unknown, unknown>;

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));
const tempSave = (): string => join(testTempDir('rm-timer-'), 'rebel-missions.save.json');

interface Table {
  readonly connection: TimerConnection;
  readonly host: Host;
  readonly updates: Update[];
  notes(): string[];
}

const opened: { host: Host; connection: TimerConnection }[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) {
    await t.host.close();
    await t.connection.close();
  }
});

function watch(host: Host): Update[] {
  const updates: Update[] = [];
  host.subscribe(TABLE, (u) => updates.push(u as Update));
  return updates;
}

async function open(seed: number, options: Partial<HostOptions> & { connection?: TimerConnection; resume?: boolean; people?: number } = {}): Promise<Table> {
  const connection = options.connection ?? (await connectTimer({ kind: 'virtual', seed, realTime: false }));
  const hostOptions: HostOptions = { savePath: options.savePath ?? null, timer: connection.link, assist: connection.assist, now: connection.now, ...options };
  const host = (options.resume === true && options.savePath
    ? TableHost.resume(entry, { ...hostOptions, savePath: options.savePath }).host
    : TableHost.start(
        entry,
        {
          seats: [
            { name: 'Ana', bot: null },
            { name: 'Ben', bot: (options.people ?? 2) >= 2 ? null : 'cooperative' },
          ],
          seed,
        },
        hostOptions,
      ).host) as unknown as Host;
  opened.push({ host, connection });
  const updates = watch(host);
  await host.syncTimer();
  await host.settled();
  return { connection, host, updates, notes: () => updates.flatMap((u) => (u.kind === 'note' ? [u.text] : [])) };
}

/** The people move (as the cooperative bot would) until a mission is complete and its code is asked for. */
async function playUntilCodeRequested(host: Host, seed: number): Promise<void> {
  const bot = rebelBot();
  const random = randomFrom(seedRng(seed));
  for (let i = 0; i < 3000; i++) {
    await host.settled();
    if (host.state.codeRequest !== null) return;
    const seat = host.snapshot(TABLE).waitingOn.find((a) => host.people.includes(a));
    if (seat === undefined) throw new Error(`nobody may move (stage ${host.state.stage})`);
    const snap = host.snapshot(seat);
    const move = bot(snap.view, snap.moves as RebelMissionsMove[], random);
    const submitted = host.submit(seat, move);
    if (!submitted.ok) throw new Error(submitted.reason);
  }
  throw new Error('no code was requested');
}

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
    opened.splice(0);
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
    opened.splice(0);
    await t.host.close();
    await t.connection.close();

    const fresh = await connectTimer({ kind: 'virtual', seed: 8, realTime: false });
    const r = await open(8, { savePath, resume: true, connection: fresh });
    expect(r.host.state.timeLeftMs).toBeLessThanOrEqual(shown);
  });
});
