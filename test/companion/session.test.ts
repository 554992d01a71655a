import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { readSave, readSaveOrBackup } from '../../host/engine/index.ts';
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

function gameEvents(t: Table): string[] {
  return t.updates.flatMap((u) => (u.kind === 'moved' ? u.events.map((e) => e.type) : []));
}

describe('a Rebel Missions session on the virtual timer', () => {
  it('starts when the timer reports START, and shows the time from its events', async () => {
    const t = await table({ seed: 1 });
    expect(t.session.state.stage).toBe('awaiting-start');
    expect(t.session.play({ actor: 'p1', type: 'roll' })).toMatchObject({ ok: false, reason: expect.stringMatching(/press the triangle/) });
    expect(t.session.canStartTimer).toBe(true);
    await t.session.startTimer();
    await settle();
    expect(t.session.state.stage).toBe('roll');
    expect(t.session.clock).toMatchObject({ leftMs: 720_000, totalMs: 720_000, state: 'running' });
    await t.connection.link.request('SIM ADVANCE 31000');
    await settle();
    expect(t.session.clock.leftMs).toBeLessThan(720_000);
    expect(t.session.state.timeLeftMs).toBe(t.session.clock.leftMs);
  });

  it('asks for the code of a completed mission and takes the CHIME, then FANFARE for the last one', async () => {
    const t = await table({ seed: 2 });
    await t.connection.link.request('CONFIG correct=24 need=2');
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 2);
    const request = t.session.view().request;
    expect(request?.code).toMatch(/^[1-4]{3}$/);
    expect(gameEvents(t)).toContain('code-requested');
    expect(t.session.playersToMove()).toEqual([]);
    await t.session.enterCode();
    await settle();
    expect(t.updates.filter((u) => u.kind === 'timer').map((u) => (u.kind === 'timer' ? u.event.name : ''))).toContain('CHIME');
    expect(t.session.state.codesFound).toBe(1);
    expect(t.session.state.codeRequest).toBeNull();
    playUntilCodeRequested(t.session, 3);
    await t.session.enterCode();
    await until(() => t.session.over, 'the game to end');
    expect(t.session.state.stage).toBe('won');
    expect(t.updates.at(-1)).toMatchObject({ kind: 'finished', outcome: { winners: ['p1', 'p2'] } });
  });

  it('keeps the code request after a slip (BUZZ mistake) and passes the dice after a decoy', async () => {
    const t = await table({ seed: 4 });
    await t.connection.link.request('CONFIG correct=1 need=1');
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 4);
    const code = t.session.state.codeRequest?.code ?? '';
    // The same symbol twice begins no printed code: the timer buzzes at once.
    await t.connection.link.request(`PRESS ${code[0]}`);
    await t.connection.link.request(`PRESS ${code[0]}`);
    await settle();
    expect(gameEvents(t)).toContain('code-retry');
    expect(t.session.state.stage).toBe('enter-code');
    const turnPlayer = t.session.state.turnPlayer;
    await t.session.enterCode();
    await settle();
    const answer = t.updates.filter((u) => u.kind === 'timer').at(-1);
    if (answer?.kind === 'timer' && answer.event.name === 'BUZZ') {
      expect(answer.event.reason).toBe('decoy');
      expect(gameEvents(t)).toContain('code-rejected');
      expect(t.session.state.turnPlayer).not.toBe(turnPlayer);
    } else {
      // 1 printed code in 24 is correct: then this one was, and it won the game.
      expect(answer).toMatchObject({ kind: 'timer', event: { name: 'FANFARE' } });
      expect(t.session.state.stage).toBe('won');
    }
  });

  it('ends the game on TIMEOUT', async () => {
    const t = await table({ seed: 5 });
    await t.connection.link.request('CONFIG duration=60');
    await t.session.startTimer();
    await t.connection.link.request('SIM ADVANCE 61000');
    await settle();
    expect(t.session.state.stage).toBe('lost');
    expect(gameEvents(t)).toContain('game-lost');
    expect(t.session.clock).toMatchObject({ leftMs: 0, state: 'stopped' });
    expect(t.updates.find((u) => u.kind === 'finished')).toMatchObject({ outcome: { winners: [], summary: 'lost: time ran out' } });
  });

  it('leaves out, with a note, a timer event the rules do not accept now', async () => {
    const t = await table({ seed: 6 });
    await t.connection.link.request('CONFIG correct=24 need=4');
    await t.session.startTimer();
    const [printed] = await t.connection.link.codes();
    const before = t.session.match.log.moves.length;
    for (const digit of printed ?? '') await t.connection.link.request(`PRESS ${digit}`);
    await settle();
    expect(t.updates.some((u) => u.kind === 'note' && /CHIME does not fit the game now/.test(u.text))).toBe(true);
    expect(t.session.match.log.moves.length).toBe(before);
    expect(t.session.state.codesFound).toBe(0);
  });

  it("rejects an illegal player move with the rules' reason and changes nothing", async () => {
    const t = await table({ seed: 7 });
    await t.session.startTimer();
    await settle();
    const before = t.session.state;
    const step = t.session.play({ actor: 'p2', type: 'roll' });
    expect(step).toEqual({ ok: false, reason: expect.stringMatching(/p1's turn/) });
    expect(t.session.state).toBe(before);
    expect(t.updates.at(-1)).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/p1's turn/) });
    expect(t.session.play({ actor: 'timer', type: 'fanfare' } as never)).toMatchObject({ ok: false });
  });
});

describe('saving and resuming', () => {
  it('saves after every move, and a new session from the save carries on exactly', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 8, savePath });
    expect(readSave(rebelMissions, savePath).log.moves).toHaveLength(0);
    let checked = 0;
    t.session.onUpdate((u) => {
      if (u.kind !== 'moved') return;
      expect(readSave(rebelMissions, savePath).log.moves).toEqual(t.session.match.log.moves);
      checked++;
    });
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 8);
    expect(checked).toBe(t.session.match.log.moves.length);

    // The program is killed mid-game: the session is gone, the timer keeps running.
    const stateAtKill = t.session.state;
    t.session.close();
    await t.connection.link.request('SIM ADVANCE 40000');
    const loaded = readSaveOrBackup(rebelMissions, savePath);
    expect(loaded.source).toBe('save');
    expect(loaded.state).toEqual(stateAtKill);

    const resumed = new RebelMissionsSession({ match: { state: loaded.state, log: loaded.log }, timer: t.connection.link, savePath, assist: true });
    resumed.syncWith(await t.connection.link.status());
    expect(resumed.state.timeLeftMs).toBeLessThan(stateAtKill.timeLeftMs ?? 0);
    expect(resumed.state.codeRequest).toEqual(stateAtKill.codeRequest);
    await resumed.enterCode();
    await settle();
    expect(resumed.state.codeRequest).toBeNull();
    resumed.close();
  });

  it('catches up with a code the timer accepted while the companion was away', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 9, savePath });
    await t.connection.link.request('CONFIG correct=24 need=4');
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 9);
    const code = t.session.state.codeRequest?.code ?? '';
    t.session.close();
    for (const digit of code) await t.connection.link.request(`PRESS ${digit}`);
    const loaded = readSave(rebelMissions, savePath);
    const resumed = new RebelMissionsSession({ match: { state: loaded.state, log: loaded.log }, timer: t.connection.link, savePath, assist: true });
    const notes: string[] = [];
    resumed.onUpdate((u) => (u.kind === 'note' ? notes.push(u.text) : undefined));
    resumed.syncWith(await t.connection.link.status());
    expect(resumed.state.codesFound).toBe(1);
    expect(resumed.state.codeRequest).toBeNull();
    expect(notes.join(' ')).toMatch(/accepted the code while the companion was away/);
    resumed.close();
  });

  it('explains a timer that lost its countdown, and carries on at its next START', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 10, savePath });
    await t.connection.link.request('CONFIG correct=24 need=3');
    await t.session.startTimer();
    await settle();
    playUntilCodeRequested(t.session, 10);
    await t.session.enterCode();
    await settle();
    expect(t.session.state.codesFound).toBe(1);
    await t.connection.link.request('SIM ADVANCE 100500');
    await settle();
    playUntilCodeRequested(t.session, 11);
    const saved = readSave(rebelMissions, savePath);
    expect(saved.state.timeLeftMs).toBe(t.session.clock.leftMs);
    // A fresh timer: switched off and on again, it is `ready`.
    const fresh = await connectTimer({ kind: 'virtual', seed: 10, realTime: false });
    try {
      const resumed = new RebelMissionsSession({ match: { state: saved.state, log: saved.log }, timer: fresh.link, savePath, assist: true });
      const notes: string[] = [];
      resumed.onUpdate((u) => (u.kind === 'note' ? notes.push(u.text) : undefined));
      resumed.syncWith(fresh.status);
      expect(notes.join(' ')).toMatch(
        /timer is ready although this game had started.*lost its countdown.*Choose "Start the timer" to start it again with the time that was left/,
      );
      expect(resumed.canStartTimer).toBe(true);
      expect(resumed.state).toEqual(saved.state);
      await fresh.link.request('CONFIG correct=24');
      await resumed.startTimer();
      await settle();
      // The virtual timer is set to the time left and the codes still needed first.
      expect(resumed.state.stage).toBe('enter-code');
      expect(resumed.state.timeLeftMs).toBe(Math.ceil((saved.state.timeLeftMs ?? 0) / 1000) * 1000);
      expect((await fresh.link.request('CONFIG')).fields).toMatchObject({ need: '3' });
      expect(resumed.countdownWasLost).toBe(false);
      expect(notes.at(-1)).toMatch(/new countdown: the game carries on/);
      // The timer counts from zero again; the game keeps the code found before.
      await resumed.enterCode();
      await settle();
      expect(resumed.state.codesFound).toBe(2);
      resumed.close();
    } finally {
      await fresh.close();
    }
  });

  it('reports a save that cannot be written and goes on', async () => {
    const t = await table({ seed: 11, savePath: '/proc/no-such-place/save.json' });
    await t.session.startTimer();
    await settle();
    expect(t.session.state.stage).toBe('roll');
    expect(t.updates.some((u) => u.kind === 'save-failed' && /could not save the game to \/proc\/no-such-place/.test(u.message))).toBe(true);
  });

  it('falls back to the backup when the save is damaged', async () => {
    const savePath = tempSavePath();
    const t = await table({ seed: 12, savePath });
    await t.session.startTimer();
    await settle();
    t.session.play({ actor: 'p1', type: 'roll' });
    const good = t.session.match.log.moves.length;
    writeFileSync(savePath, readFileSync(savePath, 'utf8').replace('"seed"', '"sead"'));
    const loaded = readSaveOrBackup(rebelMissions, savePath);
    expect(loaded.source).toBe('backup');
    expect(loaded.problem).toMatch(/damaged/);
    expect(loaded.log.moves.length).toBe(good - 1);
  });
});
