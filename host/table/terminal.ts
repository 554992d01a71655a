// The terminal front end of the table, for any game: pass-and-play when several people share
// one screen. Whenever people are waited on, they are asked one at a time in the order the
// decision asks them (seat order: never an order that depends on a hand), each privately:
// "Pass to Ana, then press Enter", their own screen (view, what happened since their last turn
// as they may know it, the prompt, the menu of their legal moves with hints), the menu again after
// each small step until their part is done (a plan picked card by card, with the game's undo and
// back moves in the menu), then "Press Enter to hide" and a cleared screen. Bot moves, chance,
// the timer's news and notes are told as the table sees them (or, with one person at the table,
// as that person sees them). Table dice are typed in publicly: dice are no secret.

import type { ActorId, MoveBase } from '../engine/game.ts';
import type { ChanceSpec } from '../engine/chance.ts';
import { readInputLines } from '../ui/json/stream-io.ts';
import type { FrontEndEnd, FrontEndIo } from '../ui/front-end.ts';
import { PLAIN, styleFor, type Style } from '../ui/terminal/style.ts';
import { DEVICE_ACTION_LABELS, type DeviceAction } from './countdown.ts';
import { TABLE, type TimerCommand, type Viewer } from './entry.ts';
import type { Snapshot, TableHost, TableUpdate } from './host.ts';

/** The key for each device action in the terminal's menus (beside the numbered moves). */
export const ACTION_KEYS: Readonly<Record<DeviceAction, string>> = { 'start-timer': 's', 'resume-timer': 'r', 'pause-timer': 'p', 'enter-code': 'c' };

/** Reads whole lines on demand; null once the input has ended. */
class LineQueue {
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
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
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.done) return Promise.resolve(null);
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
}

/** The words for the dice the table is to roll, and how to type them. */
export function diceQuestion(spec: ChanceSpec): string {
  switch (spec.kind) {
    case 'roll':
      return `Roll ${spec.dice.map((d) => `the ${d.name} (${d.faces.map((f) => f.id).join('/')})`).join(', ')} and type the faces, in that order, separated by spaces:`;
    case 'weighted':
      return `Draw one of ${spec.outcomes.map((o) => o.id).join(', ')} and type it:`;
    case 'index':
      return `Choose a number from 0 to ${spec.size - 1} and type it:`;
    case 'shuffle':
      return 'Shuffle (the companion does it).';
  }
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

function timerCommandText(command: TimerCommand): string {
  return 'play' in command
    ? `♪ The timer plays ${command.play.toUpperCase()}.`
    : command.clock === 0
      ? 'The turn clock stops.'
      : `The turn clock: ${command.clock} s.`;
}

export interface TerminalOptions {
  /** Notes from opening the match (a lock taken over, a backup used, a kept game). */
  readonly notes?: readonly string[];
  /** Facts shown once at the start (the save file, the timer). */
  readonly intro?: readonly string[];
  /** With several people: keep the opening on the screen until Enter ("Press Enter to begin."), before the first cleared screen. */
  readonly holdIntro?: boolean;
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
  const out = (lines: readonly string[]): void => {
    for (const l of lines) io.output.write(`${l}\n`);
  };
  const clear = (): void => {
    io.output.write(io.tty ? '\x1b[2J\x1b[H' : '\f\n');
  };
  let introHeld = options.holdIntro !== true;
  const input = new LineQueue(io.input);
  /** A line being waited for: one at a time, shared by whoever asks next (the wait for the timer may be overtaken by news). */
  let pendingLine: Promise<string | null> | null = null;
  const nextLine = (): Promise<string | null> => {
    pendingLine ??= input.next().then((line) => {
      pendingLine = null;
      return line;
    });
    return pendingLine;
  };
  /** The countdown and what is held, when the game runs on the timer's clock. */
  const clockLines = (snap: Snapshot<Move, View>): string[] => {
    const lines: string[] = [];
    if (snap.clock !== null && renderer.timerLine) lines.push(renderer.timerLine(snap.clock, snap.view));
    return lines;
  };
  const actionLines = (actions: readonly DeviceAction[]): string[] => actions.map((a) => `  ${ACTION_KEYS[a]}. ${DEVICE_ACTION_LABELS[a]}`);
  const actionFor = (text: string, actions: readonly DeviceAction[]): DeviceAction | undefined => actions.find((a) => ACTION_KEYS[a] === text.trim());
  /** Carries out a device action for `viewer`; a refusal is told through the viewer's updates. */
  const runAction = async (viewer: Viewer, action: DeviceAction): Promise<void> => {
    await host.deviceAction(viewer, action);
    // The timer's answer comes as events, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  /** Who the table's news is told to: the table, or the only person at it. */
  const narrator: Viewer = people.length === 1 ? (people[0] as ActorId) : TABLE;
  /** Each person's events since their last private screen (their own, filtered for them). */
  const backlog = new Map<ActorId, string[]>(people.map((p) => [p, []]));
  let privateTo: ActorId | null = null;
  /** The table's news while one person looks at their own screen: told once the screen is hidden. */
  const heldNews: string[] = [];
  const tell = (lines: readonly string[]): void => {
    if (privateTo !== null && narrator === TABLE) heldNews.push(...lines);
    else out(lines);
  };
  let wake: (() => void) | null = null;
  const woken = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };

  const tableNews = (update: TableUpdate<Move, View, Event>): void => {
    switch (update.kind) {
      case 'events': {
        tell(update.events.flatMap((e) => renderer.eventLines(e, narrator, names)).map((l) => `  ${l}`));
        break;
      }
      case 'timer':
        tell([style.yellow(`The timer: ${update.event.name}${'leftMs' in update.event ? ` (${Math.ceil(update.event.leftMs / 1000)} s left)` : ''}`)]);
        break;
      case 'timer-command':
        tell([style.yellow(timerCommandText(update.command))]);
        break;
      case 'note':
        tell([style.dim(`Note: ${update.text}`)]);
        break;
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
        if (update.kind === 'rejected' && privateTo === p) out([style.red(`Not taken: ${update.reason}`)]);
      }),
    );
  }

  out([style.bold(game.meta.title), ...host.seats.map((s) => `  ${s.id}: ${s.name}${s.bot === null ? '' : ` (bot: ${s.bot})`}`), ...(options.intro ?? [])]);
  for (const note of options.notes ?? []) out([style.dim(`Note: ${note}`)]);
  out(
    host
      .historyFor(narrator)
      .flatMap((e) => renderer.eventLines(e, narrator, names))
      .map((l) => `  ${l}`),
  );
  if (narrator === TABLE) for (const p of people) backlog.get(p)?.push(...host.historyFor(p).flatMap((e) => renderer.eventLines(e, p, names)));

  const finish = (how: FrontEndEnd): FrontEndEnd => {
    for (const u of unsubscribe) u();
    input.close();
    return how;
  };

  /** One person's private turn: every step they have to make now. Returns false when the input ended or they quit. */
  const privateTurn = async (seat: ActorId): Promise<boolean> => {
    const passing = people.length > 1;
    if (passing) {
      if (!introHeld) {
        introHeld = true;
        out(['', style.bold('Press Enter to begin.')]);
        if ((await input.next()) === null) return false;
      }
      clear();
      out(['', style.bold(`Pass to ${names[seat]}, then press Enter.`), style.dim('(Only the player named should look at the screen.)')]);
      if ((await nextLine()) === null) return false;
    }
    privateTo = seat;
    try {
      for (;;) {
        const snap = host.snapshot(seat);
        if (snap.moves.length === 0) break;
        const recent = backlog.get(seat) ?? [];
        if (passing) clear();
        out(['', style.bold(`${names[seat]} (${seat})`), ...renderer.viewLines(snap.view, names), ...clockLines(snap)]);
        if (recent.length > 0) out(['', style.bold('Since your last turn:'), ...recent.map((l) => `  ${l}`)]);
        recent.length = 0;
        out(['', style.bold(snap.prompt)]);
        snap.moves.forEach((move, i) => {
          const label = renderer.moveLabel(move, snap.view, names);
          out([`  ${i + 1}. ${label.label}${label.hint ? style.dim(`  (${label.hint})`) : ''}`]);
        });
        out(actionLines(snap.actions));
        out([style.dim('  q. leave the table (the game stays saved)')]);
        const text = await nextLine();
        if (text === null || text.trim() === 'q') return false;
        const action = actionFor(text, snap.actions);
        if (action !== undefined) {
          await runAction(seat, action);
          await host.settled();
          continue;
        }
        const n = Number(text.trim());
        const move = Number.isInteger(n) ? snap.moves[n - 1] : undefined;
        if (move === undefined) {
          const keys = snap.actions.map((a) => ACTION_KEYS[a]);
          out([style.red(`Type a number from 1 to ${snap.moves.length}${keys.length > 0 ? `, ${keys.join(', ')}` : ''}, or q.`)]);
          continue;
        }
        const submitted = host.submit(seat, move);
        if (submitted.ok) await host.settled();
        const own = backlog.get(seat) ?? [];
        if (own.length > 0 && passing) {
          out(own.map((l) => `  ${l}`));
          own.length = 0;
        }
      }
      if (passing) {
        out([style.dim('Press Enter to hide your screen.')]);
        if ((await nextLine()) === null) return false;
        clear();
      }
      return true;
    } finally {
      privateTo = null;
      // What the table saw meanwhile is told now, to everyone.
      out(heldNews.splice(0));
    }
  };

  for (;;) {
    await host.settled();
    const result = host.result;
    if (result.finished) {
      out(['', style.bold(`Game over: ${result.summary}`), ...renderer.viewLines(host.snapshot(TABLE).view, names)]);
      return finish('finished');
    }
    const table = host.snapshot(TABLE);
    if (table.dice !== null) {
      out(['', style.bold(table.prompt), diceQuestion(table.dice)]);
      const text = await nextLine();
      if (text === null || text.trim() === 'q') return finish('quit');
      host.enterDice(narrator, typedDice(table.dice, text));
      continue;
    }
    const asked = table.waitingOn.filter((a) => people.includes(a));
    const seat = table.held === null ? asked[0] : undefined;
    if (seat === undefined) {
      // Waiting on the timer (or held while its countdown is stopped): say so, offer what the host may press, and wait for news.
      out([...clockLines(table), style.dim(table.prompt)]);
      if (table.actions.length > 0) out([...actionLines(table.actions), style.dim('  q. leave (the game stays saved)')]);
      if (input.ended) return finish('quit');
      const news = new Promise<null>((resolve) => {
        wake = () => resolve(null);
        input.onEnded(() => resolve(null));
      });
      const typed = table.actions.length > 0 ? await Promise.race([news, nextLine().then((line) => ({ line }))]) : await news;
      wake = null;
      if (typed !== null) {
        if (typed.line === null || typed.line.trim() === 'q') return finish('quit');
        const action = actionFor(typed.line, table.actions);
        if (action !== undefined) await runAction(narrator, action);
        else if (typed.line.trim() !== '') out([style.red(`Type ${table.actions.map((a) => ACTION_KEYS[a]).join(', ')} or q.`)]);
        continue;
      }
      if (input.ended && host.snapshot(TABLE).waitingOn.every((a) => !people.includes(a))) return finish('quit');
      continue;
    }
    if (!(await privateTurn(seat))) return finish('quit');
  }
}
