// The live channel's messages, one JSON object per WebSocket text message, both ways.
// - From a page (`PageMessage`): checked here before anything else sees them. A message that is
//   not valid gets an `error` naming the problem (and changes nothing).
// - To a page (`ServerMessage`): one discriminated union on `type`, built by the server
//   (server.ts, web-match.ts and the modules beside them) and read by the pages' code (page/),
//   so the compiler checks both sides against the same shapes. Each is made from what its
//   viewer may see; the game's view and events travel as the JSON the game made them (`JsonObject`),
//   read by the game's drawing.
//
//   seat page:   {"type":"choose","menu":7,"n":2}     the n-th move (from 0) of the menu numbered 7
//                {"type":"move","move":{...}}          a move as JSON (its actor must be the seat)
//                {"type":"dice","outcome":[...]}       the table's dice (also from the table page)
//                {"type":"device","action":"start-timer"}  press the built-in timer's buttons (also from the table page)
//   start page:  {"type":"start","game":"secret-invasion","seats":[{"name":"Ana","bot":null}],
//                  "options":{},"seed":42,"timer":{"kind":"none"},"chance":"table","passAndPlay":true}
//                {"type":"resume","game":"secret-invasion","passAndPlay":true}
//                {"type":"ports"}                      list the serial ports

import type { ChanceSpec } from '../engine/chance.ts';
import type { ActorId } from '../engine/table-game.ts';
import type { GameMeta } from '../engine/meta.ts';
import type { DeviceEvent } from '../link/messages.ts';
import type { LinkNotice } from '../link/timer-link.ts';
import type { TimerCommand } from '../table/entry.ts';
import type { TimerTones } from './timer-tones.ts';
import { dataErrorOf, v } from '../engine/schema.ts';
import { DEVICE_ACTIONS, type CountdownClock, type DeviceAction } from '../table/countdown.ts';

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

// ---- to a page ----

/** A game's view or event as the JSON it is sent as (each game's drawing reads its own). */
export type JsonObject = Readonly<Record<string, unknown>>;

/** A seat of the match: its id, its person's (or bot's) name, its bot (null: a person). */
export interface SeatInfo {
  readonly id: ActorId;
  readonly name: string;
  readonly bot: string | null;
}

/** Someone named on a page (who is asked, who is passed): the id and the name to show. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

/** A move of a snapshot's menu: its number in the menu, its label and what it does. */
export interface MenuMove {
  readonly n: number;
  readonly label: string;
  readonly hint?: string;
}

/** The open quick window's countdown as a page draws it: its length and what was left as the message left. */
export interface PageCountdown {
  readonly window: string;
  readonly seconds: number;
  readonly leftMs: number;
}

/** In a match played pass-and-play: the open quick window (public) and this viewer's pass in its menu (null: none). */
export interface OwnWindow {
  readonly window: string;
  readonly seconds: number;
  readonly serial: number;
  readonly pass: number | null;
}

export type PageResult = { readonly finished: true; readonly winners: readonly string[]; readonly summary: string } | { readonly finished: false };

/** Everything one viewer may know now (`TableHost.snapshot`), in words made on the server. */
export type SnapshotMessage = {
  readonly type: 'snapshot';
  readonly viewer: string;
  readonly view: JsonObject;
  readonly lines: readonly string[];
  readonly prompt: string;
  readonly waitingOn: readonly Named[];
  /** This menu's number: a `choose` names it, and a stale one is refused. */
  readonly menu: number;
  readonly moves: readonly MenuMove[];
  readonly dice: ChanceSpec | null;
  readonly countdown: PageCountdown | null;
  readonly clock: CountdownClock | null;
  readonly held: string | null;
  readonly actions: readonly { readonly action: DeviceAction; readonly label: string }[];
  readonly result: PageResult;
  /** Only in a match played pass-and-play (the page counts each person's time): the open window, or null. */
  readonly quickWindow?: OwnWindow | null;
};

/** Whose sound the pages may play: the built-in timer's (sent as timer-tones), a real timer's (it makes its own), or none. */
export type TimerSound = 'built-in' | 'device' | null;

export type HelloMessage = {
  readonly type: 'hello';
  readonly role: 'table' | 'seat';
  readonly game: string;
  readonly title: string;
  /** This page's seat (null on the table page). */
  readonly seat: { readonly id: string; readonly name: string } | null;
  readonly seats: readonly SeatInfo[];
  readonly sides: string | null;
  readonly timer: TimerSound;
  /** The built-in timer's gain per volume. */
  readonly timerGains?: readonly number[];
};

/** A game the start page may start. */
export interface LobbyGame {
  readonly id: string;
  readonly title: string;
  readonly players: GameMeta['players'];
  readonly options: GameMeta['options'];
  readonly bots: readonly { readonly id: string; readonly text: string }[];
  readonly defaultBot: string;
  readonly usesTimer: 'external' | 'device' | null;
  readonly chance: GameMeta['chance'];
  /** Dice the table may roll itself: the start page offers "table dice" for these only. */
  readonly dice: boolean;
}

/** A match's links as the server gives them (the start page, `serve --lan`). */
export interface MatchUrls {
  readonly table: string;
  /** The pass-and-play page (the table's token). */
  readonly pass: string;
  /** Played on one screen: only `pass` is served (the table and seat pages are refused). */
  readonly passAndPlay: boolean;
  readonly seats: readonly (SeatInfo & { readonly url: string })[];
}

export type ServerMessage =
  | HelloMessage
  | { readonly type: 'history'; readonly lines: readonly string[] }
  | SnapshotMessage
  | { readonly type: 'events'; readonly events: readonly JsonObject[]; readonly lines: readonly string[] }
  | { readonly type: 'moved'; readonly label: string }
  | { readonly type: 'rejected'; readonly reason: string }
  | { readonly type: 'error'; readonly problem: string }
  | { readonly type: 'note'; readonly text: string; readonly problem?: true }
  | { readonly type: 'time-up'; readonly window: string; readonly passing: readonly Named[] }
  | { readonly type: 'finished'; readonly winners: readonly string[]; readonly summary: string }
  | { readonly type: 'timer'; readonly event: DeviceEvent }
  | { readonly type: 'timer-command'; readonly command: TimerCommand }
  | { readonly type: 'timer-link'; readonly notice: LinkNotice['kind']; readonly text: string; readonly ok?: boolean }
  | TimerTones
  /** To the table page: the seats whose page is open. */
  | { readonly type: 'joined'; readonly seats: readonly string[] }
  /** To the table page: each person's seat link and its QR code (SVG). */
  | { readonly type: 'links'; readonly seats: readonly (Named & { readonly url: string; readonly qr: string })[] }
  | {
      readonly type: 'lobby';
      readonly games: readonly LobbyGame[];
      readonly current: (MatchUrls & { readonly game: string; readonly title: string; readonly finished: boolean }) | null;
    }
  | { readonly type: 'ports'; readonly ports: readonly { readonly path: string; readonly description: string }[]; readonly note?: string };

/** The message of one type. */
export type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { readonly type: T }>;

export type Send = (message: ServerMessage) => void;
