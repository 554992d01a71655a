// How long each test file takes (test/file-times.json, measured on a 2-core machine), so that
// vitest starts the longest files first (longest-first.ts): with the long browser files last, a
// fresh clone's run ended on one worker while the others stood idle. Stale figures only change
// the order, never a result. Refreshed from a run's JSON report:
//   npx vitest run --reporter=json --outputFile=build/test-report.json
//   npx tsx test/support/file-times.ts build/test-report.json   (in the checkout that ran it)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const FILE_TIMES_FILE = join(import.meta.dirname, '..', 'file-times.json');

export interface FileTimes {
  /** When and how the figures were measured. */
  readonly measured: string;
  /** Seconds per test file, by its path from the repository's root. */
  readonly seconds: Readonly<Record<string, number>>;
}

/** The figures in `text` (test/file-times.json); an error says what is wrong and how to mend it. */
export function fileTimesOf(text: string = readFileSync(FILE_TIMES_FILE, 'utf8')): FileTimes {
  const mend = 'give it { "measured": "<when, on what>", "seconds": { "<test file>": <seconds>, ... } } (test/support/file-times.ts says how to refresh it)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`test/file-times.json is not JSON (${(error as Error).message}): ${mend}`);
  }
  const { measured, seconds } = (parsed ?? {}) as Partial<FileTimes>;
  if (typeof measured !== 'string' || typeof seconds !== 'object' || seconds === null)
    throw new Error(`test/file-times.json lacks "measured" or "seconds": ${mend}`);
  for (const [file, value] of Object.entries(seconds)) {
    if (typeof value !== 'number' || !(value >= 0)) throw new Error(`test/file-times.json gives ${file} ${JSON.stringify(value)} seconds: ${mend}`);
  }
  return { measured, seconds };
}

interface JsonReport {
  readonly testResults: readonly { readonly name: string; readonly startTime: number; readonly endTime: number }[];
}

/** The figures of a vitest JSON report of a run in `root`, each file's seconds to one decimal, longest first. */
export function fileTimesFromReport(report: JsonReport, measured: string, root: string): FileTimes {
  const rows = report.testResults
    .map((r) => [relative(root, r.name), Math.round((r.endTime - r.startTime) / 100) / 10] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { measured, seconds: Object.fromEntries(rows) };
}

if (process.argv[1] === import.meta.filename) {
  const [reportFile, ...words] = process.argv.slice(2);
  if (reportFile === undefined) {
    console.error('usage: npx tsx test/support/file-times.ts <vitest JSON report> [what was measured]');
    process.exit(2);
  }
  const measured = words.join(' ') || `${new Date().toISOString().slice(0, 10)}: npm test's files, 2 cores`;
  const times = fileTimesFromReport(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport, measured, process.cwd());
  writeFileSync(FILE_TIMES_FILE, `${JSON.stringify(times, null, 2)}\n`);
  console.log(`wrote ${Object.keys(times.seconds).length} files' times to test/file-times.json`);
}
