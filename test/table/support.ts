// Helpers for the table front end's tests: tables of people and bots started without a save
// file, a fake table-mode timer, output captured line by line with the state at the moment each
// line was written, and scripted people who answer what they read (the JSON stream, the terminal).

import { PassThrough } from 'node:stream';
import type { DeviceEvent } from '../../host/link/messages.ts';
import { TableHost, type HostOptions, type NewMatch, type SeatPlan, type TableTimerPort } from '../../host/table/host.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import type { MoveBase } from '../../host/engine/table-game.ts';
import type { FrontEndEnd } from '../../host/ui/front-end.ts';
import { TABLE, type TableEntry } from '../../host/table/entry.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { CLEAR_SCREEN, MORE_LINE, runTableTerminal, type ScreenSize } from '../../host/table/terminal.ts';
import { stripAnsi } from '../../host/ui/terminal/style.ts';
import { sampleOutcome } from '../../host/engine/chance.ts';

/** A person's seat. */
export const person = (name: string): SeatPlan => ({ name, bot: null });
/** People's seats, in seat order. */
export const people = (...names: readonly string[]): SeatPlan[] => names.map(person);
/** A seat played by the bot `kind` (one of the entry's bots). */
export const bot = (name: string, kind: string): SeatPlan => ({ name, bot: kind });

/** A match of `entry` started on a host without a save file (`options` adds to or overrides the host's options). */
export function startTable<Config, State, Move extends MoveBase, View, Event>(
  entry: TableEntry<Config, State, Move, View, Event>,
  match: NewMatch,
  options: Partial<HostOptions> = {},
): ReturnType<typeof TableHost.start<Config, State, Move, View, Event>> {
  return TableHost.start(entry, match, { savePath: null, ...options });
}

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
    setImmediate(() => {
      if (!input.writableEnded) input.write(`${line}\n`);
    });
  };
  return input;
}

/** The whole-token pattern of each word asked about (`holdsToken`). */
const TOKENS = new Map<string, RegExp>();

/** Whether `text` holds `word` as a whole token (not inside a longer card id). */
export function holdsToken(text: string, word: string): boolean {
  // A cheap test first: most words are in no line (and a line holds a token only where it holds the word).
  if (!text.includes(word)) return false;
  let token = TOKENS.get(word);
  if (token === undefined) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    token = new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`);
    TOKENS.set(word, token);
  }
  return token.test(text);
}

export interface JsonRun {
  readonly end: FrontEndEnd;
  readonly records: readonly Record<string, unknown>[];
  /** Lines that held what their reader may not know (the line's `seat`, or the table). */
  readonly leaks: readonly string[];
}

/**
 * Runs the JSON stream with people who answer every prompt with a random menu number (seeded),
 * first sending `bad(seat)` lines (which must all be refused). Every line is checked, as it is
 * written, against what its reader may not know now (`secretsFrom` of the line's seat, or of the
 * table), except a refused move's own echo (the sender typed it).
 */
export async function runJsonWithPeople<Config, State, Move extends MoveBase, View, Event>(
  host: TableHost<Config, State, Move, View, Event>,
  options: {
    readonly as: string | null;
    readonly seed: number;
    readonly bad?: (seat: string) => readonly string[];
    readonly secretsFrom?: (state: State, viewer: string) => readonly string[];
    /** Whether to check the events of the move from `before` to `after` for `reader` (default: always); see checkHiddenInformation's `checkEvents`. */
    readonly checkEventsOf?: (before: State, after: State, reader: string) => boolean;
    readonly maxPrompts?: number;
    readonly onRecord?: (record: Record<string, unknown>, type: (line: string) => void) => void;
  },
): Promise<JsonRun> {
  const input = typedInput();
  const random = randomFrom(seedRng(options.seed));
  const records: Record<string, unknown>[] = [];
  const leaks: string[] = [];
  let prompts = 0;
  let now = host.state;
  let before = host.state;
  const output = new CapturedOutput((line) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    records.push(record);
    const reader = typeof record['seat'] === 'string' ? record['seat'] : TABLE;
    // A refused move is echoed to its sender, and its reason may name what they typed ("you do
    // not hold X", wherever X is): what the sender typed is left out of the check.
    const typed = record['type'] === 'rejected' ? JSON.stringify(record['move']) : '';
    const checked = record['type'] === 'rejected' ? JSON.stringify({ ...record, move: null }) : line;
    if (host.state !== now) {
      before = now;
      now = host.state;
    }
    // A move's events may show what the move made public (a card played, a hand shown at the end
    // of a round): a game event leaks a card only when it was secret both before and after (as
    // the engine's checkHiddenInformation has it); every other line shows the state as it is now.
    const isEvent = record['type'] === 'game-event';
    const skip = isEvent && options.checkEventsOf?.(before, now, reader) === false;
    let secretBefore: ReadonlySet<string> | null = null;
    for (const secret of skip ? [] : (options.secretsFrom?.(host.state, reader) ?? [])) {
      if (!holdsToken(checked, secret) || holdsToken(typed, secret)) continue;
      if (isEvent && options.secretsFrom) {
        secretBefore ??= new Set(options.secretsFrom(before, reader));
        if (!secretBefore.has(secret)) continue;
      }
      leaks.push(`${reader} may not know ${secret}: ${line.slice(0, 300)}`);
    }
    if (record['type'] === 'prompt' && prompts++ < (options.maxPrompts ?? 20_000)) {
      const seat = record['seat'] as string;
      const choices = record['choices'] as unknown[];
      for (const bad of options.bad?.(seat) ?? []) input.type(bad);
      const n = 1 + random.below(choices.length);
      input.type(options.as === null ? JSON.stringify({ seat, choice: n, prompt: record['id'] }) : String(n));
    }
    options.onRecord?.(record, (l) => input.type(l));
  });
  const end = await runTableJson(host, { input, output }, { as: options.as });
  input.end();
  return { end, records, leaks };
}

export interface TerminalRun {
  readonly end: FrontEndEnd;
  readonly lines: readonly string[];
  readonly leaks: readonly string[];
  /** Whom the screen was passed to, in order. */
  readonly passes: readonly string[];
  /** Everything written, as written (escapes and colours in). */
  readonly raw: string;
  /** What each cleared screen showed (its lines as text, colours left out), and who was looking. */
  readonly screens: readonly { readonly owner: string; readonly lines: readonly string[] }[];
}

/**
 * Runs the pass-and-play terminal with people who press Enter when told, answer each menu with a
 * random number (seeded; first a number not in the menu and a word, which must be refused), and
 * type the table's dice. Every line is checked against what the person looking at the screen
 * may not know: the seat the screen was passed to, between "Pass to" and "Press Enter to hide";
 * everyone (the table) otherwise; the only person at the table when there is one.
 */
export async function runTerminalWithPeople<Config, State, Move extends MoveBase, View, Event>(
  host: TableHost<Config, State, Move, View, Event>,
  options: {
    readonly seed: number;
    readonly secretsFrom?: (state: State, viewer: string) => readonly string[];
    readonly badAnswers?: boolean;
    /** Each line as written (without colours), with a way to type and whose screen it is on (a seat, or the table). */
    readonly onLine?: (line: string, type: (line: string) => void, owner: string) => void;
    /** Run as in a terminal (colours, `CLEAR_SCREEN`) of this size; default: not a terminal. */
    readonly tty?: ScreenSize;
    /** Leave (q) at the menu after this many. */
    readonly maxMenus?: number;
  },
): Promise<TerminalRun> {
  const input = typedInput();
  const random = randomFrom(seedRng(options.seed));
  const leaks: string[] = [];
  const passes: string[] = [];
  const seatByName = new Map(host.seats.map((s) => [s.name, s.id]));
  const people = host.people;
  let owner: string = people.length === 1 ? (people[0] as string) : TABLE;
  let next: string | null = null;
  let menu = 0;
  let repeats = 0;
  let now = host.state;
  let before = host.state;
  let menus = 0;
  /** The answers still to give to the menu shown (a bad one first, when asked for). */
  const answers: string[] = [];
  const screens: { owner: string; lines: string[] }[] = [];
  const output = new CapturedOutput((written) => {
    if (host.state !== now) {
      before = now;
      now = host.state;
    }
    // A cleared screen: a line of its own ('\f', not a terminal), or the escapes before a line (a terminal).
    const cleared = written === '\f' || written.startsWith(CLEAR_SCREEN);
    if (cleared && next !== null) {
      owner = next;
      next = null;
    }
    if (cleared || screens.length === 0) screens.push({ owner, lines: [] });
    if (written === '\f') return;
    const line = stripAnsi(written.startsWith(CLEAR_SCREEN) ? written.slice(CLEAR_SCREEN.length) : written);
    screens[screens.length - 1]?.lines.push(line);
    let secretBefore: ReadonlySet<string> | null = null;
    for (const secret of options.secretsFrom?.(host.state, owner) ?? []) {
      if (!holdsToken(line, secret)) continue;
      secretBefore ??= new Set(options.secretsFrom?.(before, owner) ?? []);
      if (secretBefore.has(secret)) leaks.push(`${owner} may not know ${secret}: ${line}`);
    }
    const pass = /^Pass to (.+), then press Enter\.$/.exec(line);
    if (pass) {
      passes.push(pass[1] as string);
      next = seatByName.get(pass[1] as string) ?? '?';
      input.type('');
    }
    // A page of a screen too tall for the window: Enter shows the next.
    if (line === MORE_LINE) input.type('');
    if (line === 'Press Enter to hide your screen.') {
      next = TABLE;
      input.type('');
    }
    const item = /^ {2}(\d+)\. /.exec(line);
    if (item) menu = Number(item[1]);
    // One answer to each menu shown: a refused one shows the same menu again, which gets the next
    // (so a page of a long screen, which takes an Enter of its own, never eats an answer typed ahead).
    if (line.startsWith('  q. Leave the table')) {
      if (options.maxMenus !== undefined && ++menus > options.maxMenus) input.type('q');
      else {
        if (answers.length === 0) answers.push(...(options.badAnswers ? [String(menu + 1), 'what'] : []), String(1 + random.below(menu)));
        input.type(answers.shift() as string);
      }
      menu = 0;
    }
    if (line.startsWith('Roll ') && line.endsWith('separated by spaces:')) {
      const spec = host.snapshot(TABLE).dice;
      if (repeats > 0) repeats--;
      else if (spec !== null) {
        if (options.badAnswers) {
          input.type('nonsense');
          repeats++;
        }
        input.type((sampleOutcome(spec, random) as readonly string[]).join(' '));
      }
    }
    options.onLine?.(line, (l) => input.type(l), owner);
  });
  if (options.tty !== undefined) Object.assign(output, options.tty);
  const end = await runTableTerminal(host, { input, output, tty: options.tty !== undefined });
  input.end();
  return { end, lines: output.lines.map((l) => stripAnsi(l.replace(CLEAR_SCREEN, ''))), raw: output.lines.join('\n'), leaks, passes, screens };
}
