// The timer runs the game, on the table host (host/table/host.ts with Rebel Missions' entry and
// its `countdown` rules): the clock counted on between the timer's reports, the time that passed
// recorded into the log (with every move, and exactly from STATUS when the table leaves) so a
// resumed match goes on with it, nothing played while the countdown is stopped (paused, or lost
// with a fresh timer) with what to do, the catch-up with the timer's STATUS, the device actions
// (start, pause, resume, enter the code) and a code pressed on a stopped timer told to the table.
// On the virtual timer in virtual time, so the times are exact (timer-table.ts opens the tables).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectTimer } from '../../../host/link/timer-connection.ts';
import { rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { debianToolOrSkip } from '../../support/debian-tool.ts';
import { testTempDir } from '../../support/temp-dir.ts';
import { closeAfterTest, closeTablesAfterEach, forgetOpened, type Host, open, playUntilCodeRequested, settle, type Table, tempSave } from './timer-table.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the pseudo-terminal table game');

closeTablesAfterEach();

describe('the timer runs the game on the table host', () => {
  it("counts the clock down between the timer's reports; the snapshot carries it, with its full length for a bar", async () => {
    const t = await open(1);
    expect(t.host.snapshot(TABLE).actions).toEqual(['start-timer']);
    expect(await t.host.deviceAction(TABLE, 'start-timer')).toEqual({ ok: true });
    await settle();
    await t.connection.link.request('SIM ADVANCE 5000');
    await settle();
    expect(t.host.state.timeLeftMs).toBe(720_000); // no TIME yet: the first comes after 30 s
    expect(t.host.snapshot(TABLE).clock).toEqual({ leftMs: 715_000, totalMs: 720_000, state: 'running', lost: false });
    expect(t.host.snapshot('p1').actions).toEqual(['pause-timer']);
    // The time that passed is recorded with the next move.
    expect(t.host.submit('p1', { actor: 'p1', type: 'roll' })).toEqual({ ok: true });
    expect(t.host.log.moves.slice(-2)).toEqual([
      { actor: 'timer', type: 'time', leftMs: 715_000 },
      { actor: 'p1', type: 'roll' },
    ]);
  });

  it('after a crash, a resumed match goes on with the time that passed, holds play until the countdown runs, and says what to do', async () => {
    const savePath = tempSave();
    const t = await open(5, { savePath });
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await t.connection.link.request('SIM ADVANCE 27000');
    await settle();
    expect(t.host.submit('p1', { actor: 'p1', type: 'roll' })).toEqual({ ok: true });
    await t.host.settled();
    const before = JSON.stringify(t.host.state);
    expect(t.host.state.timeLeftMs).toBe(693_000);
    // The crash: the save as it was on disk at that moment (nothing more is written to it).
    const crashed = join(testTempDir('rm-crash-'), 'rebel-missions.save.json');
    copyFileSync(savePath, crashed);

    const fresh = await connectTimer({ kind: 'virtual', seed: 5, realTime: false });
    const r = await open(5, { savePath: crashed, resume: true, connection: fresh });
    expect(r.notes().join('\n')).toMatch(/lost its countdown/);
    const snap = r.host.snapshot('p1');
    expect(snap.clock).toMatchObject({ leftMs: 693_000, state: 'stopped', lost: true });
    expect(snap.moves).toEqual([]);
    expect(snap.held).toMatch(/countdown is not running.*Choose "Start the timer"/);
    expect(snap.actions).toEqual(['start-timer']);
    const refused = r.host.submit('p1', { actor: 'p1', type: 'choose', die: 0 });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/countdown is not running/) });
    expect(JSON.stringify(r.host.state)).toBe(before);
    expect(await r.host.deviceAction('p1', 'start-timer')).toEqual({ ok: true });
    await settle();
    expect(r.host.snapshot(TABLE).clock).toMatchObject({ leftMs: 693_000, state: 'running', lost: false });
    expect((await fresh.link.status()).leftMs).toBe(693_000);
    const moves = r.host.snapshot('p1').moves;
    expect(moves.length).toBeGreaterThan(0);
    expect(r.host.submit('p1', moves[0])).toEqual({ ok: true });
  });

  it.each([
    [12_345, 707_655],
    [705_000, 15_000],
  ])('on leaving after %i ms the exact time left is recorded from STATUS, and the restarted countdown has exactly the %i ms left', async (played, left) => {
    const savePath = tempSave();
    const t = await open(6, { savePath });
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await t.connection.link.request(`SIM ADVANCE ${played}`);
    await settle();
    forgetOpened();
    await t.host.close(); // the table leaves: the time left is checkpointed first
    await t.connection.close();

    const fresh = await connectTimer({ kind: 'virtual', seed: 6, realTime: false });
    const r = await open(6, { savePath, resume: true, connection: fresh });
    expect(r.host.state.timeLeftMs).toBe(left);
    await r.host.deviceAction(TABLE, 'start-timer');
    await settle();
    expect((await fresh.link.status()).leftMs).toBe(left);
    expect(r.host.snapshot(TABLE).clock).toMatchObject({ leftMs: left, state: 'running' });
    expect(r.host.state.timeLeftMs).toBeLessThanOrEqual(left);
  });

  it('refuses play while the timer is paused, says how to resume, and pauses and resumes the built-in timer as device actions', async () => {
    const t = await open(7);
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    expect(await t.host.deviceAction('p1', 'pause-timer')).toEqual({ ok: true });
    await settle();
    expect(t.host.snapshot(TABLE).clock?.state).toBe('paused');
    await t.connection.link.request('SIM ADVANCE 60000');
    await settle();
    expect(t.host.snapshot(TABLE).clock?.leftMs).toBe(720_000);
    const paused =
      /the timer is paused: nothing is played until it runs again\. Choose "Resume the timer", or press the triangle button on the timer to resume/;
    expect(t.host.submit('p1', { actor: 'p1', type: 'roll' })).toMatchObject({ ok: false, reason: expect.stringMatching(paused) });
    expect(t.host.snapshot('p1')).toMatchObject({
      moves: [],
      held: expect.stringMatching(paused),
      prompt: expect.stringMatching(paused),
      actions: ['resume-timer'],
    });
    expect(await t.host.deviceAction('p1', 'pause-timer')).toMatchObject({ ok: false, reason: 'the countdown is not running: there is nothing to pause' });
    expect(await t.host.deviceAction('p1', 'resume-timer')).toEqual({ ok: true });
    await settle();
    expect(t.host.snapshot(TABLE).clock?.state).toBe('running');
    expect(t.host.submit('p1', { actor: 'p1', type: 'roll' })).toEqual({ ok: true });
  });

  it('a code pressed while the countdown is stopped is told to the table; the host does not press it then, and enters it once it runs', async () => {
    const t = await open(8);
    await t.connection.link.request('CONFIG correct=24 need=2');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 8);
    expect(t.host.snapshot(TABLE).actions).toContain('enter-code');
    await t.host.deviceAction(TABLE, 'pause-timer');
    await settle();
    expect(t.host.snapshot(TABLE).actions).toEqual(['resume-timer']);
    expect(await t.host.deviceAction('p2', 'enter-code')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /the timer is paused: it judges a code only while its countdown runs, so the code was not entered\. Choose "Resume the timer"/,
      ),
    });
    await t.connection.link.request(`PRESS ${t.host.state.codeRequest?.code[0] ?? '1'}`);
    await settle();
    expect(t.notes().at(-1)).toMatch(
      /countdown is not running \(paused\), so it does not judge codes: that press counts for nothing\. Choose "Resume the timer".*then enter the code again/,
    );
    await t.host.deviceAction(TABLE, 'resume-timer');
    await settle();
    expect(await t.host.deviceAction('p1', 'enter-code')).toEqual({ ok: true });
    await settle();
    expect(t.updates.some((u) => u.kind === 'timer' && ['CHIME', 'BUZZ', 'FANFARE'].includes(u.event.name))).toBe(true);
    expect(t.host.state.codeRequest).toBeNull();
  });

  it('catches up with STATUS: a timer already counting down starts the game; a timer event the rules do not take is a note', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 9, realTime: false });
    await connection.link.request('START');
    await connection.link.request('SIM ADVANCE 3000');
    const t = await open(9, { connection });
    expect(t.notes().join('\n')).toMatch(/already counting down \(11:57 left\): the game starts now/);
    // The set-up's two shuffles (drawn by the host before the timer's START could be taken), then START.
    expect(t.host.log.moves.slice(0, 2).map((m) => m.actor)).toEqual(['chance', 'chance']);
    expect(t.host.log.moves[2]).toEqual({ actor: 'timer', type: 'start', leftMs: 717_000 });
    expect(t.host.snapshot(TABLE).waitingOn).toEqual(['p1']);
    // A CHIME no mission asked for.
    await t.connection.link.request('PRESS 1');
    await t.connection.link.request('PRESS 2');
    await t.connection.link.request('PRESS 3');
    await settle();
    expect(t.notes().some((n) => /^the timer's (CHIME|BUZZ) was not taken: no code is being entered/.test(n))).toBe(true);
  });

  it('catches up with a code the timer accepted while the table was away (CHIME), on resuming the save', async () => {
    const savePath = tempSave();
    const t = await open(8, { savePath });
    await t.connection.link.request('CONFIG correct=24 need=4');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 8);
    const code = t.host.state.codeRequest?.code ?? '';
    forgetOpened();
    await t.host.close();
    // Meanwhile someone enters the code on the timer itself.
    for (const digit of code) await t.connection.link.request(`PRESS ${digit}`);
    await settle();
    expect((await t.connection.link.status()).found).toBe(1);
    const r = await open(8, { savePath, resume: true, connection: t.connection });
    expect(r.notes().join('\n')).toMatch(/the timer accepted the code while the companion was away \(1 found\)/);
    expect(r.host.state).toMatchObject({ codesFound: 1, codeRequest: null });
    expect(r.host.log.moves.some((m) => m.actor === 'timer' && m.type === 'chime')).toBe(true);
  });

  it('without the power to press (a real timer), no device action is offered and asking for one says what to press', async () => {
    const t = await open(10, { assist: false });
    expect(t.host.snapshot(TABLE).actions).toEqual([]);
    expect(await t.host.deviceAction(TABLE, 'start-timer')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/press the triangle button on the timer/),
    });
    expect(await t.host.deviceAction('p1', 'start-timer')).toMatchObject({ ok: false });
  });

  it.runIf(haveSocat)('a table of bots plays to FANFARE on the virtual timer behind a pseudo-terminal (the serial port stack)', async () => {
    const connection = await connectTimer({ kind: 'pty', seed: 31, realTime: false }, { heartbeatMs: 0 });
    await connection.link.request('CONFIG duration=900 correct=12 need=4');
    const { host } = TableHost.start(
      entry,
      {
        seats: [
          { name: 'Ana', bot: 'cooperative' },
          { name: 'Ben', bot: 'cooperative' },
        ],
        seed: 31,
      },
      { savePath: tempSave(), timer: connection.link, assist: connection.assist, now: connection.now },
    );
    closeAfterTest(host as unknown as Host, connection);
    const chimes: unknown[] = [];
    host.subscribe(TABLE, (u) => (u.kind === 'timer' && u.event.name === 'CHIME' ? chimes.push(u.event) : undefined));
    for (let i = 0; i < 400 && !host.result.finished; i++) {
      await host.settled();
      await settle();
    }
    expect(host.result).toMatchObject({ finished: true, summary: 'won: 4 correct codes entered' });
    expect(await connection.link.status()).toMatchObject({ state: 'won', found: 4 });
    expect(chimes).toHaveLength(3);
  });

  for (const ending of ['FANFARE', 'TIMEOUT'] as const) {
    it(`a table of bots on the built-in timer starts it, enters its codes, and plays to ${ending}`, async () => {
      const connection = await connectTimer({ kind: 'virtual', seed: 31, realTime: false });
      const { host } = TableHost.start(
        entry,
        {
          seats: [
            { name: 'Ana', bot: 'cooperative' },
            { name: 'Ben', bot: 'cooperative' },
            { name: 'Cy', bot: 'random' },
          ],
          seed: 31,
        },
        // With a pause before each bot move, the time can run out while they play (virtual time moves only when told).
        { savePath: null, timer: connection.link, assist: true, now: connection.now, botDelayMs: ending === 'TIMEOUT' ? 2 : 0 },
      );
      closeAfterTest(host as unknown as Host, connection);
      void host.settled();
      if (ending === 'TIMEOUT') {
        await settle();
        await settle();
        expect(host.log.moves[2]).toMatchObject({ actor: 'timer', type: 'start' });
        await connection.link.request('SIM ADVANCE 800000');
      }
      for (let i = 0; i < 400 && !host.result.finished; i++) {
        await host.settled();
        await settle();
      }
      expect(host.result).toMatchObject({ finished: true, summary: ending === 'FANFARE' ? expect.stringMatching(/^won/) : 'lost: time ran out' });
      expect(host.log.moves.slice(0, 2).map((m) => m.actor)).toEqual(['chance', 'chance']); // the set-up's shuffles
      expect(host.log.moves[2]).toMatchObject({ actor: 'timer', type: 'start' });
      expect(host.snapshot(TABLE).clock?.state).toBe('stopped');
    });
  }
});

describe("the timer's events as the game's moves on the table host", () => {
  const gameEvents = (t: Table): string[] => t.updates.flatMap((u) => (u.kind === 'events' ? (u.events as { type: string }[]).map((e) => e.type) : []));

  it('starts when the timer reports START, and keeps the time from its events', async () => {
    const t = await open(1);
    expect(t.host.state.stage).toBe('awaiting-start');
    expect(t.host.submit('p1', { actor: 'p1', type: 'roll' })).toMatchObject({ ok: false, reason: expect.stringMatching(/press the triangle/) });
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    expect(t.host.state.stage).toBe('roll');
    expect(t.host.snapshot(TABLE).clock).toMatchObject({ leftMs: 720_000, totalMs: 720_000, state: 'running' });
    await t.connection.link.request('SIM ADVANCE 31000');
    await settle();
    expect(t.host.snapshot(TABLE).clock?.leftMs).toBeLessThan(720_000);
    expect(t.host.state.timeLeftMs).toBe(t.host.snapshot(TABLE).clock?.leftMs);
  });

  it('asks for the code of a completed mission and takes the CHIME, then FANFARE for the last one', async () => {
    const t = await open(2);
    await t.connection.link.request('CONFIG correct=24 need=2');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 2);
    expect(t.host.snapshot(TABLE).view.request?.code).toMatch(/^[1-4]{3}$/);
    expect(gameEvents(t)).toContain('code-requested');
    expect(t.host.snapshot(TABLE).waitingOn).toEqual(['timer']);
    expect(await t.host.deviceAction('p1', 'enter-code')).toEqual({ ok: true });
    await settle();
    expect(t.updates.some((u) => u.kind === 'timer' && u.event.name === 'CHIME')).toBe(true);
    expect(t.host.state).toMatchObject({ codesFound: 1, codeRequest: null });
    await playUntilCodeRequested(t.host, 3);
    await t.host.deviceAction('p2', 'enter-code');
    await settle();
    expect(t.host.state.stage).toBe('won');
    expect(t.updates.at(-1)).toMatchObject({ kind: 'finished', result: { winners: ['p1', 'p2'] } });
  });

  it('keeps the code request after a slip (BUZZ mistake) and passes the dice after a decoy', async () => {
    const t = await open(4);
    await t.connection.link.request('CONFIG correct=1 need=1');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    await playUntilCodeRequested(t.host, 4);
    const code = t.host.state.codeRequest?.code ?? '';
    // The same symbol twice begins no printed code: the timer buzzes at once.
    await t.connection.link.request(`PRESS ${code[0]}`);
    await t.connection.link.request(`PRESS ${code[0]}`);
    await settle();
    expect(gameEvents(t)).toContain('code-retry');
    expect(t.host.state.stage).toBe('enter-code');
    const turnPlayer = t.host.state.turnPlayer;
    await t.host.deviceAction(TABLE, 'enter-code');
    await settle();
    const answer = t.updates.filter((u) => u.kind === 'timer').at(-1);
    if (answer?.kind === 'timer' && answer.event.name === 'BUZZ') {
      expect(answer.event.reason).toBe('decoy');
      expect(gameEvents(t)).toContain('code-rejected');
      expect(t.host.state.turnPlayer).not.toBe(turnPlayer);
    } else {
      // 1 printed code in 24 is correct: then this one was, and it won the game.
      expect(answer).toMatchObject({ kind: 'timer', event: { name: 'FANFARE' } });
      expect(t.host.state.stage).toBe('won');
    }
  });

  it('ends the game on TIMEOUT, the clock stopped at 0', async () => {
    const t = await open(5);
    await t.connection.link.request('CONFIG duration=60');
    await t.host.deviceAction(TABLE, 'start-timer');
    await t.connection.link.request('SIM ADVANCE 61000');
    await settle();
    expect(t.host.state.stage).toBe('lost');
    expect(gameEvents(t)).toContain('game-lost');
    expect(t.host.snapshot(TABLE).clock).toMatchObject({ leftMs: 0, state: 'stopped' });
    expect(t.updates.find((u) => u.kind === 'finished')).toMatchObject({ result: { winners: [], summary: 'lost: time ran out' } });
    expect(t.host.snapshot(TABLE).actions).toEqual([]);
  });

  it('leaves out, with a note, a timer event the rules do not accept now (a code no mission asked for)', async () => {
    const t = await open(6);
    await t.connection.link.request('CONFIG correct=24 need=4');
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    const [printed] = await t.connection.link.codes();
    const before = t.host.log.moves.length;
    for (const digit of printed ?? '') await t.connection.link.request(`PRESS ${digit}`);
    await settle();
    expect(t.notes().some((n) => /^the timer's CHIME was not taken: no code is being entered/.test(n))).toBe(true);
    expect(t.host.log.moves.length).toBe(before);
    expect(t.host.state.codesFound).toBe(0);
  });

  it("refuses an illegal move with the rules' reason and changes nothing; a seat cannot make the timer's moves", async () => {
    const t = await open(7);
    await t.host.deviceAction(TABLE, 'start-timer');
    await settle();
    const before = t.host.state;
    expect(t.host.submit('p2', { actor: 'p2', type: 'roll' })).toEqual({ ok: false, reason: expect.stringMatching(/p1's turn/) });
    expect(t.host.state).toBe(before);
    expect(t.host.submit('p1', { actor: 'timer', type: 'fanfare' })).toMatchObject({ ok: false, reason: expect.stringMatching(/only make its own moves/) });
    expect(t.host.submit('p1', { actor: 'chance', type: 'chance', outcome: ['play', 'play'] })).toMatchObject({ ok: false });
    expect(t.host.state).toBe(before);
  });
});
