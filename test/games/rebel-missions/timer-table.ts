// Rebel Missions' table host on the virtual timer in virtual time, for the tests of the host's
// countdown (table-timer.test.ts, table-leave-code.test.ts): a table opened (or resumed from its
// save) on a fresh virtual timer, its table updates watched, the people moving as the cooperative
// bot would until a code is asked for, and every table opened closed after each test.
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { connectTimer, type TimerConnection } from '../../../host/link/timer-connection.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import type { RebelMissionsMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelMissionsEntry as entry, type RebelMissionsEntry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type HostOptions, type TableUpdate } from '../../../host/table/host.ts';
import { testTempDir } from '../../support/temp-dir.ts';

export type Host = TableHost<
  unknown,
  RebelTableState,
  Parameters<RebelMissionsEntry['game']['apply']>[1],
  ReturnType<RebelMissionsEntry['game']['view']>,
  unknown
>;
export type Update = TableUpdate<unknown, unknown, unknown>;

/** Lets the timer's lines and the host's answers to them go through. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));
/** A save file's path in a fresh temporary folder. */
export const tempSave = (): string => join(testTempDir('rm-timer-'), 'rebel-missions.save.json');

export interface Table {
  readonly connection: TimerConnection;
  readonly host: Host;
  readonly updates: Update[];
  notes(): string[];
}

/** The tables (and their timers) the test has open: closed after each test, unless the test closed them itself (`forget`). */
const opened: { host: Host; connection: TimerConnection }[] = [];

/** Closes every table and timer left open, after each test of the file that imports this. */
export function closeTablesAfterEach(): void {
  afterEach(async () => {
    for (const t of opened.splice(0)) {
      await t.host.close();
      await t.connection.close();
    }
  });
}

/** Closes the table (and its timer) after the test, as one `open` gave. */
export function closeAfterTest(host: Host, connection: TimerConnection): void {
  opened.push({ host, connection });
}

/** The test closes the tables opened so far itself (a table leaving, as the server's Ctrl-C). */
export function forgetOpened(): void {
  opened.splice(0);
}

export function watch(host: Host): Update[] {
  const updates: Update[] = [];
  host.subscribe(TABLE, (u) => updates.push(u as Update));
  return updates;
}

/** Rebel Missions for Ana and Ben (Ben the cooperative bot if `people` is 1), started or resumed from `savePath`, on the virtual timer of `seed` unless one is given. */
export async function open(
  seed: number,
  options: Partial<HostOptions> & { connection?: TimerConnection; resume?: boolean; people?: number } = {},
): Promise<Table> {
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
  closeAfterTest(host, connection);
  const updates = watch(host);
  await host.syncTimer();
  await host.settled();
  return { connection, host, updates, notes: () => updates.flatMap((u) => (u.kind === 'note' ? [u.text] : [])) };
}

/** The people move (as the cooperative bot would) until a mission is complete and its code is asked for. */
export async function playUntilCodeRequested(host: Host, seed: number): Promise<void> {
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
