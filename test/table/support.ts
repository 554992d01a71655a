// Helpers for the table front end's tests: a fake table-mode timer, output captured line by line
// with the state at the moment each line was written, and people who answer what they read.

import { PassThrough } from 'node:stream';
import type { DeviceEvent } from '../../host/link/messages.ts';
import type { TableTimerPort } from '../../host/table/host.ts';

/** A timer that records the commands sent to it and sends the events a test gives it. */
export class FakeTimer implements TableTimerPort {
  readonly commands: string[] = [];
  private readonly listeners = new Set<(event: DeviceEvent) => void>();
  refuse: string | null = null;

  request(command: string): Promise<unknown> {
    this.commands.push(command);
    return this.refuse === null ? Promise.resolve({}) : Promise.reject(new Error(this.refuse));
  }

  onEvent(listener: (event: DeviceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: DeviceEvent): void {
    for (const l of [...this.listeners]) l(event);
  }
}

/** Output written line by line; `onLine` sees each complete line as it is written (with whatever the test wants to note of that moment). */
export class CapturedOutput extends PassThrough {
  readonly lines: string[] = [];
  private rest = '';

  constructor(private readonly onLine: (line: string) => void = () => undefined) {
    super();
  }

  override write(chunk: unknown, ...args: unknown[]): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    this.rest += text;
    let at = this.rest.indexOf('\n');
    while (at >= 0) {
      const line = this.rest.slice(0, at);
      this.rest = this.rest.slice(at + 1);
      this.lines.push(line);
      this.onLine(line);
      at = this.rest.indexOf('\n');
    }
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }

  get text(): string {
    return this.lines.join('\n');
  }
}

/** An input stream the test writes lines to as it goes. */
export function typedInput(): PassThrough & { type(line: string): void } {
  const input = new PassThrough() as PassThrough & { type(line: string): void };
  input.type = (line: string) => {
    setImmediate(() => input.write(`${line}\n`));
  };
  return input;
}

/** Whether `text` holds `word` as a whole token (not inside a longer card id). */
export function holdsToken(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}
