// `imperial-timer flash [UF2] [--port PATH|auto]`: a new image onto the timer through its link
// (host/flash/flash.ts does the work; this is its command line).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { connectTimer } from '../link/timer-connection.ts';
import { CommandError } from '../link/protocol-client.ts';
import { listPorts, type PortListing } from '../link/serial-transport.ts';
import { PortChoiceError, pickTimerPort, type TimerPortEntry } from '../link/timer-ports.ts';
import { defaultDriveSearch, findBootDrive } from '../flash/boot-drive.ts';
import { bootselRefusal, FlashError, type FlashDeps, flashTimer } from '../flash/flash.ts';
import { Uf2Error } from '../flash/uf2.ts';
import { parseFlags, UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { say, type CliIo } from './io.ts';
import { whichTimerAsker } from './which-timer.ts';

export const FLASH_USAGE = `usage: imperial-timer flash [UF2] [--port PATH|auto]

Puts a new image on the timer without opening its box: checks the UF2 (default: the image of
this companion, build/imperial-timer.uf2 made by npm run build:pico, or the one shipped in the
installed package), asks the timer its firmware version,
restarts it into the Pico's boot mode (the protocol's BOOTSEL), waits for its RPI-RP2 drive,
copies the UF2 there, waits for the timer to answer again and checks it runs the new version.
The settings and the loaded placard pack are kept: a UF2 that would write where they are kept
is refused. A timer already in boot mode (BOOTSEL held while plugging it in) is flashed from
its drive without --port.
  --port PATH    the timer's serial port (see \`npm run -s companion -- ports\`); --port auto: the
                 Imperial Timer plugged in on USB (none: only a drive already there is used)
  --help         this text`;

/** The timer image of this companion, found beside the code (in the repository, or in the installed package). */
export const OWN_UF2 = fileURLToPath(new URL('../../build/imperial-timer.uf2', import.meta.url));

const FLAGS = {
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How long the steps may take on a real timer: its drive appears in about a second, and it restarts as fast. */
const DRIVE_TIMEOUT_MS = 20_000;
const RETURN_TIMEOUT_MS = 20_000;
const POLL_MS = 250;

function realDeps(io: CliIo): FlashDeps {
  const search = defaultDriveSearch();
  return {
    layout: readFlashLayout(),
    openTimer: async (port) => {
      const connection = await connectTimer({ kind: 'port', path: port }, { retryDelaysMs: [], heartbeatMs: 0, timeoutMs: 2_000 });
      return {
        firmware: connection.hello.firmware,
        bootsel: async () => {
          try {
            await connection.link.request('BOOTSEL');
          } catch (error) {
            if (error instanceof CommandError) throw new Error(bootselRefusal(error.line));
            throw error;
          }
        },
        close: () => connection.close(),
      };
    },
    findDrive: () => findBootDrive(search),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    now: () => Date.now(),
    say: (text) => say(io.stdout, text),
  };
}

/** How `--port auto` finds the timer: the serial ports, and who picks one of two or more. */
export interface PortPicking {
  readonly list: () => Promise<PortListing>;
  readonly ask: ((timers: readonly TimerPortEntry[]) => Promise<string | null>) | undefined;
}

/** The port to flash through: as given, or with auto the one timer plugged in (none: undefined, a drive already there may be used). */
async function portOf(flag: string | undefined, picking: PortPicking): Promise<string | undefined> {
  if (flag !== 'auto') return flag;
  try {
    return (await pickTimerPort({ list: picking.list, ask: picking.ask, required: false }))?.path;
  } catch (error) {
    if (error instanceof PortChoiceError) throw new CommandFailure(error.message);
    throw error;
  }
}

export async function flashCommand(
  argv: readonly string[],
  io: CliIo,
  deps: FlashDeps = realDeps(io),
  picking: PortPicking = { list: () => listPorts(), ask: whichTimerAsker(io) },
): Promise<number> {
  // The UF2 is the one word before the flags (a path that starts with "-": write ./-file.uf2).
  const first = argv[0];
  const given = first !== undefined && !first.startsWith('-') ? first : undefined;
  const flags = parseFlags(given === undefined ? argv : argv.slice(1), FLAGS, 'flash');
  if (flags.help) {
    say(io.stdout, FLASH_USAGE);
    return 0;
  }
  if (flags.port === '')
    throw new UsageError('flash: --port needs the path of the serial port, e.g. --port /dev/ttyACM0, or auto for the timer plugged in on USB');
  const uf2File = given === undefined ? OWN_UF2 : resolve(given);
  const port = await portOf(flags.port, picking);
  if (flags.port === 'auto' && port !== undefined) say(io.stdout, `--port auto: the timer on ${port}`);
  try {
    await flashTimer({ uf2File, port, driveTimeoutMs: DRIVE_TIMEOUT_MS, returnTimeoutMs: RETURN_TIMEOUT_MS, pollMs: POLL_MS }, deps);
    return 0;
  } catch (error) {
    if (error instanceof FlashError || error instanceof Uf2Error) throw new CommandFailure(error.message);
    throw error;
  }
}
