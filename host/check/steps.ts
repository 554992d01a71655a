// The walkthrough of `companion check` as data: host/check/steps.json, checked when loaded (an
// error names the file, the entry and the problem), and its templates filled in.

import stepsJson from './steps.json' with { type: 'json' };
import { parseData, v } from '../engine/schema.ts';
import { PLAY_SOUNDS, SYMBOLS } from '../link/messages.ts';

export const STEPS_FILE = 'host/check/steps.json';

export const SECTIONS = ['protocol', 'battery', 'lights', 'sounds', 'buttons', 'power', 'sleep'] as const;
export type SectionId = (typeof SECTIONS)[number];

const BUTTONS = ['triangle', ...SYMBOLS] as const;

const text = v.pipe(v.string(), v.minLength(1));
const ms = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max));
const words = v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.regex(/^[a-z]+$/, 'an answer is small letters'))), v.minLength(1));
const question = v.strictObject({ title: text, question: text, cause: text });

const ProtocolCheck = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z-]*$/)),
  title: text,
  send: v.pipe(v.string(), v.minLength(1), v.regex(/^[^\r\n]*$/, 'a line to send has no line end')),
  /** The answer line must match this (a regular expression); or, with `sameAs`, equal that check's answer. */
  expect: v.optional(
    v.pipe(
      text,
      v.check((source) => {
        try {
          new RegExp(source);
          return true;
        } catch {
          return false;
        }
      }, 'not a regular expression'),
    ),
  ),
  sameAs: v.optional(text),
  cause: text,
});

const StepsSchema = v.pipe(
  v.strictObject({
    format: v.literal('imperial-timer-check/1'),
    description: v.string(),
    order: v.pipe(v.array(v.picklist(SECTIONS)), v.minLength(1)),
    answers: v.strictObject({ yes: words, no: words, again: words, quit: words, retry: text }),
    pollMs: ms(1000),
    protocol: v.strictObject({ title: text, checks: v.pipe(v.array(ProtocolCheck), v.minLength(1)) }),
    battery: v.strictObject({
      title: text,
      question: text,
      /** A cell's range, times the cells of hw/power.json: nearly flat alkaline to fresh lithium (1.8 V), under VSYS's 5.5 V. */
      cellMinMv: v.pipe(v.number(), v.integer(), v.minValue(0)),
      cellMaxMv: v.pipe(v.number(), v.integer(), v.maxValue(3000)),
      noneBelowMv: v.pipe(v.number(), v.integer(), v.minValue(0)),
      none: text,
      low: text,
      high: text,
    }),
    lights: v.strictObject({
      title: text,
      /** How long a face shows before its question: a person's look (a sound still ringing from before ends meanwhile). */
      lookMs: ms(10_000),
      intro: text,
      ordinals: v.pipe(v.array(text), v.length(10)),
      bar: text,
      found: text,
      dark: question,
      each: v.strictObject({ question: text, cause: text }),
      all: question,
    }),
    sounds: v.strictObject({
      title: text,
      volume: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3)),
      question: text,
      cause: text,
      tunes: v.record(v.picklist(PLAY_SOUNDS), text),
    }),
    buttons: v.strictObject({
      title: text,
      order: v.pipe(v.array(v.picklist(BUTTONS)), v.minLength(1)),
      timeLimitMs: ms(600_000),
      settleMs: ms(10_000),
      /** More than one EVT KEY for one asked press: a failure, or counted as one. */
      morePresses: v.picklist(['fail', 'count-once']),
      prompt: text,
      none: text,
      other: text,
      more: text,
    }),
    power: v.strictObject({
      title: text,
      timeLimitMs: ms(600_000),
      /** How often the battery is read while waiting for the switch (a timer on USB power keeps answering). */
      probeMs: ms(60_000),
      off: text,
      on: text,
      notOff: text,
      notOnCells: text,
      notOnUsb: text,
    }),
    sleep: v.strictObject({
      title: text,
      sleepS: v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(3600)),
      slackMs: ms(600_000),
      wait: text,
      none: text,
      button: v.picklist(BUTTONS),
      wake: text,
      wakeLimitMs: ms(600_000),
      noWake: text,
    }),
  }),
  v.check((s) => new Set(s.order).size === s.order.length, 'order names a section twice'),
  v.check((s) => s.battery.noneBelowMv < s.battery.cellMinMv && s.battery.cellMinMv < s.battery.cellMaxMv, 'battery: noneBelowMv < cellMinMv < cellMaxMv'),
  v.check((s) => {
    const ids = s.protocol.checks.map((c) => c.id);
    return s.protocol.checks.every(
      (c, i) => (c.expect === undefined) !== (c.sameAs === undefined) && (c.sameAs === undefined || ids.slice(0, i).includes(c.sameAs)),
    );
  }, 'protocol: each check has expect or sameAs (an earlier check), not both'),
);

export type CheckSteps = v.InferOutput<typeof StepsSchema>;
export type ProtocolCheckStep = v.InferOutput<typeof ProtocolCheck>;

/** Checks a walkthrough (the built-in one, or one a test changed). */
export function parseSteps(json: unknown, file = STEPS_FILE): CheckSteps {
  return parseData(StepsSchema, json, file);
}

export const CHECK_STEPS: CheckSteps = parseSteps(stepsJson);

/** A template with its `{name}` words filled in; a word it has no value for is an error (a mistake in the data). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${STEPS_FILE}: the template "${template}" names {${name}}, which this step does not have`);
    return String(value);
  });
}

/** The first letter made a capital, for a cause that starts with a filled-in name. */
export function capital(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
