// `imperial-timer check`: the guided bring-up check of a freshly built timer (host/check/ does
// the work; this is its command line): opens the timer, runs the walkthrough, prints the report
// and saves it as JSON and text.

import { connectTimer, type TimerChoice, type TimerConnection } from '../link/timer-connection.ts';
import { simClock, simHands, simOutputs, wallClock } from '../check/check-timer.ts';
import { defaultReportPath, reportText, saveReport } from '../check/report.ts';
import { runCheck } from '../check/runner.ts';
import { CHECK_STEPS, type CheckSteps } from '../check/steps.ts';
import { linePrompter } from '../pack/line-prompter.ts';
import { parseBaud, parseFlags, UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { say, type CliIo } from './io.ts';
import { whichTimerAsker } from './which-timer.ts';
import { resolve } from 'node:path';

export const CHECK_USAGE = `usage: imperial-timer check [--port PATH|auto] [--baud N] [--report FILE]

The bring-up check of a freshly built timer: the serial protocol's checks that are safe on a
real timer, the battery reading, each light lit in turn ("Is the third bar segment lit?"), each
sound, each button pressed once (exactly one press must arrive, in time), the power switch, deep
sleep and waking by a button. Answer y or n; r shows a light or plays a sound again; q or
Ctrl-C stops the check. The timer's settings are put back at the end, also when stopped. The
report (what passed, what failed, and for each failure the pins to check) is printed and saved
as JSON and as text; the paths are printed.
  --port PATH    the timer's serial port (see \`npm run -s companion -- ports\`); --port auto: the
                 Imperial Timer plugged in on USB (the default when exactly one is; with none,
                 the built-in virtual timer, whose buttons and switch the companion works)
  --baud N       with --port: the port's speed (default 115200, the timer's)
  --report FILE  where to save the report (FILE and FILE with .txt for .json; default
                 ~/.imperial-timer/checks/check-<date>-<time>.json)
  --help         this text`;

const FLAGS = {
  port: { type: 'string' },
  baud: { type: 'string' },
  report: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CheckDeps {
  /** Opens the timer (tests pass one wired wrong). */
  readonly connect: (choice: TimerChoice) => Promise<TimerConnection>;
  /** The time of the report (its default file name). */
  readonly now: () => Date;
  /** The walkthrough (tests pass a changed one). */
  readonly steps: CheckSteps;
}

/**
 * No heartbeat: the triangle's step starts a game, and the link would then send STATUS after each
 * quiet spell (while the check waits for sleep, or the timer is switched off on its cells).
 */
const defaultDeps = (io: CliIo): CheckDeps => ({
  connect: (choice) => connectTimer(choice, { askWhichTimer: whichTimerAsker(io), heartbeatMs: 0 }),
  now: () => new Date(),
  steps: CHECK_STEPS,
});

function timerChoice(flags: { port?: string | undefined; baud?: string | undefined }): TimerChoice {
  if (flags.baud !== undefined && flags.port === undefined) throw new UsageError('--baud goes with --port (the serial port of a real timer)');
  if (flags.port === '')
    throw new UsageError(
      '--port needs the path of the serial port, e.g. --port /dev/ttyACM0, or auto for the timer plugged in on USB (see `npm run -s companion -- ports`)',
    );
  const baud = parseBaud(flags.baud);
  if (flags.port === 'auto') return { kind: 'auto', seed: 0, realTime: false, baud, required: true };
  if (flags.port !== undefined) return { kind: 'port', path: flags.port, baud };
  // Neither: the one Imperial Timer plugged in on USB, else the built-in one (in virtual time: the check moves its clock).
  return { kind: 'auto', seed: 0, realTime: false, baud, required: false };
}

function timerName(connection: TimerConnection): string {
  return connection.port !== undefined ? `the timer on ${connection.port}` : 'the built-in virtual timer';
}

export async function checkCommand(argv: readonly string[], io: CliIo, deps: CheckDeps = defaultDeps(io)): Promise<number> {
  const flags = parseFlags(argv, FLAGS, 'check');
  if (flags.help) {
    say(io.stdout, CHECK_USAGE);
    return 0;
  }
  const choice = timerChoice(flags);
  if (flags.report === '') throw new UsageError('--report needs a file name');
  let connection: TimerConnection;
  try {
    connection = await deps.connect(choice);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).trim();
    throw new CommandFailure(
      `cannot reach the timer: ${reason.replace(/[.]$/, '')}. Nothing was checked; plug the timer in, switch it on and run check again.`,
    );
  }
  const prompter = linePrompter(io.stdin, io.stdout, io.interrupted);
  const name = timerName(connection);
  let code: number;
  try {
    if (connection.status.state === 'running' || connection.status.state === 'paused') {
      throw new CommandFailure(
        `${name} is in a game (${connection.status.state}): the check does not end a game. Finish it (or switch the timer off and on) and run check again.`,
      );
    }
    const link = connection.link;
    const virtual = connection.virtual !== undefined;
    const clock = virtual ? simClock(link) : wallClock;
    say(io.stdout, `Checking ${name} (firmware ${connection.hello.firmware}). Answer y or n; r shows or plays it again; q or Ctrl-C stops the check.`);
    if (virtual)
      say(
        io.stdout,
        'No timer is plugged in: this checks the built-in virtual timer; the companion presses its buttons and works its switch, and tells what it shows.',
      );
    const report = await runCheck({
      steps: deps.steps,
      link,
      prompter,
      clock,
      hands: virtual ? simHands(link, clock) : undefined,
      observe: virtual ? simOutputs(link) : undefined,
      stop: Promise.race([io.interrupted, prompter.ctrlC]),
      timer: name,
      firmware: connection.hello.firmware,
      now: deps.now,
    });
    const text = reportText(report);
    say(io.stdout, `\n${text}`);
    let saved: { json: string; text: string };
    try {
      saved = saveReport(report, resolve(flags.report ?? defaultReportPath(io.home, deps.now())));
    } catch (error) {
      throw new CommandFailure(`${error instanceof Error ? error.message : String(error)}. Give another file with --report FILE (the report is above).`);
    }
    say(io.stdout, `The report is saved in ${saved.json} (and as text in ${saved.text}).`);
    code = report.failed === 0 && report.end.kind === 'finished' ? 0 : 1;
  } finally {
    prompter.close();
    await connection.close();
  }
  return code;
}
