// Stolen Plans' quick windows at the table (W4): the windows windows.json marks quick (the Miss a
// Turn window at the start of a turn) carry the game's quick-window-seconds as their time limit;
// the host counts them from the moment they open, the same for everyone, and passes whoever has
// not answered when the time runs out; with a timer connected the window is counted down on it
// with TIMER <s> and ends on its TIMEOUT. All on a manual clock.
import { describe, expect, it } from 'vitest';
import { limitOf } from '../../../host/engine/decisions.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { replayTable } from '../../../host/engine/table-play.ts';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { stolenPlansEntry, stolenPlansTable } from '../../../host/games/stolen-plans/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type HostOptions } from '../../../host/table/host.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { MORE_LINE, runTableTerminal } from '../../../host/table/terminal.ts';
import type { SpState } from '../../../host/games/stolen-plans/state.ts';
import { CapturedOutput, FakeTimer, typedInput } from '../../table/support.ts';

const people = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: null },
  { name: 'Cy', bot: null },
] as const;

/** Bonus cards (two Miss a Turn), three people; Ana draws, so Ben's turn opens with the Miss a Turn window. */
async function atBensTurnStart(seconds: number | null, options: Partial<HostOptions> = {}) {
  const clock = new ManualClock(1000);
  const chosen: Record<string, boolean | number> = seconds === null ? { bonus: true } : { bonus: true, 'quick-window-seconds': seconds };
  const { host } = TableHost.start(stolenPlansEntry, { seats: people, seed: 7, options: chosen }, { savePath: null, clock, ...options });
  await host.settled();
  expect(host.submit('p1', { actor: 'p1', type: 'draw' }).ok).toBe(true);
  await host.settled();
  return { host, clock };
}

describe("Stolen Plans' quick windows at the table", () => {
  it('windows.json marks the windows the rulebook says to be quick about', () => {
    expect(
      CATALOG.windows
        .filter((w) => w.quick)
        .map((w) => w.id)
        .sort(),
    ).toEqual(['drawn', 'scout-played', 'turn-start']);
  });

  it("opens the Miss a Turn window with the game's quick-window seconds, counted the same for everyone; when they run out whoever has not answered is passed", async () => {
    const { host, clock } = await atBensTurnStart(4);
    const top = host.state.stack.at(-1);
    expect(top?.kind).toBe('turn-start');
    expect(top === undefined ? null : limitOf(top)).toBe(4);
    const countdown = host.snapshot(TABLE).countdown;
    expect(countdown).toEqual({ window: 'turn-start', seconds: 4, startedAt: 1000, endsAt: 5000 });
    for (const seat of ['p1', 'p2', 'p3']) expect(host.snapshot(seat).countdown).toEqual(countdown);
    // Its pass says nobody needs to answer: the time passes whoever has not.
    const ana = host.snapshot('p1');
    const pass = ana.moves.find((m) => m.type === 'pass');
    expect(pass === undefined ? null : stolenPlansEntry.renderer.moveLabel(pass, ana.view, host.names)).toEqual({
      label: 'Let the turn start',
      hint: 'Play no Miss a Turn on this turn. A quick window: no need to answer, you pass when its 4 s are up.',
    });
    // Ben waits: the window does not ask him, and it is not a race against him.
    expect(host.snapshot('p2').moves).toEqual([]);
    clock.pass(1500);
    expect(host.submit('p3', { actor: 'p3', type: 'pass' }).ok).toBe(true);
    expect(host.snapshot(TABLE).countdown).toEqual(countdown); // a pass that leaves Ana to answer does not stop it
    clock.pass(2499);
    expect(host.log.moves).toHaveLength(2);
    clock.pass(1);
    expect(host.log.moves.slice(2)).toEqual([{ actor: 'p1', type: 'pass' }]);
    expect(host.snapshot(TABLE).countdown).toBeNull();
    expect(host.snapshot('p2').moves.some((m) => m.type === 'draw')).toBe(true); // Ben's turn goes on
    expect(replayTable(stolenPlansEntry.game, host.log)).toEqual(host.state);
    await host.close();
  });

  it('is 5 seconds by default, and a window everyone answered closes without anything left counting', async () => {
    const { host, clock } = await atBensTurnStart(null);
    expect(host.snapshot(TABLE).countdown?.seconds).toBe(5);
    host.submit('p1', { actor: 'p1', type: 'pass' });
    host.submit('p3', { actor: 'p3', type: 'pass' });
    expect(host.snapshot(TABLE).countdown).toBeNull();
    expect(clock.timers).toHaveLength(0);
    await host.close();
  });

  it('with a timer connected, counts the window down on it with TIMER and ends it on its TIMEOUT', async () => {
    const timer = new FakeTimer();
    const { host, clock } = await atBensTurnStart(6, { timer });
    await host.settled();
    expect(timer.commands.filter((c) => c.startsWith('TIMER'))).toEqual(['TIMER 6']);
    clock.pass(6000);
    expect(host.log.moves).toHaveLength(1);
    timer.emit({ name: 'TIMEOUT' });
    // Passed in the order the window asks them: from Ben's left.
    expect(host.log.moves.slice(1)).toEqual([
      { actor: 'p3', type: 'pass' },
      { actor: 'p1', type: 'pass' },
    ]);
    await host.close();
  });

  it('a whole game where people never answer a quick window: each is passed when its time runs out, and the game goes on to the end', async () => {
    const clock = new ManualClock(0);
    const { host } = TableHost.start(
      stolenPlansEntry,
      { seats: [...people, { name: 'Dee', bot: 'hunter' }], seed: 12, options: { bonus: true, 'quick-window-seconds': 3 } },
      { savePath: null, clock },
    );
    const random = randomFrom(seedRng(4));
    let expired = 0;
    for (let step = 0; step < 5000 && !host.result.finished; step++) {
      await host.settled();
      if (host.result.finished) break;
      if (host.countdownLeftMs() !== null) {
        clock.pass(3000);
        expired++;
        continue;
      }
      const seat = host.snapshot(TABLE).waitingOn[0] as string;
      const moves = host.snapshot(seat).moves;
      expect(host.submit(seat, random.pick(moves)).ok).toBe(true);
    }
    expect(host.result.finished).toBe(true);
    expect(expired).toBeGreaterThan(3);
    expect(host.log.moves.filter((m) => m.type === 'pass').length).toBeGreaterThanOrEqual(expired);
    expect(replayTable(stolenPlansEntry.game, host.log)).toEqual(host.state);
    await host.close();
  }, 60_000);

  it("in pass-and-play, who is shown the Miss a Turn window, in what order, and each one's time do not depend on what anyone holds", async () => {
    const { host: dealt } = await atBensTurnStart(null);
    const state = dealt.state;
    await dealt.close();
    expect(state.stack.at(-1)?.kind).toBe('turn-start');
    /** The pass-and-play screens from that state when nobody answers: the public lines, each with the clock's time. */
    const screens = async (s: SpState): Promise<string[]> => {
      const clock = new ManualClock(0);
      const game = { ...stolenPlansEntry.game, setup: () => ({ state: s, events: [] }) };
      const { host } = TableHost.start({ ...stolenPlansEntry, game }, { seats: people, seed: 1 }, { savePath: null, clock, windowClock: 'front-end' });
      const input = typedInput();
      const seen: string[] = [];
      const output = new CapturedOutput((line) => {
        if (/^(Pass to |A quick window|Be quick|Time is up)/.test(line)) seen.push(`${clock.now()} ${line}`);
        if (line.startsWith('Pass to ')) input.type('');
        if (line === 'Press Enter to hide your screen.' || line === MORE_LINE) input.type('');
        if (line.startsWith('  q. Leave the table')) {
          // Nobody answers the window (whatever they hold); Ben, whose turn it is, leaves at his menu.
          if (host.openWindow() === null) input.type('q');
          else setImmediate(() => clock.pass(5000));
        }
      });
      expect(await runTableTerminal(host, { input, output, tty: false })).toBe('quit');
      await host.close();
      return seen;
    };
    const random = randomFrom(seedRng(9));
    const here = await screens(state);
    expect(here).toEqual([
      '0 Pass to Cy, then press Enter.',
      '0 A quick window: 5 s to answer, from when your screen shows.',
      '0 Be quick: 5 s.',
      '5000 Time is up: you pass.',
      '5000 Pass to Ana, then press Enter.',
      '5000 A quick window: 5 s to answer, from when your screen shows.',
      '5000 Be quick: 5 s.',
      '10000 Time is up: you pass.',
      '10000 Pass to Ben, then press Enter.',
    ]);
    let different = 0;
    for (let i = 0; i < 6; i++) {
      const other = stolenPlansTable.determinize(state, 'p2', random);
      if (JSON.stringify(other.hands) !== JSON.stringify(state.hands)) different++;
      expect(await screens(other)).toEqual(here);
    }
    expect(different).toBeGreaterThan(3);
  });
});
