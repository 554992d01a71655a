// `imperial-timer check` on the command line: the built-in virtual timer when none is plugged in
// (the companion presses its buttons and works its switch), the report printed and saved as JSON
// and text, a timer wired wrong, a timer in a game, a port that is not there, flag errors.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCommand, type CheckDeps } from '../../host/cli/check.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import { runCli } from '../../host/cli/imperial-timer.ts';
import type { TimerConnection } from '../../host/link/timer-connection.ts';
import { REPORT_FORMAT, type CheckReport } from '../../host/check/report.ts';
import { linePrompter } from '../../host/pack/line-prompter.ts';
import { CHECK_STEPS } from '../../host/check/steps.ts';
import type { WiringFaults } from '../../sim/device/index.ts';
import { memoryIo, runCompanion } from '../companion/cli-process.ts';
import { checkedTimer, type CheckedTimer } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'imperial-check-'));
const yes = 'y\n'.repeat(40);

let open: CheckedTimer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** The command's deps with a virtual timer of the test's making. */
async function depsWith(wiring: WiringFaults, prepare?: (t: CheckedTimer) => Promise<void>): Promise<CheckDeps> {
  const t = await checkedTimer({ wiring });
  open = t;
  await prepare?.(t);
  const hello = await t.link.request('HELLO');
  const status = await t.link.status();
  const connection: TimerConnection = {
    link: t.link,
    virtual: t.transport,
    ptyPath: undefined,
    port: undefined,
    assist: true,
    now: () => t.device.now,
    hello: { name: 'imperial-timer', firmware: hello.fields['fw'] ?? '', protocol: '1', symbols: [] },
    status,
    failed: new Promise(() => undefined),
    close: () => t.link.close(),
  };
  return { connect: async () => connection, now: () => new Date('2026-12-02T05:00:00Z'), steps: CHECK_STEPS };
}

const readReport = (path: string): CheckReport => JSON.parse(readFileSync(path, 'utf8')) as CheckReport;

describe('imperial-timer check', () => {
  it('checks the built-in timer when none is plugged in, prints the report and saves it as JSON and text', async () => {
    const file = join(dir, 'good.json');
    const { io, out, err } = memoryIo(yes);
    const code = await runCli(['check', '--report', file], io);
    expect(err()).toBe('');
    expect(code).toBe(0);
    expect(out()).toContain('No timer is plugged in: this checks the built-in virtual timer');
    expect(out()).toContain('(the built-in timer shows ..#.......|...., silent)');
    expect(out()).toMatch(/\(the built-in timer shows [.#]{10}\|[.#]{4} and sounds 1319 Hz\)\nDid you hear the chime/);
    expect(out()).toContain('passed, 0 failed. The timer is built right.');
    expect(out()).toContain(`The report is saved in ${file} (and as text in ${join(dir, 'good.txt')}).`);
    const report = readReport(file);
    expect(report.format).toBe(REPORT_FORMAT);
    expect(report.timer).toBe('the built-in virtual timer');
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(report.items.length);
    const text = readFileSync(join(dir, 'good.txt'), 'utf8');
    expect(text).toMatch(/^Imperial Timer check of the built-in virtual timer \(firmware \d+\.\d+\.\d+\)/);
    expect(text).toContain('  passed   buttons: the circle button (GP19) (EVT KEY circle)');
  });

  it('a timer wired wrong: exit 1, each failure with its cause in both files', async () => {
    const file = join(dir, 'wrong.json');
    const { io, out } = memoryIo(yes);
    const deps = await depsWith({ buttons: { square: 'diamond' } });
    expect(await checkCommand(['--report', file], io, deps)).toBe(1);
    expect(out()).toContain('FAILED   buttons: the square button (GP20) (EVT KEY diamond)');
    const cause = "The square button arrived as diamond: its wire reaches GP21 (diamond's pin) instead of GP20";
    expect(out()).toContain(`-> ${cause}`);
    expect(
      readReport(file)
        .items.filter((i) => i.outcome === 'failed')
        .map((i) => i.cause),
    ).toEqual([cause]);
    expect(readFileSync(join(dir, 'wrong.txt'), 'utf8')).toContain(cause);
  });

  it("saves beside the companion's other files without --report", async () => {
    const home = mkdtempSync(join(tmpdir(), 'imperial-check-home-'));
    const { io, out } = memoryIo(yes);
    const deps = await depsWith({});
    expect(await checkCommand([], { ...io, home }, deps)).toBe(0);
    const path = join(home, '.imperial-timer', 'checks', 'check-2026-12-02-050000.json');
    expect(out()).toContain(`The report is saved in ${path}`);
    expect(readReport(path).end).toEqual({ kind: 'finished' });
  });

  it('stopped half way (the input ends): the report of what ran is saved, exit 1', async () => {
    const file = join(dir, 'stopped.json');
    const { io, out } = memoryIo('y\ny\n');
    const deps = await depsWith({});
    expect(await checkCommand(['--report', file], io, deps)).toBe(1);
    expect(out()).toContain('The check was stopped: the input ended (or Ctrl-C).');
    expect(out()).toContain("The timer's settings are as they were");
    const report = readReport(file);
    expect(report.end.kind).toBe('stopped');
    expect(report.items.filter((i) => i.section === 'lights' && i.outcome === 'passed')).toHaveLength(2);
  });

  it('a timer that vanishes half way: a clear message, the report so far saved, exit 1', async () => {
    const file = join(dir, 'vanished.json');
    const { io, out } = memoryIo(yes);
    const deps = await depsWith({}, async (t) => {
      t.link.onEvent((event) => {
        if (event.name === 'KEY' && event.button === 'square') void t.transport.close();
      });
    });
    expect(await checkCommand(['--report', file], io, deps)).toBe(1);
    expect(out()).toContain('The check lost the timer: ');
    expect(out()).toContain("The timer's settings could not be put back: once it answers, send CONFIG duration=720 correct=12 need=4 sleep=180 volume=2");
    const report = readReport(file);
    expect(report.end.kind).toBe('link-lost');
    expect(report.items.find((i) => i.id === 'circle')?.outcome).toBe('passed');
    expect(report.items.at(-1)).toMatchObject({ id: 'sleep', outcome: 'not-run' });
  });

  it('refuses a timer in a game, and touches nothing', async () => {
    const { io } = memoryIo(yes);
    const deps = await depsWith({}, async (t) => {
      await t.link.request('START');
    });
    await expect(checkCommand(['--report', join(dir, 'game.json')], io, deps)).rejects.toThrow(
      new CommandFailure(
        'the built-in virtual timer is in a game (running): the check does not end a game. Finish it (or switch the timer off and on) and run check again.',
      ),
    );
  });

  it('a port that is not there: a clear error, exit 1', async () => {
    const { io, err } = memoryIo(yes);
    expect(await runCli(['check', '--port', '/dev/imperial-timer-not-here'], io)).toBe(1);
    expect(err()).toMatch(
      /^imperial-timer: cannot reach the timer: .*\/dev\/imperial-timer-not-here.*Nothing was checked; plug the timer in, switch it on and run check again\.\n$/s,
    );
  });

  it.each([
    [['--port', ''], /--port needs the path of the serial port/],
    [['--baud', '9600'], /--baud goes with --port/],
    [['--report', ''], /--report needs a file name/],
    [['--colour'], /check: unknown flag --colour \(the flags are --port, --baud, --report, --help\)/],
  ])('refuses %j with exit 2', async (args, message) => {
    const { io, err } = memoryIo();
    expect(await runCli(['check', ...args], io)).toBe(2);
    expect(err()).toMatch(message);
    expect(err()).toContain('(imperial-timer check --help shows the flags)');
  });

  it('has its help, and is listed among the commands', async () => {
    const { io, out } = memoryIo();
    expect(await runCli(['check', '--help'], io)).toBe(0);
    expect(out()).toMatch(/^usage: imperial-timer check \[--port PATH\|auto\]/);
    const list = memoryIo();
    await runCli(['help'], list.io);
    expect(list.out()).toMatch(/\n {2}check {13}the bring-up check of a freshly built timer/);
  });
});

describe('the real program', () => {
  it('with no input: the protocol and battery checked, stopped at the first question, the report saved', async () => {
    const file = join(dir, 'real.json');
    const { code, stdout } = await runCompanion(['check', '--report', file]);
    expect(code).toBe(1);
    expect(stdout).toContain('The check was stopped: the input ended (or Ctrl-C).');
    const report = readReport(file);
    expect(report.items.filter((i) => i.outcome === 'passed').map((i) => i.section)).toEqual([
      ...Array(CHECK_STEPS.protocol.checks.length).fill('protocol'),
      'battery',
    ]);
    expect(report.settingsRestored).toBe(true);
  });
});

describe('Ctrl-C at a terminal', () => {
  it('stops the check also while no question is open (the terminal is raw, so it is a key, not a signal)', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const prompter = linePrompter(stdin, new PassThrough(), new Promise(() => undefined));
    let pressed = false;
    void prompter.ctrlC.then(() => {
      pressed = true;
    });
    stdin.write('\x03');
    await new Promise((done) => setTimeout(done, 20));
    expect(pressed).toBe(true);
    prompter.close();
  });
});
