// The check's walkthrough data (checked when loaded, errors naming the file and the entry), its
// templates, and its report files.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_FACE, faceOf, LIT_FACE, lightFacts, ohmsText } from '../../host/check/pin-facts.ts';
import { defaultReportPath, REPORT_FORMAT, reportText, saveReport, textPathOf, type CheckReport } from '../../host/check/report.ts';
import { CHECK_STEPS, fill, parseSteps, SECTIONS } from '../../host/check/steps.ts';

const report: CheckReport = {
  format: REPORT_FORMAT,
  timer: 'the timer on /dev/ttyACM0',
  firmware: '0.1.0',
  startedAt: '2026-12-02T05:00:00.000Z',
  endedAt: '2026-12-02T05:04:00.000Z',
  end: { kind: 'stopped', why: 'q was typed' },
  settingsRestored: true,
  settings: 'duration=720 correct=12 need=4 sleep=180 volume=2',
  items: [
    { section: 'protocol', id: 'hello', title: 'HELLO', outcome: 'passed', seen: 'OK HELLO' },
    {
      section: 'lights',
      id: 'light-2',
      title: 'the third bar segment (GP4)',
      outcome: 'failed',
      seen: 'answered n',
      cause: 'The third bar segment not lit: check GP4',
    },
    { section: 'sounds', id: 'sounds', title: 'the sounds', outcome: 'not-run', seen: 'the check ended before it' },
  ],
  passed: 1,
  failed: 1,
};

describe('the check walkthrough data', () => {
  it('runs every section once, in an order of its own', () => {
    expect([...CHECK_STEPS.order].sort()).toEqual([...SECTIONS].sort());
  });

  it.each([
    [{ order: ['protocol', 'protocol'] }, /host\/check\/steps\.json: the file: order names a section twice/],
    [{ order: ['protocol', 'lamps'] }, /host\/check\/steps\.json: order\[1\]: /],
    [{ buttons: { ...CHECK_STEPS.buttons, morePresses: 'sometimes' } }, /host\/check\/steps\.json: buttons\.morePresses: /],
    [{ buttons: { ...CHECK_STEPS.buttons, timeLimitMs: 0 } }, /buttons\.timeLimitMs: /],
    [{ sleep: { ...CHECK_STEPS.sleep, sleepS: 5 } }, /sleep\.sleepS: /],
    [{ battery: { ...CHECK_STEPS.battery, cellMinMv: 2000 } }, /battery: noneBelowMv < cellMinMv < cellMaxMv/],
    [{ lights: { ...CHECK_STEPS.lights, colour: 'red' } }, /lights: unknown field "colour"/],
    [
      { protocol: { ...CHECK_STEPS.protocol, checks: [{ id: 'again', title: 'the same', send: 'CONFIG', sameAs: 'config', cause: 'x' }] } },
      /each check has expect or sameAs \(an earlier check\)/,
    ],
    [{ protocol: { ...CHECK_STEPS.protocol, checks: [{ id: 'x', title: 'x', send: 'HELLO', expect: '(', cause: 'x' }] } }, /expect: not a regular expression/],
  ])('refuses a walkthrough with a mistake (%#)', (change, message) => {
    expect(() => parseSteps({ ...CHECK_STEPS, ...change })).toThrow(message);
  });

  it('fills templates and refuses one naming a word the step does not have', () => {
    expect(fill('check GP{gpio} and {part}', { gpio: 19, part: 'its ground' })).toBe('check GP19 and its ground');
    expect(() => fill('check GP{pin}', { gpio: 19 })).toThrow(/the template "check GP\{pin\}" names \{pin\}, which this step does not have/);
  });

  it('names each light and its face from the pin map', () => {
    const lights = lightFacts(CHECK_STEPS);
    expect(lights).toHaveLength(14);
    expect(lights[2]).toEqual({ bit: 2, name: 'the third bar segment', gpio: 4, resistor: 'r_bar2', ohms: '1 kΩ', face: '..#.......|....' });
    expect(lights[10]).toMatchObject({ name: 'the first found light', gpio: 12, face: '..........|#...' });
    expect([DARK_FACE, LIT_FACE, faceOf(0b11 << 12)]).toEqual(['..........|....', '##########|####', '..........|..##']);
    expect([ohmsText(470_000), ohmsText(1000), ohmsText(220)]).toEqual(['470 kΩ', '1 kΩ', '220 Ω']);
  });
});

describe('the check report', () => {
  it('in words: each item, each cause, how it ended and the settings', () => {
    expect(reportText(report)).toBe(
      [
        'Imperial Timer check of the timer on /dev/ttyACM0 (firmware 0.1.0), 2026-12-02T05:00:00.000Z',
        '  passed   protocol: HELLO (OK HELLO)',
        '  FAILED   lights: the third bar segment (GP4) (answered n)',
        '           -> The third bar segment not lit: check GP4',
        '  not run  sounds: the sounds (the check ended before it)',
        '1 passed, 1 failed, 1 not run.',
        'The check was stopped: q was typed.',
        "The timer's settings are as they were (duration=720 correct=12 need=4 sleep=180 volume=2).",
        '',
      ].join('\n'),
    );
    expect(reportText({ ...report, settingsRestored: false, end: { kind: 'link-lost', why: 'the cable was pulled' } })).toContain(
      "The check lost the timer: the cable was pulled.\nThe timer's settings could not be put back: once it answers, send CONFIG duration=720 correct=12 need=4 sleep=180 volume=2",
    );
  });

  it('says when the settings could not be read at all', () => {
    expect(reportText({ ...report, settings: '', settingsRestored: false })).toMatch(
      /\nThe timer's settings could not be read \(CONFIG was not answered OK\), so none were put back\.\n$/,
    );
  });

  it('saved as JSON and text side by side, beside the companion files by default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imperial-report-'));
    const path = defaultReportPath(dir, new Date('2026-12-02T05:06:07.890Z'));
    expect(path).toBe(join(dir, '.imperial-timer', 'checks', 'check-2026-12-02-050607.json'));
    const saved = saveReport(report, path);
    expect(saved).toEqual({ json: path, text: join(dir, '.imperial-timer', 'checks', 'check-2026-12-02-050607.txt') });
    expect(JSON.parse(readFileSync(saved.json, 'utf8'))).toEqual(report);
    expect(readFileSync(saved.text, 'utf8')).toBe(reportText(report));
    expect(textPathOf('/tmp/r')).toBe('/tmp/r.txt');
  });

  it('a report that cannot be written says where and why', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imperial-report-'));
    writeFileSync(join(dir, 'file'), '');
    expect(() => saveReport(report, join(dir, 'file', 'r.json'))).toThrow(
      new RegExp(`^cannot write the check's report to ${dir}/file/r\\.json: .*(EEXIST|ENOTDIR)`),
    );
  });
});
