// `--json`: the game as a machine-readable stream, one JSON object per line on the output, no
// ANSI. Moves come in on the input as JSON lines ({"actor":"p1","type":"roll"}), as menu numbers
// from the last prompt, or as companion actions ({"action":"enter-code"}).
//
// Lines written: start, move, game-event, rejected, timer-event, link, note, error, prompt,
// result. See host/README.md for their fields.

import { createInterface } from 'node:readline';
import { choicesFor, type Choice, type CompanionAction } from '../../companion/rebel-missions/choices.ts';
import type { SessionUpdate } from '../../companion/rebel-missions/session.ts';
import type { PlayerMove } from '../../games/rebel-missions/index.ts';
import type { FrontEndEnd, FrontEndIo, TableSetup } from '../front-end.ts';
import { choiceLabel } from '../terminal/rebel-missions/narration.ts';

const ACTIONS: readonly CompanionAction[] = ['start-timer', 'enter-code', 'quit'];

/** The JSON lines for one session update. */
export function updateRecords(update: SessionUpdate): Record<string, unknown>[] {
  switch (update.kind) {
    case 'moved':
      return [{ type: 'move', move: update.move }, ...update.events.map((event) => ({ type: 'game-event', event }))];
    case 'rejected':
      return [{ type: 'rejected', move: update.move, reason: update.reason }];
    case 'timer':
      return [{ type: 'timer-event', event: update.event }];
    case 'note':
      return [{ type: 'note', text: update.text }];
    case 'link':
      return [{ type: 'link', notice: update.notice }];
    case 'save-failed':
      return [{ type: 'error', message: update.message }];
    case 'finished':
      return [{ type: 'result', ...update.outcome }];
  }
}

export type InputLine =
  | { readonly kind: 'choice'; readonly n: number }
  | { readonly kind: 'move'; readonly move: PlayerMove }
  | { readonly kind: 'action'; readonly action: CompanionAction }
  | { readonly kind: 'invalid'; readonly message: string };

/** One input line: a menu number, a move object, or an action object. */
export function parseInputLine(line: string): InputLine | null {
  const text = line.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return { kind: 'choice', n: Number(text) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', message: `not a menu number or a JSON object: ${text.slice(0, 80)}` };
  }
  if (typeof value === 'number' && Number.isInteger(value)) return { kind: 'choice', n: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', message: 'expected a menu number, a move {"actor":"p1","type":"roll"} or an action {"action":"enter-code"}' };
  }
  const record = value as Record<string, unknown>;
  if (typeof record['action'] === 'string') {
    const action = record['action'];
    return (ACTIONS as readonly string[]).includes(action)
      ? { kind: 'action', action: action as CompanionAction }
      : { kind: 'invalid', message: `unknown action "${action}" (actions: ${ACTIONS.join(', ')})` };
  }
  if (typeof record['actor'] === 'string' && typeof record['type'] === 'string') {
    // The rules judge the rest of the move (and say why when it is not legal).
    return { kind: 'move', move: record as unknown as PlayerMove };
  }
  return { kind: 'invalid', message: 'a move needs "actor" and "type", e.g. {"actor":"p1","type":"roll"}' };
}

function choiceRecord(choice: Choice, label: string): Record<string, unknown> {
  return choice.kind === 'move' ? { n: choice.n, label, move: choice.move } : { n: choice.n, label, action: choice.action };
}

export function runJsonStream(table: TableSetup, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = table;
  const write = (record: Record<string, unknown>): void => {
    io.output.write(`${JSON.stringify(record)}\n`);
  };
  let choices: Choice[] = [];
  let promptDue = false;

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
      if (ended || session.over) return;
      choices = choicesFor(session, humans);
      if (humans.length === 0 || choices.every((c) => c.kind === 'action' && c.action === 'quit')) return;
      const view = session.view();
      write({ type: 'prompt', choices: choices.map((c) => choiceRecord(c, choiceLabel(c, view))), view, clock: session.clock, need: session.need });
    };
    const schedulePrompt = (): void => {
      if (promptDue) return;
      promptDue = true;
      setImmediate(prompt);
    };
    const act = (action: CompanionAction): void => {
      if (action === 'quit') return end('quit');
      const run = action === 'start-timer' ? () => session.startTimer() : () => session.enterCode();
      run().catch((error: unknown) => write({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
    };
    const off = session.onUpdate((update) => {
      for (const record of updateRecords(update)) write(record);
      if (update.kind === 'finished') {
        setImmediate(() => end('finished'));
        return;
      }
      if (update.kind === 'moved' && update.move.type !== 'time') schedulePrompt();
    });

    write({ type: 'start', ...table.startInfo, intro: table.intro });
    for (const warning of table.warnings) write({ type: 'note', text: warning });
    if (session.over) {
      setImmediate(() => end('finished'));
      return;
    }
    schedulePrompt();

    lines.on('line', (line) => {
      const input = parseInputLine(line);
      if (input === null || ended) return;
      switch (input.kind) {
        case 'invalid':
          write({ type: 'error', message: input.message });
          return;
        case 'action':
          act(input.action);
          return;
        case 'move':
          if (!humans.includes(input.move.actor)) {
            write({ type: 'rejected', move: input.move, reason: `${input.move.actor} is not a seat played from this input (people play ${humans.join(', ') || 'no seat'})` });
            return;
          }
          session.play(input.move);
          return;
        case 'choice': {
          const choice = choices.find((c) => c.n === input.n);
          if (!choice) {
            write({ type: 'error', message: `no choice ${input.n} in the last prompt (1 to ${choices.length})` });
            return;
          }
          if (choice.kind === 'action') act(choice.action);
          else session.play(choice.move);
          return;
        }
      }
    });
    lines.on('close', () => {
      // Without people to answer, a table with human seats stops here (the game stays saved);
      // a table of bots plays on to the end.
      if (humans.length > 0) end('quit');
    });
  });
}
