// What the table's `--json` stream (table/json-stream.ts) and terminal read alike: input read line
// by line in bounded memory (an over-long line dropped with an error), and a line read as a menu
// number or a JSON object, with the errors for what is neither.

import { splitLines } from '../../../common/lines.ts';

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

/** The error for menu number `n` when the last prompt had `count` choices. */
export function noSuchChoice(n: number, count: number): string {
  return `no choice ${n} in the last prompt (1 to ${count})`;
}
