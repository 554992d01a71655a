// A Prompter over text streams: each question is written as a prompt, each answer is one input
// line (lines piped in ahead wait for their question; when the input is not a terminal they are
// echoed, so the output reads as a transcript). In a terminal a question's preview (a code's
// symbols) is redrawn beside it at every key. The end of the input, Ctrl-C in the terminal, or
// `interrupted` (SIGINT/SIGTERM) answers null from then on.

import { createInterface } from 'node:readline';
import type { Prompter } from './walkthrough.ts';

export interface LinePrompter extends Prompter {
  /** Resolves on Ctrl-C in the terminal, also while no question is open (the terminal is raw meanwhile). */
  readonly ctrlC: Promise<void>;
  close(): void;
}

export function linePrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, interrupted: Promise<void>): LinePrompter {
  const terminal = (input as { isTTY?: boolean }).isTTY === true;
  const rl = createInterface({ input, output, terminal });
  const lines: string[] = [];
  let waiting: ((line: string | null) => void) | undefined;
  let ended = false;
  /** The open question and its preview, redrawn beside it at every key in a terminal. */
  let open: { question: string; preview: (typed: string) => string } | undefined;
  if (terminal) {
    // Registered after readline's own listener, so `rl.line` already holds the key.
    input.on('keypress', () => {
      const current = open;
      if (current === undefined || waiting === undefined || ended) return;
      const shown = current.preview(rl.line);
      rl.setPrompt(shown === '' ? current.question : `${current.question}${shown} `);
      rl.prompt(true);
    });
  }
  const end = (): void => {
    if (ended) return;
    ended = true;
    const w = waiting;
    waiting = undefined;
    w?.(null);
  };
  rl.on('line', (line) => {
    if (ended) return;
    const w = waiting;
    waiting = undefined;
    if (w) w(line);
    else lines.push(line);
  });
  rl.on('close', end);
  let pressedCtrlC = (): void => undefined;
  const ctrlC = new Promise<void>((resolve) => {
    pressedCtrlC = resolve;
  });
  rl.on('SIGINT', () => {
    pressedCtrlC();
    output.write('\n');
    end();
    rl.close();
  });
  void interrupted.then(() => {
    end();
    rl.close();
  });
  return {
    ctrlC,
    ask(question: string, preview?: (typed: string) => string): Promise<string | null> {
      open = preview === undefined ? undefined : { question, preview };
      rl.setPrompt(question);
      rl.prompt();
      const queued = lines.shift();
      if (queued !== undefined) {
        if (!terminal) output.write(`${queued}\n`);
        return Promise.resolve(queued);
      }
      if (ended) {
        output.write('\n');
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        waiting = (line) => {
          if (line !== null && !terminal) output.write(`${line}\n`);
          if (line === null) output.write('\n');
          resolve(line);
        };
      });
    },
    say(text: string): void {
      output.write(`${text}\n`);
    },
    close(): void {
      ended = true;
      rl.close();
    },
  };
}
