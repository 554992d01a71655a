// Secret Invasion on the table host (what `play secret-invasion` runs): the timer as table device
// (the exact PLAY / TIMER commands reach the built-in virtual timer, in virtual time, which plays
// them), the turn clock as a reminder, no timer, a timer lost, refusing or back mid-game, and
// saving after every move then resuming with the turn clock for the player to move.
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { readSave } from '../../host/engine/save.ts';
import { toMove } from '../../host/engine/table-game.ts';
import { secretInvasionEntry } from '../../host/games/secret-invasion/table-entry.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { timerCommandsFor } from '../../host/games/secret-invasion/timer-commands.ts';
import type {
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionStep,
  SecretInvasionState,
  SecretInvasionView,
} from '../../host/games/secret-invasion/model.ts';
import type { TimerCommand } from '../../host/table/entry.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost, type HostOptions, type TableTimerPort, type TableUpdate } from '../../host/table/host.ts';
import { FakeTimer as NoticeTimer } from './fake-timer.ts';
import { FakeTimer } from '../table/support.ts';
import { settle, tempSavePath } from './secret-invasion-support.ts';

type Host = TableHost<SecretInvasionConfig, SecretInvasionState, SecretInvasionStep, SecretInvasionView, SecretInvasionEvent>;
type Update = TableUpdate<SecretInvasionStep, SecretInvasionView, SecretInvasionEvent>;
const SAVE_GAME = secretInvasionTable;
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee'];

function start(players: number, seed: number, bots: 'random' | 'tracking' | null, options: Partial<HostOptions> = {}, entry = secretInvasionEntry) {
  const seats = NAMES.slice(0, players).map((name) => ({ name, bot: bots }));
  const { host } = TableHost.start(entry, { seats, seed }, { savePath: null, botDelayMs: 0, ...options });
  const updates: Update[] = [];
  host.subscribe(TABLE, (u) => updates.push(u));
  return { host, updates };
}

const commandText = (c: TimerCommand): string => ('play' in c ? `PLAY ${c.play}` : `TIMER ${c.clock}`);
const commandsOf = (updates: readonly Update[]): string[] => updates.flatMap((u) => (u.kind === 'timer-command' ? [commandText(u.command)] : []));
const eventsOf = (updates: readonly Update[]): SecretInvasionEvent[] => updates.flatMap((u) => (u.kind === 'events' ? u.events : []));

/** Plays the first legal step of whoever is to move, `n` times (or to the end); the host deals (chance) between. */
async function firstMoves(host: Host, n: number): Promise<void> {
  for (let i = 0; i < n && !host.result.finished; i++) {
    await host.settled();
    if (host.result.finished) return;
    const seat = toMove(secretInvasionTable, host.state)[0] as string;
    const move = host.snapshot(seat).moves[0];
    if (move === undefined) throw new Error(`no move for ${seat}`);
    expect(host.submit(seat, move)).toEqual({ ok: true });
  }
  await host.settled();
}

describe('Secret Invasion with the timer as table device', () => {
  it('sends the buzz, chime, fanfare and turn clocks of a whole game to the virtual timer, which plays them', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 3, realTime: false });
    const device = connection.virtual?.device;
    const played: string[] = [];
    // The link, noting after each PLAY it took what the timer itself is sounding.
    const port: TableTimerPort = {
      onEvent: (listener) => connection.link.onEvent(listener),
      request: async (command) => {
        const answer = await connection.link.request(command);
        if (command.startsWith('PLAY ')) played.push(`${command} -> ${device?.lastSound?.sound ?? 'silence'}`);
        return answer;
      },
    };
    const { host, updates } = start(3, 11, 'tracking', { timer: port, turnSeconds: 45 });
    try {
      await host.settled();
      await settle(50);
      expect(host.result.finished).toBe(true);
      const events = eventsOf(updates);
      const sounds = commandsOf(updates).filter((c) => c.startsWith('PLAY '));
      // Each move's sounds, in order (the table's events of one move come as one update).
      const perMove = updates.flatMap((u) => (u.kind === 'events' ? timerCommandsFor(u.events, { turnSeconds: null }) : []));
      expect(sounds).toEqual(perMove);
      const outs = events.filter((e) => e.type === 'player-out').length;
      const roundsEnded = events.filter((e) => e.type === 'round-ended').length;
      expect(roundsEnded).toBeGreaterThan(1);
      expect(sounds.filter((c) => c === 'PLAY buzz')).toHaveLength(outs);
      // A chime for every round won but the last, which the fanfare crowns.
      expect(sounds.filter((c) => c === 'PLAY chime')).toHaveLength(roundsEnded - 1);
      expect(sounds.filter((c) => c === 'PLAY fanfare')).toHaveLength(1);
      const commands = commandsOf(updates);
      expect(commands[0]).toBe('TIMER 45');
      // The end stops the turn clock first, then plays the last move's sounds, the fanfare last.
      const last = commands.slice(commands.lastIndexOf('TIMER 0'));
      expect(last.at(-1)).toBe('PLAY fanfare');
      for (const c of last.slice(1)) expect(c).toMatch(/^PLAY /);
      expect(commands.filter((c) => c === 'TIMER 45').length).toBeGreaterThan(10);
      expect(played.length).toBe(outs + roundsEnded);
      // The timer itself started each sound as it took the command.
      for (const line of played) expect(line).toMatch(/^PLAY (\w+) -> \1$/);
      expect(await connection.link.status()).toMatchObject({ state: 'table' });
      expect(updates.filter((u) => u.kind === 'note')).toEqual([]);
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it('reminds the player when the turn clock runs out, and changes nothing in the game', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 4, realTime: false });
    const { host, updates } = start(2, 5, null, { timer: connection.link, turnSeconds: 30 });
    try {
      await host.settled();
      host.startTurnClock(); // started already for this decision (after the deal): not again
      await settle();
      expect(commandsOf(updates)).toEqual(['TIMER 30']);
      expect((await connection.link.status()).leftMs).toBe(30_000);
      await connection.link.request('SIM ADVANCE 20000');
      await settle();
      expect(updates.some((u) => u.kind === 'note')).toBe(false);
      await connection.link.request('SIM ADVANCE 11000');
      await settle();
      expect(updates.filter((u) => u.kind === 'note').map((u) => (u.kind === 'note' ? u.text : ''))).toEqual([
        'the turn clock ran out for Ana (a reminder: nothing changes in the game)',
      ]);
      expect(host.log.moves.filter((m) => m.actor !== 'chance')).toHaveLength(0);
      expect(host.snapshot(TABLE).waitingOn).toEqual(['p1']);
      // The player still moves as they like (a discard in steps); the next turn gets a fresh clock.
      while (host.snapshot(TABLE).waitingOn.join() === 'p1') await firstMoves(host, 1);
      expect(host.snapshot(TABLE).waitingOn).toEqual(['p2']);
      await settle();
      expect(commandsOf(updates).at(-1)).toBe('TIMER 30');
      expect((await connection.link.status()).leftMs).toBe(30_000);
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it('plays the same game without a timer, and sends or shows nothing for it', async () => {
    const timer = new FakeTimer();
    const withTimer = start(4, 8, 'random', { timer });
    const without = start(4, 8, 'random', { timer: null }, { ...secretInvasionEntry, timer: null });
    await withTimer.host.settled();
    await without.host.settled();
    expect(without.host.result.finished).toBe(true);
    expect(without.host.log).toEqual(withTimer.host.log);
    expect(timer.commands.length).toBeGreaterThan(0);
    expect(without.updates.filter((u) => u.kind !== 'events' && u.kind !== 'snapshot' && u.kind !== 'finished')).toEqual([]);
  });

  it('keeps playing to the end when the virtual timer goes away mid-game, saying what it could not play', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 9, realTime: false });
    const { host, updates } = start(3, 14, null, { timer: connection.link, turnSeconds: 40, savePath: tempSavePath() });
    try {
      host.startTurnClock();
      await firstMoves(host, 10);
      await settle();
      const sentBefore = commandsOf(updates).length;
      expect(sentBefore).toBeGreaterThanOrEqual(11);
      expect(updates.filter((u) => u.kind === 'note')).toEqual([]);
      await connection.virtual?.close();
      await settle();
      await firstMoves(host, 100_000);
      await settle(50);
      expect(host.result.finished).toBe(true);
      const notes = updates.flatMap((u) => (u.kind === 'note' ? [u.text] : []));
      expect(notes.length).toBeGreaterThan(0);
      expect(notes[0]).toMatch(/^the link to the timer was lost \(.+\); the game is kept/);
      for (const note of notes.slice(1)) expect(note).toMatch(/^the timer did not take (PLAY \w+|TIMER \d+) \(.+\); play goes on$/);
      expect(updates.filter((u) => u.kind === 'save-failed')).toEqual([]);
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it('keeps playing when the timer is lost, and restarts the turn clock for the player to move when it is back', async () => {
    const link = new NoticeTimer();
    const { host, updates } = start(3, 6, null, { timer: link, turnSeconds: 60 });
    await host.settled();
    await settle();
    expect(link.commands).toEqual(['TIMER 60']);
    link.notice({ kind: 'lost', reason: 'the link closed' });
    await firstMoves(host, 12);
    await settle();
    expect(host.log.moves.filter((m) => m.actor !== 'chance')).toHaveLength(12);
    const sent = link.commands.length;
    const mover = host.snapshot(TABLE).waitingOn;
    link.notice({
      kind: 'resumed',
      hello: { name: 'imperial-timer', firmware: '0.1.0', proto: 1, symbols: [] } as never,
      status: link.status_,
      description: 'again',
    });
    await settle();
    expect(link.commands.slice(sent)).toEqual(['TIMER 60']);
    expect(host.snapshot(TABLE).waitingOn).toEqual(mover);
    const notes = updates.flatMap((u) => (u.kind === 'note' ? [u.text] : []));
    expect(notes).toEqual([
      'the link to the timer was lost (the link closed); the game is kept, and the link keeps trying to reach the timer',
      'the timer answers again (again): the game carries on',
    ]);
    await host.close();
  });

  it('reports a command the timer refuses and goes on', async () => {
    const timer = new FakeTimer();
    timer.refuse = 'ERR state running';
    const { host, updates } = start(2, 2, 'random', { timer });
    await host.settled();
    await settle();
    expect(host.result.finished).toBe(true);
    const notes = updates.flatMap((u) => (u.kind === 'note' ? [u.text] : []));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatch(/^the timer did not take PLAY (buzz|chime) \(ERR state running\); play goes on$/);
  });

  it('saves after every move, and a resumed game carries on with the turn clock for the player to move', async () => {
    const savePath = tempSavePath();
    const first = start(3, 21, null, { savePath });
    for (let i = 1; i <= 15; i++) {
      await firstMoves(first.host, 1);
      expect(readSave(SAVE_GAME, savePath).log.moves).toEqual(first.host.log.moves);
    }
    expect(first.host.log.moves.filter((m) => m.actor !== 'chance')).toHaveLength(15);
    const saved = readSave(SAVE_GAME, savePath);
    expect(saved.state).toEqual(first.host.state);
    const mover = first.host.snapshot(TABLE).waitingOn;
    await first.host.close();

    const timer = new FakeTimer();
    const { host } = TableHost.resume(secretInvasionEntry, { savePath, timer, turnSeconds: 25, botDelayMs: 0 });
    host.startTurnClock();
    await settle();
    expect(timer.commands).toEqual(['TIMER 25']);
    expect(host.snapshot(TABLE).waitingOn).toEqual(mover);
    await firstMoves(host, 100_000);
    expect(host.result.finished).toBe(true);
    expect(readSave(SAVE_GAME, savePath).state).toEqual(host.state);
    await host.close();
  });

  it("rejects an illegal move with the rules' reason, to its sender only, and changes nothing", async () => {
    const { host, updates } = start(2, 1, null);
    const seen: Update[] = [];
    host.subscribe('p2', (u) => seen.push(u));
    const before = host.state;
    const result = host.submit('p2', { actor: 'p2', type: 'stop-guessing' });
    expect(result.ok).toBe(false);
    expect(host.state).toBe(before);
    expect(seen.filter((u) => u.kind === 'rejected')).toHaveLength(1);
    expect(updates.filter((u) => u.kind === 'rejected')).toEqual([]);
    await host.close();
  });
});
