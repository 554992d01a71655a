// A client for protocol v1: the HELLO handshake, commands matched to their answers with a
// timeout, and the stream of typed events. Commands go one at a time; an answer is matched by
// the first word after OK (SIM commands answer with their sub-command: `SIM ADVANCE` → `OK ADVANCE`).
// Garbage, stray answers and unknown events are reported through `onProblem`, never thrown.
// A command that wakes the timer from deep sleep is not run (it answers `ERR state sleep`) and
// is sent once more by itself. After a timeout the next command is preceded by a HELLO, and
// whatever arrives before its answer (the late answer to the command that timed out) is dropped.

import { TimerLineSplitter } from '../../common/lines.ts';
import { parseDeviceLine, type DeviceEvent, type DeviceMessage, type DeviceState, isDeviceState } from './messages.ts';
import type { Transport } from './transport.ts';

export const PROTOCOL_VERSION = '1';

export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
    readonly line: string,
  ) {
    super(`the timer refused "${command}": ${line}`);
    this.name = 'CommandError';
  }
}

export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/**
 * A command that may have been carried out, but whose answer was lost (the link went, or no
 * answer came in time): `PACK END` may have put the new pack in play, or not.
 */
export class AnswerLostError extends LinkError {
  constructor(
    message: string,
    readonly command: string,
  ) {
    super(message);
    this.name = 'AnswerLostError';
  }
}

export interface HelloInfo {
  name: string;
  firmware: string;
  protocol: string;
  symbols: string[];
}

export interface TimerStatus {
  state: DeviceState;
  leftMs: number;
  found: number;
  need: number;
  entry: string;
}

export type OkAnswer = Extract<DeviceMessage, { kind: 'ok' }>;

/** One line of `CODES`: `OK CODE <i> <digits> [id=<id>]`. */
export interface ListedCode {
  index: number;
  digits: string;
  /** The placard id a loaded pack gave this code, if any. */
  id?: string;
}

/** The pack in play (`OK PACK source=<builtin|loaded> n=<n> sum=<hex>`), see firmware/PROTOCOL.md "Packs". */
export interface PackInfo {
  source: 'builtin' | 'loaded';
  n: number;
  sum: string;
}

/** A code to load with `PACK CODE`. */
export interface PackCodeLine {
  readonly digits: string;
  readonly id?: string;
}

interface Pending {
  command: string;
  /** A HELLO sent after a timeout: answers before its own are late ones, and are dropped. */
  sync: boolean;
  /** Sent again once already, after the timer woke from deep sleep and dropped it. */
  resent: boolean;
  expect: string;
  collect: OkAnswer[] | undefined;
  resolve: (answer: OkAnswer, collected: OkAnswer[]) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface ProtocolClientOptions {
  /** How long to wait for an answer, in ms (default 2000). */
  timeoutMs?: number;
}

function packInfoOf(answer: OkAnswer, command: string, source?: PackInfo['source']): PackInfo {
  const f = answer.fields;
  const from = source ?? f['source'];
  if ((from !== 'builtin' && from !== 'loaded') || !/^\d{1,2}$/.test(f['n'] ?? '') || !/^[0-9a-f]{4}$/.test(f['sum'] ?? '')) {
    throw new LinkError(`the timer's answer to ${command} is not "OK ${command} ... n=<n> sum=<hex>": "${answer.line}"`);
  }
  return { source: from, n: Number(f['n']), sum: f['sum'] ?? '' };
}

export class ProtocolClient {
  private readonly splitter = new TimerLineSplitter();
  private readonly eventListeners = new Set<(event: DeviceEvent, line: string) => void>();
  private readonly problemListeners = new Set<(problem: string) => void>();
  private readonly lineListeners = new Set<(line: string) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private pending: Pending | undefined;
  private closedError: Error | undefined;
  private readonly timeoutMs: number;
  /** A command timed out: its answer may still come, so the next command first resynchronises. */
  private unsynced = false;

  constructor(
    private readonly transport: Transport,
    options: ProtocolClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    transport.onData((chunk) => this.receive(chunk));
    transport.onClose((error) => this.closed(error));
  }

  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Every complete line received, for monitors and logs. */
  onLine(listener: (line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  onProblem(listener: (problem: string) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  get description(): string {
    return this.transport.description;
  }

  /** Identify the timer; fails unless it speaks protocol 1. */
  async hello(): Promise<HelloInfo> {
    const answer = await this.request('HELLO');
    const f = answer.fields;
    if (f['proto'] !== PROTOCOL_VERSION) {
      throw new LinkError(
        `${this.transport.description} speaks protocol ${f['proto'] ?? '(none)'}; this companion needs protocol ${PROTOCOL_VERSION}. Update the timer's firmware or the companion.`,
      );
    }
    return {
      name: f['name'] ?? '',
      firmware: f['fw'] ?? '',
      protocol: f['proto'],
      symbols: (f['symbols'] ?? '').split(',').filter((s) => s.length > 0),
    };
  }

  async status(): Promise<TimerStatus> {
    const f = (await this.request('STATUS')).fields;
    const state = f['state'] ?? '';
    const number = (key: string): number => {
      const text = f[key];
      if (text === undefined || !/^\d+$/.test(text)) throw new LinkError(`the timer's STATUS has no valid ${key}=: "${key}=${text ?? ''}"`);
      return Number(text);
    };
    if (!isDeviceState(state)) throw new LinkError(`the timer reports an unknown state "${state}"`);
    return { state, leftMs: number('left'), found: number('found'), need: number('need'), entry: f['entry'] === '-' ? '' : (f['entry'] ?? '') };
  }

  /** The printed codes of the mission pack, in order, as digit strings. */
  async codes(): Promise<string[]> {
    const { collected } = await this.send('CODES', 'CODES', true);
    return collected.filter((a) => a.command === 'CODE').map((a) => a.words[1] ?? '');
  }

  /** The printed codes of the pack in play with their index and placard id (a loaded pack's), in order. */
  async codeList(): Promise<ListedCode[]> {
    const { answer, collected } = await this.send('CODES', 'CODES', true);
    const codes = collected
      .filter((a) => a.command === 'CODE')
      .map((a): ListedCode => {
        const [index = '', digits = ''] = a.words;
        if (!/^\d{1,2}$/.test(index) || !/^\d+$/.test(digits))
          throw new LinkError(`the timer's CODES has a line that is not "OK CODE <i> <digits>": "${a.line}"`);
        const id = a.fields['id'];
        return { index: Number(index), digits, ...(id === undefined ? {} : { id }) };
      });
    const n = answer.fields['n'];
    if (n !== String(codes.length)) throw new LinkError(`the timer listed ${codes.length} codes but ended with "${answer.line}"`);
    return codes;
  }

  /** Which pack is in play, its number of codes and its sum. */
  async pack(): Promise<PackInfo> {
    return packInfoOf(await this.request('PACK'), 'PACK');
  }

  /**
   * Loads a pack: `PACK BEGIN n`, a `PACK CODE` per code, `PACK END`. All or nothing: a refused
   * line rejects with its CommandError after a `PACK CANCEL`, and the pack in play stays as it was.
   */
  async loadPack(codes: readonly PackCodeLine[]): Promise<PackInfo> {
    await this.request(`PACK BEGIN ${codes.length}`);
    try {
      for (const [i, { digits, id }] of codes.entries()) {
        await this.request(`PACK CODE ${i + 1} ${digits}${id === undefined ? '' : ` ${id}`}`);
      }
    } catch (error) {
      await this.request('PACK CANCEL').catch(() => undefined);
      throw error;
    }
    let answer: OkAnswer;
    try {
      answer = await this.request('PACK END');
    } catch (error) {
      // Sent, but unanswered: the timer may hold the new pack, or still its old one.
      if (error instanceof LinkError) throw new AnswerLostError(error.message, 'PACK END');
      throw error;
    }
    return packInfoOf(answer, 'PACK END', 'loaded');
  }

  /**
   * The built-in pack in play again (the stored pack is erased). The timer refuses `PACK BUILTIN`
   * while a transfer is open, so an unfinished one (a load cut short) is dropped first with
   * `PACK CANCEL`: the person asked for the built-in pack.
   */
  async packBuiltin(): Promise<PackInfo> {
    await this.request('PACK CANCEL');
    return packInfoOf(await this.request('PACK BUILTIN'), 'PACK BUILTIN', 'builtin');
  }

  /** Send one command line and wait for its answer: resolves with `OK ...`, rejects with CommandError on `ERR ...`. */
  async request(command: string): Promise<OkAnswer> {
    const words = command.trim().split(/\s+/);
    const first = (words[0] ?? '').toUpperCase();
    const expect = first === 'SIM' ? (words[1] ?? '').toUpperCase() : first;
    return (await this.send(command.trim(), expect, false)).answer;
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private send(command: string, expect: string, collect: boolean): Promise<{ answer: OkAnswer; collected: OkAnswer[] }> {
    const run = async (): Promise<{ answer: OkAnswer; collected: OkAnswer[] }> => {
      if (this.unsynced) {
        // The timer answers lines in order: once it has answered this HELLO, any late answer to
        // the command that timed out has been seen (and dropped), and answers match again.
        await this.exchange('HELLO', 'HELLO', false, true);
        this.unsynced = false;
      }
      return this.exchange(command, expect, collect, false);
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private exchange(command: string, expect: string, collect: boolean, sync: boolean): Promise<{ answer: OkAnswer; collected: OkAnswer[] }> {
    return new Promise((resolve, reject) => {
      if (this.closedError) return reject(this.closedError);
      if (/[\r\n]/.test(command)) return reject(new LinkError(`a command is one line: ${JSON.stringify(command)}`));
      const timer = setTimeout(() => {
        if (this.pending?.timer !== timer) return;
        this.pending = undefined;
        this.unsynced = true;
        reject(
          new LinkError(`no answer to "${command}" from ${this.transport.description} within ${this.timeoutMs} ms: is the timer switched on and connected?`),
        );
      }, this.timeoutMs);
      this.pending = {
        command,
        sync,
        resent: false,
        expect,
        collect: collect ? [] : undefined,
        resolve: (answer, collected) => resolve({ answer, collected }),
        reject,
        timer,
      };
      this.transport.write(`${command}\n`).catch((error: unknown) => this.settle((p) => p.reject(this.sendError(error))));
    });
  }

  /** A transport's write rejection as the link's own error (a transport's own LinkError as it is). */
  private sendError(error: unknown): LinkError {
    if (error instanceof LinkError) return error;
    return new LinkError(`cannot send to ${this.transport.description}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private settle(action: (pending: Pending) => void): void {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending = undefined;
    action(pending);
  }

  private receive(chunk: Uint8Array | string): void {
    for (const result of this.splitter.push(chunk)) {
      if ('problem' in result) this.problem(`${result.problem}: "${result.sample}"`);
      else this.handleLine(result.line);
    }
  }

  private handleLine(line: string): void {
    for (const listener of this.lineListeners) listener(line);
    const message = parseDeviceLine(line);
    switch (message.kind) {
      case 'garbage':
        this.problem(`unexpected line from the timer (${message.problem}): "${line}"`);
        return;
      case 'evt':
        if (message.event.name === 'UNKNOWN') this.problem(`unknown event from the timer: "${line}"`);
        for (const listener of this.eventListeners) listener(message.event, line);
        return;
      case 'err': {
        const pending = this.pending;
        if (!pending) return this.problem(`an error nobody asked for: "${line}"`);
        if (message.reason === 'state' && message.words[0] === 'sleep' && !pending.resent) return this.resendAfterWake(pending);
        if (pending.sync) return this.problem(`a late answer to a command that timed out was dropped: "${line}"`);
        this.settle((p) => p.reject(new CommandError(pending.command, message.reason, line)));
        return;
      }
      case 'ok': {
        const pending = this.pending;
        if (pending?.collect && message.command === 'CODE') {
          pending.collect.push(message);
          return;
        }
        if (pending?.sync && message.command !== 'HELLO') {
          this.problem(`a late answer to a command that timed out was dropped: "${line}"`);
          return;
        }
        if (!pending || message.command !== pending.expect) {
          this.problem(`an answer nobody asked for: "${line}"`);
          return;
        }
        this.settle((p) => p.resolve(message, p.collect ?? []));
      }
    }
  }

  /** The command woke the timer from deep sleep and was not run: send it once more. */
  private resendAfterWake(pending: Pending): void {
    pending.resent = true;
    this.transport.write(`${pending.command}\n`).catch((error: unknown) => this.settle((p) => p.reject(this.sendError(error))));
  }

  private closed(error?: Error): void {
    this.closedError = new LinkError(
      error ? `the link to ${this.transport.description} was lost: ${error.message}` : `the link to ${this.transport.description} is closed`,
    );
    this.settle((p) => p.reject(this.closedError ?? new LinkError('closed')));
  }

  private problem(text: string): void {
    for (const listener of this.problemListeners) listener(text);
  }
}
