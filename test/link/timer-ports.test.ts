// The companion finds a timer on USB by its ids (hw/pico/usb.json): in serialport's listing and,
// without udev, in a /sys tree (a fake one here, laid out as Linux lays it out); `--port auto`
// picks the one plugged in; and a timer unplugged and plugged back under a new device path is
// found again by its ids and serial number, the game going on.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import usbJson from '../../hw/pico/usb.json' with { type: 'json' };
import { connectTimer } from '../../host/link/timer-connection.ts';
import { portsCommand } from '../../host/cli/imperial-timer.ts';
import { whichTimerAsker } from '../../host/cli/which-timer.ts';
import { listPorts, type ListedPort, type PortListing } from '../../host/link/serial-transport.ts';
import type { LinkNotice } from '../../host/link/timer-link.ts';
import { pickTimerPort, PortChoiceError, TIMER_USB } from '../../host/link/timer-ports.ts';
import type { Transport } from '../../host/link/transport.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { memoryIo } from '../companion/cli-process.ts';

const VID = usbJson.vid.replace(/^0x/, '');
const PID = usbJson.pid.replace(/^0x/, '');

const temp = mkdtempSync(join(tmpdir(), 'timer-ports-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A /dev and /sys/class/tty as Linux has them: tty/<name>/device links to the USB interface, whose parent folder is the USB device. */
function fakeMachine(devices: { tty: string; usb?: { idVendor: string; idProduct: string; serial?: string; product?: string } }[]): {
  dev: string;
  sysClassTty: string;
} {
  const root = mkdtempSync(join(temp, 'machine-'));
  const dev = join(root, 'dev');
  const sysClassTty = join(root, 'sys', 'class', 'tty');
  mkdirSync(dev, { recursive: true });
  mkdirSync(sysClassTty, { recursive: true });
  writeFileSync(join(dev, 'null'), '');
  devices.forEach((d, i) => {
    writeFileSync(join(dev, d.tty), '');
    const ttyDir = join(sysClassTty, d.tty);
    mkdirSync(ttyDir);
    if (d.usb === undefined) return;
    const usbDevice = join(root, 'sys', 'devices', 'usb1', `1-${i + 1}`);
    const iface = join(usbDevice, `1-${i + 1}:1.0`);
    mkdirSync(iface, { recursive: true });
    for (const [file, value] of Object.entries(d.usb)) writeFileSync(join(usbDevice, file), `${value}\n`);
    symlinkSync(iface, join(ttyDir, 'device'));
  });
  return { dev, sysClassTty };
}

const noUdev = async (): Promise<never> => {
  throw new Error('spawn udevadm ENOENT');
};

describe('listPorts marks the timers by their USB ids', () => {
  it("in serialport's listing (ids in any case), not an adapter or another device", async () => {
    const listing = await listPorts(async () => [
      { path: '/dev/ttyACM0', manufacturer: usbJson.manufacturer, serialNumber: 'E6614103E7452B2F', vendorId: VID.toUpperCase(), productId: PID.toUpperCase() },
      { path: '/dev/ttyUSB0', manufacturer: 'FTDI', serialNumber: 'A10K', vendorId: '0403', productId: '6001' },
      { path: '/dev/ttyS0' },
    ]);
    expect(listing.note).toBeUndefined();
    expect(listing.ports.map((p) => [p.path, p.timer])).toEqual([
      ['/dev/ttyACM0', true],
      ['/dev/ttyUSB0', false],
      ['/dev/ttyS0', false],
    ]);
    expect(listing.ports[0]?.description).toBe(`Imperial Timer (USB ${VID}:${PID}, serial E6614103E7452B2F)`);
    expect(listing.ports[0]?.usb).toEqual({ vendorId: VID, productId: PID, serialNumber: 'E6614103E7452B2F' });
    expect(listing.ports[1]?.description).toBe('FTDI A10K');
  });

  it('without udev, from /sys: the timer by ids and product, not another device with the same test ids', async () => {
    const machine = fakeMachine([
      { tty: 'ttyACM0', usb: { idVendor: VID, idProduct: PID, serial: 'E6614103E7452B2F', product: usbJson.product } },
      { tty: 'ttyACM1', usb: { idVendor: VID, idProduct: PID, serial: '1', product: 'Some other test gadget' } },
      { tty: 'ttyACM2', usb: { idVendor: '2e8a', idProduct: '000a', product: 'Pico' } },
      { tty: 'ttyUSB0' },
    ]);
    const listing = await listPorts(noUdev, machine);
    expect(listing.note).toMatch(/udev is probably missing/);
    const byName = Object.fromEntries(listing.ports.map((p) => [p.path.slice(machine.dev.length + 1), p]));
    expect(Object.keys(byName)).toEqual(['ttyACM0', 'ttyACM1', 'ttyACM2', 'ttyUSB0']);
    expect(byName['ttyACM0']).toMatchObject({
      timer: true,
      usb: { vendorId: VID, productId: PID, serialNumber: 'E6614103E7452B2F', product: usbJson.product },
    });
    expect(byName['ttyACM1']?.timer).toBe(false);
    expect(byName['ttyACM2']).toMatchObject({ timer: false, description: 'USB device 2e8a:000a Pico' });
    expect(byName['ttyUSB0']).toMatchObject({ timer: false, description: 'device file (no details without udev)' });
  });

  it('the ids are the ones in hw/pico/usb.json', () => {
    expect(TIMER_USB).toEqual({ vendorId: VID, productId: PID, product: usbJson.product });
  });
});

const timerAt = (path: string, serialNumber: string): ListedPort => ({
  path,
  description: 'Imperial Timer',
  timer: true,
  usb: { vendorId: VID, productId: PID, serialNumber },
});
const adapterAt = (path: string): ListedPort => ({ path, description: 'FTDI', timer: false, usb: { vendorId: '0403', productId: '6001' } });
const listing =
  (...ports: ListedPort[]) =>
  async (): Promise<PortListing> => ({ ports });

describe('--port auto', () => {
  it('takes the one timer plugged in, whatever else is plugged in', async () => {
    const picked = await pickTimerPort({ list: listing(adapterAt('/dev/ttyUSB0'), timerAt('/dev/ttyACM3', 'AB')), required: true });
    expect(picked).toEqual({ path: '/dev/ttyACM3', usb: { vendorId: VID, productId: PID, serialNumber: 'AB' } });
  });

  it('with no timer: nothing when not asked for (the built-in timer), a clear error when --port auto was typed', async () => {
    expect(await pickTimerPort({ list: listing(adapterAt('/dev/ttyUSB0')), required: false })).toBeUndefined();
    await expect(pickTimerPort({ list: listing(adapterAt('/dev/ttyUSB0')), required: true })).rejects.toThrow(
      new PortChoiceError(
        `--port auto: no Imperial Timer is plugged in (none of the serial ports has its USB ids ${VID}:${PID}; found /dev/ttyUSB0). Plug the timer's USB cable in and switch it on; a timer on a USB-serial adapter is not recognised by its ids: give its port with --port PATH (\`npm run -s companion -- ports\` lists them), or leave out --port for the built-in timer.`,
      ),
    );
  });

  it('with two: asks which, or names them when no one can be asked', async () => {
    const two = listing(timerAt('/dev/ttyACM0', 'AA'), timerAt('/dev/ttyACM1', 'BB'));
    await expect(pickTimerPort({ list: two, required: false })).rejects.toThrow(
      '--port auto: 2 timers are plugged in (/dev/ttyACM0 (serial AA), /dev/ttyACM1 (serial BB)): choose one with --port PATH.',
    );
    const asked: string[][] = [];
    const picked = await pickTimerPort({
      list: two,
      required: false,
      ask: async (timers) => {
        asked.push(timers.map((t) => t.path));
        return '/dev/ttyACM1';
      },
    });
    expect(asked).toEqual([['/dev/ttyACM0', '/dev/ttyACM1']]);
    expect(picked?.path).toBe('/dev/ttyACM1');
    await expect(pickTimerPort({ list: two, required: false, ask: async () => null })).rejects.toThrow(/none was chosen: run again with --port PATH/);
  });
});

/**
 * One virtual timer on a USB cable that can be pulled and plugged back: each plug gives it a new
 * device path; a path it is not on cannot be opened.
 */
class PluggableTimer {
  readonly inner = new VirtualTransport({ seed: 5, realTime: false });
  path: string | undefined;
  private active: { data: ((chunk: Uint8Array | string) => void)[]; close: ((error?: Error) => void)[] } | undefined;

  constructor(path: string) {
    this.path = path;
    this.inner.onData((chunk) => {
      for (const listener of this.active?.data ?? []) listener(chunk);
    });
  }

  async open(path: string): Promise<Transport> {
    if (path !== this.path) throw new Error(`cannot open ${path}: no such file or directory`);
    const mine = { data: [] as ((chunk: Uint8Array | string) => void)[], close: [] as ((error?: Error) => void)[] };
    this.active = mine;
    return {
      description: path,
      write: async (text) => {
        if (this.active !== mine) throw new Error(`${path} is gone`);
        await this.inner.write(text);
      },
      onData: (listener) => mine.data.push(listener),
      onClose: (listener) => mine.close.push(listener),
      close: async () => {
        if (this.active === mine) this.active = undefined;
      },
    };
  }

  unplug(): void {
    const was = this.active;
    this.active = undefined;
    this.path = undefined;
    for (const listener of was?.close ?? []) listener(new Error('the device was unplugged'));
  }
}

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe('connectTimer with auto', () => {
  it('opens the one timer plugged in as a real timer (no assist), or the built-in one when none is', async () => {
    const timer = new PluggableTimer('/dev/ttyACM0');
    const found = await connectTimer(
      { kind: 'auto', seed: 1, realTime: false, required: false },
      { listPorts: listing(timerAt('/dev/ttyACM0', 'AA')), openPort: (path) => timer.open(path), heartbeatMs: 0 },
    );
    try {
      expect(found.port).toBe('/dev/ttyACM0');
      expect(found.assist).toBe(false);
      expect(found.virtual).toBeUndefined();
    } finally {
      await found.close();
      await timer.inner.close();
    }
    const builtIn = await connectTimer(
      { kind: 'auto', seed: 1, realTime: false, required: false },
      { listPorts: listing(adapterAt('/dev/ttyUSB0')), heartbeatMs: 0 },
    );
    try {
      expect(builtIn.port).toBeUndefined();
      expect(builtIn.assist).toBe(true);
      expect(builtIn.virtual).toBeDefined();
    } finally {
      await builtIn.close();
    }
  });

  it('finds the timer again under its new path after it is unplugged and plugged back, and the game goes on; another timer is not taken for it', async () => {
    const timer = new PluggableTimer('/dev/ttyACM0');
    let ports: ListedPort[] = [timerAt('/dev/ttyACM0', 'AA')];
    const opened: string[] = [];
    const connection = await connectTimer(
      { kind: 'auto', seed: 1, realTime: false, required: true },
      {
        listPorts: async () => ({ ports }),
        openPort: (path) => {
          opened.push(path);
          return timer.open(path);
        },
        heartbeatMs: 0,
        retryDelaysMs: [5],
      },
    );
    const notices: LinkNotice[] = [];
    connection.link.onNotice((n) => notices.push(n));
    try {
      await connection.link.request('START');
      expect((await connection.link.status()).state).toBe('running');

      timer.unplug();
      // Another timer appears first, under the old path's neighbour: not this game's timer.
      ports = [timerAt('/dev/ttyACM1', 'BB')];
      await until(() => notices.filter((n) => n.kind === 'retrying').length >= 3, 'a few tries');
      expect(opened).not.toContain('/dev/ttyACM1');

      timer.path = '/dev/ttyACM2';
      ports = [timerAt('/dev/ttyACM1', 'BB'), timerAt('/dev/ttyACM2', 'AA')];
      await until(() => notices.some((n) => n.kind === 'resumed'), 'the link to come back');
      expect(opened.at(-1)).toBe('/dev/ttyACM2');
      expect(notices.find((n) => n.kind === 'resumed')).toMatchObject({ status: { state: 'running' } });
      expect((await connection.link.status()).state).toBe('running');
    } finally {
      await connection.close();
      await timer.inner.close();
    }
  });

  it('a path typed with --port is found again by its ids too', async () => {
    const timer = new PluggableTimer('/dev/ttyACM0');
    let ports: ListedPort[] = [timerAt('/dev/ttyACM0', 'AA')];
    const notices: LinkNotice[] = [];
    const connection = await connectTimer(
      { kind: 'port', path: '/dev/ttyACM0' },
      { listPorts: async () => ({ ports }), openPort: (path) => timer.open(path), heartbeatMs: 0, retryDelaysMs: [5] },
    );
    connection.link.onNotice((n) => notices.push(n));
    try {
      timer.unplug();
      timer.path = '/dev/ttyACM1';
      ports = [timerAt('/dev/ttyACM1', 'AA')];
      await until(() => notices.some((n) => n.kind === 'resumed'), 'the link to come back');
      expect(notices.find((n) => n.kind === 'resumed')).toMatchObject({ description: '/dev/ttyACM1' });
    } finally {
      await connection.close();
      await timer.inner.close();
    }
  });

  it('two timers and no one to ask: a clear error naming them, nothing opened', async () => {
    const opened: string[] = [];
    await expect(
      connectTimer(
        { kind: 'auto', seed: 1, realTime: false, required: false },
        {
          listPorts: listing(timerAt('/dev/ttyACM0', 'AA'), timerAt('/dev/ttyACM1', 'BB')),
          openPort: async (path) => {
            opened.push(path);
            throw new Error('not to be opened');
          },
        },
      ),
    ).rejects.toThrow(/2 timers are plugged in \(\/dev\/ttyACM0 \(serial AA\), \/dev\/ttyACM1 \(serial BB\)\): choose one with --port PATH/);
    expect(opened).toEqual([]);
  });
});

describe('companion ports', () => {
  it('says which port is a timer and that the commands use it by themselves', async () => {
    const { io, out } = memoryIo();
    expect(await portsCommand([], io, listing(adapterAt('/dev/ttyUSB0'), timerAt('/dev/ttyACM0', 'AA')))).toBe(0);
    expect(out()).toBe(
      [
        '       /dev/ttyUSB0  FTDI',
        'timer  /dev/ttyACM0  Imperial Timer',
        'One Imperial Timer is plugged in (/dev/ttyACM0): play, pack and the others use it by themselves (--port auto).',
        '',
      ].join('\n'),
    );
  });
});

describe('which timer, asked at a terminal', () => {
  const two = [timerAt('/dev/ttyACM0', 'AA'), timerAt('/dev/ttyACM1', 'BB')];

  it('is not asked without a terminal or with --json', () => {
    expect(whichTimerAsker(memoryIo('1\n').io)).toBeUndefined();
    const { io } = memoryIo('1\n');
    (io.stdin as { isTTY?: boolean }).isTTY = true;
    expect(whichTimerAsker(io, true)).toBeUndefined();
  });

  it('names the timers and takes the number typed, asking again after a wrong one', async () => {
    const { io, out } = memoryIo('7\n2\n');
    (io.stdin as { isTTY?: boolean }).isTTY = true;
    const ask = whichTimerAsker(io);
    expect(await ask?.(two)).toBe('/dev/ttyACM1');
    expect(out()).toContain('2 Imperial Timers are plugged in:');
    expect(out()).toContain('  1. /dev/ttyACM0 (serial AA)');
    expect(out()).toContain('  2. /dev/ttyACM1 (serial BB)');
    expect(out()).toContain('✗ type a number from 1 to 2');
  });
});
