// A "be quick" window in the terminal and the JSON stream (Ambush with quick-seconds 5, three
// people, a manual clock): the countdown shown, the passes told when the time runs out, and the
// question it ends dropped, without a stray Enter uncovering the next person's screen.
import { describe, expect, it } from 'vitest';
import { TableHost } from '../../host/table/host.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { MORE_LINE, runTableTerminal } from '../../host/table/terminal.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { ambushEntry } from './entries.ts';
import { CapturedOutput, typedInput } from './support.ts';

const people = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: null },
  { name: 'Cy', bot: null },
] as const;

function quickHost(seats: readonly { name: string; bot: string | null }[] = people, seed = 3) {
  const clock = new ManualClock(0);
  const { host } = TableHost.start(ambushEntry, { seats, seed, options: { 'quick-seconds': 5 } }, { savePath: null, clock });
  return { host, clock };
}

/** The menu number of the line labelled `label` among the lines written so far (the last menu). */
const menuNumber = (lines: readonly string[], label: string): string | null => {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^ {2}(\d+)\. (.*)$/.exec(lines[i] as string);
    if (m?.[2]?.toLowerCase().startsWith(label.toLowerCase())) return m[1] as string;
  }
  return null;
};

describe('the terminal in a quick window', () => {
  it('shows "Be quick: 5 s", tells the passes when the time runs out, and goes on with the next person', async () => {
    const { host, clock } = quickHost();
    const input = typedInput();
    let owner = '';
    let left = 0;
    const output = new CapturedOutput((line) => {
      const pass = /^Pass to (\w+), then press Enter\.$/.exec(line);
      if (pass) {
        owner = pass[1] as string;
        input.type('');
      }
      if (line === 'Press Enter to hide your screen.' || line === MORE_LINE) input.type('');
      if (line.startsWith('  q. Leave the table')) {
        if (owner === 'Ben') input.type(menuNumber(output.lines, 'pass') ?? 'q');
        else if (owner === 'Cy')
          setImmediate(() => clock.pass(5000)); // Cy thinks too long
        else if (owner === 'Ana') input.type('q');
      }
      if (line.startsWith('Be quick:')) left++;
    });
    const end = await runTableTerminal(host, { input, output, tty: false });
    expect(end).toBe('quit');
    const text = output.text;
    expect(text).toContain('Be quick: 5 s.');
    expect(left).toBeGreaterThanOrEqual(3); // Ben's pass screen and menu, Cy's pass screen and menu
    expect(text).toContain('Time is up (miss-turn): Cy passes.');
    expect(host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    // After the time-up, Cy's screen is hidden before Ana's turn is passed to her.
    const up = output.lines.indexOf('Time is up (miss-turn): Cy passes.');
    const hide = output.lines.indexOf('Press Enter to hide your screen.', up);
    const toAna = output.lines.indexOf('Pass to Ana, then press Enter.', up);
    expect(hide).toBeGreaterThan(up);
    expect(toAna).toBeGreaterThan(hide);
    await host.close();
  });

  it('a time-up on the pass screen asks for an Enter to go on, so a late Enter cannot uncover the next screen', async () => {
    const { host, clock } = quickHost();
    const input = typedInput();
    let passScreens = 0;
    const output = new CapturedOutput((line) => {
      if (/^Pass to \w+, then press Enter\.$/.test(line)) {
        passScreens++;
        // Nobody takes the screen for Ben: the time runs out on the pass screen.
        if (passScreens === 1) setImmediate(() => clock.pass(5000));
        else input.type('q'); // (at Ana's pass screen: any line; then q at her menu)
      }
      if (line === 'Press Enter to go on.' || line === MORE_LINE) input.type('');
      if (line.startsWith('  q. Leave the table')) input.type('q');
    });
    const end = await runTableTerminal(host, { input, output, tty: false });
    expect(end).toBe('quit');
    const up = output.lines.indexOf('Time is up (miss-turn): Ben and Cy pass.');
    expect(up).toBeGreaterThan(0);
    const goOn = output.lines.indexOf('Press Enter to go on.', up);
    expect(goOn).toBeGreaterThan(up);
    expect(output.lines.indexOf('Pass to Ana, then press Enter.', up)).toBeGreaterThan(goOn);
    expect(host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    await host.close();
  });

  it('with one person at the table (no passing the screen), the time-up ends their own menu and says "you pass"', async () => {
    const seats = [
      { name: 'Ana', bot: 'random' },
      { name: 'Ben', bot: null },
      { name: 'Cy', bot: 'random' },
    ];
    const { host, clock } = quickHost(seats, 1); // (seed 1: Cy the bot passes, so the window waits on Ben)
    const input = typedInput();
    const output = new CapturedOutput((line) => {
      if (line.startsWith('  q. Leave the table')) {
        if (host.snapshot('p2').countdown !== null) setImmediate(() => clock.pass(5000));
        else input.type('q');
      }
    });
    const end = await runTableTerminal(host, { input, output, tty: false });
    expect(end).toBe('quit');
    expect(output.text).not.toContain('Pass to');
    const up = output.lines.findIndex((l) => l.startsWith('Time is up (miss-turn): '));
    expect(up).toBeGreaterThan(0);
    expect(output.lines[up]).toMatch(/you pass\.$/);
    // Ben only ever let the time run out (he left at his first menu without a countdown).
    const bens = host.log.moves.filter((m) => m.actor === 'p2');
    expect(bens.length).toBeGreaterThan(0);
    expect(bens.every((m) => m.type === 'pass')).toBe(true);
    await host.close();
  });
});

describe('the JSON stream in a quick window', () => {
  it('table, view and prompt lines carry the countdown; a time-up line names who is passed, then their moves follow', async () => {
    const { host, clock } = quickHost();
    const input = typedInput();
    const records: Record<string, unknown>[] = [];
    let timedOut = false;
    const output = new CapturedOutput((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      records.push(record);
      if (record['type'] === 'prompt' && record['seat'] === 'p2' && !timedOut) {
        timedOut = true;
        setImmediate(() => {
          clock.pass(2000);
          input.type(JSON.stringify({ actor: 'p2', type: 'pass' }));
          setImmediate(() => clock.pass(3000));
        });
      }
      if (record['type'] === 'prompt' && record['seat'] === 'p1') input.type('quit');
    });
    const end = await runTableJson(host, { input, output }, { as: null });
    expect(end).toBe('quit');
    const table = records.find((r) => r['type'] === 'table');
    expect(table?.['countdown']).toMatchObject({ window: 'miss-turn', seconds: 5, leftMs: 5000 });
    const prompts = records.filter((r) => r['type'] === 'prompt' && (r['seat'] === 'p2' || r['seat'] === 'p3'));
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const p of prompts) expect(p['countdown']).toMatchObject({ window: 'miss-turn', seconds: 5 });
    // Ben's pass after 2 s leaves Cy 3 s: his own view line says so.
    const benView = records.find((r) => r['type'] === 'view' && r['seat'] === 'p2');
    expect(benView?.['countdown']).toMatchObject({ window: 'miss-turn', seconds: 5, leftMs: 3000 });
    const up = records.findIndex((r) => r['type'] === 'time-up');
    expect(records[up]).toEqual({ type: 'time-up', window: 'miss-turn', passing: ['p3'] });
    expect(records.slice(up).find((r) => r['type'] === 'move' && r['seat'] === 'p3')).toEqual({
      type: 'move',
      seat: 'p3',
      move: { actor: 'p3', type: 'pass' },
    });
    const after = records.slice(up).find((r) => r['type'] === 'table');
    expect(after?.['countdown']).toBeNull();
    await host.close();
  });
});
