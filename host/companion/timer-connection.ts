// Opens the companion's timer: a real one on a serial port, the built-in virtual timer in this
// process, or the built-in virtual timer behind a pseudo-terminal (spoken to through the real
// serial-port stack, as a real timer would be). Returns the connected TimerLink and whether the
// companion may press the timer's buttons for the players (only on a virtual timer).

import { startPtyBridge, type PtyBridge } from '../link/pty-bridge.ts';
import type { HelloInfo, TimerStatus } from '../link/protocol-client.ts';
import { DEFAULT_BAUD, SerialTransport } from '../link/serial-transport.ts';
import { TimerLink } from '../link/timer-link.ts';
import { VirtualTransport } from '../link/virtual-transport.ts';

export type TimerChoice =
  | { readonly kind: 'virtual'; readonly seed: number; readonly realTime: boolean }
  | { readonly kind: 'pty'; readonly seed: number; readonly realTime: boolean }
  | { readonly kind: 'port'; readonly path: string; readonly baud?: number };

export interface TimerConnection {
  readonly link: TimerLink;
  /** The virtual timer itself, when there is one (tests drive its clock through the link). */
  readonly virtual: VirtualTransport | undefined;
  /** The pseudo-terminal's path with --pty. */
  readonly ptyPath: string | undefined;
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
}

function linkOptions(options: ConnectOptions): { heartbeatMs?: number; retryDelaysMs?: readonly number[]; timeoutMs?: number } {
  return {
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

export async function connectTimer(choice: TimerChoice, options: ConnectOptions = {}): Promise<TimerConnection> {
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
    link = new TimerLink({ open: () => SerialTransport.open(path, baud), reconnect: true, ...linkOptions(options) });
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
    return { link, virtual, ptyPath: bridge?.path, assist: choice.kind !== 'port', now, hello, status, failed, close };
  } catch (error) {
    await close();
    throw error;
  }
}
