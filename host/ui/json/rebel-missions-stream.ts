// `--json`: the game as a machine-readable stream, one JSON object per line on the output, no
// ANSI. Moves come in on the input as JSON lines ({"actor":"p1","type":"roll"}), as menu numbers
// from the last prompt, or as companion actions ({"action":"enter-code"}, "start-timer",
// "pause-timer", "resume-timer", "quit").
//
// Lines written: start, move, game-event, rejected, timer-event, link, note, error, prompt,
// result. See host/README.md for their fields.

import { choicesFor, COMPANION_ACTIONS, runTimerAction, type Choice, type CompanionAction } from '../../companion/rebel-missions/choices.ts';
import type { SessionUpdate } from '../../companion/rebel-missions/session.ts';
import type { PlayerMove } from '../../games/rebel-missions/index.ts';
import type { FrontEndEnd, FrontEndIo, TableSetup } from '../front-end.ts';
import { choiceLabel } from '../terminal/rebel-missions/narration.ts';
import { isMoveShaped, jsonObject, noSuchChoice, notPlayedHere, plainUpdateRecord, readInputValue, runJsonLineStream, type JsonRecord } from './stream-io.ts';

/** The JSON lines for one session update. */
export function updateRecords(update: SessionUpdate): JsonRecord[] {
  switch (update.kind) {
    case 'moved':
      return [{ type: 'move', move: update.move }, ...update.events.map((event) => ({ type: 'game-event', event }))];
    case 'finished':
      return [{ type: 'result', ...update.outcome }];
    default:
      return [plainUpdateRecord(update)];
  }
}

export type InputLine =
  | { readonly kind: 'choice'; readonly n: number }
  | { readonly kind: 'move'; readonly move: PlayerMove }
  | { readonly kind: 'action'; readonly action: CompanionAction }
  | { readonly kind: 'invalid'; readonly message: string };

/** One input line: a menu number, a move object, or an action object. */
export function parseInputLine(line: string): InputLine | null {
  const input = readInputValue(line);
  if (input === null || input.kind === 'choice') return input;
  if (input.kind === 'not-json') return { kind: 'invalid', message: `not a menu number or a JSON object: ${input.excerpt}` };
  const value = input.value;
  if (typeof value === 'number' && Number.isInteger(value)) return { kind: 'choice', n: value };
  const record = jsonObject(value);
  if (record === null) {
    return { kind: 'invalid', message: 'expected a menu number, a move {"actor":"p1","type":"roll"} or an action {"action":"enter-code"}' };
  }
  if (typeof record['action'] === 'string') {
    const action = record['action'];
    return (COMPANION_ACTIONS as readonly string[]).includes(action)
      ? { kind: 'action', action: action as CompanionAction }
      : { kind: 'invalid', message: `unknown action "${action}" (actions: ${COMPANION_ACTIONS.join(', ')})` };
  }
  if (isMoveShaped(record)) {
    // The rules judge the rest of the move (and say why when it is not legal).
    return { kind: 'move', move: record as unknown as PlayerMove };
  }
  return { kind: 'invalid', message: 'a move needs "actor" and "type", e.g. {"actor":"p1","type":"roll"}' };
}

function choiceRecord(choice: Choice, label: string): JsonRecord {
  return choice.kind === 'move' ? { n: choice.n, label, move: choice.move } : { n: choice.n, label, action: choice.action };
}

export function runJsonStream(table: TableSetup, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = table;
  let choices: Choice[] = [];

  return runJsonLineStream(io, (stream) => {
    const { write } = stream;
    const act = (action: CompanionAction): void => {
      if (action === 'quit') return stream.end('quit');
      runTimerAction(session, action).catch((error: unknown) => {
        write({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        stream.schedulePrompt();
      });
    };
    const off = session.onUpdate((update) => {
      for (const record of updateRecords(update)) write(record);
      if (update.kind === 'finished') {
        setImmediate(() => stream.end('finished'));
        return;
      }
      // A move, or the countdown stopping, running again or started again (a lost one, after
      // --resume: its START is a time move), changes what may be chosen.
      if ((update.kind === 'moved' && update.move.type !== 'time') || (update.kind === 'timer' && ['START', 'PAUSE', 'RESUME'].includes(update.event.name)))
        stream.schedulePrompt();
    });

    // Lines are taken in order; a menu number waits for the prompt it answers (input piped in
    // ahead of the game is played as the prompts come).
    const queue: string[] = [];
    let inputClosed = false;
    const handle = (input: InputLine): void => {
      switch (input.kind) {
        case 'invalid':
          write({ type: 'error', message: input.message });
          return;
        case 'action':
          act(input.action);
          return;
        case 'move':
          if (!humans.includes(input.move.actor)) {
            write({ type: 'rejected', move: input.move, reason: notPlayedHere(input.move.actor, humans) });
            return;
          }
          session.play(input.move);
          return;
        case 'choice': {
          const choice = choices.find((c) => c.n === input.n);
          if (!choice) {
            write({ type: 'error', message: noSuchChoice(input.n, choices.length) });
            return;
          }
          // A number answers one prompt: the next one waits for the next prompt.
          choices = [];
          if (choice.kind === 'action') act(choice.action);
          else if (!session.play(choice.move).ok) stream.schedulePrompt();
          return;
        }
      }
    };
    const drain = (): void => {
      while (!stream.ended && queue.length > 0) {
        const input = parseInputLine(queue[0] ?? '');
        if (input !== null && input.kind === 'choice' && choices.length === 0) break;
        queue.shift();
        if (input !== null) handle(input);
      }
      // Without people to answer, a table with human seats stops here (the game stays saved);
      // a table of bots plays on to the end.
      if (inputClosed && queue.length === 0 && humans.length > 0) stream.end('quit');
    };

    return {
      start: { type: 'start', ...table.startInfo, intro: table.intro },
      warnings: table.warnings,
      isOver: () => session.over,
      prompt: () => {
        if (stream.ended || session.over) return;
        choices = choicesFor(session, humans);
        const held = session.heldBecause;
        // Nothing to choose but quitting: no prompt, unless the table must be told why it waits.
        if (humans.length === 0 || (held === null && choices.every((c) => c.kind === 'action' && c.action === 'quit'))) return;
        const view = session.view();
        write({ type: 'prompt', choices: choices.map((c) => choiceRecord(c, choiceLabel(c, view))), view, clock: session.clock, need: session.need, held });
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
