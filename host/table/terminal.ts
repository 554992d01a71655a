// The terminal front end of the table, for any game: pass-and-play when several people share
// one screen. Whenever people are waited on, they are asked one at a time in the order the
// decision asks them (seat order: never an order that depends on a hand), each privately:
// "Pass to Ana, then press Enter", their own screen (view, what happened since their last turn
// as they may know it, the prompt, the menu of their legal moves with hints), the menu again after
// each small step until their part is done (a plan picked card by card, with the game's undo and
// back moves in the menu), then "Press Enter to hide" and a cleared screen. Bot moves, chance,
// the timer's news and notes are told as the table sees them (or, with one person at the table,
// as that person sees them). Table dice are typed in publicly: dice are no secret.
// A "be quick" window: on a host that leaves the counting to the front end (`windowClock:
// 'front-end'`, as `play` runs the terminal) each person the window asks is shown it privately in
// turn, in the order it asks them, whatever they hold, and their own time starts when their
// screen shows (after "Pass to Ben, then press Enter"); whoever lets it run out is passed, told so
// on their own screen. On a host counting for everyone (the default) it shows "Be quick: 5 s." on
// the pass screen and the private screen; when its time runs out the question being waited on is
// dropped, the passes are told, and (several people at the table) "Press Enter to go on." takes
// the Enter that was perhaps already on its way, so it cannot uncover the next person's screen.
// The timer's TIME reports of a table device (the countdown of a TIMER already told) are no news.

import { sidesLine } from './sides.ts';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import { passFor } from '../engine/quick.ts';
import type { ChanceSpec, DieFace } from '../engine/chance.ts';
import { timerEventLine } from '../link/notice-words.ts';
import { readInputLines } from '../ui/json/stream-io.ts';
import type { FrontEndEnd, FrontEndIo } from '../ui/front-end.ts';
import { PLAIN, stripAnsi, styleFor, type Style } from '../ui/terminal/style.ts';
import { DEVICE_ACTION_LABELS, type DeviceAction } from './countdown.ts';
import { TABLE, type MenuPlace, type TableRenderer, type TimerCommand, type Viewer } from './entry.ts';
import type { Snapshot, TableHost, TableUpdate } from './host.ts';

/** The key for each device action in the terminal's menus (beside the numbered moves). */
export const ACTION_KEYS: Readonly<Record<DeviceAction, string>> = { 'start-timer': 's', 'resume-timer': 'r', 'pause-timer': 'p', 'enter-code': 'c' };

/** The screen's size when the output does not tell it (not a terminal): 24 rows of 80 columns. */
export const DEFAULT_SCREEN: ScreenSize = { rows: 24, columns: 80 };

/** The rows and columns of the screen the table looks at. */
export interface ScreenSize {
  readonly rows: number;
  readonly columns: number;
}

/** Clears a terminal's screen and its scrollback, and puts the cursor home: the last person's screen cannot be scrolled back to. */
export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

/** The key that shows a paged private screen whole again. */
const WHOLE_KEY = 'v';

/** The line under each page of a private screen too long for the window but the last. */
export const MORE_LINE = 'More: press Enter.';

/** What an interrupted question gets instead of a line: a quick window's time ran out. */
const TIME_UP = Symbol('time up');

/** Reads whole lines on demand; null once the input has ended. */
class LineQueue {
  private readonly lines: string[] = [];
  private waiting: ((line: string | null | typeof TIME_UP) => void) | null = null;
  private interruptible = false;
  private done = false;
  private endedListeners: (() => void)[] = [];
  private readonly reader;

  constructor(input: NodeJS.ReadableStream) {
    this.reader = readInputLines(input, {
      line: (text) => this.push(text),
      overLong: () => this.push(''),
      closed: () => {
        this.done = true;
        this.waiting?.(null);
        this.waiting = null;
        for (const l of this.endedListeners) l();
      },
    });
  }

  private push(text: string): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(text);
    } else this.lines.push(text);
  }

  next(): Promise<string | null> {
    return this.wait(false) as Promise<string | null>;
  }

  /** The next line, or `TIME_UP` when `interrupt` comes first (a question a quick window's time may end). */
  nextOrTimeUp(): Promise<string | null | typeof TIME_UP> {
    return this.wait(true);
  }

  /** Ends the question being waited on, if it may be ended. */
  interrupt(): void {
    if (!this.interruptible || this.waiting === null) return;
    const w = this.waiting;
    this.waiting = null;
    w(TIME_UP);
  }

  private wait(interruptible: boolean): Promise<string | null | typeof TIME_UP> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.done) return Promise.resolve(null);
    this.interruptible = interruptible;
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Runs `listener` when the input ends (at once if it has). */
  onEnded(listener: () => void): void {
    if (this.done) listener();
    else this.endedListeners.push(listener);
  }

  get ended(): boolean {
    return this.done && this.lines.length === 0;
  }

  close(): void {
    this.reader.close();
  }

  /** Reads no more: what was typed ahead is dropped, and the question waited on gets null, as at the end of the input. */
  stop(): void {
    this.reader.close();
    this.lines.length = 0;
    if (!this.done) {
      this.done = true;
      this.waiting?.(null);
      this.waiting = null;
      for (const l of this.endedListeners) l();
    }
  }
}

/** The words for the dice the table is to roll, and how to type them. */
export function diceQuestion(spec: ChanceSpec): string {
  switch (spec.kind) {
    case 'roll':
      // A die named after someone ("Anakin's red six-sided die") takes no "the".
      return `Roll ${spec.dice.map((d) => `${/^\p{Lu}/u.test(d.name) ? '' : 'the '}${d.name} (${d.faces.map(typedFace).join(', ')})`).join(', ')} and type the faces, in that order, separated by spaces:`;
    case 'weighted':
      return `Draw one of ${spec.outcomes.map((o) => o.id).join(', ')} and type it:`;
    case 'index':
      return `Choose a number from 0 to ${spec.size - 1} and type it:`;
    case 'shuffle':
      return 'Shuffle (the companion does it).';
  }
}

/** A face as it is typed, with how it looks on the die when the data says: "double-hit = ✶✶ double hit". */
function typedFace(face: DieFace): string {
  const looks = [face.symbol, face.name].filter((part) => part !== undefined && part !== face.id).join(' ');
  return looks === '' ? face.id : `${face.id} = ${looks}`;
}

/** The typed dice as the outcome the engine checks (faces for a roll, an id, a number). */
export function typedDice(spec: ChanceSpec, text: string): unknown {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (spec.kind === 'roll') return words;
  if (spec.kind === 'weighted') return words[0] ?? '';
  return /^\d+$/.test(words[0] ?? '') ? Number(words[0]) : (words[0] ?? '');
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" (or "or"). */
function listed(words: readonly string[], and = 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${and} ${words[words.length - 1]}`;
}

/** The screen's size: the output's own when it is a terminal that tells it, else `DEFAULT_SCREEN`. */
function screenOf(output: NodeJS.WritableStream): ScreenSize {
  const { rows, columns } = output as { rows?: unknown; columns?: unknown };
  const fits = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  return { rows: fits(rows) ? rows : DEFAULT_SCREEN.rows, columns: fits(columns) ? columns : DEFAULT_SCREEN.columns };
}

/** How many rows `line` takes on a screen `columns` wide (a long line wraps). */
function rowsOf(line: string, columns: number): number {
  return Math.max(1, Math.ceil([...stripAnsi(line)].length / columns));
}

/**
 * A private screen cut into pages that fit `screen` (its last row kept for the answer): `body` (the
 * view, the news) first, then `tail` (the prompt and the menu) whole on the last page, beside the
 * end of the body when there is room. Every page but the last ends with `MORE_LINE`. A tail
 * taller than the screen is paged too, its end (the menu's last lines) on the last page.
 */
export function pagesOf(body: readonly string[], tail: readonly string[], screen: ScreenSize): string[][] {
  const room = Math.max(2, screen.rows - 1);
  const height = (lines: readonly string[]): number => lines.reduce((n, l) => n + rowsOf(l, screen.columns), 0);
  if (height(body) + height(tail) <= room) return [[...body, ...tail]];
  const pages: string[][] = [];
  let page: string[] = [];
  let used = 0;
  const lay = (lines: readonly string[]): void => {
    for (const line of lines) {
      const rows = rowsOf(line, screen.columns);
      if (page.length > 0 && used + rows > room - 1) {
        pages.push(page);
        page = [];
        used = 0;
      }
      page.push(line);
      used += rows;
    }
  };
  lay(body);
  if (height(tail) > room) lay(tail);
  else if (page.length > 0 && used + height(tail) <= room) page.push(...tail);
  else {
    if (page.length > 0) pages.push(page);
    page = [...tail];
  }
  pages.push(page);
  return pages.map((p, i) => (i < pages.length - 1 ? [...p, MORE_LINE] : p));
}

/** One line of a person's menu: one move, or the moves it stands for (their sub-menu). */
interface MenuLine<Move> {
  readonly key: string;
  readonly label: string;
  readonly hint: string | undefined;
  readonly move: Move;
  /** Moves aimed at different targets, chosen in a sub-menu; null for a line of one move. */
  readonly options: readonly { readonly label: string; readonly hint: string | undefined; readonly move: Move }[] | null;
}

/**
 * A person's legal moves as the terminal's menu: moves with the same words are one line (the first
 * stands for the others: two copies of a card), moves of one `MenuPlace` group one line with a
 * sub-menu, each line keyed by its `MenuPlace` key or else numbered from 1 (numbers a key took skipped).
 */
export function menuOf<Move, View>(
  moves: readonly Move[],
  view: View,
  renderer: Pick<TableRenderer<View, Move, never>, 'moveLabel' | 'menuPlace'>,
  names: Readonly<Record<ActorId, string>>,
): MenuLine<Move>[] {
  const seen = new Set<string>();
  const items: { label: string; hint: string | undefined; place: MenuPlace; move: Move }[] = [];
  for (const move of moves) {
    const { label, hint } = renderer.moveLabel(move, view, names);
    const place = renderer.menuPlace?.(move, view, names) ?? {};
    const words = JSON.stringify([label, hint ?? '', place.key ?? '', place.group?.line ?? '', place.group?.option ?? '']);
    if (seen.has(words)) continue;
    seen.add(words);
    items.push({ label, hint: hint === '' ? undefined : hint, place, move });
  }
  const groups = new Map<string, typeof items>();
  for (const item of items) if (item.place.group !== undefined) groups.set(item.place.group.line, [...(groups.get(item.place.group.line) ?? []), item]);
  const lines: Omit<MenuLine<Move>, 'key'>[] = [];
  const keys: (string | undefined)[] = [];
  for (const item of items) {
    const group = item.place.group === undefined ? undefined : (groups.get(item.place.group.line) ?? []);
    if (group === undefined || group.length < 2) {
      lines.push({ label: item.label, hint: item.hint, move: item.move, options: null });
      keys.push(item.place.key);
      continue;
    }
    if (group[0] !== item) continue;
    const hints = new Set(group.map((g) => g.hint));
    const shared = hints.size === 1 ? item.hint : undefined;
    lines.push({
      label: item.place.group?.line ?? item.label,
      hint: shared,
      move: item.move,
      options: group.map((g) => ({ label: g.place.group?.option ?? g.label, hint: shared === undefined ? g.hint : undefined, move: g.move })),
    });
    keys.push(undefined);
  }
  const taken = new Set(keys.filter((k): k is string => k !== undefined));
  let next = 1;
  const keyed = lines.map((line, i) => {
    let key = keys[i];
    if (key === undefined) {
      while (taken.has(String(next))) next++;
      key = String(next++);
    }
    return { ...line, key };
  });
  // Listed by their numbers (a game's own keys may take numbers out of the moves' order).
  return taken.size === 0 ? keyed : keyed.sort((a, b) => Number(a.key) - Number(b.key) || 0);
}

/**
 * The end of the game in one line that names who won: a game's summary that says only "won: 5
 * victory tokens" or "lost: time ran out" gets the winners' names ("Ana wins (5 victory tokens)"),
 * or, at a cooperative game, "you all win"; a summary that names them already is said as it is.
 */
export function gameOverLine(
  result: { readonly winners: readonly ActorId[]; readonly summary: string },
  cooperative: boolean,
  names: Readonly<Record<ActorId, string>>,
  seats: number,
): string {
  const bare = /^(won|lost)(?::\s*(.*))?$/s.exec(result.summary.trim());
  const end = (text: string): string => (/[.!?)]$/.test(text) ? text : `${text}.`);
  if (bare === null) return `Game over: ${end(result.summary.trim())}`;
  const won = result.winners.map((w) => names[w] ?? w);
  const who = cooperative
    ? `${seats === 1 ? 'you' : 'you all'} ${won.length > 0 ? 'win' : 'lose'}`
    : won.length === 0
      ? 'nobody wins'
      : `${listed(won)} ${won.length === 1 ? 'wins' : 'win'}`;
  const why = bare[2]?.trim() ?? '';
  return `Game over: ${who}${why === '' ? '' : ` (${why})`}.`;
}

/** What to type at a menu of these keys: "Type 1 or q.", "Type a number from 1 to 8, p or q.", "Type 2, 3, 4, b or q.". */
export function typeWhat(keys: readonly string[], others: readonly string[]): string {
  const n = keys.length;
  const counted = n >= 3 && keys.every((k, i) => k === String(i + 1));
  return `Type ${listed([...(counted ? [`a number from 1 to ${n}`] : keys), ...others, 'q'], 'or')}.`;
}

function timerCommandText(command: TimerCommand, quickSeconds: number | null): string {
  if ('play' in command) return `♪ The timer plays ${command.play.toUpperCase()}.`;
  if (command.clock === 0) return "The timer's clock stops.";
  return command.clock === quickSeconds ? `The timer counts down ${command.clock} s: be quick.` : `The turn clock: ${command.clock} s.`;
}

export interface TerminalOptions {
  /** Notes from opening the match (a lock taken over, a backup used, a kept game). */
  readonly notes?: readonly string[];
  /** Facts shown once at the start (the save file, the timer). */
  readonly intro?: readonly string[];
  /** In a terminal, how often a game's countdown (and a person's own time in a quick window) is redrawn in place while a menu waits for an answer (ms; default 1000). */
  readonly redrawMs?: number;
  /** With several people: keep the opening on the screen until Enter ("Press Enter to begin."), before the first cleared screen. */
  readonly holdIntro?: boolean;
  /**
   * Aborted when the program leaves from outside the front end (Ctrl-C, the timer's port gone):
   * a private screen still up is cleared at once, and nothing more is written.
   */
  readonly leave?: AbortSignal;
}

export async function runTableTerminal<Config, State, Move extends MoveBase, View, Event>(
  host: TableHost<Config, State, Move, View, Event>,
  io: FrontEndIo,
  options: TerminalOptions = {},
): Promise<FrontEndEnd> {
  const style: Style = io.tty ? styleFor(true) : PLAIN;
  const { renderer, game } = host.entry;
  const names = host.names;
  const people = host.people;
  /** The in-place countdown on the prompt line (a terminal only), while a menu waits for an answer. */
  let redraw: ReturnType<typeof setInterval> | undefined;
  const stopRedraw = (): void => {
    clearInterval(redraw);
    redraw = undefined;
  };
  /** Whether the program has left (nothing more is written). */
  let left = false;
  /** Whether what is on the screen now is one person's private screen (cleared before anyone else may look, and on every way out). */
  let privateShown = false;
  /** Who the table's news is told to: the table, or the only person at it. */
  const narrator: Viewer = people.length === 1 ? (people[0] as ActorId) : TABLE;
  /**
   * Whether people pass the screen: several people at a game with hidden information. At a game
   * without (Rebel Missions) everyone may see every screen: nobody passes it, nothing is hidden.
   */
  const secretScreens = narrator === TABLE && game.meta.hiddenInformation;
  let privateTo: ActorId | null = null;
  const out = (lines: readonly string[]): void => {
    if (left) return;
    if (redraw !== undefined && lines.length > 0) io.output.write('\r\x1b[K'); // the redrawn prompt line gives way
    for (const l of lines) io.output.write(`${l}\n`);
    if (lines.length > 0 && privateTo !== null && secretScreens) privateShown = true;
  };
  const clear = (): void => {
    if (left) return;
    io.output.write(io.tty ? CLEAR_SCREEN : '\f\n');
    privateShown = false;
  };
  /** Clears a private screen that is still up (on every way out). */
  const hidePrivate = (): void => {
    if (privateShown) clear();
  };
  let introHeld = options.holdIntro !== true;
  const input = new LineQueue(io.input);
  const leaving = (): void => {
    stopRedraw();
    hidePrivate();
    left = true;
    input.stop();
  };
  if (options.leave?.aborted) leaving();
  else options.leave?.addEventListener('abort', leaving, { once: true });
  /** Each person's events since their last private screen (their own, filtered for them). */
  const backlog = new Map<ActorId, string[]>(people.map((p) => [p, []]));
  /** The table's news while one person looks at their own screen: told once the screen is hidden. */
  const heldNews: string[] = [];
  const tell = (lines: readonly string[]): void => {
    if (privateTo !== null && secretScreens) heldNews.push(...lines);
    else out(lines);
  };
  /** What the person looking is told on their next screen (a refusal, a wrong answer): a cleared screen would hide it if written now. */
  const notices: string[] = [];
  let wake: (() => void) | null = null;
  /** How many quick windows' time ran out: an answer read after one, to a question asked before it, is not taken. */
  let timeUps = 0;
  /**
   * A person's own time in the open quick window, when the host leaves the counting to this front
   * end: from when their screen shows, for that window (its number) alone.
   */
  const ownClock = host.windowClock === 'front-end';
  let own: { seat: ActorId; serial: number; endsAt: number; handle: unknown; ranOut: boolean } | null = null;
  const stopOwn = (): void => {
    if (own !== null && !own.ranOut) host.clock.clearTimer(own.handle);
    own = null;
  };
  /** Starts `seat`'s own time in the open window now, unless it already runs (or ran out) for that window. */
  const startOwn = (seat: ActorId): void => {
    const window = host.openWindow();
    if (!ownClock || window === null) return stopOwn();
    if (own !== null && own.seat === seat && own.serial === window.serial) return;
    stopOwn();
    const ms = window.seconds * 1000;
    const mine = { seat, serial: window.serial, endsAt: host.clock.now() + ms, handle: null as unknown, ranOut: false };
    mine.handle = host.clock.setTimer(() => {
      if (own !== mine) return;
      mine.ranOut = true;
      input.interrupt();
    }, ms);
    own = mine;
  };
  const beQuick = (seat: Viewer): string[] => {
    if (ownClock) {
      const mine = own;
      return mine === null || mine.seat !== seat || mine.ranOut
        ? []
        : [style.yellow(`Be quick: ${Math.ceil(Math.max(0, mine.endsAt - host.clock.now()) / 1000)} s.`)];
    }
    const left = host.snapshot(seat).countdown === null ? null : host.countdownLeftMs();
    return left === null ? [] : [style.yellow(`Be quick: ${Math.ceil(left / 1000)} s.`)];
  };
  /** On the pass screen, the window the person is about to be shown: its time starts once their screen shows. */
  const comingWindow = (): string[] => {
    const window = ownClock ? host.openWindow() : null;
    return window === null ? [] : [style.yellow(`A quick window: ${window.seconds} s to answer, from when your screen shows.`)];
  };
  /**
   * `seat`'s own time ran out in the window still open: they are passed (their one pass), told so
   * on their own screen. True when that happened (the question being asked is dropped).
   */
  const ownTimeUp = async (seat: ActorId): Promise<boolean> => {
    const mine = own;
    if (mine === null || mine.seat !== seat || !mine.ranOut || host.openWindow()?.serial !== mine.serial) return false;
    const pass = passFor(host.snapshot(seat).moves, seat);
    if (!('move' in pass)) return false; // (mid-answer, with no pass to make: asked on, untimed)
    stopOwn();
    out([style.yellow('Time is up: you pass.')]);
    if (host.submit(seat, pass.move).ok) await host.settled();
    return true;
  };
  const woken = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  /** The countdown, when the game runs on the timer's clock. */
  const clockLines = (snap: Snapshot<Move, View>): string[] => (snap.clock !== null && renderer.timerLine ? [renderer.timerLine(snap.clock, snap.view)] : []);
  const actionLines = (actions: readonly DeviceAction[]): string[] => actions.map((a) => `  ${ACTION_KEYS[a]}. ${DEVICE_ACTION_LABELS[a]}`);
  const actionFor = (text: string, actions: readonly DeviceAction[]): DeviceAction | undefined => actions.find((a) => ACTION_KEYS[a] === text.trim());
  /** Carries out a device action for `viewer`; a refusal is told through the viewer's updates. */
  const runAction = async (viewer: Viewer, action: DeviceAction): Promise<void> => {
    await host.deviceAction(viewer, action);
    // The timer's answer comes as events, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  /**
   * The answer to `viewer`'s menu. In a terminal, while a game's countdown runs (or the person's
   * own time in a quick window), the prompt line shows it and is redrawn in place every
   * `redrawMs` until the answer comes.
   */
  const answer = <T>(viewer: Viewer, read: () => Promise<T>): Promise<T> => {
    stopRedraw();
    const line = read();
    const timerLine = renderer.timerLine;
    /** The game's countdown and the person's own time in a quick window, as they stand now. */
    const counting = (): string[] => {
      const snap = host.snapshot(viewer);
      return [...(snap.clock !== null && timerLine !== undefined ? [timerLine(snap.clock, snap.view)] : []), ...(ownClock ? beQuick(viewer) : [])];
    };
    if (!io.tty || counting().length === 0) return line;
    const draw = (): void => {
      const parts = counting();
      if (parts.length > 0) io.output.write(`\r\x1b[K${parts.join('  ')}  > `);
    };
    draw();
    const mine = setInterval(draw, options.redrawMs ?? 1000);
    redraw = mine;
    return line.finally(() => {
      clearInterval(mine);
      if (redraw === mine) redraw = undefined;
    });
  };

  const tableNews = (update: TableUpdate<Move, View, Event>): void => {
    switch (update.kind) {
      case 'events': {
        tell(update.events.flatMap((e) => renderer.eventLines(e, narrator, names)).map((l) => `  ${l}`));
        break;
      }
      case 'timer': {
        // A table device's TIME is the countdown of a TIMER already told ("The turn clock: 30 s."): no news.
        if (update.event.name === 'TIME' && host.entry.timer?.kind === 'device') break;
        const line = timerEventLine(update.event, host.entry.timer?.kind === 'external', style);
        if (line !== null) tell([line]);
        break;
      }
      case 'timer-command':
        tell([style.yellow(timerCommandText(update.command, host.snapshot(TABLE).countdown?.seconds ?? null))]);
        break;
      case 'note':
        tell([style.dim(`Note: ${update.text}`)]);
        break;
      case 'time-up': {
        // Public, and said at once (even over a private screen): the question it ends is dropped.
        const who = update.passing.map((p) => (p === narrator ? 'you' : (names[p] ?? p)));
        const passes = who.length === 0 ? 'nobody is passed' : `${listed(who)} ${who.length === 1 && who[0] !== 'you' ? 'passes' : 'pass'}`;
        out([style.yellow(`Time is up (${update.window}): ${passes}.`)]);
        timeUps++;
        input.interrupt();
        break;
      }
      case 'save-failed':
        tell([style.red(update.message)]);
        break;
      case 'rejected':
        out([style.red(`Not taken: ${update.reason}`)]);
        break;
      default:
        break;
    }
    woken();
  };

  const unsubscribe: (() => void)[] = [host.subscribe(narrator, tableNews)];
  for (const p of people) {
    if (p === narrator) continue;
    unsubscribe.push(
      host.subscribe(p, (update) => {
        if (update.kind === 'events') backlog.get(p)?.push(...update.events.flatMap((e) => renderer.eventLines(e, p, names)));
        if (update.kind === 'rejected' && privateTo === p) notices.push(style.red(`Not taken: ${update.reason}`));
      }),
    );
  }

  const sides = sidesLine(game.meta, host.seats);
  out([
    style.bold(game.meta.title),
    ...host.seats.map((s) => `  ${s.id}: ${s.name}${s.bot === null ? '' : ` (bot: ${s.bot})`}`),
    ...(sides === null ? [] : [sides]),
    // A game without hidden information shows its table at once: who plays what (Rebel Missions' profiles), the piles.
    ...(game.meta.hiddenInformation ? [] : renderer.viewLines(host.snapshot(narrator).view, names)),
    ...(options.intro ?? []),
  ]);
  for (const note of options.notes ?? []) out([style.dim(`Note: ${note}`)]);
  out(
    host
      .historyFor(narrator)
      .flatMap((e) => renderer.eventLines(e, narrator, names))
      .map((l) => `  ${l}`),
  );
  if (narrator === TABLE) for (const p of people) backlog.get(p)?.push(...host.historyFor(p).flatMap((e) => renderer.eventLines(e, p, names)));

  const finish = (how: FrontEndEnd): FrontEndEnd => {
    stopRedraw();
    stopOwn();
    hidePrivate();
    for (const u of unsubscribe) u();
    input.close();
    return how;
  };
  /** A menu line starts like a sentence, with a capital ("no one" → "No one"). */
  const capitalFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
  const keyLine = (key: string, label: string, hint: string | undefined): string => `  ${key}. ${capitalFirst(label)}${hint ? style.dim(`  (${hint})`) : ''}`;

  /**
   * One person's private turn: every step they have to make now. Returns false when the input ended
   * or they quit. At a game with hidden information and several people, the screen is passed and
   * hidden, and a screen taller than the window is shown a page at a time (the menu on the last).
   */
  const privateTurn = async (seat: ActorId): Promise<boolean> => {
    if (secretScreens) {
      if (!introHeld) {
        introHeld = true;
        out(['', style.bold('Press Enter to begin.')]);
        if ((await input.next()) === null) return false;
      }
      const asked = timeUps;
      clear();
      out([
        '',
        style.bold(`Pass to ${names[seat]}, then press Enter.`),
        style.dim('(Only the player named should look at the screen.)'),
        ...(ownClock ? comingWindow() : beQuick(seat)),
      ]);
      const pressed = await input.nextOrTimeUp();
      if (pressed === null) return false;
      if (pressed === TIME_UP || timeUps !== asked) {
        // An Enter already on its way must not uncover the next person's screen: it is taken here.
        out([style.dim('Press Enter to go on.')]);
        return (await input.next()) !== null;
      }
    }
    privateTo = seat;
    /** The sub-menu open (its line's label), if any. */
    let open: string | null = null;
    /** What the person's own last step did, told on their next screen. */
    const justNow: string[] = [];
    /** Whether the person has been through every page of their screen this turn (then only the last page is shown again, unless asked). */
    let pagedThrough = false;
    try {
      for (;;) {
        const asked = timeUps;
        if (await ownTimeUp(seat)) continue;
        const snap = host.snapshot(seat);
        if (snap.moves.length === 0) break;
        startOwn(seat);
        const recent = backlog.get(seat) ?? [];
        // Without hidden screens the table's news was told as it came: nothing to catch up on.
        if (!secretScreens) recent.length = 0;
        const body = ['', style.bold(`${names[seat]} (${seat})`), ...renderer.viewLines(snap.view, names), ...clockLines(snap)];
        if (recent.length > 0) body.push('', style.bold('Since your last turn:'), ...recent.map((l) => `  ${l}`));
        recent.length = 0;
        const menu: MenuLine<Move>[] = menuOf(snap.moves, snap.view, renderer, names);
        const group: MenuLine<Move> | undefined = open === null ? undefined : menu.find((m) => m.options !== null && m.label === open);
        const options: MenuLine<Move>['options'] = group?.options ?? null;
        const keys = options === null ? menu.map((m) => m.key) : options.map((_, i) => String(i + 1)).concat(String(options.length + 1));
        const choices =
          options === null
            ? menu.map((m) =>
                keyLine(
                  m.key,
                  m.options === null
                    ? m.label
                    : `${m.label}: ${listed(
                        m.options.map((o) => o.label),
                        'or',
                      )}`,
                  m.hint,
                ),
              )
            : [...options.map((o, i) => keyLine(String(i + 1), o.label, o.hint)), keyLine(String(options.length + 1), 'Back', undefined)];
        const told = [...(justNow.length > 0 ? ['', ...justNow.splice(0).map((l) => `  ${l}`)] : [])];
        const said = notices.splice(0);
        // A refusal is told just above the menu, so the menu's last line ends the screen's last page.
        const tailWith = (whole: boolean): string[] => [
          ...told,
          ...said,
          '',
          style.bold(group === undefined ? snap.prompt : `${group.label}: choose one.`),
          ...beQuick(seat),
          ...choices,
          ...actionLines(snap.actions),
          // A screen of several pages is shown whole once a turn; after a step, only its last page, with the way back to the whole.
          ...(whole ? [style.dim(`  ${WHOLE_KEY}. See your whole screen again`)] : []),
          style.dim('  q. Leave the table (the game stays saved)'),
        ];
        const screen = screenOf(io.output);
        const paged = secretScreens && pagesOf(body, tailWith(false), screen).length > 1;
        const tail = tailWith(paged);
        const all = paged ? pagesOf(body, tail, screen) : [[...body, ...tail]];
        // After a step, the pages from the one the prompt starts on (the whole menu, when it is itself longer than a page).
        let laid = 0;
        const tailPage = all.findIndex((page) => (laid += page.filter((l) => l !== MORE_LINE).length) > body.length);
        const pages = pagedThrough && all.length > 1 ? all.slice(Math.max(0, tailPage)) : all;
        let cut = false;
        /** An answer typed at a page's "More" instead of Enter: taken as the answer to the menu. */
        let typedAhead: string | null = null;
        for (const [i, page] of pages.entries()) {
          if (secretScreens) clear();
          out(page.map((l) => (l === MORE_LINE ? style.dim(l) : l)));
          if (i === pages.length - 1) break;
          const more = await answer(seat, () => input.nextOrTimeUp());
          if (more === null || (more !== TIME_UP && more.trim() === 'q')) return false;
          if (more === TIME_UP || timeUps !== asked) {
            cut = true;
            break;
          }
          if (more.trim() !== '') {
            typedAhead = more;
            break;
          }
        }
        if (cut) continue;
        pagedThrough = true;
        const text = typedAhead ?? (await answer(seat, () => input.nextOrTimeUp()));
        // Their own time ran out (while waiting, or just before the answer was read): passed, the answer not taken.
        if (text !== null && (await ownTimeUp(seat))) continue;
        // Passed by the clock (while waiting, or just before the answer was read): the answer is
        // not taken, and the screen shows what is left to do, if anything.
        if (text === TIME_UP || (timeUps !== asked && text !== null)) continue;
        if (text === null || text.trim() === 'q') return false;
        const action = actionFor(text, snap.actions);
        if (action !== undefined) {
          await runAction(seat, action);
          await host.settled();
          continue;
        }
        const typed = text.trim();
        if (paged && typed === WHOLE_KEY) {
          pagedThrough = false;
          continue;
        }
        if (options !== null && typed === String(options.length + 1)) {
          open = null;
          continue;
        }
        const line: MenuLine<Move> | undefined = options === null ? menu.find((m) => m.key === typed) : undefined;
        if (line !== undefined && line.options !== null) {
          open = line.label;
          continue;
        }
        const move = options === null ? line?.move : /^\d+$/.test(typed) ? options[Number(typed) - 1]?.move : undefined;
        if (move === undefined) {
          notices.push(style.red(typeWhat(keys, [...snap.actions.map((a) => ACTION_KEYS[a]), ...(paged ? [WHOLE_KEY] : [])])));
          continue;
        }
        open = null;
        const submitted = host.submit(seat, move);
        if (submitted.ok) await host.settled();
        const own = backlog.get(seat) ?? [];
        if (secretScreens) justNow.push(...own);
        own.length = 0;
      }
      out([...justNow.splice(0).map((l) => `  ${l}`), ...notices.splice(0)]);
      if (secretScreens) {
        out([style.dim('Press Enter to hide your screen.')]);
        if ((await input.next()) === null) return false;
        clear();
      }
      return true;
    } finally {
      stopOwn();
      privateTo = null;
      notices.length = 0;
      // Left mid-turn (q, the end of the input, an error): the private screen goes first.
      hidePrivate();
      // What the table saw meanwhile is told now, to everyone.
      out(heldNews.splice(0));
    }
  };

  try {
    for (;;) {
      await host.settled();
      const result = host.result;
      if (result.finished) {
        out(['', style.bold(gameOverLine(result, game.meta.cooperative, names, host.seats.length)), ...renderer.viewLines(host.snapshot(TABLE).view, names)]);
        return finish('finished');
      }
      const table = host.snapshot(TABLE);
      if (table.dice !== null) {
        out(['', style.bold(table.prompt), diceQuestion(table.dice)]);
        const text = await input.next();
        if (text === null || text.trim() === 'q') return finish('quit');
        host.enterDice(narrator, typedDice(table.dice, text));
        continue;
      }
      const asked = table.waitingOn.filter((a) => people.includes(a));
      const seat = table.held === null ? asked[0] : undefined;
      if (seat === undefined && table.actions.length > 0) {
        // Waiting on the timer, or held while its countdown is stopped, and the host may press it:
        // offer the device actions; news (an interrupt of the question) shows the table again.
        out([...clockLines(table), style.dim(table.prompt), ...actionLines(table.actions), style.dim('  q. Leave (the game stays saved)')]);
        wake = () => input.interrupt();
        const typed = await answer(narrator, () => input.nextOrTimeUp());
        wake = null;
        if (typed === TIME_UP) continue;
        if (typed === null || typed.trim() === 'q') return finish('quit');
        const action = actionFor(typed, table.actions);
        if (action !== undefined) await runAction(narrator, action);
        else if (typed.trim() !== '')
          out([
            style.red(
              typeWhat(
                [],
                table.actions.map((a) => ACTION_KEYS[a]),
              ),
            ),
          ]);
        continue;
      }
      if (seat === undefined) {
        // Waiting on the timer (or on nothing a person here can do): say so and wait for news.
        out([...clockLines(table), style.dim(table.prompt)]);
        if (input.ended) return finish('quit');
        await new Promise<void>((resolve) => {
          wake = resolve;
          input.onEnded(resolve);
        });
        wake = null;
        if (input.ended && host.snapshot(TABLE).waitingOn.every((a) => !people.includes(a))) return finish('quit');
        continue;
      }
      if (!(await privateTurn(seat))) return finish('quit');
    }
  } finally {
    // However the front end ends (an error too), a private screen still up is cleared first.
    hidePrivate();
  }
}
