// The table host bound to the real firmware (the built-in virtual timer, build/firmware.wasm, over
// the protocol): a `TimerLink` is the host's timer port. As a table device it plays Secret
// Invasion's sounds and runs its turn clock; as the external actor of Countdown its START, TIME and
// TIMEOUT become the game's moves. A quick window of Ambush counts down on it with TIMER, and its
// TIMEOUT ends the window.
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost, type TableTimerPort } from '../../host/table/host.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { ambushEntry, countdownEntry, secretInvasionEntry } from './entries.ts';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('the table host on the virtual timer', () => {
  it('plays Secret Invasion with the timer as table device: every sound and turn clock taken, the fanfare last', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 3, realTime: false });
    const port: TableTimerPort = connection.link;
    const { host } = TableHost.start(
      secretInvasionEntry,
      {
        seats: [
          { name: 'A', bot: 'tracking' },
          { name: 'B', bot: 'tracking' },
          { name: 'C', bot: 'random' },
        ],
        seed: 5,
      },
      { savePath: null, timer: port, turnSeconds: 45 },
    );
    const notes: string[] = [];
    const commands: unknown[] = [];
    host.subscribe(TABLE, (u) => {
      if (u.kind === 'note') notes.push(u.text);
      if (u.kind === 'timer-command') commands.push(u.command);
    });
    try {
      await host.settled();
      await host.close(); // waits for the commands still going out
      expect(host.result.finished).toBe(true);
      expect(notes).toEqual([]);
      expect(commands).toContainEqual({ clock: 45 });
      // The last move stops the turn clock, then plays its sounds: the fanfare last, and no chime for the last round.
      const last = commands.slice(commands.findLastIndex((c) => JSON.stringify(c) === '{"clock":45}') + 1);
      expect(last[0]).toEqual({ clock: 0 });
      expect(last.at(-1)).toEqual({ play: 'fanfare' });
      expect(last).not.toContainEqual({ play: 'chime' });
      expect(connection.virtual?.device.lastSound?.sound).toBe('fanfare');
      expect(await connection.link.status()).toMatchObject({ state: 'table' });
    } finally {
      await connection.close();
    }
  });

  it("turns the timer's START, TIME and TIMEOUT into Countdown's moves: the team loses when time runs out", async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 4, realTime: false });
    const { host } = TableHost.start(
      countdownEntry,
      {
        seats: [
          { name: 'Ana', bot: null },
          { name: 'Ben', bot: null },
        ],
        seed: 2,
      },
      { savePath: null, timer: connection.link },
    );
    try {
      expect(host.snapshot(TABLE).waitingOn).toEqual(['timer']);
      await connection.link.request('START');
      await settle();
      expect(host.log.moves[0]).toMatchObject({ actor: 'timer', type: 'start' });
      expect(host.snapshot(TABLE).waitingOn).toEqual(['p1']);
      expect(host.submit('p1', { actor: 'p1', type: 'roll' }).ok).toBe(true);
      const { leftMs } = await connection.link.status();
      await connection.link.request(`SIM ADVANCE ${leftMs + 1000}`);
      await settle();
      expect(host.log.moves.some((m) => m.type === 'time')).toBe(true);
      expect(host.result).toMatchObject({ finished: true, summary: 'lost: time ran out' });
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it("counts a quick window down on the timer (TIMER 5): the timer's TIMEOUT passes those still asked", async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 5, realTime: false });
    const clock = new ManualClock(0);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
      { name: 'Cy', bot: null },
    ];
    const { host } = TableHost.start(ambushEntry, { seats, seed: 3, options: { 'quick-seconds': 5 } }, { savePath: null, timer: connection.link, clock });
    const events: string[] = [];
    host.subscribe(TABLE, (u) => u.kind === 'timer' && events.push(u.event.name));
    try {
      await host.settled();
      await settle();
      expect(await connection.link.status()).toMatchObject({ state: 'table' });
      expect(host.submit('p2', { actor: 'p2', type: 'pass' }).ok).toBe(true);
      // Time passes on the timer and the host alike; at 5 s the timer says TIMEOUT.
      clock.pass(4000);
      await connection.link.request('SIM ADVANCE 4000');
      await settle();
      expect(host.log.moves).toHaveLength(1);
      clock.pass(1000);
      await connection.link.request('SIM ADVANCE 1000');
      await settle();
      expect(events).toContain('TIMEOUT');
      expect(host.log.moves).toEqual([
        { actor: 'p2', type: 'pass' },
        { actor: 'p3', type: 'pass' },
      ]);
      expect(host.snapshot(TABLE).countdown).toBeNull();
    } finally {
      await host.close();
      await connection.close();
    }
  });
});
