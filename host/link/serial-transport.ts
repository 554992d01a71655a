// A real serial port (a timer on USB-serial or UART) through the `serialport` package.

import { readdir } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import { hexId, isTimerUsb, SYS_CLASS_TTY, sysUsbIdentity, TIMER_USB, type TimerPortEntry, type UsbIdentity } from './timer-ports.ts';
import type { Transport } from './transport.ts';

export const DEFAULT_BAUD = 115200;

export class SerialTransport implements Transport {
  readonly description: string;
  private readonly closeListeners: ((error?: Error) => void)[] = [];
  private closing = false;

  private constructor(
    private readonly port: SerialPort,
    path: string,
    baud: number,
  ) {
    this.description = `${path} at ${baud} baud`;
    port.on('close', (error: Error | null) => {
      const unexpected = !this.closing;
      const reason = error ?? (unexpected ? new Error('the port closed') : undefined);
      for (const listener of this.closeListeners) listener(unexpected ? reason : undefined);
    });
    // Errors after opening also arrive as 'close' with an error; this keeps Node from throwing.
    port.on('error', () => undefined);
  }

  /** Opens `path`; rejects with a message that says what to check when the port cannot be opened. */
  static open(path: string, baud = DEFAULT_BAUD): Promise<SerialTransport> {
    if (!Number.isInteger(baud) || baud < 300 || baud > 4_000_000) {
      return Promise.reject(new Error(`--baud ${baud} is not a usable baud rate: the timer speaks 115200`));
    }
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path, baudRate: baud, autoOpen: false });
      port.open((error) => {
        if (error) {
          reject(
            new Error(
              `cannot open ${path}: ${openFailureReason(error.message, path)}. Is the timer plugged in, and is this the right port? (\`npm run -s companion -- ports\` lists them; on Linux your user may need to be in the dialout group.)`,
            ),
          );
          return;
        }
        resolve(new SerialTransport(port, path, baud));
      });
    });
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.port.isOpen) {
        reject(new Error(`${this.description} is not open`));
        return;
      }
      this.port.write(text, (error) => (error ? reject(error) : this.port.drain((e) => (e ? reject(e) : resolve()))));
    });
  }

  onData(listener: (chunk: Uint8Array | string) => void): void {
    this.port.on('data', (chunk: Buffer) => listener(new Uint8Array(chunk)));
  }

  onClose(listener: (error?: Error) => void): void {
    this.closeListeners.push(listener);
  }

  close(): Promise<void> {
    this.closing = true;
    if (!this.port.isOpen) return Promise.resolve();
    return new Promise((resolve) => this.port.close(() => resolve()));
  }
}

/**
 * The reason in `serialport`'s open error, as it reads after "cannot open PATH:": its messages
 * say "Error: No such file or directory, cannot open /dev/x", so the "Error: " and the path told
 * again are left out ("No such file or directory").
 */
export function openFailureReason(message: string, path: string): string {
  const reason = message
    .replace(/^(Error: )+/, '')
    .replace(`, cannot open ${path}`, '')
    .trim();
  if (reason === '') return 'the port could not be opened';
  const told = reason.charAt(0).toLowerCase() + reason.slice(1);
  // A file that is not a terminal (a regular file, /dev/null) refuses the serial settings.
  return /inappropriate ioctl/i.test(reason) ? `${told} (it is not a serial port)` : told;
}

export interface ListedPort extends TimerPortEntry {
  readonly path: string;
  /** Words for a person: "Imperial Timer (USB 1209:000f, serial ...)", the maker and serial number, or what kind of entry it is. */
  readonly description: string;
  /** An Imperial Timer, by its USB ids (hw/pico/usb.json). */
  readonly timer: boolean;
  /** The USB device's ids and serial number, when the listing tells them. */
  readonly usb?: UsbIdentity | undefined;
}

export interface PortListing {
  ports: ListedPort[];
  /** Set when the full listing was not possible and a simpler one was used (words for any front end: no flag named). */
  note?: string;
}

/** What `serialport`'s listing gives for a port (the fields used here). */
export interface SerialPortInfo {
  path: string;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
  vendorId?: string | undefined;
  productId?: string | undefined;
}

/** Where the /dev fallback looks (fake folders in tests). */
export interface DeviceFolders {
  readonly dev: string;
  readonly sysClassTty: string;
}

const LIKELY_TIMER_PORTS = /^(ttyACM|ttyUSB|ttyAMA|cu\.usb|tty\.usb)/;

function listed(path: string, usb: UsbIdentity | undefined, otherwise: string): ListedPort {
  const timer = isTimerUsb(usb);
  const ids = usb === undefined ? '' : `USB ${usb.vendorId}:${usb.productId}${usb.serialNumber === undefined ? '' : `, serial ${usb.serialNumber}`}`;
  const description = timer ? `${TIMER_USB.product} (${ids})` : otherwise;
  return { path, description, timer, ...(usb === undefined ? {} : { usb }) };
}

/**
 * The serial ports on this machine, each marked when it is an Imperial Timer by its USB ids.
 * `serialport`'s listing needs udev on Linux; where udev is missing (containers, minimal systems)
 * this falls back to the device files under /dev, with the USB ids of each from /sys where the
 * kernel tells them, and says so.
 */
export async function listPorts(
  listWithUdev: () => Promise<SerialPortInfo[]> = () => SerialPort.list(),
  folders: DeviceFolders = { dev: '/dev', sysClassTty: SYS_CLASS_TTY },
): Promise<PortListing> {
  try {
    const found = await listWithUdev();
    return {
      ports: found.map((p) => {
        const vendorId = hexId(p.vendorId);
        const productId = hexId(p.productId);
        const usb = vendorId === '' || productId === '' ? undefined : { vendorId, productId, serialNumber: p.serialNumber };
        return listed(p.path, usb, [p.manufacturer, p.serialNumber].filter(Boolean).join(' ') || 'serial port');
      }),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    let names: string[] = [];
    try {
      names = (await readdir(folders.dev)).filter((n) => LIKELY_TIMER_PORTS.test(n)).sort();
    } catch {
      names = [];
    }
    const ports = await Promise.all(
      names.map(async (n) => {
        const usb = await sysUsbIdentity(n, folders.sysClassTty);
        return listed(
          `${folders.dev}/${n}`,
          usb,
          usb === undefined
            ? 'device file (no details without udev)'
            : `USB device ${usb.vendorId}:${usb.productId}${usb.product === undefined ? '' : ` ${usb.product}`}`,
        );
      }),
    );
    return {
      ports,
      note: `the full port listing is not available here (${reason}): udev is probably missing. Showing the serial device files found in /dev instead.`,
    };
  }
}
