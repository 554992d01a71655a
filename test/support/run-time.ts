// What `npm run bench` and `npm run soak` say of their own length: first an estimate (from
// test/run-times.json, measured on a 2-core machine), at the end the time the run really took.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RUN_TIMES_FILE = join(import.meta.dirname, '..', 'run-times.json');

export interface RunTime {
  /** About how many minutes the whole run takes on 2 cores. */
  readonly minutes: number;
  /** When and how that was measured. */
  readonly measured: string;
}

/** The estimate for `name` in `text` (test/run-times.json); an error says what is missing. */
export function runTimeOf(name: string, text: string = readFileSync(RUN_TIMES_FILE, 'utf8')): RunTime {
  const entry = (JSON.parse(text) as Record<string, unknown>)[name] as Partial<RunTime> | undefined;
  if (entry === undefined || typeof entry.minutes !== 'number' || !(entry.minutes > 0) || typeof entry.measured !== 'string')
    throw new Error(`test/run-times.json has no estimate for "${name}": give it { "minutes": <a number above 0>, "measured": "<when, on what>" }`);
  return entry as RunTime;
}

/** "5 min 3 s", "42 s". */
export function durationInWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

/** The first line: the estimate. */
export const estimateLine = (what: string, time: RunTime): string =>
  `${what}: takes about ${time.minutes} min on 2 cores (measured ${time.measured}; longer on a busy machine)`;

/** The last line: what it took. */
export const tookLine = (what: string, ms: number): string => `${what} took ${durationInWords(ms)}`;

/** Prints the estimate of `name` now; the function returned prints the time taken since. */
export function announceRun(name: string, what: string, print: (line: string) => void = (line) => console.log(line)): () => void {
  print(estimateLine(what, runTimeOf(name)));
  const started = performance.now();
  return () => print(tookLine(what, performance.now() - started));
}
