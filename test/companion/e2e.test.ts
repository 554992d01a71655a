// End to end: the command line drives the virtual timer through the real serialport stack over a
// pseudo-terminal pair, with bots at the table (the bot games on the table host itself:
// test/games/rebel-missions/table-timer.test.ts). The games run the command line in this process
// (runCli, stdout not a terminal); the bridge, which lives until Ctrl-C, is the real program.
import { describe, expect, it } from 'vitest';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { SerialTransport } from '../../host/link/serial-transport.ts';
import { PROCESS_TEST_TIMEOUT_MS, runInProcess, spawnCompanion } from './cli-process.ts';
import { tempSavePath, until } from './table.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the companion end-to-end tests');

describe.runIf(haveSocat)('the companion against the virtual timer over a pseudo-terminal', () => {
  it('runs the command line: --json --bots all --pty ends its stream with the game result', async () => {
    const savePath = tempSavePath();
    const { code, stdout, stderr } = await runInProcess([
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
  it('puts the virtual timer on a pseudo-terminal until Ctrl-C', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const child = spawnCompanion(['bridge', '--seed', '4']);
    try {
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      await until(() => /Open it with: picocom -b 115200 --omap crlf --imap lfcrlf --echo (\S+)/.test(stdout), 'the bridge path', 120_000);
      const path = /Open it with: picocom -b 115200 --omap crlf --imap lfcrlf --echo (\S+)/.exec(stdout)?.[1] ?? '';
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
    const { code, stdout } = await runInProcess([
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
    expect(stdout).toMatch(/^Game over: you all (win \(4 correct codes entered\)|lose \(time ran out\))\.$/m);
    expect(stdout).not.toMatch(/\x1b/);
  });
});
