// Shared set-up for the companion tests: a session on the built-in virtual timer in virtual time.
import { join } from 'node:path';
import { randomFrom, seedRng, startMatch } from '../../host/engine/index.ts';
import { rebelBot, rebelMissions, type PlayerMove, type RebelMissionsConfig } from '../../host/games/rebel-missions/index.ts';
import { RebelMissionsSession, type RebelMatch, type SessionUpdate } from '../../host/companion/rebel-missions/session.ts';
import { connectTimer, type TimerChoice, type TimerConnection } from '../../host/companion/timer-connection.ts';
import { testTempDir } from '../support/temp-dir.ts';

export const TWO_PLAYERS: RebelMissionsConfig = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

export function tempSavePath(): string {
  return join(testTempDir('companion-'), 'rebel-missions.save.json');
}

export interface Table {
  connection: TimerConnection;
  session: RebelMissionsSession;
  updates: SessionUpdate[];
  close(): Promise<void>;
}

export async function openTable(options: {
  seed: number;
  match?: RebelMatch;
  savePath?: string | null;
  choice?: TimerChoice;
  connection?: TimerConnection;
}): Promise<Table> {
  const connection = options.connection ?? (await connectTimer(options.choice ?? { kind: 'virtual', seed: options.seed, realTime: false }));
  const match = options.match ?? startMatch(rebelMissions, TWO_PLAYERS, options.seed);
  const session = new RebelMissionsSession({
    match,
    timer: connection.link,
    savePath: options.savePath ?? null,
    assist: connection.assist,
    now: connection.now,
  });
  const updates: SessionUpdate[] = [];
  session.onUpdate((u) => updates.push(u));
  session.syncWith(connection.status);
  return {
    connection,
    session,
    updates,
    async close() {
      session.close();
      await connection.close();
    },
  };
}

/** Polls until `check` holds (the link delivers lines asynchronously). */
export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets the link deliver every line already sent (they arrive on microtasks and timers). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 10));
}

/** The players (bots) move until a mission is complete and its code is asked for. */
export function playUntilCodeRequested(session: RebelMissionsSession, seed: number, maxMoves = 2000): void {
  const bot = rebelBot();
  const rng = randomFrom(seedRng(seed));
  for (let i = 0; i < maxMoves; i++) {
    if (session.state.codeRequest !== null) return;
    const actor = session.playersToMove()[0];
    if (actor === undefined) throw new Error(`no player may move (stage ${session.state.stage})`);
    const step = session.play(bot(session.view(actor), session.legalMoves(actor), rng) as PlayerMove);
    if (!step.ok) throw new Error(step.reason);
  }
  throw new Error(`no code was requested within ${maxMoves} moves`);
}
