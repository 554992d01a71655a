// A "be quick" window in pass-and-play (Ambush with quick-seconds 5, three people, a manual
// clock), on a host that leaves the counting to the terminal (`windowClock: 'front-end'`, as
// `play` runs it): each person the window asks is shown it privately in turn, their own time
// starting when their screen shows; whoever lets it run out is passed and told so on their own
// screen; nobody is told "you pass" for a window they did not see; a resumed match asks its open
// window afresh the same way; the timer's TIME reports are no news.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TableHost, type HostOptions } from '../../host/table/host.ts';
import { MORE_LINE, runTableTerminal, type TerminalOptions } from '../../host/table/terminal.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { ambushEntry } from './entries.ts';
import { CapturedOutput, FakeTimer, typedInput } from './support.ts';

const people = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: null },
  { name: 'Cy', bot: null },
] as const;

const QUICK = { 'quick-seconds': 5 };

/** The menu number of the line labelled `label` among the lines written so far (the last menu). */
const menuNumber = (lines: readonly string[], label: string): string | null => {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^ {2}(\d+)\. (.*)$/.exec(lines[i] as string);
    if (m?.[2]?.toLowerCase().startsWith(label.toLowerCase())) return m[1] as string;
  }
  return null;
};

type Who = 'Ana' | 'Ben' | 'Cy';
type AmbushHost = ReturnType<typeof quickHost>['host'];

/**
 * The terminal with scripted people: on each pass screen `onPass(name)` runs (then Enter), at each
 * menu `onMenu(name)` answers (a line to type, or null to type nothing); each line is kept with
 * whose screen was up when it was written.
 */
async function pass(
  host: AmbushHost,
  script: { onPass?: (who: Who) => void; onMenu: (who: Who, lines: readonly string[]) => string | null; onBegin?: () => void },
  options: TerminalOptions = {},
) {
  const input = typedInput();
  let owner: Who | null = null;
  const seen: { line: string; owner: Who | null }[] = [];
  const output = new CapturedOutput((line) => {
    const pass = /^Pass to (\w+), then press Enter\.$/.exec(line);
    if (pass) owner = pass[1] as Who;
    seen.push({ line, owner });
    if (line === 'Press Enter to begin.') {
      script.onBegin?.();
      input.type('');
    }
    if (line.startsWith('(Only the player named')) {
      const who = owner as Who;
      setImmediate(() => {
        script.onPass?.(who);
        input.type('');
      });
    }
    if (line === 'Press Enter to hide your screen.' || line === MORE_LINE) input.type('');
    if (line.startsWith('  q. Leave the table')) {
      const typed = script.onMenu(owner as Who, output.lines);
      if (typed !== null) input.type(typed);
    }
  });
  const end = await runTableTerminal(host, { input, output, tty: false }, options);
  return { end, seen, lines: output.lines };
}

function quickHost(options: Partial<HostOptions> = {}) {
  const clock = new ManualClock(0);
  const { host } = TableHost.start(ambushEntry, { seats: people, seed: 3, options: QUICK }, { savePath: null, clock, windowClock: 'front-end', ...options });
  return { host, clock };
}

describe('a quick window in pass-and-play, each person timed from their own screen', () => {
  it('the host counts nothing itself: no countdown in the snapshots, no TIMER on the timer, nobody passed however long the table waits', async () => {
    const timer = new FakeTimer();
    const { host, clock } = quickHost({ timer });
    await host.settled();
    expect(host.openWindow()).toEqual({ window: 'miss-turn', seconds: 5, serial: 1 });
    expect(host.snapshot('p2').countdown).toBeNull();
    expect(host.snapshot('p2').moves.length).toBeGreaterThan(0);
    expect(host.countdownLeftMs()).toBeNull();
    clock.pass(60_000);
    await host.settled();
    expect(host.log.moves).toEqual([]);
    expect(timer.commands.filter((c) => c.startsWith('TIMER'))).toEqual([]);
    await host.close();
  });

  it('asks each person in turn; a long wait on a pass screen costs nothing; a person who lets their own time run out is passed, told on their own screen', async () => {
    const { host, clock } = quickHost();
    const run = await pass(host, {
      // Nobody takes the screen for a whole minute: the time has not started yet.
      onPass: (who) => {
        if (who !== 'Ana') clock.pass(60_000);
      },
      onMenu: (who, lines) => {
        if (who === 'Ben') return menuNumber(lines, 'pass') ?? 'q';
        if (who === 'Cy') {
          setImmediate(() => clock.pass(4999));
          setImmediate(() => setImmediate(() => clock.pass(1))); // Cy thinks too long
          return null;
        }
        return 'q';
      },
    });
    expect(run.end).toBe('quit');
    expect(host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    const lines = run.seen;
    // Both pass screens say the window's time starts with the screen, and each menu has the whole 5 s.
    for (const who of ['Ben', 'Cy'] as const) {
      const at = lines.findIndex((l) => l.line === `Pass to ${who}, then press Enter.`);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(lines.slice(at, at + 4).map((l) => l.line)).toContain('A quick window: 5 s to answer, from when your screen shows.');
      const menu = lines.findIndex((l, i) => i > at && l.line === 'Be quick: 5 s.');
      expect(menu, who).toBeGreaterThan(at);
    }
    // Cy is told on his own screen, which he then hides before Ana's is passed to her; nobody else is told "you pass".
    const up = lines.filter((l) => l.line.startsWith('Time is up'));
    expect(up).toEqual([{ line: 'Time is up: you pass.', owner: 'Cy' }]);
    const upAt = lines.findIndex((l) => l.line === 'Time is up: you pass.');
    const hide = lines.findIndex((l, i) => i > upAt && l.line === 'Press Enter to hide your screen.');
    const toAna = lines.findIndex((l) => l.line === 'Pass to Ana, then press Enter.');
    expect(hide).toBeGreaterThan(upAt);
    expect(toAna).toBeGreaterThan(hide);
    await host.close();
  });

  it('a window someone takes is never passed for those not yet asked, nor told to them as a pass', async () => {
    // Seed with Ben holding a Miss a Turn: he plays it, so Cy is never shown the window.
    let found: AmbushHost | null = null;
    for (let seed = 1; seed < 60 && found === null; seed++) {
      const clock = new ManualClock(0);
      const { host } = TableHost.start(ambushEntry, { seats: people, seed, options: QUICK }, { savePath: null, clock, windowClock: 'front-end' });
      await host.settled();
      if (host.snapshot('p2').moves.some((m) => m.type === 'miss-turn')) found = host;
      else await host.close();
    }
    if (found === null) throw new Error('no deal gives Ben a Miss a Turn');
    const host = found;
    let menus = 0;
    const run = await pass(host, {
      onMenu: (who, lines) => {
        menus++;
        if (who === 'Ben' && menus === 1) return menuNumber(lines, 'Miss a Turn') ?? menuNumber(lines, 'miss') ?? 'q';
        return 'q';
      },
    });
    expect(run.end).toBe('quit');
    expect(host.log.moves[0]).toMatchObject({ actor: 'p2', type: 'miss-turn' });
    expect(host.log.moves.some((m) => m.type === 'pass')).toBe(false);
    expect(run.seen.some((l) => l.line === 'Pass to Cy, then press Enter.' && host.log.moves.length === 0)).toBe(false);
    expect(run.lines.some((l) => l.startsWith('Time is up'))).toBe(false);
    await host.close();
  });

  it('a resumed match with the window open asks it afresh the same way: nothing runs out while "Press Enter to begin" is up', async () => {
    const path = join(testTempDir('quick-pass-'), 'ambush.json');
    const first = TableHost.start(ambushEntry, { seats: people, seed: 3, options: QUICK }, { savePath: path, windowClock: 'front-end' });
    await first.host.settled();
    expect(first.host.openWindow()).not.toBeNull();
    await first.host.close();
    const clock = new ManualClock(0);
    const { host } = TableHost.resume(ambushEntry, { savePath: path, clock, windowClock: 'front-end' });
    const run = await pass(
      host,
      {
        onBegin: () => clock.pass(60_000),
        onMenu: (who, lines) => {
          if (who === 'Ben') return menuNumber(lines, 'pass') ?? 'q';
          if (who === 'Cy') {
            setImmediate(() => clock.pass(5000));
            return null;
          }
          return 'q';
        },
      },
      { holdIntro: true },
    );
    expect(run.end).toBe('quit');
    expect(host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    // Every pass screen is followed by that person's own screen (no empty "Pass to" screen).
    for (const [i, l] of run.seen.entries()) {
      const to = /^Pass to (\w+), then press Enter\.$/.exec(l.line);
      if (to === null) continue;
      expect(run.seen.slice(i + 1).find((x) => / \(p\d\)$/.test(x.line))?.line, `the screen after "${l.line}"`).toMatch(new RegExp(`^${to[1]} \\(p\\d\\)$`));
    }
    expect(run.seen.filter((l) => l.line.startsWith('Time is up'))).toEqual([{ line: 'Time is up: you pass.', owner: 'Cy' }]);
    await host.close();
  });

  it('in a terminal, the prompt line under the menu shows the time left, redrawn in place', async () => {
    const seats = [
      { name: 'Ana', bot: 'random' },
      { name: 'Ben', bot: null },
      { name: 'Cy', bot: 'random' },
    ];
    const clock = new ManualClock(0);
    const { host } = TableHost.start(ambushEntry, { seats, seed: 1, options: QUICK }, { savePath: null, clock, windowClock: 'front-end' });
    const input = typedInput();
    let inWindow: boolean | null = null;
    const output = new CapturedOutput((line) => {
      if (line.includes('q. Leave the table') && inWindow === null) {
        inWindow = host.openWindow() !== null;
        input.type('q');
      }
    });
    // Everything written, the prompt line that is redrawn without a newline included.
    let raw = '';
    const write = output.write.bind(output);
    output.write = ((chunk: unknown, ...args: unknown[]) => {
      raw += String(chunk);
      return (write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...args);
    }) as typeof output.write;
    expect(await runTableTerminal(host, { input, output, tty: true }, { redrawMs: 10 })).toBe('quit');
    expect(inWindow).toBe(true);
    expect(raw).toMatch(/\r\x1b\[K[^\n]*Be quick: 5 s\.[^\n]* {2}> /);
    await host.close();
  });

  it("a table device's TIME reports are not told (the countdown was told when it started)", async () => {
    const timer = new FakeTimer();
    const { host, clock } = quickHost({ timer });
    let told = 0;
    const run = await pass(host, {
      onMenu: (who) => {
        if (told++ === 0) {
          setImmediate(() => {
            timer.emit({ name: 'TIME', leftMs: 4500 });
            timer.emit({ name: 'TIME', leftMs: 4000 });
          });
          setImmediate(() => setImmediate(() => setImmediate(() => clock.pass(5000))));
          return null;
        }
        void who;
        return 'q';
      },
    });
    expect(run.end).toBe('quit');
    expect(run.lines.some((l) => l.startsWith('The timer: TIME'))).toBe(false);
    await host.close();
  });
});
