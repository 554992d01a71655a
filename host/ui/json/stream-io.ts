// What every game's `--json` stream does alike: one JSON object per line on the output, input
// read line by line (a menu number or a JSON object), the first lines (`start`, a `note` per
// warning), prompts asked for any number of times and written once, and an end reached once.
// Each game's stream decides what its prompts hold, what an input line does, and when it ends.

import { splitLines } from '../../../sim/cli/split-lines.ts';
import type { CommonUpdate } from '../../companion/game-session.ts';
import type { FrontEndEnd, FrontEndIo } from '../front-end.ts';

export type JsonRecord = Record<string, unknown>;

/** The longest input line read, in bytes (a move or a menu number is far shorter); a longer one is dropped with an error line. */
export const MAX_INPUT_LINE_BYTES = 64 * 1024;

/** The error for an input line longer than MAX_INPUT_LINE_BYTES. */
export function overLongInput(length: number): string {
  return `an input line of ${length} bytes was dropped (the longest read is ${MAX_INPUT_LINE_BYTES} bytes): send one menu number or one move as JSON per line`;
}

export interface InputLines {
  /** Stops reading (nothing more is handed on). */
  close(): void;
}

/**
 * Reads `input` line by line (at '\n'; a '\r' before it is dropped, UTF-8), in time linear in the
 * input and memory bounded by MAX_INPUT_LINE_BYTES, whatever the input: an over-long line is
 * reported with `overLong` and dropped, never held whole. `closed` runs once at the end of the input.
 */
export function readInputLines(
  input: NodeJS.ReadableStream,
  handlers: { line: (text: string) => void; overLong: (length: number) => void; closed: () => void },
): InputLines {
  const splitter = splitLines({ maxLength: MAX_INPUT_LINE_BYTES });
  const decoder = new TextDecoder();
  let open = true;
  const hand = (line: { bytes: Uint8Array; overLong: boolean; length: number }): void => {
    if (!open) return;
    if (line.overLong) {
      handlers.overLong(line.length);
      return;
    }
    const text = decoder.decode(line.bytes);
    handlers.line(text.endsWith('\r') ? text.slice(0, -1) : text);
  };
  const onData = (chunk: Buffer | string): void => {
    for (const line of splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)) hand(line);
  };
  const onEnd = (): void => {
    if (!open) return;
    const last = splitter.end();
    if (last !== undefined) hand(last);
    stop();
    handlers.closed();
  };
  const stop = (): void => {
    open = false;
    input.removeListener('data', onData);
    input.removeListener('end', onEnd);
    input.removeListener('close', onEnd);
  };
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('close', onEnd);
  return {
    close() {
      if (!open) return;
      stop();
      input.pause();
    },
  };
}

/** The running stream, as a game's stream sees it. */
export interface JsonLineStream {
  /** Writes one object as one line. */
  readonly write: (record: JsonRecord) => void;
  /** Whether the stream has ended (nothing more is read or prompted). */
  readonly ended: boolean;
  /** Ends the stream with `how`; later calls do nothing. */
  end(how: FrontEndEnd): void;
  /** Asks for a prompt: the game's `prompt` runs once on the next turn of the event loop, however often it was asked for. */
  schedulePrompt(): void;
}

/** What a game's stream brings: its first line, and what to do on each prompt, input line and end. */
export interface JsonStreamGame {
  /** The first line (`type: 'start'` and the game's fields). */
  readonly start: JsonRecord;
  /** Problems found while opening: a `note` line each, after the first line. */
  readonly warnings: readonly string[];
  /** Lines written after the notes, before the first prompt (the opening of a new game). */
  readonly opening?: readonly JsonRecord[];
  /** Whether the game is already over: the stream then ends at once, finished, without reading input. */
  isOver(): boolean;
  /** Writes the prompt when a person has something to choose. */
  prompt(): void;
  /** One line of input. */
  line(text: string): void;
  /** The input has ended. */
  inputClosed(): void;
  /** The stream is ending: stop listening to the session. */
  stopped(): void;
}

/** Runs a game's stream on `io` until it ends. `open` sets the game's stream up (subscribing to its session) before the first line. */
export function runJsonLineStream(io: FrontEndIo, open: (stream: JsonLineStream) => JsonStreamGame): Promise<FrontEndEnd> {
  const write = (record: JsonRecord): void => {
    io.output.write(`${JSON.stringify(record)}\n`);
  };
  let promptDue = false;

  return new Promise((resolve) => {
    let ended = false;
    let lines: InputLines | undefined;
    const stream: JsonLineStream = {
      write,
      get ended() {
        return ended;
      },
      end(how) {
        if (ended) return;
        ended = true;
        game.stopped();
        lines?.close();
        resolve(how);
      },
      schedulePrompt() {
        if (promptDue) return;
        promptDue = true;
        setImmediate(() => {
          promptDue = false;
          game.prompt();
        });
      },
    };
    const game = open(stream);

    write(game.start);
    for (const warning of game.warnings) write({ type: 'note', text: warning });
    for (const record of game.opening ?? []) write(record);
    if (game.isOver()) {
      setImmediate(() => stream.end('finished'));
      return;
    }
    stream.schedulePrompt();
    lines = readInputLines(io.input, {
      line: (line) => game.line(line),
      overLong: (length) => write({ type: 'error', message: overLongInput(length) }),
      closed: () => game.inputClosed(),
    });
  });
}

/** One input line before the game reads it: a menu number, a JSON value, or text that is neither. */
export type InputValue =
  | { readonly kind: 'choice'; readonly n: number }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'not-json'; readonly excerpt: string };

/** Reads one input line; null for a blank line. `excerpt`: the start of a line that is not JSON, for the error. */
export function readInputValue(line: string): InputValue | null {
  const text = line.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return { kind: 'choice', n: Number(text) };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'not-json', excerpt: text.slice(0, 80) };
  }
}

/** The value as a JSON object, or null when it is not one (an array, a number, null, ...). */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Whether an object has what every move has (`actor` and `type`); the rules judge the rest. */
export function isMoveShaped(record: Record<string, unknown>): boolean {
  return typeof record['actor'] === 'string' && typeof record['type'] === 'string';
}

/** Why a move for `actor` is refused when that seat is not played from this input. */
export function notPlayedHere(actor: string, humans: readonly string[]): string {
  return `${actor} is not a seat played from this input (people play ${humans.join(', ') || 'no seat'})`;
}

/** The error for menu number `n` when the last prompt had `count` choices. */
export function noSuchChoice(n: number, count: number): string {
  return `no choice ${n} in the last prompt (1 to ${count})`;
}

/** The updates every game's stream writes alike. */
type PlainUpdate = Extract<CommonUpdate<unknown, unknown>, { kind: 'rejected' | 'timer' | 'note' | 'link' | 'save-failed' }>;

/** The line for an update that every game's stream writes alike. */
export function plainUpdateRecord(update: PlainUpdate): JsonRecord {
  switch (update.kind) {
    case 'rejected':
      return { type: 'rejected', move: update.move, reason: update.reason };
    case 'timer':
      return { type: 'timer-event', event: update.event };
    case 'note':
      return { type: 'note', text: update.text };
    case 'link':
      return { type: 'link', notice: update.notice };
    case 'save-failed':
      return { type: 'error', message: update.message };
  }
}
