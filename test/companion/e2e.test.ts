// End to end: the companion drives the virtual timer through the real serialport stack over a
// pseudo-terminal pair, with bots at the table, and the test moves the timer's clock with SIM ADVANCE.
import { describe, expect, it } from 'vitest';
import { BotTable } from '../../host/companion/rebel-missions/bot-table.ts';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { SerialTransport } from '../../host/link/serial-transport.ts';
import { runCompanion, spawnCompanion } from './cli-process.ts';
import { openTable, tempSavePath, until, type Table } from './table.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the companion end-to-end tests');
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function botGame(t: Table, options: { seed: number; botDelayMs: number; advanceMs: number }): Promise<void> {
  const bots = new BotTable(t.session, { seats: t.session.state.seats.map((s) => s.id), delayMs: options.botDelayMs, seed: options.seed });
  bots.kick();
  try {
    for (let i = 0; i < 2000 && !t.session.over; i++) {
      await t.connection.link.request(`SIM ADVANCE ${options.advanceMs}`);
      await pause(20);
    }
  } finally {
    bots.stop();
  }
}

describe.runIf(haveSocat)('the companion against the virtual timer over a pseudo-terminal', () => {
  it('plays a seeded game with bots to FANFARE', async () => {
    const connection = await connectTimer({ kind: 'pty', seed: 31, realTime: false }, { heartbeatMs: 0 });
    const t = await openTable({ seed: 31, connection, savePath: tempSavePath() });
    try {
      await connection.link.request('CONFIG duration=900 correct=12 need=4');
      await botGame(t, { seed: 31, botDelayMs: 0, advanceMs: 500 });
      expect(t.session.state.stage).toBe('won');
      expect(t.updates.find((u) => u.kind === 'finished')).toMatchObject({ outcome: { summary: 'won: 4 correct codes entered' } });
      expect(await connection.link.status()).toMatchObject({ state: 'won', found: 4 });
      const chimes = t.updates.filter((u) => u.kind === 'timer' && u.event.name === 'CHIME').length;
      expect(chimes).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('plays a seeded game with bots to TIMEOUT', async () => {
    const connection = await connectTimer({ kind: 'pty', seed: 32, realTime: false }, { heartbeatMs: 0 });
    const t = await openTable({ seed: 32, connection });
    try {
      // Twelve codes in one minute: out of reach, so time runs out.
      await connection.link.request('CONFIG duration=60 correct=12 need=12');
      await botGame(t, { seed: 32, botDelayMs: 25, advanceMs: 5000 });
      expect(t.session.state.stage).toBe('lost');
      expect(t.updates.some((u) => u.kind === 'timer' && u.event.name === 'WARN')).toBe(true);
      expect(t.updates.find((u) => u.kind === 'finished')).toMatchObject({ outcome: { summary: 'lost: time ran out', winners: [] } });
      expect((await connection.link.status()).state).toBe('lost');
    } finally {
      await t.close();
    }
  });

  it('runs the real command line: --json --bots all --pty ends its stream with the game result', async () => {
    const savePath = tempSavePath();
    const { code, stdout, stderr } = await runCompanion([
      'play',
      'rebel-missions',
      '--players',
      'Ana:hera,Ben:zeb,Cal:kanan',
      '--json',
      '--bots',
      'all',
      '--pty',
      '--seed',
      '3',
      '--save',
      savePath,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);
    expect(records[0]).toMatchObject({ type: 'start', game: 'rebel-missions', seed: 3, timer: { kind: 'pty', firmware: expect.any(String) } });
    expect(records.some((r) => r.type === 'timer-event')).toBe(true);
    expect(records.at(-1)).toMatchObject({ type: 'result', summary: expect.stringMatching(/^(won: 4 correct codes entered|lost: time ran out)$/) });
    expect(stdout).not.toMatch(/\x1b/);
  });
});

describe.runIf(haveSocat)('the bridge command', () => {
  it('puts the virtual timer on a pseudo-terminal until Ctrl-C', async () => {
    const child = spawnCompanion(['bridge', '--seed', '4']);
    try {
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      await until(() => /Open it with: picocom -b 115200 (\S+)/.test(stdout), 'the bridge path', 20_000);
      const path = /Open it with: picocom -b 115200 (\S+)/.exec(stdout)?.[1] ?? '';
      const client = new ProtocolClient(await SerialTransport.open(path));
      expect(await client.hello()).toMatchObject({ name: 'imperial-timer', protocol: '1' });
      await client.close();
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill();
    }
  });
});

describe('the command line in a terminal session', () => {
  it('plays a table of bots on the built-in timer and ends with the result, without ANSI when not a terminal', async () => {
    const { code, stdout } = await runCompanion([
      'play',
      'rebel-missions',
      '--players',
      'Ana:hera,Ben:zeb',
      '--bots',
      'all',
      '--bot-delay',
      '0',
      '--seed',
      '8',
      '--save',
      tempSavePath(),
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/━━ Star Wars: Rebel Missions ━━/);
    expect(stdout).toMatch(/^Game over: (won: 4 correct codes entered|lost: time ran out)$/m);
    expect(stdout).not.toMatch(/\x1b/);
  });
});
