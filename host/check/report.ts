// The check's report: what passed, what failed and each failure's likely cause; as JSON and as
// text, saved side by side (a temporary file moved into place), beside the companion's other
// files unless a path is given.

import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SectionId } from './steps.ts';

export const REPORT_FORMAT = 'imperial-timer-check-report/1';

export type Outcome = 'passed' | 'failed' | 'not-run';

export interface CheckItem {
  readonly section: SectionId;
  readonly id: string;
  readonly title: string;
  readonly outcome: Outcome;
  /** What was seen or answered ("answered n", "EVT KEY square", "mv=4500"). */
  readonly seen?: string;
  /** A failure's likely cause, naming the pins to check. */
  readonly cause?: string;
}

/** How the check ended: every step run, stopped by the person (q, Ctrl-C, the input ended), or the link gone. */
export type CheckEnd =
  | { readonly kind: 'finished' }
  | { readonly kind: 'stopped'; readonly why: string }
  | { readonly kind: 'link-lost'; readonly why: string };

export interface CheckReport {
  readonly format: typeof REPORT_FORMAT;
  /** "the timer on /dev/ttyACM0", "the built-in virtual timer". */
  readonly timer: string;
  readonly firmware: string;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly end: CheckEnd;
  /** Whether the settings read at the start were put back (false when the link was gone). */
  readonly settingsRestored: boolean;
  readonly settings: string;
  readonly items: readonly CheckItem[];
  readonly passed: number;
  readonly failed: number;
}

export function reportText(report: CheckReport): string {
  const lines = [`Imperial Timer check of ${report.timer} (firmware ${report.firmware || 'unknown'}), ${report.startedAt}`];
  for (const item of report.items) {
    const mark = item.outcome === 'passed' ? 'passed ' : item.outcome === 'failed' ? 'FAILED ' : 'not run';
    lines.push(`  ${mark}  ${item.section}: ${item.title}${item.seen === undefined ? '' : ` (${item.seen})`}`);
    if (item.cause !== undefined) lines.push(`           -> ${item.cause}`);
  }
  const notRun = report.items.filter((i) => i.outcome === 'not-run').length;
  lines.push(
    `${report.passed} passed, ${report.failed} failed${notRun === 0 ? '' : `, ${notRun} not run`}.${report.failed === 0 && report.end.kind === 'finished' ? ' The timer is built right.' : ''}`,
  );
  if (report.end.kind !== 'finished') lines.push(`The check ${report.end.kind === 'stopped' ? 'was stopped' : 'lost the timer'}: ${report.end.why}.`);
  if (report.settings === '') lines.push("The timer's settings could not be read (CONFIG was not answered OK), so none were put back.");
  else if (report.settingsRestored) lines.push(`The timer's settings are as they were (${report.settings}).`);
  else lines.push(`The timer's settings could not be put back: once it answers, send CONFIG ${report.settings}`);
  return `${lines.join('\n')}\n`;
}

/** The report's default path: ~/.imperial-timer/checks/check-<date>-<time>.json. */
export function defaultReportPath(home: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '')
    .replace('T', '-');
  return join(home, '.imperial-timer', 'checks', `check-${stamp}.json`);
}

/** The text report beside the JSON one: the same name ending in .txt. */
export function textPathOf(jsonPath: string): string {
  return jsonPath.endsWith('.json') ? `${jsonPath.slice(0, -'.json'.length)}.txt` : `${jsonPath}.txt`;
}

function writeWhole(path: string, content: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/** Writes both files; returns their paths. Throws with the file and the system's reason when it cannot. */
export function saveReport(report: CheckReport, jsonPath: string): { json: string; text: string } {
  const text = textPathOf(jsonPath);
  try {
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeWhole(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    writeWhole(text, reportText(report));
  } catch (error) {
    throw new Error(`cannot write the check's report to ${jsonPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { json: jsonPath, text };
}
