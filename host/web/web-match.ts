// One match of any table game, seen through the live channel: the `TableHost`'s per-viewer
// updates turned into the messages a page receives, with the game's renderer applied on the
// server (so a page gets words and labels made from its own view only, never the state).
// `webGame(entry)` erases the game's types once, here, so the server holds any game alike.

import { randomInt } from 'node:crypto';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import type { GameMeta } from '../engine/meta.ts';
import { TABLE, type TableEntry, type Viewer } from '../table/entry.ts';
import { isPassMove } from '../engine/quick.ts';
import { TableHost, type HostOptions, type NewMatch, type Snapshot, type Submitted, type TableUpdate } from '../table/host.ts';
import { DEVICE_ACTION_LABELS, type DeviceAction } from '../table/countdown.ts';
import { actorName, promptInWords, summaryInWords } from './prompt-words.ts';
import { sidesLine } from '../table/sides.ts';
import type { JsonObject, OwnWindow, PageCountdown, SeatInfo, Send, ServerMessage, SnapshotMessage } from './messages.ts';

/** A match as the server holds it, whatever its game. */
export interface WebMatch {
  readonly gameId: string;
  readonly title: string;
  readonly seats: readonly SeatInfo[];
  /** Who plays which side ("Trade Federation: Ana. Naboo: Ben."), public; null when every seat plays for itself. */
  readonly sides: string | null;
  readonly savePath: string | null;
  /** Sends `viewer` the match so far (its history and snapshot), then every update it may see. */
  join(viewer: Viewer, send: Send): () => void;
  /** The `n`-th move of the menu numbered `menu` that this connection was sent. */
  choose(viewer: Viewer, send: Send, menu: number, n: number): Answer;
  move(viewer: Viewer, move: unknown): Answer;
  dice(viewer: Viewer, outcome: unknown): Answer;
  /** Asks the host to press the timer's buttons (start, resume, pause, enter the code): a game on the timer's countdown. */
  device(viewer: Viewer, action: DeviceAction): Promise<Answer>;
  /** Catches up with the timer's STATUS (a resumed match, a timer that was restarted). */
  syncTimer(): Promise<void>;
  finished(): boolean;
  /** What `viewer` may not know now, as the strings it would appear as (the game's own list; empty in an open game). */
  secretsFrom(viewer: Viewer): readonly string[];
  /** Bots and sampled chance have played until people are waited on. */
  settled(): Promise<void>;
  /** Listens for a save that failed, with its whole reason (it names the save's path: for the computer's own terminal, never a page). */
  onSaveFailed(listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * Null when the move was taken; else why not, and whether the viewer was already told (the host
 * sends a refused move's reason to the viewer's pages as a `rejected` message).
 */
export type Answer = null | { readonly problem: string; readonly told: boolean };

/** The menus one connection was sent: a menu number stays valid until the next menu replaces it. */
export class MenuBook {
  number = 0;
  moves: readonly unknown[] = [];
  next(moves: readonly unknown[]): number {
    this.number += 1;
    this.moves = moves;
    return this.number;
  }
}

/** A game the server can open, its types erased. */
export interface WebGame {
  readonly id: string;
  readonly title: string;
  readonly meta: GameMeta;
  readonly bots: readonly { readonly id: string; readonly text: string }[];
  readonly defaultBot: string;
  readonly usesTimer: 'external' | 'device' | null;
  start(match: NewMatch, options: HostOptions): { match: WebMatch; notes: readonly string[] };
  resume(options: HostOptions & { readonly savePath: string }): { match: WebMatch; notes: readonly string[] };
  /** Throws what `start` would refuse `match` with (bots, options, seats), touching nothing: no lock, no save. */
  checkStart(match: NewMatch): void;
  /** Throws what `resume` would refuse the save at `savePath` with (missing, damaged, another front end's), touching nothing. */
  checkResume(savePath: string): void;
}

export function webGame<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>): WebGame {
  return {
    id: entry.game.meta.id,
    title: entry.game.meta.title,
    meta: entry.game.meta,
    bots: entry.bots.map((b) => ({ id: b.id, text: b.text })),
    defaultBot: entry.defaultBot,
    usesTimer: entry.timer?.kind ?? null,
    start(match, options) {
      const opened = TableHost.start(entry, match, options);
      return { match: matchOf(opened.host), notes: opened.notes };
    },
    resume(options) {
      const opened = TableHost.resume(entry, options);
      return { match: matchOf(opened.host), notes: opened.notes };
    },
    checkStart(match) {
      TableHost.planStart(entry, match);
    },
    checkResume(savePath) {
      TableHost.checkResume(entry, savePath);
    },
  };
}

/** A seed for a new match when none is given. */
export function freshSeed(): number {
  return randomInt(0, 0xffff_ffff);
}

const answer = (submitted: Submitted): Answer => (submitted.ok ? null : { problem: submitted.reason, told: true });

function matchOf<Config, State, Move extends MoveBase, View, Event>(host: TableHost<Config, State, Move, View, Event>): WebMatch {
  const { renderer, game } = host.entry;
  const names = host.names;
  const nameOf = (id: ActorId): string => names[id] ?? id;
  const books = new Map<Send, MenuBook>();

  /** The quick window's countdown as a page draws it: its length and what is left as the message leaves (pages count on their own clock from there). */
  const countdownMessage = (snap: Snapshot<Move, View>): PageCountdown | null =>
    snap.countdown === null ? null : { window: snap.countdown.window, seconds: snap.countdown.seconds, leftMs: host.countdownLeftMs() ?? 0 };

  /**
   * In pass-and-play (the host's `windowClock` 'front-end': it counts nothing) the open quick
   * window, which the pass-and-play screen counts for each person from when their screen shows:
   * `window`, `seconds`, `serial` (a window opened afresh has a new one) and `pass`, the number of
   * this viewer's pass in its menu (null: it has none). Absent when the host counts the windows.
   */
  const ownWindowMessage = (snap: Snapshot<Move, View>): { readonly quickWindow?: OwnWindow | null } => {
    if (host.windowClock !== 'front-end') return {};
    const open = host.openWindow();
    if (open === null) return { quickWindow: null };
    const pass = snap.moves.findIndex(isPassMove);
    return { quickWindow: { window: open.window, seconds: open.seconds, serial: open.serial, pass: pass < 0 ? null : pass } };
  };

  const snapshotMessage = (snap: Snapshot<Move, View>, book: MenuBook): SnapshotMessage => {
    const menu = book.next(snap.moves);
    const tableDice = snap.dice !== null;
    return {
      ...ownWindowMessage(snap),
      type: 'snapshot',
      viewer: snap.viewer,
      // The game's view is JSON (a game's views are plain data): sent as it is, for its drawing.
      view: snap.view as JsonObject,
      lines: renderer.viewLines(snap.view, names),
      // In names, never ids (prompt-words.ts): the game's own prompt for whoever is asked.
      prompt: promptInWords(snap.prompt, names, snap.held !== null || snap.waitingOn.includes(snap.viewer), snap.waitingOn, tableDice),
      waitingOn: snap.waitingOn.map((id) => ({ id, name: actorName(id, names, tableDice) })),
      menu,
      moves: snap.moves.map((m, n) => ({ n, ...renderer.moveLabel(m, snap.view, names) })),
      dice: snap.dice,
      countdown: countdownMessage(snap),
      clock: snap.clock,
      held: snap.held,
      actions: snap.actions.map((action) => ({ action, label: DEVICE_ACTION_LABELS[action] })),
      result: snap.result.finished
        ? { finished: true, winners: snap.result.winners.map(nameOf), summary: summaryInWords(snap.result.summary, names, snap.result.winners) }
        : { finished: false },
    };
  };

  const messageFor = (viewer: Viewer, update: TableUpdate<Move, View, Event>, book: MenuBook): ServerMessage | null => {
    switch (update.kind) {
      case 'snapshot':
        return snapshotMessage(update.snapshot, book);
      case 'events':
        return { type: 'events', events: update.events as readonly JsonObject[], lines: update.events.flatMap((e) => renderer.eventLines(e, viewer, names)) };
      case 'moved':
        return { type: 'moved', label: renderer.moveLabel(update.move, game.view(host.state, viewer), names).label };
      case 'rejected':
        return { type: 'rejected', reason: update.reason };
      case 'timer':
        return { type: 'timer', event: update.event };
      case 'timer-command':
        return { type: 'timer-command', command: update.command };
      case 'note':
        return { type: 'note', text: update.text };
      case 'time-up':
        return { type: 'time-up', window: update.window, passing: update.passing.map((id) => ({ id, name: nameOf(id) })) };
      case 'save-failed':
        // The reason names the computer's files: the pages get plain words (the computer's own terminal and start page are where to look).
        return {
          type: 'note',
          text: 'the game could not be saved on the computer, so nothing is played until it is. Tell whoever runs the companion on the computer.',
          problem: true as const,
        };
      case 'finished':
        return { type: 'finished', winners: update.result.winners.map(nameOf), summary: summaryInWords(update.result.summary, names, update.result.winners) };
    }
  };

  const match: WebMatch = {
    gameId: game.meta.id,
    title: game.meta.title,
    seats: host.seats.map((s) => ({ id: s.id, name: s.name, bot: s.bot })),
    sides: sidesLine(game.meta, host.seats),
    savePath: host.savePath,
    join(viewer, send) {
      const book = new MenuBook();
      books.set(send, book);
      const history = host.historyFor(viewer).flatMap((e) => renderer.eventLines(e, viewer, names));
      send({ type: 'history', lines: history });
      const unsubscribe = host.subscribe(viewer, (update) => {
        const message = messageFor(viewer, update, book);
        if (message !== null) send(message);
      });
      host.settled().catch(() => undefined);
      return () => {
        unsubscribe();
        books.delete(send);
      };
    },
    choose(viewer, send, menu, n) {
      const book = books.get(send);
      if (book === undefined) return { problem: 'this page has not joined the match', told: false };
      if (menu !== book.number) return { problem: `menu ${menu} is out of date (the current one is ${book.number}); choose again from it`, told: false };
      if (n >= book.moves.length) {
        return {
          problem: book.moves.length === 0 ? 'you have nothing to choose now' : `menu ${menu} has moves 0 to ${book.moves.length - 1}, not ${n}`,
          told: false,
        };
      }
      return answer(host.submit(viewer, book.moves[n]));
    },
    move: (viewer, move) => answer(host.submit(viewer, move)),
    dice: (viewer, outcome) => answer(host.enterDice(viewer, outcome)),
    device: async (viewer, action) => answer(await host.deviceAction(viewer, action)),
    syncTimer: () => host.syncTimer(),
    finished: () => host.result.finished,
    secretsFrom: (viewer) => (game.hidden ? game.secretsFrom(host.state, viewer) : []),
    settled: () => host.settled(),
    onSaveFailed: (listener) => host.watch((update) => update.kind === 'save-failed' && listener(update.message)),
    close: () => host.close(),
  };
  return match;
}

export { TABLE };
