// The live channel's messages from a page, one JSON object per WebSocket text message, checked
// here before anything else sees them. A message that is not valid gets an `error` naming the
// problem (and changes nothing).
//
//   seat page:   {"type":"choose","menu":7,"n":2}     the n-th move (from 0) of the menu numbered 7
//                {"type":"move","move":{...}}          a move as JSON (its actor must be the seat)
//                {"type":"dice","outcome":[...]}       the table's dice (also from the table page)
//                {"type":"device","action":"start-timer"}  press the built-in timer's buttons (also from the table page)
//   start page:  {"type":"start","game":"secret-invasion","seats":[{"name":"Ana","bot":null}],
//                  "options":{},"seed":42,"timer":{"kind":"none"},"chance":"table","passAndPlay":true}
//                {"type":"resume","game":"secret-invasion","passAndPlay":true}
//                {"type":"ports"}                      list the serial ports

import { dataErrorOf, v } from '../engine/schema.ts';
import { DEVICE_ACTIONS } from '../table/countdown.ts';

const name = v.pipe(v.string(), v.trim(), v.minLength(1, 'a name cannot be empty'), v.maxLength(40, 'a name is at most 40 characters'));
const optionValue = v.union([v.boolean(), v.string(), v.number()]);

export const timerChoiceSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('none') }),
  v.strictObject({ kind: v.literal('virtual') }),
  v.strictObject({ kind: v.literal('port'), path: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
]);
export type TimerChoice = v.InferOutput<typeof timerChoiceSchema>;

export const pageMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('choose'), menu: v.pipe(v.number(), v.integer(), v.minValue(0)), n: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  v.strictObject({ type: v.literal('move'), move: v.record(v.string(), v.unknown()) }),
  v.strictObject({ type: v.literal('dice'), outcome: v.unknown() }),
  v.strictObject({ type: v.literal('device'), action: v.picklist(DEVICE_ACTIONS, `the actions are ${DEVICE_ACTIONS.join(', ')}`) }),
  v.strictObject({
    type: v.literal('start'),
    game: v.pipe(v.string(), v.maxLength(60)),
    seats: v.pipe(
      v.array(v.strictObject({ name, bot: v.nullable(v.pipe(v.string(), v.maxLength(40))) })),
      v.minLength(1, 'a match needs at least one seat'),
      v.maxLength(8, 'at most 8 seats'),
    ),
    options: v.optional(v.record(v.string(), optionValue), {}),
    seed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff_ffff))),
    timer: v.optional(timerChoiceSchema, { kind: 'none' }),
    /** 'table': the table rolls its own dice and enters them on the pages (for games with chance). */
    chance: v.optional(v.picklist(['sample', 'table'], 'is "sample" (the companion rolls) or "table" (the table rolls its own dice)')),
    /** Played on one screen passed around (`/pass/`): each person's quick-window time starts when their screen shows. */
    passAndPlay: v.optional(v.boolean()),
  }),
  v.strictObject({
    type: v.literal('resume'),
    game: v.pipe(v.string(), v.maxLength(60)),
    timer: v.optional(timerChoiceSchema, { kind: 'none' }),
    passAndPlay: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('ports') }),
]);
export type PageMessage = v.InferOutput<typeof pageMessageSchema>;

export type Parsed = { readonly ok: true; readonly message: PageMessage } | { readonly ok: false; readonly problem: string };

/** A raw message from a page: its size is checked first, then its JSON, then its shape. */
export function parsePageMessage(raw: string | Buffer, maxBytes: number): Parsed {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (bytes > maxBytes) return { ok: false, problem: `the message is ${bytes} bytes; at most ${maxBytes} are accepted` };
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    return { ok: false, problem: 'the message is not JSON; send one JSON object such as {"type":"choose","menu":1,"n":0}' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'the message is not a JSON object; send one such as {"type":"choose","menu":1,"n":0}' };
  }
  const parsed = v.safeParse(pageMessageSchema, value);
  if (!parsed.success) {
    const type = (value as { type?: unknown }).type;
    const known = ['choose', 'move', 'dice', 'device', 'start', 'resume', 'ports'];
    if (typeof type !== 'string' || !known.includes(type)) {
      return { ok: false, problem: `unknown message type ${JSON.stringify(type ?? null)}; the types are ${known.join(', ')}` };
    }
    const error = dataErrorOf('the message', parsed.issues);
    return { ok: false, problem: `the ${type} message: ${error.entry === '' ? '' : `${error.entry}: `}${error.problem}` };
  }
  return { ok: true, message: parsed.output };
}
