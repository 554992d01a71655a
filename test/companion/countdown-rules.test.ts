// The timer runs the game: the time that passed counts (between the timer's reports, across a
// crash or a quit and --resume), nothing is played while its countdown is stopped (paused, or
// lost with a fresh timer), the table is told what to do, and a code pressed while the countdown
// is stopped is answered with a message instead of silence. All on the virtual timer in virtual
// time, so the times are exact.
import { afterEach, describe, expect, it } from 'vitest';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { readSave } from '../../host/engine/index.ts';
import { rebelMissions } from '../../host/games/rebel-missions/index.ts';
import { openTable, playUntilCodeRequested, settle, tempSavePath, until, type Table } from './table.ts';

const open: Table[] = [];
async function table(options: Parameters<typeof openTable>[0]): Promise<Table> {
  const t = await openTable(options);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

const notes = (t: Table): string[] => t.updates.flatMap((u) => (u.kind === 'note' ? [u.text] : []));

describe('the timer runs the game', () => {
  it("counts the clock down between the timer's reports", async () => {
    const t = await table({ seed: 1 });
    await t.session.startTimer();
    await settle();
    await t.connection.link.request('SIM ADVANCE 5000');
    await settle();
    // No TIME event yet (the first comes after 30 s), but the board's clock has moved on.
    expect(t.session.state.timeLeftMs).toBe(720_000);
    expect(t.session.clock).toEqual({ leftMs: 715_000, totalMs: 720_000, state: 'running' });
  });

  it('after a crash, --resume goes on with the time that passed, not the last EVT TIME, and holds play until the countdown runs', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 5, savePath });
    await t.session.startTimer();
    await settle();
    await t.connection.link.request('SIM ADVANCE 27000');
    await settle();
    expect(t.session.play({ actor: 'p1', type: 'roll' })).toEqual({ ok: true });
    // The crash: nothing more is written.
    t.session.close();
    const saved = readSave(rebelMissions, savePath);
    expect(saved.state.timeLeftMs).toBe(693_000);

    // The companion starts again on the save; its built-in timer is a fresh one (ready).
    const fresh = await connectTimer({ kind: 'virtual', seed: 5, realTime: false });
    const resumed = new RebelMissionsSession({ match: { state: saved.state, log: saved.log }, timer: fresh.link, savePath, assist: true, now: fresh.now });
    const told: string[] = [];
    resumed.onUpdate((u) => (u.kind === 'note' || u.kind === 'rejected' ? told.push(u.kind === 'note' ? u.text : u.reason) : undefined));
    try {
      resumed.syncWith(fresh.status);
      expect(resumed.countdownWasLost).toBe(true);
      expect(resumed.clock).toMatchObject({ leftMs: 693_000, state: 'stopped' });
      // Nothing is played while the countdown does not run, and the table is told what to do.
      expect(resumed.legalMoves('p1')).toEqual([]);
      const refused = resumed.play({ actor: 'p1', type: 'choose', die: 0 });
      expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/countdown is not running.*Choose "Start the timer"/) });
      expect(resumed.state).toEqual(saved.state);
      await resumed.startTimer();
      await settle();
      expect(resumed.clock).toMatchObject({ leftMs: 693_000, state: 'running' });
      expect(resumed.legalMoves('p1').length).toBeGreaterThan(0);
      expect(resumed.play({ actor: 'p1', type: 'choose', die: 0 })).toEqual({ ok: true });
      expect(told.join('\n')).toMatch(/lost its countdown/);
    } finally {
      resumed.close();
      await fresh.close();
    }
  });

  it.each([
    [12_345, 707_655],
    [705_000, 15_000],
  ])('after a quit with %i ms played, the restarted countdown has exactly the %i ms left (not whole seconds, not at least a minute)', async (played, left) => {
    const savePath = tempSavePath();
    const t = await table({ seed: 6, savePath });
    await t.session.startTimer();
    await settle();
    await t.connection.link.request(`SIM ADVANCE ${played}`);
    await settle();
    await t.session.checkpoint();
    t.session.close();
    const saved = readSave(rebelMissions, savePath);
    expect(saved.state.timeLeftMs).toBe(left);

    const fresh = await connectTimer({ kind: 'virtual', seed: 6, realTime: false });
    const resumed = new RebelMissionsSession({ match: { state: saved.state, log: saved.log }, timer: fresh.link, savePath, assist: true, now: fresh.now });
    try {
      resumed.syncWith(fresh.status);
      await resumed.startTimer();
      await settle();
      expect((await fresh.link.status()).leftMs).toBe(left);
      expect(resumed.clock).toMatchObject({ leftMs: left, state: 'running' });
      expect(resumed.state.timeLeftMs).toBeLessThanOrEqual(left);
    } finally {
      resumed.close();
      await fresh.close();
    }
  });

  it('on leaving, records the exact time left from the timer, so a quit and --resume lose no time', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 6, savePath });
    await t.session.startTimer();
    await settle();
    await t.connection.link.request('SIM ADVANCE 12345');
    await settle();
    await t.session.checkpoint();
    expect(readSave(rebelMissions, savePath).state.timeLeftMs).toBe(720_000 - 12_345);
  });

  it('refuses play while the timer is paused, says how to resume, and the companion can pause and resume the built-in timer', async () => {
    const t = await table({ seed: 7 });
    await t.session.startTimer();
    await settle();
    expect(t.session.canPauseTimer).toBe(true);
    expect(t.session.canResumeTimer).toBe(false);
    await t.session.pauseTimer();
    await settle();
    expect(t.session.clock.state).toBe('paused');
    await t.connection.link.request('SIM ADVANCE 60000');
    await settle();
    expect(t.session.clock.leftMs).toBe(720_000);
    expect(t.session.play({ actor: 'p1', type: 'roll' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /the timer is paused: nothing is played until it runs again\. Choose "Resume the timer", or press the triangle button on the timer to resume/,
      ),
    });
    expect(t.session.legalMoves('p1')).toEqual([]);
    expect(t.session.canResumeTimer).toBe(true);
    await t.session.resumeTimer();
    await settle();
    expect(t.session.clock.state).toBe('running');
    expect(t.session.play({ actor: 'p1', type: 'roll' })).toEqual({ ok: true });
  });

  it('a code pressed while the countdown is stopped gets a message, and the companion does not press it', async () => {
    const t = await table({ seed: 8 });
    await t.connection.link.request('CONFIG correct=24 need=2');
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 8);
    await t.session.pauseTimer();
    await settle();
    expect(t.session.canEnterCode).toBe(false);
    await expect(t.session.enterCode()).rejects.toThrow(
      /the timer is paused: it judges a code only while its countdown runs, so the code was not entered\. Choose "Resume the timer"/,
    );
    // Pressed on the timer itself: the timer says nothing, the companion does.
    await t.connection.link.request(`PRESS ${t.session.state.codeRequest?.code[0] ?? '1'}`);
    await settle();
    expect(notes(t).at(-1)).toMatch(
      /countdown is not running \(paused\), so it does not judge codes: that press counts for nothing\. Choose "Resume the timer".*then enter the code again/,
    );
    await t.session.resumeTimer();
    await settle();
    await t.session.enterCode();
    await until(
      () => t.updates.some((u) => u.kind === 'timer' && (u.event.name === 'CHIME' || u.event.name === 'BUZZ' || u.event.name === 'FANFARE')),
      'the timer to judge the code',
    );
  });
});
