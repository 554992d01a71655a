// Opens the companion's timer: a real one on a serial port, the built-in virtual timer in this
// process, or the built-in virtual timer behind a pseudo-terminal (spoken to through the real
// serial-port stack, as a real timer would be). Returns the connected TimerLink and whether the
// companion may press the timer's buttons for the players (only on a virtual timer).
// `auto` is `--port auto` (and the default where a command allows it): the one Imperial Timer
// plugged in on USB, found by its ids; none: the built-in timer unless --port auto was typed.
// A timer on USB is found again by its ids and serial number when it comes back under a new
// device path (unplugged and plugged back: ttyACM0 -> ttyACM1), and the game goes on.

import { startPtyBridge, type PtyBridge } from './pty-bridge.ts';
import type { HelloInfo, TimerStatus } from './protocol-client.ts';
import { DEFAULT_BAUD, listPorts, SerialTransport, type PortListing } from './serial-transport.ts';
import { TimerLink } from './timer-link.ts';
import { findTimerAgain, pickTimerPort, type TimerPortEntry, type UsbIdentity } from './timer-ports.ts';
import type { Transport } from './transport.ts';
import { VirtualTransport } from './virtual-transport.ts';

export type TimerChoice =
  | { readonly kind: 'virtual'; readonly seed: number; readonly realTime: boolean }
  | { readonly kind: 'pty'; readonly seed: number; readonly realTime: boolean }
  | { readonly kind: 'port'; readonly path: string; readonly baud?: number; readonly usb?: UsbIdentity | undefined }
  /** The one timer plugged in on USB; none: the built-in timer (seed, realTime), or an error when `required` (--port auto typed). */
  | { readonly kind: 'auto'; readonly seed: number; readonly realTime: boolean; readonly baud?: number; readonly required: boolean };

export interface TimerConnection {
  readonly link: TimerLink;
  /** The virtual timer itself, when there is one (tests drive its clock through the link). */
  readonly virtual: VirtualTransport | undefined;
  /** The pseudo-terminal's path with --pty. */
  readonly ptyPath: string | undefined;
  /** The serial port of a real timer (as first opened); undefined for the built-in one. */
  readonly port: string | undefined;
  /** The companion may press START and the code's symbols for the players. */
  readonly assist: boolean;
  /** The clock the timer's countdown runs on (ms): the virtual timer's own in virtual time, else the wall clock. */
  readonly now: () => number;
  readonly hello: HelloInfo;
  readonly status: TimerStatus;
  /** Settles when the connection cannot recover (the --pty bridge stopped for good), with the error saying what to do; never otherwise. */
  readonly failed: Promise<Error>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Quiet time before the link checks the timer still answers (ms). */
  readonly heartbeatMs?: number;
  readonly retryDelaysMs?: readonly number[];
  readonly timeoutMs?: number;
  /** The serial ports on this machine (default listPorts; tests pass a listing in). */
  readonly listPorts?: () => Promise<PortListing>;
  /** With `auto` and two or more timers plugged in: which one (a path), or null; without it that is an error naming them. */
  readonly askWhichTimer?: (timers: readonly TimerPortEntry[]) => Promise<string | null>;
  /** Opens a serial port (default SerialTransport.open; tests pass their own). */
  readonly openPort?: (path: string, baud: number) => Promise<Transport>;
}

function linkOptions(options: ConnectOptions): { heartbeatMs?: number; retryDelaysMs?: readonly number[]; timeoutMs?: number } {
  return {
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

/** `auto` made concrete: the one timer plugged in, or the built-in timer; a PortChoiceError when that cannot be chosen. */
async function resolveAuto(choice: TimerChoice, options: ConnectOptions): Promise<Exclude<TimerChoice, { kind: 'auto' }>> {
  if (choice.kind !== 'auto') return choice;
  const picked = await pickTimerPort({ list: options.listPorts ?? (() => listPorts()), ask: options.askWhichTimer, required: choice.required });
  if (picked === undefined) return { kind: 'virtual', seed: choice.seed, realTime: choice.realTime };
  return { kind: 'port', path: picked.path, usb: picked.usb, ...(choice.baud === undefined ? {} : { baud: choice.baud }) };
}

/**
 * Opens a real timer's port, again after each loss: at its path, or, when that fails and the
 * timer is known by its USB identity, at the path it is listed under now (plugged back in).
 */
function timerOpener(path: string, baud: number, usb: UsbIdentity | undefined, options: ConnectOptions): () => Promise<Transport> {
  const open = options.openPort ?? ((p: string, b: number) => SerialTransport.open(p, b));
  const list = options.listPorts ?? (() => listPorts());
  let known = usb;
  let current = path;
  let first = true;
  return async () => {
    if (first && known === undefined) {
      // A path typed with --port: its USB identity, when it is a timer on USB, to find it again under a new path.
      first = false;
      known = (await list()).ports.find((p) => p.path === path && p.timer)?.usb;
    }
    first = false;
    try {
      return await open(current, baud);
    } catch (error) {
      if (known === undefined) throw error;
      const now = await findTimerAgain({ path: current, usb: known }, list);
      if (now === undefined || now === current) throw error;
      current = now;
      return await open(current, baud);
    }
  };
}

export async function connectTimer(wanted: TimerChoice, options: ConnectOptions = {}): Promise<TimerConnection> {
  const choice = await resolveAuto(wanted, options);
  let virtual: VirtualTransport | undefined;
  let bridge: PtyBridge | undefined;
  let link: TimerLink;
  if (choice.kind === 'virtual') {
    const device = new VirtualTransport({ seed: choice.seed, realTime: choice.realTime });
    virtual = device;
    link = new TimerLink({ open: async () => device, reconnect: false, heartbeatMs: 0, ...linkOptions(options) });
  } else if (choice.kind === 'pty') {
    const device = new VirtualTransport({ seed: choice.seed, realTime: choice.realTime });
    virtual = device;
    try {
      bridge = await startPtyBridge(device);
    } catch (error) {
      await device.close();
      throw error;
    }
    const path = bridge.path;
    link = new TimerLink({ open: () => SerialTransport.open(path), reconnect: true, ...linkOptions(options) });
  } else {
    const { path, baud = DEFAULT_BAUD } = choice;
    link = new TimerLink({ open: timerOpener(path, baud, choice.usb, options), reconnect: true, ...linkOptions(options) });
  }
  const close = async (): Promise<void> => {
    await link.close().catch(() => undefined);
    await bridge?.close().catch(() => undefined);
    await virtual?.close().catch(() => undefined);
  };
  try {
    const { hello, status } = await link.connect();
    const device = virtual?.device;
    const virtualTime = choice.kind !== 'port' && !choice.realTime && device !== undefined;
    const now = virtualTime ? () => device.now : () => performance.now();
    const failed: Promise<Error> = bridge?.failed ?? new Promise<Error>(() => undefined);
    const port = choice.kind === 'port' ? choice.path : undefined;
    return { link, virtual, ptyPath: bridge?.path, port, assist: choice.kind !== 'port', now, hello, status, failed, close };
  } catch (error) {
    await close();
    throw error;
  }
}
