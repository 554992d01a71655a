// `--json` for Secret Invasion: one JSON object per line, no ANSI. The stream is told from one
// viewpoint, so it never carries a card its reader may not know:
//   - `--as NAME`: the stream of that seat. Events as that player may see them (eventFor),
//     prompts only for that seat; every other seat is a bot.
//   - otherwise: the public stream. Events as someone watching the table sees them (no hidden
//     card at all); a seat played by a person gets a `prompt` addressed to it (`seat`) with
//     that seat's own view and the events since its last move as it may see them, for a front
//     end that shows each prompt to its seat only (pass-and-play).
// Input lines: a menu number from the last prompt, or a move as JSON
// ({"actor":"p1","type":"discard","character":"han-solo","target":"p2","guess":null}).
// See host/README.md for the lines' fields.

import { createInterface } from 'node:readline';
import { flatChoices, type FlatChoice } from '../../companion/secret-invasion/choices.ts';
import { eventsSinceLastMove } from '../../companion/secret-invasion/history.ts';
import type { SecretInvasionSession, SessionUpdate } from '../../companion/secret-invasion/session.ts';
import type { PlayerId, SecretInvasionMove } from '../../games/secret-invasion/model.ts';
import type { FrontEndEnd, FrontEndIo } from '../front-end.ts';
import { TABLE_VIEWER } from '../terminal/secret-invasion/screens.ts';

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

/** The JSON lines for one session update, as `viewer` may know it. */
export function updateRecords(update: SessionUpdate, session: SecretInvasionSession, viewer: PlayerId): Record<string, unknown>[] {
  switch (update.kind) {
    case 'moved':
      return [{ type: 'move', move: update.move }, ...session.eventsFor(update.events, viewer).map((event) => ({ type: 'game-event', event }))];
    case 'rejected':
      return [{ type: 'rejected', move: update.move, reason: update.reason }];
    case 'timer-command':
      return [{ type: 'timer-command', command: update.command }];
    case 'timer':
      return [{ type: 'timer-event', event: update.event }];
    case 'turn-clock-out':
      return [{ type: 'turn-clock-out', player: update.player }];
    case 'note':
      return [{ type: 'note', text: update.text }];
    case 'link':
      return [{ type: 'link', notice: update.notice }];
    case 'save-failed':
      return [{ type: 'error', message: update.message }];
    case 'finished':
      return [{ type: 'result', ...update.outcome, tokens: Object.fromEntries(session.state.seats.map((s) => [s.id, s.tokens])) }];
  }
}

type Input = { kind: 'choice'; n: number } | { kind: 'move'; move: SecretInvasionMove } | { kind: 'invalid'; message: string };

const MOVE_EXAMPLE = '{"actor":"p1","type":"discard","character":"han-solo","target":"p2","guess":null}';

/** One input line: a menu number or a move object (the rules judge the rest of the move). */
export function parseInput(line: string): Input | null {
  const text = line.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return { kind: 'choice', n: Number(text) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', message: `not a menu number or a JSON move: ${text.slice(0, 80)}` };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record['actor'] === 'string' && typeof record['type'] === 'string') return { kind: 'move', move: record as unknown as SecretInvasionMove };
  }
  return { kind: 'invalid', message: `expected a menu number from the last prompt or a move such as ${MOVE_EXAMPLE}` };
}

export function runSecretInvasionStream(setup: SecretInvasionStreamSetup, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = setup;
  const viewer = setup.viewer ?? TABLE_VIEWER;
  const write = (record: Record<string, unknown>): void => {
    io.output.write(`${JSON.stringify(record)}\n`);
  };
  let choices: FlatChoice[] = [];
  let promptDue = false;
  let drain = (): void => undefined;

  return new Promise((resolve) => {
    let ended = false;
    const lines = createInterface({ input: io.input, crlfDelay: Infinity, terminal: false });
    const end = (how: FrontEndEnd): void => {
      if (ended) return;
      ended = true;
      off();
      lines.close();
      resolve(how);
    };
    const prompt = (): void => {
      promptDue = false;
      choices = [];
      if (ended || session.over) return;
      const seat = session.playerToMove();
      if (seat === null || !humans.includes(seat)) return;
      const view = session.view(seat);
      choices = flatChoices(session.legalMoves(seat), view);
      write({ type: 'prompt', seat, choices, view, recent: eventsSinceLastMove(session.game, session.match, seat), clock: session.clock });
      drain();
    };
    const schedulePrompt = (): void => {
      if (promptDue) return;
      promptDue = true;
      setImmediate(prompt);
    };
    const off = session.onUpdate((update) => {
      if (update.kind === 'finished') {
        // The timer's last commands (the fanfare) go out first: the result is the last line.
        void session.whenSent().then(() => {
          if (ended) return;
          for (const record of updateRecords(update, session, viewer)) write(record);
          end('finished');
        });
        return;
      }
      for (const record of updateRecords(update, session, viewer)) write(record);
      if (update.kind === 'moved') schedulePrompt();
    });

    write({ type: 'start', ...setup.startInfo, as: setup.viewer, intro: setup.intro });
    for (const warning of setup.warnings) write({ type: 'note', text: warning });
    if (session.over) {
      setImmediate(() => end('finished'));
      return;
    }
    schedulePrompt();

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
          write({ type: 'rejected', move: input.move, reason: `${input.move.actor} is not a seat played from this input (people play ${humans.join(', ') || 'no seat'})` });
          return;
        }
        choices = [];
        session.play(input.move);
        return;
      }
      const choice = choices.find((c) => c.n === input.n);
      if (!choice) {
        write({ type: 'error', message: `no choice ${input.n} in the last prompt (1 to ${choices.length})` });
        return;
      }
      choices = [];
      session.play(choice.move);
    };
    drain = (): void => {
      while (!ended && queue.length > 0) {
        const input = parseInput(queue[0] ?? '');
        if (input !== null && input.kind === 'choice' && choices.length === 0) break;
        queue.shift();
        if (input !== null) handle(input);
      }
      // Without people to answer, a table with human seats stops here (the game stays saved);
      // a table of bots plays on to the end.
      if (inputClosed && queue.length === 0 && humans.length > 0 && !session.over) end('quit');
    };
    lines.on('line', (line) => {
      queue.push(line);
      drain();
    });
    lines.on('close', () => {
      inputClosed = true;
      drain();
    });
  });
}
