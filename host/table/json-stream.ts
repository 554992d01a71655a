// The JSON stream front end of the table: one object per line, the same line types for every
// game, driven by the host's per-viewer updates and the game's renderer.
// - The public stream (default) multiplexes the table viewer and every person's seat: a line
//   without `seat` holds only what everyone may see; a line with `seat` holds what that seat may
//   see (its view, its prompt and menu, its own events, its refused moves), for a front end to
//   hand to that seat alone.
// - One seat's stream (`as`): only what that seat may see; every line about it carries `seat`.
// A "be quick" window's countdown rides on the table, view and prompt lines (`countdown`: its kind,
// length and what is left); a `time-up` line names who its running out passes.
// Every prompt line has an `id`, counted per seat (so it tells nothing of other seats' prompts): it
// stays while the seat's menu is the same and changes when a new menu is shown or the seat moved.
// Input, one per line: a menu number (for the last prompt written), `{"seat": "p2", "choice": 3,
// "prompt": 7}` (without `prompt` it answers the seat's newest prompt; with it, an answer to a
// prompt that is no longer the seat's open one is refused, to that seat alone, and nothing is
// played), a move as JSON (its `actor` is the seat), `{"dice": [...]}` for the table's dice, or `quit`.

import { readInputLines, readInputValue, jsonObject, overLongInput, noSuchChoice, type JsonRecord } from '../ui/json/stream-io.ts';
import type { FrontEndEnd, FrontEndIo } from '../ui/front-end.ts';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import { DEVICE_ACTION_LABELS, DEVICE_ACTIONS, type DeviceAction } from './countdown.ts';
import { TABLE, type Viewer } from './entry.ts';
import type { Snapshot, TableHost, TableUpdate } from './host.ts';
import { sidesOf } from './sides.ts';

export interface JsonStreamOptions {
  /** Play as this seat alone (its stream only); null for the public stream. */
  readonly as: ActorId | null;
  /** Extra facts for the first line (the save's path, the timer), public. */
  readonly startInfo?: JsonRecord;
  /** Notes from opening (a lock taken over, a backup used), public. */
  readonly notes?: readonly string[];
  /** Whether the match was resumed (then the history so far is written first). */
  readonly resumed?: boolean;
  /** Extra facts for the `result` line only (the seed, which deals every hand: told at the end). */
  readonly resultInfo?: () => JsonRecord;
}

export function runTableJson<Config, State, Move extends MoveBase, View, Event>(
  host: TableHost<Config, State, Move, View, Event>,
  io: Pick<FrontEndIo, 'input' | 'output'>,
  options: JsonStreamOptions,
): Promise<FrontEndEnd> {
  const { renderer, game } = host.entry;
  const names = host.names;
  const as = options.as;
  if (as !== null && !host.isSeat(as)) {
    return Promise.reject(new Error(`--as ${as}: no such seat (the seats are ${host.seats.map((s) => `${s.id} (${s.name})`).join(', ')})`));
  }
  const write = (record: JsonRecord): void => {
    io.output.write(`${JSON.stringify(record)}\n`);
  };
  /** The viewers this stream carries, the first of them writing what is the same for all (timer, notes, the end). */
  const viewers: Viewer[] = as !== null ? [as] : [TABLE, ...host.people];
  const primary = viewers[0] as Viewer;
  const seatField = (viewer: Viewer): JsonRecord => (viewer === TABLE ? {} : { seat: viewer });
  /** The last menu written per seat, and which seat's menu was written last. */
  const menus = new Map<ActorId, readonly Move[]>();
  let lastPromptSeat: ActorId | null = null;
  /** Whether the last prompt written still waits for its menu number (a number answers one prompt). */
  let promptOpen = false;
  /** Menu numbers that came while no prompt waited for one: each answers the next prompt, in order. */
  const early: number[] = [];
  /** Each seat's open prompt id (absent: no menu open) and the last id it was given; ids count per seat. */
  const openPrompt = new Map<ActorId, number>();
  const lastPromptId = new Map<ActorId, number>();
  /** Seats whose move was taken since their prompt was written: their next prompt is a new one, even with the same menu. */
  const movedSince = new Set<ActorId>();
  /** The prompt id for `seat`'s menu `moves`: the open one while its menu is the same, else the next. */
  const promptIdFor = (seat: ActorId, moves: readonly Move[]): number => {
    const open = openPrompt.get(seat);
    const shown = menus.get(seat);
    const same = open !== undefined && shown !== undefined && !movedSince.has(seat) && JSON.stringify(shown) === JSON.stringify(moves);
    const id = same ? open : (lastPromptId.get(seat) ?? 0) + 1;
    lastPromptId.set(seat, id);
    openPrompt.set(seat, id);
    movedSince.delete(seat);
    return id;
  };

  /** A game on the timer's clock: the countdown, what holds play, and the device actions this reader may ask for. */
  const timerFields = (snap: Snapshot<Move, View>): JsonRecord =>
    snap.clock === null
      ? snap.held === null
        ? {}
        : { held: snap.held } // any game is held while it cannot be saved
      : { clock: snap.clock, held: snap.held, actions: snap.actions.map((action) => ({ action, label: DEVICE_ACTION_LABELS[action] })) };
  /** The open quick window: its kind, full length and what is left as the line is written. */
  const countdownRecord = (snap: Snapshot<Move, View>): JsonRecord | null =>
    snap.countdown === null ? null : { window: snap.countdown.window, seconds: snap.countdown.seconds, leftMs: host.countdownLeftMs() ?? 0 };

  const snapshotRecord = (snap: Snapshot<Move, View>): JsonRecord => {
    const lines = renderer.viewLines(snap.view, names);
    const countdown = countdownRecord(snap);
    if (snap.viewer === TABLE) {
      return { type: 'table', view: snap.view, lines, prompt: snap.prompt, waitingOn: snap.waitingOn, dice: snap.dice, countdown, ...timerFields(snap) };
    }
    if (snap.moves.length === 0) {
      menus.delete(snap.viewer);
      openPrompt.delete(snap.viewer);
      return { type: 'view', seat: snap.viewer, view: snap.view, lines, prompt: snap.prompt, waitingOn: snap.waitingOn, countdown, ...timerFields(snap) };
    }
    const id = promptIdFor(snap.viewer, snap.moves);
    menus.set(snap.viewer, snap.moves);
    lastPromptSeat = snap.viewer;
    promptOpen = true;
    const choices = snap.moves.map((move, i) => ({ n: i + 1, ...renderer.moveLabel(move, snap.view, names), move }));
    return {
      type: 'prompt',
      seat: snap.viewer,
      id,
      view: snap.view,
      lines,
      prompt: snap.prompt,
      choices,
      countdown,
      ...(snap.dice === null ? {} : { dice: snap.dice }),
      ...timerFields(snap),
    };
  };

  return new Promise((resolve) => {
    let ended = false;
    let resultWritten = false;
    const unsubscribe: (() => void)[] = [];
    /** Device actions asked for and not yet answered: their lines are owed before a quit ends the stream. */
    const pending = new Set<Promise<unknown>>();
    let quitting = false;
    const end = (how: FrontEndEnd): void => {
      if (ended) return;
      ended = true;
      for (const u of unsubscribe) u();
      input.close();
      resolve(how);
    };

    const onUpdate =
      (viewer: Viewer) =>
      (update: TableUpdate<Move, View, Event>): void => {
        if (ended || resultWritten) return; // the result is the last line

        const seat = seatField(viewer);
        switch (update.kind) {
          case 'snapshot':
            write(snapshotRecord(update.snapshot));
            if (promptOpen && early.length > 0) setImmediate(answerEarly);
            return;
          case 'events':
            for (const event of update.events) write({ type: 'game-event', ...seat, event, text: renderer.eventLines(event, viewer, names) });
            return;
          case 'moved':
            if (viewer !== TABLE) movedSince.add(viewer);
            write({ type: 'move', ...seat, move: update.move });
            return;
          case 'rejected':
            write({ type: 'rejected', ...seat, move: update.move, reason: update.reason });
            return;
          default:
            break;
        }
        if (viewer !== primary) return; // the same for every viewer: written once
        switch (update.kind) {
          case 'timer':
            write({ type: 'timer-event', event: update.event });
            return;
          case 'timer-command':
            write({ type: 'timer-command', command: update.command });
            return;
          case 'note':
            write({ type: 'note', text: update.text });
            return;
          case 'time-up':
            write({ type: 'time-up', window: update.window, passing: update.passing });
            return;
          case 'save-failed':
            write({ type: 'error', message: update.message });
            return;
          case 'finished':
            resultWritten = true;
            write({
              type: 'result',
              returns: update.result.returns,
              winners: update.result.winners,
              winningTeams: update.result.winningTeams,
              summary: update.result.summary,
              ...(options.resultInfo?.() ?? {}),
            });
            setImmediate(() => end('finished'));
            return;
        }
      };

    write({
      type: 'start',
      game: game.meta.id,
      title: game.meta.title,
      players: host.seats.map((s) => ({ id: s.id, name: s.name, bot: s.bot })),
      // Who plays which side, at a game of teams (public); null when every seat plays for itself.
      sides: sidesOf(game.meta, host.seats),
      as,
      chance: host.chanceMode,
      resumed: options.resumed ?? false,
      ...(options.startInfo ?? {}),
    });
    for (const text of options.notes ?? []) write({ type: 'note', text });
    // What happened so far (a new game: its opening), as each viewer of this stream may see it.
    for (const viewer of viewers) {
      for (const event of host.historyFor(viewer)) write({ type: 'game-event', ...seatField(viewer), event, text: renderer.eventLines(event, viewer, names) });
    }

    /** A seat id that is not at this table, told with the ones that are. */
    const noSeat = (seat: string): string => `there is no seat ${seat} (seats: ${host.seats.map((s) => s.id).join(', ')}); send its id as "seat"`;
    const submitFrom = (seat: ActorId, move: unknown): void => {
      if (as !== null && seat !== as) {
        write({ type: 'error', seat: as, message: `this stream plays ${as} only; a move for ${seat} is not taken` });
        return;
      }
      if (!host.isSeat(seat)) {
        write({ type: 'error', message: noSeat(seat) });
        return;
      }
      const submitted = host.submit(seat, move);
      // A seat this stream does not carry (a bot's) has nobody listening: say it here.
      if (!submitted.ok && !viewers.includes(seat)) write({ type: 'rejected', seat, move, reason: submitted.reason });
    };
    /** A menu number for `seat`; `promptId` (when sent) must be the seat's open prompt, else nothing is played. */
    const choose = (seat: ActorId, n: number, promptId?: unknown): void => {
      if (!host.isSeat(seat)) {
        write({ type: 'error', message: noSeat(seat) });
        return;
      }
      if (promptId !== undefined && (typeof promptId !== 'number' || !Number.isInteger(promptId))) {
        write({
          type: 'error',
          seat,
          message: `"prompt" is the id of the prompt answered (the whole number on its line), not ${JSON.stringify(promptId)}; nothing was played`,
        });
        return;
      }
      const menu = menus.get(seat);
      if (!menu) {
        const answered = promptId === undefined ? '' : ` (prompt ${promptId} is closed; nothing was played)`;
        write({
          type: 'error',
          seat,
          ...(promptId === undefined ? {} : { prompt: promptId }),
          message: `${seat} has no menu open${answered}: wait for its prompt`,
        });
        return;
      }
      const open = openPrompt.get(seat);
      if (promptId !== undefined && promptId !== open) {
        write({
          type: 'error',
          seat,
          prompt: promptId,
          message: `prompt ${promptId} is out of date: ${seat}'s open prompt is ${open}; nothing was played, answer that one`,
        });
        return;
      }
      const move = menu[n - 1];
      if (move === undefined) {
        write({ type: 'error', seat, message: noSuchChoice(n, menu.length) });
        return;
      }
      promptOpen = false;
      const before = lastPromptSeat;
      submitFrom(seat, move);
      // A refused move leaves its prompt standing (no new prompt is written): the next number answers it.
      if (lastPromptSeat === before && menus.get(seat) === menu) promptOpen = true;
    };
    /** A menu number: for the open prompt, or kept for the next one when none waits. */
    const number = (n: number): void => {
      const seat = as ?? lastPromptSeat;
      if (!promptOpen || seat === null || !menus.has(seat)) {
        early.push(n);
        return;
      }
      choose(seat, n);
    };
    function answerEarly(): void {
      while (!ended && promptOpen && early.length > 0) number(early.shift() as number);
    }
    /** The input ended: the numbers sent ahead are played as their prompts come; then, with people at the table, the stream stops (a table of bots plays on). */
    const inputEnded = async (): Promise<void> => {
      for (;;) {
        await host.settled();
        await new Promise((resolve) => setImmediate(resolve));
        if (ended || host.result.finished) return; // the result line ends the stream
        if (early.length > 0 && promptOpen) {
          answerEarly();
          continue;
        }
        if (host.people.length > 0) {
          end('quit');
          return;
        }
        // Only bots: they play on (the host is settled only when waiting on the timer); check again on news.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /**
     * `quit`: the lines owed for what was asked before it are written first: a device action's
     * answer (the timer's event, the move it makes, the prompt it opens) and whatever that lets the
     * bots play until people or the timer are waited on (those moves are saved: the reader is told
     * them, as at the end of the input).
     */
    const quitAfterOwedLines = async (): Promise<void> => {
      while (pending.size > 0) await Promise.all([...pending]);
      await host.settled();
      await new Promise((resolve) => setImmediate(resolve));
      end('quit');
    };
    const line = (text: string): void => {
      if (ended || quitting) return;
      if (text.trim() === 'quit') {
        quitting = true;
        void quitAfterOwedLines();
        return;
      }
      const value = readInputValue(text);
      if (value === null) return;
      if (value.kind === 'not-json') {
        write({ type: 'error', message: 'send a menu number, a move as JSON, {"seat": ..., "choice": n}, {"dice": [...]}, {"action": ...} or quit' });
        return;
      }
      if (value.kind === 'choice') {
        number(value.n);
        return;
      }
      const record = jsonObject(value.value);
      if (record === null) {
        write({ type: 'error', message: 'a line of JSON must be an object: a move, {"seat": ..., "choice": n} or {"dice": [...]}' });
        return;
      }
      if ('action' in record) {
        const action = record['action'];
        const viewer = as ?? (typeof record['seat'] === 'string' ? record['seat'] : TABLE);
        if (typeof action !== 'string' || !(DEVICE_ACTIONS as readonly string[]).includes(action)) {
          write({ type: 'error', message: `{"action": ...} is one of ${DEVICE_ACTIONS.join(', ')}` });
          return;
        }
        if (viewer !== TABLE && !viewers.includes(viewer)) {
          write({ type: 'error', message: `${JSON.stringify(viewer)} is not a seat played from this stream` });
          return;
        }
        // A refusal comes back through that viewer's updates; a quit waits for the answer's lines.
        const asked = host.deviceAction(viewer, action as DeviceAction).catch(() => undefined);
        pending.add(asked);
        void asked.finally(() => pending.delete(asked));
        return;
      }
      if ('dice' in record) {
        host.enterDice(as ?? TABLE, record['dice']); // a refusal comes back through that viewer's updates
        return;
      }
      if ('choice' in record) {
        const seat = as ?? record['seat'];
        const n = record['choice'];
        if (typeof seat !== 'string' || typeof n !== 'number' || !Number.isInteger(n)) {
          write({ type: 'error', message: '{"seat": "<seat id>", "choice": <menu number>, "prompt": <its id>} names a seat and a whole number' });
          return;
        }
        choose(seat, n, record['prompt']);
        return;
      }
      const actor = record['actor'];
      if (typeof actor !== 'string') {
        write({ type: 'error', message: 'a move needs "actor" (the seat making it) and "type"' });
        return;
      }
      submitFrom(actor, record);
    };

    const input = readInputLines(io.input, {
      line,
      overLong: (length) => write({ type: 'error', message: overLongInput(length) }),
      closed: () => void inputEnded(),
    });
    for (const viewer of viewers) unsubscribe.push(host.subscribe(viewer, onUpdate(viewer)));
    if (host.result.finished) {
      const r = host.result;
      if (r.finished)
        write({ type: 'result', returns: r.returns, winners: r.winners, winningTeams: r.winningTeams, summary: r.summary, ...(options.resultInfo?.() ?? {}) });
      setImmediate(() => end('finished'));
      return;
    }
    void host.settled();
  });
}
