// Rebel Missions through the table front ends (host/table/json-stream.ts, terminal.ts) on the
// built-in virtual timer: whole games with people choosing from the menus and asking the host to
// start the timer and enter the codes (device actions), the countdown in every snapshot line and
// on the screen, and wrong input answered with what to send. Replaces the old --json stream's
// and terminal's Rebel Missions tests (test/companion/json-stream*.test.ts, e2e.test.ts's terminal part).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTimer, type TimerConnection } from '../../../host/link/timer-connection.ts';
import { rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { runTableTerminal } from '../../../host/table/terminal.ts';
import { runJsonWithPeople, runTerminalWithPeople, typedInput } from '../../table/support.ts';

const opened: { host: { close(): Promise<void> }; connection: TimerConnection }[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) {
    await t.host.close();
    await t.connection.close();
  }
});

async function table(seed: number, seats: { name: string; bot: string | null }[]) {
  const connection = await connectTimer({ kind: 'virtual', seed, realTime: false });
  const { host } = TableHost.start(entry, { seats, seed }, { savePath: null, timer: connection.link, assist: connection.assist, now: connection.now });
  opened.push({ host, connection });
  return { host, connection };
}

describe('Rebel Missions on the table front ends', () => {
  it('the JSON stream: people play to the end, start the timer and enter the codes as actions; the countdown rides on every snapshot', async () => {
    const { host } = await table(3, [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ]);
    let badSent = false;
    const run = await runJsonWithPeople(host, {
      as: null,
      seed: 3,
      onRecord: (record, type) => {
        if (record['type'] !== 'table') return;
        const actions = (record['actions'] as { action: string }[] | undefined) ?? [];
        if (!badSent) {
          badSent = true;
          type('{"action":"self-destruct"}');
          type('{"action":"pause-timer"}');
        }
        for (const wanted of ['start-timer', 'enter-code']) if (actions.some((a) => a.action === wanted)) type(JSON.stringify({ action: wanted }));
      },
    });
    expect(run.end).toBe('finished');
    const types = new Set(run.records.map((r) => r['type']));
    for (const t of ['start', 'table', 'prompt', 'game-event', 'timer-event', 'result']) expect(types).toContain(t);
    expect(run.records.at(-1)).toMatchObject({ type: 'result', winners: ['p1', 'p2'], summary: expect.stringMatching(/^won/) });
    const first = run.records.find((r) => r['type'] === 'table');
    expect(first).toMatchObject({
      clock: { leftMs: null, state: 'waiting' },
      held: null,
      actions: [{ action: 'start-timer', label: expect.stringContaining('Start the timer') }],
    });
    expect(run.records.some((r) => r['type'] === 'prompt' && (r['clock'] as { state?: string } | undefined)?.state === 'running')).toBe(true);
    expect(run.records).toContainEqual({ type: 'error', message: '{"action": ...} is one of start-timer, resume-timer, pause-timer, enter-code' });
    expect(run.records).toContainEqual(
      expect.objectContaining({ type: 'rejected', move: { action: 'pause-timer' }, reason: 'the countdown is not running: there is nothing to pause' }),
    );
    // The dice were chance's moves, logged.
    expect(host.log.moves.some((m) => m.actor === 'chance')).toBe(true);
  });

  it('table dice on the JSON stream: the faces rolled at the table are entered, a wrong one refused with the faces there are, and the game plays to the end', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 6, realTime: false });
    const { host } = TableHost.start(
      entry,
      {
        seats: [
          { name: 'Ana', bot: 'cooperative' },
          { name: 'Ben', bot: 'random' },
        ],
        seed: 6,
      },
      { savePath: null, timer: connection.link, assist: true, now: connection.now, chance: 'table' },
    );
    opened.push({ host, connection });
    const faces = ['single-token', 'double-token', 'play', 'all-play', 'empire'];
    let rolls = 0;
    const run = await runJsonWithPeople(host, {
      as: null,
      seed: 6,
      onRecord: (record, type) => {
        if (record['type'] !== 'table' || record['dice'] === null) return;
        if (rolls === 0) type('{"dice":["play","lightsaber"]}');
        type(JSON.stringify({ dice: [faces[rolls % 5], faces[(rolls * 3 + 1) % 5]] }));
        rolls++;
      },
    });
    expect(run.end).toBe('finished');
    expect(rolls).toBeGreaterThan(2);
    expect(run.records).toContainEqual(
      expect.objectContaining({
        type: 'rejected',
        reason: 'the dice: die 2 (Rebel die) has no face "lightsaber"; its faces are single-token, double-token, play, all-play, empire',
      }),
    );
    expect(run.records.find((r) => r['type'] === 'table' && r['dice'] !== null)).toMatchObject({
      dice: { kind: 'roll', dice: [{ id: 'rebel' }, { id: 'rebel' }] },
    });
  });

  it('the terminal: one person and a bot play to the end; the timer line is shown, and the host starts the timer and enters the codes when asked', async () => {
    const { host } = await table(4, [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'cooperative' },
    ]);
    const run = await runTerminalWithPeople(host, {
      seed: 4,
      onLine: (line, type) => {
        if (line.startsWith('  s. Start the timer')) type('s');
        if (line.startsWith('  c. Enter the code')) type('c');
      },
    });
    expect(run.end).toBe('finished');
    const text = run.lines.join('\n');
    expect(text).toMatch(/Timer {2}░+ {2}--:-- {2}press ▲ on the timer to start/);
    expect(text).toMatch(/Timer {2}█+░* {2}12:00/);
    expect(text).toMatch(/Game over: you all win \(/);
    expect(text).toMatch(/You roll \[/);
    expect(text).toMatch(/Ben rolls \[/);
    expect(run.passes).toEqual([]); // one person: nobody passes the screen
  });

  it('the terminal: two people play to the end on the table screen, nothing hidden, no screen passed, pausing too', async () => {
    const { host } = await table(4, [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ]);
    let paused = false;
    const run = await runTerminalWithPeople(host, {
      seed: 4,
      onLine: (line, type) => {
        if (line.startsWith('  s. Start the timer')) type('s');
        if (line.startsWith('  r. Resume the timer')) type('r');
        if (line.startsWith('  c. Enter the code')) type('c');
        if (line.startsWith('  p. Pause the timer') && !paused) {
          paused = true;
          type('p');
        }
      },
    });
    expect(run.end).toBe('finished');
    expect(paused).toBe(true);
    // Rebel Missions has no hidden information: no pass screen, no hide screen, no cleared screen.
    expect(run.passes).toEqual([]);
    expect(run.lines.filter((l) => /^Pass to |^Press Enter to (hide|begin)|^\f$/.test(l))).toEqual([]);
    const text = run.lines.join('\n');
    // The opening shows the table: each player's Rebel profile among it.
    const opening = run.lines.slice(
      0,
      run.lines.findIndex((l) => l.startsWith('Timer: ') || l.startsWith('  s. ')),
    );
    expect(opening.join('\n')).toMatch(/Ana +Kanan Jarrus: /);
    expect(opening.join('\n')).toMatch(/Ben +Ezra Bridger: /);
    expect(text).toMatch(/^Ana \(p1\)$/m);
    expect(text).toMatch(/^Ben \(p2\)$/m);
    // The table's news is told once, as it comes: no "Since your last turn" catching up on it.
    expect(text).not.toContain('Since your last turn:');
    expect(text).toMatch(/Game over: you all win \(\d+ correct codes entered\)\./);
  });

  it('in a terminal, the prompt line shows the countdown and redraws it in place while the menu waits', async () => {
    const { host, connection } = await table(5, [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'cooperative' },
    ]);
    const input = typedInput();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const ended = runTableTerminal(host, { input, output, tty: true }, { redrawMs: 5 });
    const until = async (check: () => boolean): Promise<void> => {
      for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(check()).toBe(true);
    };
    await until(() => text.includes('s. Start the timer'));
    input.type('s');
    await until(() => text.includes('Roll the dice'));
    await until(() => text.includes('\r\x1b[KTimer'));
    await connection.link.request('SIM ADVANCE 5000');
    await until(() => /\r\x1b\[KTimer .*11:55/.test(text));
    input.type('q');
    expect(await ended).toBe('quit');
  });
  it('keeps a line typed ahead for the next menu, so a number after "s" rolls the dice and never starts the timer twice', async () => {
    const { host, connection } = await table(6, [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'cooperative' },
    ]);
    const sent: string[] = [];
    const request = connection.link.request.bind(connection.link);
    connection.link.request = (command: string) => {
      sent.push(command);
      return request(command);
    };
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const ended = runTableTerminal(host, { input, output, tty: false });
    const until = async (check: () => boolean): Promise<void> => {
      for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(check()).toBe(true);
    };
    await until(() => text.includes('s. Start the timer'));
    // Both lines arrive at once, as from a pipe: the "1" answers the menu after the start.
    input.write('s\n1\n');
    await until(() => /You roll \[/.test(text));
    expect(sent.filter((c) => c === 'START')).toHaveLength(1);
    input.write('q\n');
    expect(await ended).toBe('quit');
  });
});
