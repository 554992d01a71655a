// The terminal front panel (`npm run panel`): the virtual device in real time, drawn with ANSI codes.
//   npm run panel -- [--seed N] [--store FILE] [--bounce] [--firmware FILE]
import { RealTimeDriver, VirtualDevice } from '../device/index.ts';
import { DEFAULT_FIRMWARE_PATH, loadFirmwareModule } from '../device/node/load-firmware.ts';
import { openStoreFile } from '../device/node/store-file.ts';
import { UsageError, parseFlags, parseSeed } from '../../common/args.ts';
import { COMMAND_KEY, editCommandLine, keyAction, type PanelAction } from './panel-keys.ts';
import { COLOR, SERIAL_LINES_SHOWN, panelModel, renderPanel } from './panel-view.ts';

const DEFAULT_STORE = 'build/panel-store.bin';

const USAGE = `usage: npm run panel -- [--seed N] [--store FILE] [--bounce] [--firmware FILE]

The Imperial Timer's front panel in this terminal, running the firmware in real time.
  --seed N         seed of the device's random generator, 0..4294967295 (default: from the clock)
  --store FILE     where the settings store is kept (default ${DEFAULT_STORE})
  --bounce         make the buttons bounce like real contacts
  --firmware FILE  the firmware to run (default build/firmware.wasm)
  --help           show this help
For scripted use (stdin/stdout) run: npm run -s device -- --stdio`;

const FLAGS = {
  seed: { type: 'string' },
  store: { type: 'string' },
  bounce: { type: 'boolean' },
  firmware: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const MIN_BATTERY_MV = 0;
const MAX_BATTERY_MV = 9900;

function main(argv: string[]): void {
  let flags: ReturnType<typeof parseFlags<typeof FLAGS>>;
  let seed: number;
  try {
    flags = parseFlags(argv, FLAGS, 'panel');
    seed = parseSeed(flags.seed, () => Date.now() >>> 0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`panel: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(
      'panel: the front panel needs an interactive terminal.\n' + 'For scripted use, run the device on stdin/stdout: npm run -s device -- --stdio\n',
    );
    process.exit(1);
  }

  const warnings: string[] = [];
  const device = VirtualDevice.create({
    seed,
    firmware: loadFirmwareModule(flags.firmware ?? DEFAULT_FIRMWARE_PATH),
    store: openStoreFile(flags.store ?? DEFAULT_STORE, (message) => warnings.push(`warning: ${message}`)),
    bounce: flags.bounce ?? false,
    powered: false,
  });
  const serial: string[] = [...warnings];
  device.onLine((line) => log(line));

  const log = (line: string) => {
    serial.push(line);
    if (serial.length > SERIAL_LINES_SHOWN) serial.shift();
  };
  let command: string | undefined;
  const screen = new Screen();
  const redraw = () => screen.draw(renderPanel(panelModel(device, serial, command), COLOR));
  const driver = new RealTimeDriver(device, {
    onUpdate: redraw,
    onError: () => {
      // The device keeps the fault and the panel shows it; a power cycle restarts the firmware.
    },
  });
  const quit = (code: number): never => {
    driver.stop();
    screen.close();
    process.exit(code);
  };

  screen.open();
  driver.start();
  driver.input((d) => d.setPower(true));
  process.stdin.setRawMode(true);
  process.stdin.on('data', (chunk: Buffer) => {
    for (const key of chunk.toString('latin1')) {
      if (command !== undefined) {
        const edit = editCommandLine(command, key);
        command = edit.kind === 'edit' ? edit.text : undefined;
        if (edit.kind === 'send' && edit.text.trim() !== '') {
          log(`> ${edit.text}`);
          driver.input((d) => d.send(edit.text));
        }
        redraw();
        continue;
      }
      if (key === COMMAND_KEY) {
        command = '';
        redraw();
        continue;
      }
      const action = keyAction(key);
      if (action === undefined) continue;
      if (action.kind === 'quit') quit(0);
      else driver.input((d) => perform(d, action));
    }
  });
  process.on('SIGTERM', () => quit(0));
  process.on('SIGHUP', () => quit(0));
  process.on('uncaughtException', (error) => {
    screen.close();
    process.stderr.write(`panel: ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}

function perform(device: VirtualDevice, action: Exclude<PanelAction, { kind: 'quit' }>): void {
  switch (action.kind) {
    case 'press':
      if (device.powered) device.schedulePress(action.button, { holdMs: action.holdMs });
      return;
    case 'power':
      device.setPower(!device.powered);
      return;
    case 'battery': {
      const mv = Math.min(MAX_BATTERY_MV, Math.max(MIN_BATTERY_MV, device.batteryMv + action.deltaMv));
      device.setBattery(mv);
      return;
    }
  }
}

/** The terminal: alternate screen, hidden cursor, frames redrawn in place. */
class Screen {
  private last = '';

  open(): void {
    process.stdout.write('\x1b[?1049h\x1b[?25l\x1b[2J');
  }

  draw(lines: readonly string[]): void {
    const frame = lines.map((line) => `${line}\x1b[K`).join('\r\n');
    if (frame === this.last) return;
    this.last = frame;
    process.stdout.write(`\x1b[H${frame}\x1b[J`);
  }

  close(): void {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    process.stdout.write('\x1b[0m\x1b[?25h\x1b[?1049l');
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`panel: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
