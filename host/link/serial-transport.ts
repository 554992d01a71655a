// A real serial port (a timer on USB-serial or UART) through the `serialport` package.

import { readdir } from 'node:fs/promises';
import { SerialPort } from 'serialport';
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

export interface PortListing {
  ports: { path: string; description: string }[];
  /** Set when the full listing was not possible and a simpler one was used (plain words for any front end, a family's page too: no flag, no error code). */
  note?: string;
  /** With a note: the technical reason the full listing failed ("spawn udevadm ENOENT"), for the command line's diagnostics only. */
  reason?: string;
}

const LIKELY_TIMER_PORTS = /^(ttyACM|ttyUSB|ttyAMA|cu\.usb|tty\.usb)/;

/**
 * The serial ports on this machine. `serialport`'s listing needs udev on Linux; where udev is
 * missing (containers, minimal systems) this falls back to the device files under /dev and says so.
 */
export async function listPorts(
  listWithUdev: () => Promise<{ path: string; manufacturer?: string | undefined; serialNumber?: string | undefined }[]> = () => SerialPort.list(),
): Promise<PortListing> {
  try {
    const found = await listWithUdev();
    return {
      ports: found.map((p) => ({ path: p.path, description: [p.manufacturer, p.serialNumber].filter(Boolean).join(' ') || 'serial port' })),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    let names: string[] = [];
    try {
      names = (await readdir('/dev')).filter((n) => LIKELY_TIMER_PORTS.test(n)).sort();
    } catch {
      names = [];
    }
    return {
      ports: names.map((n) => ({ path: `/dev/${n}`, description: 'device file (no details without udev)' })),
      note: "this computer cannot give the serial ports' details (udev is probably missing). Showing the serial device files found in /dev instead.",
      reason,
    };
  }
}
