// `--json` for Secret Invasion: one JSON object per line, no ANSI. The stream is told from one
// viewpoint, so it never carries a card its reader may not know:
//   - `--as NAME`: the stream of that seat. Events as that player may see them (eventFor),
//     prompts only for that seat; every other seat is a bot.
//   - otherwise: the public stream. Events as someone watching the table sees them (no hidden
//     card at all); a seat played by a person gets a `prompt` addressed to it (`seat`) with
//     that seat's own view and the events since its last move as it may see them, for a front
//     end that shows each prompt to its seat only (pass-and-play).
// Every line that may hold what only one seat may know is addressed to that seat with a `seat`
// field, like a prompt: `prompt`, `rejected` (its move and reason may name the mover's own
// hand) and the `error` for a menu number not in that seat's last prompt (the size of a seat's
// menu says something about its hand). A front end sends such a line to that seat alone; a line
// without `seat` holds nothing secret from anyone. A new game's stream begins with round 1's
// opening events, as its reader may see them, like every later round's.
// Input lines: a menu number from the last prompt, or a move as JSON
// ({"actor":"p1","type":"discard","character":"han-solo","target":"p2","guess":null}).
// See host/README.md for the lines' fields.

import { flatChoices, type FlatChoice } from '../../companion/secret-invasion/choices.ts';
import { eventsSinceLastMove } from '../../companion/secret-invasion/history.ts';
import type { SecretInvasionSession, SessionUpdate } from '../../companion/secret-invasion/session.ts';
import type { PlayerId, SecretInvasionEvent, SecretInvasionMove } from '../../games/secret-invasion/model.ts';
import type { FrontEndEnd, FrontEndIo } from '../front-end.ts';
import { TABLE_VIEWER } from '../terminal/secret-invasion/screens.ts';
import { isMoveShaped, jsonObject, noSuchChoice, notPlayedHere, plainUpdateRecord, readInputValue, runJsonLineStream, type JsonRecord } from './stream-io.ts';

export interface SecretInvasionStreamSetup {
  readonly session: SecretInvasionSession;
  /** Seats played from this input. */
  readonly humans: readonly PlayerId[];
  /** The seat whose stream this is, or null for the public stream. */
  readonly viewer: PlayerId | null;
  readonly intro: readonly string[];
  readonly warnings: readonly string[];
  /** Extra fields for the first line (game, seed, players, timer, ...). */
  readonly startInfo: Readonly<Record<string, unknown>>;
}

/** The seat a move is by, when it names one. */
function seatOf(move: unknown): PlayerId | null {
  const actor = jsonObject(move)?.['actor'];
  return typeof actor === 'string' ? actor : null;
}

/** A rejected move, addressed to the seat it was for: its move and reason may name that seat's own hand. */
export function rejectedRecord(move: unknown, reason: string): JsonRecord {
  return { type: 'rejected', seat: seatOf(move), move, reason };
}

/** The events as game-event lines, as `viewer` may know them. */
function eventRecords(session: SecretInvasionSession, events: readonly SecretInvasionEvent[], viewer: PlayerId): JsonRecord[] {
  return session.eventsFor(events, viewer).map((event) => ({ type: 'game-event', event }));
}

/** The JSON lines for one session update, as `viewer` may know it. */
export function updateRecords(update: SessionUpdate, session: SecretInvasionSession, viewer: PlayerId): JsonRecord[] {
  switch (update.kind) {
    case 'moved':
      return [{ type: 'move', move: update.move }, ...eventRecords(session, update.events, viewer)];
    case 'rejected':
      return [rejectedRecord(update.move, update.reason)];
    case 'timer-command':
      return [{ type: 'timer-command', command: update.command }];
    case 'turn-clock-out':
      return [{ type: 'turn-clock-out', player: update.player }];
    case 'finished':
      // The seed deals every hand, so it is told only now that the game is over.
      return [
        { type: 'result', ...update.outcome, tokens: Object.fromEntries(session.state.seats.map((s) => [s.id, s.tokens])), seed: session.match.log.seed },
      ];
    default:
      return [plainUpdateRecord(update)];
  }
}

type Input = { kind: 'choice'; n: number } | { kind: 'move'; move: SecretInvasionMove } | { kind: 'invalid'; message: string };

const MOVE_EXAMPLE = '{"actor":"p1","type":"discard","character":"han-solo","target":"p2","guess":null}';

/** One input line: a menu number or a move object (the rules judge the rest of the move). */
export function parseInput(line: string): Input | null {
  const input = readInputValue(line);
  if (input === null || input.kind === 'choice') return input;
  if (input.kind === 'not-json') return { kind: 'invalid', message: `not a menu number or a JSON move: ${input.excerpt}` };
  const record = jsonObject(input.value);
  if (record !== null && isMoveShaped(record)) return { kind: 'move', move: record as unknown as SecretInvasionMove };
  return { kind: 'invalid', message: `expected a menu number from the last prompt or a move such as ${MOVE_EXAMPLE}` };
}

export function runSecretInvasionStream(setup: SecretInvasionStreamSetup, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = setup;
  const viewer = setup.viewer ?? TABLE_VIEWER;
  let choices: FlatChoice[] = [];
  /** The seat the last prompt was for. */
  let promptSeat: PlayerId | null = null;

  return runJsonLineStream(io, (stream) => {
    const { write } = stream;
    const off = session.onUpdate((update) => {
      if (update.kind === 'finished') {
        // The timer's last commands (the fanfare) go out first: the result is the last line.
        void session.whenSent().then(() => {
          if (stream.ended) return;
          for (const record of updateRecords(update, session, viewer)) write(record);
          stream.end('finished');
        });
        return;
      }
      for (const record of updateRecords(update, session, viewer)) write(record);
      if (update.kind === 'moved') stream.schedulePrompt();
    });

    // Lines are taken in order; a menu number waits for the prompt it answers (input piped in
    // ahead of the game is played as the prompts come).
    const queue: string[] = [];
    let inputClosed = false;
    const handle = (input: Input): void => {
      if (input.kind === 'invalid') {
        write({ type: 'error', message: input.message });
        return;
      }
      if (input.kind === 'move') {
        if (!humans.includes(input.move.actor)) {
          write(rejectedRecord(input.move, notPlayedHere(input.move.actor, humans)));
          return;
        }
        // A refused move leaves the prompt standing: its menu numbers still answer it.
        if (session.play(input.move).ok) choices = [];
        return;
      }
      const choice = choices.find((c) => c.n === input.n);
      if (!choice) {
        write({ type: 'error', seat: promptSeat, message: noSuchChoice(input.n, choices.length) });
        return;
      }
      if (session.play(choice.move).ok) choices = [];
    };
    const drain = (): void => {
      while (!stream.ended && queue.length > 0) {
        const input = parseInput(queue[0] ?? '');
        if (input !== null && input.kind === 'choice' && choices.length === 0) break;
        queue.shift();
        if (input !== null) handle(input);
      }
      // Without people to answer, a table with human seats stops here (the game stays saved);
      // a table of bots plays on to the end.
      if (inputClosed && queue.length === 0 && humans.length > 0 && !session.over) stream.end('quit');
    };

    return {
      start: { type: 'start', ...setup.startInfo, as: setup.viewer, intro: setup.intro },
      warnings: setup.warnings,
      // A new game: round 1's opening, told like every later round's.
      opening: session.match.log.moves.length === 0 ? eventRecords(session, session.openingEvents(), viewer) : [],
      isOver: () => session.over,
      prompt: () => {
        choices = [];
        if (stream.ended || session.over) return;
        const seat = session.playerToMove();
        if (seat === null || !humans.includes(seat)) return;
        const view = session.view(seat);
        choices = flatChoices(session.legalMoves(seat), view, session.deck);
        promptSeat = seat;
        write({ type: 'prompt', seat, choices, view, recent: eventsSinceLastMove(session.game, session.match, seat), clock: session.clock });
        drain();
      },
      line: (line) => {
        queue.push(line);
        drain();
      },
      inputClosed: () => {
        inputClosed = true;
        drain();
      },
      stopped: off,
    };
  });
}
