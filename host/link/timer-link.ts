// The companion's connection to its timer: opens the transport, checks the handshake, passes
// events on, and survives a pulled cable: when the link is lost it says so, tries again, and
// once the timer answers again it reads STATUS so the game can carry on where it was.
// The timer's warnings about itself (EVT STORE, EVT OVERRUN) become notices in words too.
// While a game is running, a heartbeat (STATUS after a few quiet seconds) finds a dead link that
// no transport reports: a USB adapter still plugged in while the timer behind it is gone. Outside
// a running game it stays quiet, because every line the timer receives restarts its wait for
// deep sleep: a link there is checked by the next command instead.

import type { DeviceEvent, DeviceState } from './messages.ts';
import {
  LinkError,
  ProtocolClient,
  type HelloInfo,
  type ListedCode,
  type OkAnswer,
  type PackCodeLine,
  type PackInfo,
  type TimerStatus,
} from './protocol-client.ts';
import { isTimerWarning, timerWarningText, type TimerWarningEvent } from './timer-warnings.ts';
import type { Transport } from './transport.ts';

export type LinkNotice =
  | { kind: 'connected'; hello: HelloInfo; status: TimerStatus; description: string }
  | { kind: 'lost'; reason: string }
  | { kind: 'retrying'; attempt: number; reason: string }
  | { kind: 'resumed'; hello: HelloInfo; status: TimerStatus; description: string }
  | { kind: 'problem'; text: string }
  /** The timer warned about itself (a stored part it could not use, input it lost), said in words. */
  | { kind: 'timer-warning'; event: TimerWarningEvent; text: string };

export interface TimerLinkOptions {
  /** Opens a fresh transport (called again after a loss). */
  open: () => Promise<Transport>;
  /** Whether to try again after the link is lost (a serial port: yes; the in-process device: no). */
  reconnect?: boolean;
  /** Delays between attempts, in ms; the last repeats (default 500, 1000, 2000, 5000). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Quiet time in a running game after which the link checks the timer still answers, in ms (default 3000; 0 = never). */
  heartbeatMs?: number;
}

export class TimerLink {
  private client: ProtocolClient | undefined;
  private readonly eventListeners = new Set<(event: DeviceEvent, line: string) => void>();
  private readonly noticeListeners = new Set<(notice: LinkNotice) => void>();
  private readonly lineListeners = new Set<(line: string) => void>();
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  /** The timer's state as last answered or reported; undefined when not known. */
  private timerState: DeviceState | undefined;

  constructor(private readonly options: TimerLinkOptions) {}

  /** Connects for the first time; rejects with a clear message when the timer cannot be reached. */
  async connect(): Promise<{ hello: HelloInfo; status: TimerStatus }> {
    const result = await this.attach();
    this.notify({ kind: 'connected', ...result, description: this.client?.description ?? '' });
    return result;
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onNotice(listener: (notice: LinkNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  onLine(listener: (line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  async request(command: string): Promise<OkAnswer> {
    return this.current().request(command);
  }

  async status(): Promise<TimerStatus> {
    const status = await this.current().status();
    this.timerState = status.state;
    return status;
  }

  async codes(): Promise<string[]> {
    return this.current().codes();
  }

  async codeList(): Promise<ListedCode[]> {
    return this.current().codeList();
  }

  async pack(): Promise<PackInfo> {
    return this.current().pack();
  }

  async loadPack(codes: readonly PackCodeLine[]): Promise<PackInfo> {
    return this.current().loadPack(codes);
  }

  async packBuiltin(): Promise<PackInfo> {
    return this.current().packBuiltin();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    const client = this.client;
    this.client = undefined;
    await client?.close();
  }

  private current(): ProtocolClient {
    if (!this.client) throw new LinkError('the timer is not connected right now; the companion is trying to reconnect');
    return this.client;
  }

  private async attach(): Promise<{ hello: HelloInfo; status: TimerStatus }> {
    const transport = await this.options.open();
    const client = new ProtocolClient(transport, this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs });
    transport.onClose((error) => this.lose(client, error ? error.message : 'the link closed'));
    client.onEvent((event, line) => {
      this.timerState = stateAfter(this.timerState, event);
      for (const listener of this.eventListeners) listener(event, line);
      if (isTimerWarning(event)) this.notify({ kind: 'timer-warning', event, text: timerWarningText(event) });
    });
    client.onLine((line) => {
      this.lastHeard = Date.now();
      for (const listener of this.lineListeners) listener(line);
    });
    client.onProblem((text) => this.notify({ kind: 'problem', text }));
    try {
      const hello = await client.hello();
      const status = await client.status();
      this.client = client;
      this.timerState = status.state;
      this.startHeartbeat(client);
      return { hello, status };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  /** The link to `client` is gone: say so once, and try again if asked to. */
  private lose(client: ProtocolClient, reason: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.stopHeartbeat();
    client.close().catch(() => undefined);
    if (this.closed) return;
    this.notify({ kind: 'lost', reason });
    if (this.options.reconnect) this.scheduleRetry(1, reason);
  }

  private startHeartbeat(client: ProtocolClient): void {
    const every = this.options.heartbeatMs ?? 3000;
    if (every <= 0) return;
    this.lastHeard = Date.now();
    this.heartbeat = setInterval(() => {
      if (this.timerState !== 'running' || Date.now() - this.lastHeard < every) return;
      client
        .status()
        .then((status) => {
          this.timerState = status.state;
        })
        .catch((error: unknown) => {
          this.lose(client, `the timer stopped answering (${error instanceof Error ? error.message : String(error)})`);
        });
    }, every);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private scheduleRetry(attempt: number, reason: string): void {
    const delays = this.options.retryDelaysMs ?? [500, 1000, 2000, 5000];
    const delay = delays[Math.min(attempt - 1, delays.length - 1)] ?? 1000;
    this.notify({ kind: 'retrying', attempt, reason });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.closed) return;
      this.attach().then(
        (result) => this.notify({ kind: 'resumed', ...result, description: this.client?.description ?? '' }),
        (error: unknown) => this.scheduleRetry(attempt + 1, error instanceof Error ? error.message : String(error)),
      );
    }, delay);
  }

  private notify(notice: LinkNotice): void {
    for (const listener of this.noticeListeners) listener(notice);
  }
}

/** The timer's state after `event`, as far as the event tells it. */
export function stateAfter(state: DeviceState | undefined, event: DeviceEvent): DeviceState | undefined {
  switch (event.name) {
    case 'POWER':
      return 'ready';
    case 'START':
    case 'RESUME':
      return 'running';
    case 'PAUSE':
      return 'paused';
    case 'FANFARE':
      return 'won';
    case 'TIMEOUT':
      return state === 'running' ? 'lost' : state;
    case 'SLEEP':
      return 'sleep';
    case 'WAKE':
    case 'TRAP':
      return undefined;
    default:
      return state;
  }
}
