// A real serial port (a timer on USB-serial or UART) through the `serialport` package.

import { readdir } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import { LinkError } from './protocol-client.ts';
import { hexId, isTimerUsb, SYS_CLASS_TTY, sysUsbIdentity, TIMER_USB, type TimerPortEntry, type UsbIdentity } from './timer-ports.ts';
import type { Transport } from './transport.ts';

export const DEFAULT_BAUD = 115200;

/** What SerialTransport uses of a port: serialport's SerialPort (a stand-in in tests). */
export interface SerialPortLike {
  readonly isOpen: boolean;
  write(data: string, callback: (error: Error | null | undefined) => void): unknown;
  drain(callback: (error: Error | null) => void): unknown;
  close(callback: (error?: Error | null) => void): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * A failure of an open port (a write, its drain, the port closing by itself) as the link's own
 * error in words: serialport's messages ("Error: Input/output error, cannot drain") become the
 * reason in brackets.
 */
export function lostPortError(error: unknown, description: string, doing?: string): LinkError {
  const reason = portErrorReason(error instanceof Error ? error.message : String(error)) || 'the port closed';
  return new LinkError(
    `the timer's cable was pulled or its port vanished: ${doing === undefined ? description : `${doing} ${description}`} failed (${reason})`,
  );
}

/** serialport's error message without its "Error: " prefixes, starting in lower case. */
function portErrorReason(message: string): string {
  const reason = message.replace(/^(Error: )+/, '').trim();
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

export class SerialTransport implements Transport {
  readonly description: string;
  private readonly closeListeners: ((error?: Error) => void)[] = [];
  private closing = false;

  private constructor(
    private readonly port: SerialPortLike,
    path: string,
    baud: number,
  ) {
    this.description = `${path} at ${baud} baud`;
    port.on('close', (error: Error | null) => {
      if (this.closing) {
        for (const listener of this.closeListeners) listener(undefined);
        return;
      }
      const lost = lostPortError(error ?? new Error('the port closed'), this.description, 'the port');
      for (const listener of this.closeListeners) listener(lost);
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

  /** An already open port (serialport's, or a stand-in in tests). */
  static over(port: SerialPortLike, path: string, baud = DEFAULT_BAUD): SerialTransport {
    return new SerialTransport(port, path, baud);
  }

  /** Rejects with the link's own error (LinkError) in words when the port is gone, never serialport's. */
  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.port.isOpen) {
        reject(lostPortError(new Error('the port is not open'), this.description, 'writing to'));
        return;
      }
      const fail = (error: unknown): void => reject(lostPortError(error, this.description, 'writing to'));
      try {
        this.port.write(text, (error) => (error ? fail(error) : this.port.drain((e) => (e ? fail(e) : resolve()))));
      } catch (error) {
        fail(error);
      }
    });
  }

  onData(listener: (chunk: Uint8Array | string) => void): void {
    this.port.on('data', (chunk: Buffer) => listener(new Uint8Array(chunk)));
  }

  onClose(listener: (error?: Error) => void): void {
    this.closeListeners.push(listener);
  }

  /** Never rejects: a port that vanished is closed all the same. */
  close(): Promise<void> {
    this.closing = true;
    if (!this.port.isOpen) return Promise.resolve();
    return new Promise((resolve) => {
      try {
        this.port.close(() => resolve());
      } catch {
        resolve();
      }
    });
  }
}

/**
 * The reason in `serialport`'s open error, as it reads after "cannot open PATH:": its messages
 * say "Error: No such file or directory, cannot open /dev/x", so the "Error: " and the path told
 * again are left out ("No such file or directory").
 */
export function openFailureReason(message: string, path: string): string {
  const told = portErrorReason(message.replace(`, cannot open ${path}`, ''));
  if (told === '') return 'the port could not be opened';
  const reason = told;
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
  /** Set when the full listing was not possible and a simpler one was used (plain words for any front end, a family's page too: no flag, no error code). */
  note?: string;
  /** With a note: the technical reason the full listing failed ("spawn udevadm ENOENT"), for the command line's diagnostics only. */
  reason?: string;
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
      note: "this computer cannot give the serial ports' details (udev is probably missing). Showing the serial device files found in /dev instead.",
      reason,
    };
  }
}
