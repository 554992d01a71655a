// Which serial ports are Imperial Timers: by the USB identity the Pico image enumerates with
// (hw/pico/usb.json, the one source of the ids), read from serialport's listing or, where udev is
// missing, from Linux's /sys tree. `--port auto` picks the one plugged-in timer from them, and a
// timer unplugged and plugged back under a new device path (ttyACM0 -> ttyACM1) is found again
// by its ids and serial number.

import { readFile } from 'node:fs/promises';
import usbJson from '../../hw/pico/usb.json' with { type: 'json' };

/** A USB device's identity: ids as lowercase 4-digit hex without "0x" ("1209", "000f"), as serialport lists them. */
export interface UsbIdentity {
  readonly vendorId: string;
  readonly productId: string;
  readonly serialNumber?: string | undefined;
  readonly product?: string | undefined;
}

/** The timer's USB identity (hw/pico/usb.json). */
export const TIMER_USB = {
  vendorId: hexId(usbJson.vid),
  productId: hexId(usbJson.pid),
  product: usbJson.product,
} as const;

/** "0x000F", "000f", "0x1209" -> "000f", "1209"; "" for anything that is not a 16-bit hex id. */
export function hexId(text: string | undefined): string {
  const digits = (text ?? '').trim().toLowerCase().replace(/^0x/, '');
  return /^[0-9a-f]{1,4}$/.test(digits) ? digits.padStart(4, '0') : '';
}

/**
 * Whether a USB device is an Imperial Timer: its vendor and product ids are the timer's, and its
 * product string, where the listing tells it, is the timer's too (the PID is one of pid.codes'
 * shared test PIDs, so the product string keeps another test device from passing for a timer).
 */
export function isTimerUsb(usb: UsbIdentity | undefined): boolean {
  if (usb === undefined) return false;
  if (hexId(usb.vendorId) !== TIMER_USB.vendorId || hexId(usb.productId) !== TIMER_USB.productId) return false;
  return usb.product === undefined || usb.product === TIMER_USB.product;
}

/** Whether `found` is the same USB device as `wanted`: the same ids, and the same serial number when both tell one. */
export function sameUsbDevice(wanted: UsbIdentity, found: UsbIdentity | undefined): boolean {
  if (found === undefined) return false;
  if (hexId(wanted.vendorId) !== hexId(found.vendorId) || hexId(wanted.productId) !== hexId(found.productId)) return false;
  return wanted.serialNumber === undefined || found.serialNumber === undefined || wanted.serialNumber === found.serialNumber;
}

/** The Linux /sys folder of tty devices (a fake tree in tests). */
export const SYS_CLASS_TTY = '/sys/class/tty';

/**
 * The USB identity of the tty `name` (e.g. "ttyACM0") from `<sysClassTty>/<name>/device/../`
 * (a CDC ACM port's device is its USB interface; the interface's parent folder is the USB device,
 * with idVendor, idProduct, serial, product); undefined when the files are not there (not a USB
 * device, or no /sys). The "device/.." is resolved by the file system after the link, as in /sys.
 */
export async function sysUsbIdentity(name: string, sysClassTty = SYS_CLASS_TTY): Promise<UsbIdentity | undefined> {
  if (!/^[\w.-]+$/.test(name)) return undefined;
  const read = async (file: string): Promise<string | undefined> => {
    try {
      const text = (await readFile(`${sysClassTty}/${name}/device/../${file}`, 'utf8')).trim();
      return text === '' ? undefined : text;
    } catch {
      return undefined;
    }
  };
  const [vendorId, productId, serialNumber, product] = await Promise.all([read('idVendor'), read('idProduct'), read('serial'), read('product')]);
  if (vendorId === undefined || productId === undefined || hexId(vendorId) === '' || hexId(productId) === '') return undefined;
  return { vendorId: hexId(vendorId), productId: hexId(productId), serialNumber, product };
}

/** One port in a listing (the fields `listPorts` in serial-transport.ts gives). */
export interface TimerPortEntry {
  readonly path: string;
  readonly description: string;
  readonly timer: boolean;
  readonly usb?: UsbIdentity | undefined;
}

/** A port chosen for a timer: its path and, when it is a timer on USB, its identity (to find it again under a new path). */
export interface PickedPort {
  readonly path: string;
  readonly usb?: UsbIdentity | undefined;
}

/** `--port auto` could not pick a timer: the message says what was found and what to do. */
export class PortChoiceError extends Error {
  override name = 'PortChoiceError';
}

export interface PickOptions {
  /** The ports on this machine (listPorts). */
  readonly list: () => Promise<{ ports: readonly TimerPortEntry[] }>;
  /** With two or more timers: asks which one (resolves with one of the paths, or null to give up); without it, picking is an error naming them. */
  readonly ask?: ((timers: readonly TimerPortEntry[]) => Promise<string | null>) | undefined;
  /** `--port auto` typed: no timer found is an error (otherwise the caller's own default, e.g. the built-in timer). */
  readonly required: boolean;
}

/** "/dev/ttyACM0 (serial E6614103E7...)" for the messages. */
export function timerPortName(port: TimerPortEntry): string {
  return port.usb?.serialNumber === undefined ? port.path : `${port.path} (serial ${port.usb.serialNumber})`;
}

/**
 * The timer `--port auto` means: the one plugged-in timer; undefined when none is found and
 * none was required; with two or more, the one `ask` picks, or a PortChoiceError naming them.
 */
export async function pickTimerPort(options: PickOptions): Promise<PickedPort | undefined> {
  const listing = await options.list();
  const timers = listing.ports.filter((p) => p.timer);
  const [only] = timers;
  if (timers.length === 1 && only !== undefined) return { path: only.path, usb: only.usb };
  if (timers.length === 0) {
    if (!options.required) return undefined;
    const others = listing.ports.map((p) => p.path);
    throw new PortChoiceError(
      `--port auto: no Imperial Timer is plugged in (none of the serial ports has its USB ids ${TIMER_USB.vendorId}:${TIMER_USB.productId}${others.length === 0 ? '; no serial port at all' : `; found ${others.join(', ')}`}). Plug the timer's USB cable in and switch it on; a timer on a USB-serial adapter is not recognised by its ids: give its port with --port PATH (\`npm run -s companion -- ports\` lists them), or leave out --port for the built-in timer.`,
    );
  }
  const names = timers.map(timerPortName).join(', ');
  if (options.ask !== undefined) {
    const answer = await options.ask(timers);
    const chosen = timers.find((t) => t.path === answer);
    if (chosen !== undefined) return { path: chosen.path, usb: chosen.usb };
    throw new PortChoiceError(
      `--port auto: ${timers.length} timers are plugged in (${names}) and none was chosen: run again with --port PATH for the one to use.`,
    );
  }
  throw new PortChoiceError(`--port auto: ${timers.length} timers are plugged in (${names}): choose one with --port PATH.`);
}

/**
 * The port of a timer found again: `wanted`'s path when it is still there under the same
 * identity, else the port now listed with the same ids and serial number (plugged back under a
 * new path); undefined when it is not plugged in.
 */
export async function findTimerAgain(wanted: PickedPort & { usb: UsbIdentity }, list: PickOptions['list']): Promise<string | undefined> {
  const { ports } = await list();
  const same = ports.filter((p) => sameUsbDevice(wanted.usb, p.usb));
  return (same.find((p) => p.path === wanted.path) ?? same[0])?.path;
}
