// The virtual device on standard input and output:
//   npm run -s device -- --stdio --seed N [--store file] [--bounce] [--firmware file]
// Protocol lines on stdin, the device's lines on stdout (nothing else), diagnostics on stderr.
// The virtual clock only moves with SIM ADVANCE, so the same seed and input give the same output.
import { VirtualDevice } from '../device/index.ts';
import { DEFAULT_FIRMWARE_PATH, loadFirmwareModule } from '../device/node/load-firmware.ts';
import { openStoreFile } from '../device/node/store-file.ts';
import { UsageError, parseFlags, parseSeed } from '../../common/args.ts';
import { MAX_LINE_BYTES } from '../device/sim-command.ts';
import { splitLines } from '../../common/lines.ts';

const USAGE = `usage: npm run -s device -- --stdio [--seed N] [--store FILE] [--bounce] [--firmware FILE]

Runs the Imperial Timer firmware on a virtual clock, speaking protocol v1 on stdin/stdout.
  --stdio          read protocol lines on stdin, write the device's lines on stdout (required)
  --seed N         seed of the device's random generator, 0..4294967295 (default 0)
  --store FILE     keep the store (settings, a loaded pack) in FILE (missing or not a store: blank store;
                   a file that is not a store is moved aside to FILE.not-a-store, never written over)
  --bounce         make SIM PIN bounce like a real contact (seeded)
  --firmware FILE  the firmware to run (default build/firmware.wasm)
  --help           show this help

Time moves only with SIM ADVANCE <ms>; see sim/README.md for the SIM commands.
While SIM POWER is off, lines other than SIM get no answer. End of input ends the run.`;

const FLAGS = {
  stdio: { type: 'boolean' },
  seed: { type: 'string' },
  store: { type: 'string' },
  bounce: { type: 'boolean' },
  firmware: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function main(argv: string[]): void {
  let flags: ReturnType<typeof parseFlags<typeof FLAGS>>;
  let seed: number;
  try {
    flags = parseFlags(argv, FLAGS, 'device');
    if (flags.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    if (!flags.stdio) throw new UsageError('--stdio is required: the device reads protocol lines on standard input and writes its lines on standard output');
    seed = parseSeed(flags.seed, () => 0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`device: ${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }

  const warn = (message: string) => process.stderr.write(`device: warning: ${message}\n`);
  const device = VirtualDevice.create({
    seed,
    firmware: loadFirmwareModule(flags.firmware ?? DEFAULT_FIRMWARE_PATH),
    bounce: flags.bounce ?? false,
    powered: false,
    ...(flags.store === undefined ? {} : { store: openStoreFile(flags.store, warn) }),
  });

  const out: string[] = [];
  const flush = () => {
    if (out.length > 0) process.stdout.write(out.splice(0).join(''));
  };
  device.onLine((line) => out.push(`${line}\n`));
  const run = (action: () => void) => {
    try {
      action();
    } catch (error) {
      flush();
      fail(error);
    }
    flush();
  };
  run(() => device.setPower(true));

  // The device ignores '\r' and answers any line longer than MAX_LINE_BYTES with ERR too-long,
  // so no more of a line than that (and one byte) is ever held: a line of any length costs
  // the same memory, and time linear in its length.
  const lines = splitLines({ maxLength: MAX_LINE_BYTES, dropCR: true });
  process.stdin.on('data', (chunk: Buffer) => run(() => lines.push(chunk).forEach((line) => device.sendLine(line.bytes))));
  process.stdin.on('end', () =>
    run(() => {
      const last = lines.end();
      if (last !== undefined) device.sendLine(last.bytes);
    }),
  );
}

function fail(error: unknown): never {
  process.stderr.write(`device: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

try {
  main(process.argv.slice(2));
} catch (error) {
  fail(error);
}
