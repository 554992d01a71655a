// The JSON stream front end of the table: one object per line, the same line types for every
// game, driven by the host's per-viewer updates and the game's renderer.
// - The public stream (default) multiplexes the table viewer and every person's seat: a line
//   without `seat` holds only what everyone may see; a line with `seat` holds what that seat may
//   see (its view, its prompt and menu, its own events, its refused moves), for a front end to
//   hand to that seat alone.
// - One seat's stream (`as`): only what that seat may see; every line about it carries `seat`.
// A "be quick" window's countdown rides on the table, view and prompt lines (`countdown`: its kind,
// length and what is left); a `time-up` line names who its running out passes.
// Input, one per line: a menu number (for the last prompt written), `{"seat": "p2", "choice": 3}`,
// a move as JSON (its `actor` is the seat), `{"dice": [...]}` for the table's dice, or `quit`.

import { readInputLines, readInputValue, jsonObject, overLongInput, noSuchChoice, type JsonRecord } from '../ui/json/stream-io.ts';
import type { FrontEndEnd, FrontEndIo } from '../ui/front-end.ts';
import type { ActorId, MoveBase } from '../engine/game.ts';
import { TABLE, type Viewer } from './entry.ts';
import type { Snapshot, TableHost, TableUpdate } from './host.ts';

export interface JsonStreamOptions {
  /** Play as this seat alone (its stream only); null for the public stream. */
  readonly as: ActorId | null;
  /** Extra facts for the first line (the save's path, the timer), public. */
  readonly startInfo?: JsonRecord;
  /** Notes from opening (a lock taken over, a backup used), public. */
  readonly notes?: readonly string[];
  /** Whether the match was resumed (then the history so far is written first). */
  readonly resumed?: boolean;
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

  /** The open quick window: its kind, full length and what is left as the line is written. */
  const countdownRecord = (snap: Snapshot<Move, View>): JsonRecord | null =>
    snap.countdown === null ? null : { window: snap.countdown.window, seconds: snap.countdown.seconds, leftMs: host.countdownLeftMs() ?? 0 };

  const snapshotRecord = (snap: Snapshot<Move, View>): JsonRecord => {
    const lines = renderer.viewLines(snap.view, names);
    const countdown = countdownRecord(snap);
    if (snap.viewer === TABLE) {
      return { type: 'table', view: snap.view, lines, prompt: snap.prompt, waitingOn: snap.waitingOn, dice: snap.dice, countdown };
    }
    if (snap.moves.length === 0) {
      menus.delete(snap.viewer);
      return { type: 'view', seat: snap.viewer, view: snap.view, lines, prompt: snap.prompt, waitingOn: snap.waitingOn, countdown };
    }
    menus.set(snap.viewer, snap.moves);
    lastPromptSeat = snap.viewer;
    const choices = snap.moves.map((move, i) => ({ n: i + 1, ...renderer.moveLabel(move, snap.view, names), move }));
    return {
      type: 'prompt',
      seat: snap.viewer,
      view: snap.view,
      lines,
      prompt: snap.prompt,
      choices,
      countdown,
      ...(snap.dice === null ? {} : { dice: snap.dice }),
    };
  };

  return new Promise((resolve) => {
    let ended = false;
    const unsubscribe: (() => void)[] = [];
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
        if (ended) return;
        const seat = seatField(viewer);
        switch (update.kind) {
          case 'snapshot':
            write(snapshotRecord(update.snapshot));
            return;
          case 'events':
            for (const event of update.events) write({ type: 'game-event', ...seat, event, text: renderer.eventLines(event, viewer, names) });
            return;
          case 'moved':
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
            write({
              type: 'result',
              returns: update.result.returns,
              winners: update.result.winners,
              winningTeams: update.result.winningTeams,
              summary: update.result.summary,
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

    const submitFrom = (seat: ActorId, move: unknown): void => {
      if (as !== null && seat !== as) {
        write({ type: 'error', seat: as, message: `this stream plays ${as} only; a move for ${seat} is not taken` });
        return;
      }
      if (!host.isSeat(seat)) {
        write({ type: 'error', message: `no seat ${JSON.stringify(seat)} (the seats are ${host.seats.map((s) => s.id).join(', ')})` });
        return;
      }
      const submitted = host.submit(seat, move);
      // A seat this stream does not carry (a bot's) has nobody listening: say it here.
      if (!submitted.ok && !viewers.includes(seat)) write({ type: 'rejected', seat, move, reason: submitted.reason });
    };
    const choose = (seat: ActorId, n: number): void => {
      const menu = menus.get(seat);
      if (!menu) {
        write({ type: 'error', ...(host.isSeat(seat) ? { seat } : {}), message: `${seat} has no menu open: wait for its prompt` });
        return;
      }
      const move = menu[n - 1];
      if (move === undefined) {
        write({ type: 'error', seat, message: noSuchChoice(n, menu.length) });
        return;
      }
      submitFrom(seat, move);
    };
    const line = (text: string): void => {
      if (ended) return;
      if (text.trim() === 'quit') {
        end('quit');
        return;
      }
      const value = readInputValue(text);
      if (value === null) return;
      if (value.kind === 'not-json') {
        write({ type: 'error', message: 'send a menu number, a move as JSON, {"seat": ..., "choice": n}, {"dice": [...]} or quit' });
        return;
      }
      if (value.kind === 'choice') {
        const seat = as ?? lastPromptSeat;
        if (seat === null) write({ type: 'error', message: 'no menu is open: wait for a prompt' });
        else choose(seat, value.n);
        return;
      }
      const record = jsonObject(value.value);
      if (record === null) {
        write({ type: 'error', message: 'a line of JSON must be an object: a move, {"seat": ..., "choice": n} or {"dice": [...]}' });
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
          write({ type: 'error', message: '{"seat": "<seat id>", "choice": <menu number>} names a seat and a whole number' });
          return;
        }
        choose(seat, n);
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
      closed: () => setImmediate(() => end('quit')),
    });
    for (const viewer of viewers) unsubscribe.push(host.subscribe(viewer, onUpdate(viewer)));
    if (host.result.finished) {
      const r = host.result;
      if (r.finished) write({ type: 'result', returns: r.returns, winners: r.winners, winningTeams: r.winningTeams, summary: r.summary });
      setImmediate(() => end('finished'));
      return;
    }
    void host.settled();
  });
}
