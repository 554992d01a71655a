// The Secret Invasion session: the timer as table device (the exact PLAY / TIMER commands reach
// the built-in virtual timer, in virtual time), the turn clock as a reminder, no timer, a timer
// lost or refusing mid-game, and saving after every move then resuming.
import { describe, expect, it } from 'vitest';
import { readSave } from '../../host/engine/index.ts';
import { SecretInvasionSession, type SessionUpdate } from '../../host/companion/secret-invasion/session.ts';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { secretInvasion } from '../../host/games/secret-invasion/game.ts';
import { openingTimerCommands, timerCommandsFor } from '../../host/games/secret-invasion/timer-commands.ts';
import type { OkAnswer } from '../../host/link/protocol-client.ts';
import { FakeTimer } from './fake-timer.ts';
import { botMoves, newMatch, settle, tempSavePath } from './secret-invasion-support.ts';

function record(session: SecretInvasionSession): SessionUpdate[] {
  const updates: SessionUpdate[] = [];
  session.onUpdate((u) => updates.push(u));
  return updates;
}

const commandsOf = (updates: readonly SessionUpdate[]): string[] => updates.flatMap((u) => (u.kind === 'timer-command' ? [u.command] : []));

/** A timer stand-in that can refuse commands, as a busy or broken timer would. */
class RefusingTimer extends FakeTimer {
  refuse = false;
  override async request(command: string): Promise<OkAnswer> {
    if (this.refuse) {
      this.commands.push(`refused ${command}`);
      throw new Error('ERR state running');
    }
    return super.request(command);
  }
}

describe('Secret Invasion with the timer as table device', () => {
  it('sends the buzz, chime, fanfare and turn clocks of a whole game to the virtual timer, which plays them', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 3, realTime: false });
    const session = new SecretInvasionSession({ match: newMatch(3, 11), timer: connection.link, savePath: null, turnSeconds: 45 });
    const updates = record(session);
    const device = connection.virtual?.device;
    const played: string[] = [];
    session.onUpdate((u) => {
      if (u.kind === 'timer-command' && u.command.startsWith('PLAY ')) played.push(`${u.command} -> ${device?.lastSound?.sound ?? 'silence'}`);
    });
    try {
      await session.begin();
      botMoves(session, 11);
      await session.whenSent();
      await settle();
      const expected = [
        ...openingTimerCommands({ turnSeconds: 45 }),
        ...updates.flatMap((u) => (u.kind === 'moved' ? timerCommandsFor(u.events, { turnSeconds: 45 }) : [])),
      ];
      expect(session.over).toBe(true);
      expect(commandsOf(updates)).toEqual(expected);
      expect(expected.filter((c) => c === 'PLAY fanfare')).toHaveLength(1);
      expect(expected.slice(-2)).toEqual(['TIMER 0', 'PLAY fanfare']);
      const outs = updates.flatMap((u) => (u.kind === 'moved' ? u.events.filter((e) => e.type === 'player-out') : [])).length;
      expect(expected.filter((c) => c === 'PLAY buzz')).toHaveLength(outs);
      const roundsEnded = updates.flatMap((u) => (u.kind === 'moved' ? u.events.filter((e) => e.type === 'round-ended') : [])).length;
      expect(roundsEnded).toBeGreaterThan(1);
      // A chime for every round won but the last, which the fanfare crowns.
      expect(expected.filter((c) => c === 'PLAY chime')).toHaveLength(roundsEnded - 1);
      expect(played.length).toBe(outs + roundsEnded);
      // The timer itself started each sound as it took the command.
      for (const line of played) expect(line).toMatch(/^PLAY (\w+) -> \1$/);
      expect(await connection.link.status()).toMatchObject({ state: 'table' });
      expect(updates.filter((u) => u.kind === 'note')).toEqual([]);
    } finally {
      session.close();
      await connection.close();
    }
  });

  it('reminds the player when the turn clock runs out, and changes nothing in the game', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 4, realTime: false });
    const session = new SecretInvasionSession({ match: newMatch(2, 5), timer: connection.link, savePath: null, turnSeconds: 30 });
    const updates = record(session);
    try {
      await session.begin();
      expect(session.clock).toMatchObject({ state: 'running', player: 'p1', leftMs: 30_000 });
      await connection.link.request('SIM ADVANCE 20000');
      await settle();
      expect(updates.some((u) => u.kind === 'turn-clock-out')).toBe(false);
      await connection.link.request('SIM ADVANCE 11000');
      await settle();
      expect(updates.filter((u) => u.kind === 'turn-clock-out')).toEqual([{ kind: 'turn-clock-out', player: 'p1' }]);
      expect(session.clock.state).toBe('out');
      expect(session.match.log.moves).toHaveLength(0);
      expect(session.playerToMove()).toBe('p1');
      // The player still moves as they like; the next turn gets a fresh clock.
      botMoves(session, 5, 1);
      await session.whenSent();
      expect(commandsOf(updates).slice(-1)).toEqual(['TIMER 30']);
      expect(session.clock).toMatchObject({ state: 'running', player: session.playerToMove() });
    } finally {
      session.close();
      await connection.close();
    }
  });

  it('plays the same game without a timer', () => {
    const withTimer = new SecretInvasionSession({ match: newMatch(4, 8), timer: new FakeTimer(), savePath: null, turnSeconds: null });
    const without = new SecretInvasionSession({ match: newMatch(4, 8), timer: null, savePath: null, turnSeconds: 20 });
    const updates = record(without);
    botMoves(withTimer, 9);
    botMoves(without, 9);
    expect(without.over).toBe(true);
    expect(without.match.log).toEqual(withTimer.match.log);
    expect(without.hasTimer).toBe(false);
    expect(updates.filter((u) => u.kind !== 'moved' && u.kind !== 'finished')).toEqual([]);
  });

  it('keeps playing to the end when the virtual timer goes away mid-game', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 9, realTime: false });
    const session = new SecretInvasionSession({ match: newMatch(3, 14), timer: connection.link, savePath: null, turnSeconds: 40 });
    const updates = record(session);
    try {
      await session.begin();
      botMoves(session, 14, 10);
      await session.whenSent();
      const sentBefore = commandsOf(updates).length;
      expect(sentBefore).toBeGreaterThanOrEqual(11);
      await connection.virtual?.close();
      await settle();
      expect(updates.some((u) => u.kind === 'link' && u.notice.kind === 'lost')).toBe(true);
      expect(session.hasTimer).toBe(false);
      botMoves(session, 14);
      await session.whenSent();
      expect(session.over).toBe(true);
      expect(commandsOf(updates)).toHaveLength(sentBefore);
      expect(updates.filter((u) => u.kind === 'save-failed')).toEqual([]);
    } finally {
      session.close();
      await connection.close();
    }
  });

  it('keeps playing when the timer is lost, and restarts the turn clock when it is back', async () => {
    const timer = new FakeTimer();
    const session = new SecretInvasionSession({ match: newMatch(3, 6), timer, savePath: null, turnSeconds: 60 });
    const updates = record(session);
    await session.begin();
    expect(timer.commands).toEqual(['TIMER 60']);
    timer.notice({ kind: 'lost', reason: 'the link closed' });
    expect(session.hasTimer).toBe(false);
    botMoves(session, 6, 12);
    await session.whenSent();
    expect(timer.commands).toEqual(['TIMER 60']);
    expect(session.match.log.moves).toHaveLength(12);
    const status = timer.status_;
    timer.notice({ kind: 'resumed', hello: { name: 'imperial-timer', firmware: '0.1.0', proto: 1, symbols: [] } as never, status, description: 'again' });
    await session.whenSent();
    expect(timer.commands).toEqual(['TIMER 60', 'TIMER 60']);
    expect(session.clock.player).toBe(session.playerToMove());
    expect(updates.filter((u) => u.kind === 'link').map((u) => (u.kind === 'link' ? u.notice.kind : ''))).toEqual(['lost', 'resumed']);
  });

  it('reports a command the timer refuses and goes on', async () => {
    const timer = new RefusingTimer();
    const session = new SecretInvasionSession({ match: newMatch(2, 2), timer, savePath: null, turnSeconds: null });
    const updates = record(session);
    timer.refuse = true;
    botMoves(session, 2);
    await session.whenSent();
    expect(session.over).toBe(true);
    const notes = updates.flatMap((u) => (u.kind === 'note' ? [u.text] : []));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatch(/the timer did not take "PLAY (buzz|chime)" \(ERR state running\); the game goes on without it/);
  });

  it('refuses a turn clock outside 1..3600 seconds', () => {
    expect(() => new SecretInvasionSession({ match: newMatch(2, 1), timer: null, savePath: null, turnSeconds: 0 })).toThrow(/1 to 3600/);
  });

  it('saves after every move, and a resumed game carries on with the turn clock for the player to move', async () => {
    const savePath = tempSavePath();
    const first = new SecretInvasionSession({ match: newMatch(3, 21), timer: null, savePath, turnSeconds: null });
    for (let i = 1; i <= 15; i++) {
      botMoves(first, 21 + i, 1);
      expect(readSave(secretInvasion, savePath).log.moves).toHaveLength(i);
    }
    const saved = readSave(secretInvasion, savePath);
    expect(saved.state).toEqual(first.state);

    const timer = new FakeTimer();
    const resumed = new SecretInvasionSession({ match: { state: saved.state, log: saved.log }, timer, savePath, turnSeconds: 25 });
    await resumed.begin();
    expect(timer.commands).toEqual(['TIMER 25']);
    expect(resumed.clock.player).toBe(first.playerToMove());
    botMoves(resumed, 77);
    expect(resumed.over).toBe(true);
    expect(readSave(secretInvasion, savePath).state.winner).toBe(resumed.state.winner);
  });

  it("rejects an illegal move with the rules' reason and changes nothing", () => {
    const session = new SecretInvasionSession({ match: newMatch(2, 1), timer: null, savePath: null, turnSeconds: null });
    const before = session.match;
    const result = session.play({ actor: 'p2', type: 'stop-guessing' });
    expect(result.ok).toBe(false);
    expect(session.match).toBe(before);
  });
});
