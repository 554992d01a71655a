// `--port auto` with two or more timers plugged in: in a terminal the person picks one by number;
// otherwise (input piped, --json) there is no one to ask and connectTimer's error names them.

import { linePrompter } from '../pack/line-prompter.ts';
import { timerPortName, type TimerPortEntry } from '../link/timer-ports.ts';
import type { CliIo } from './io.ts';

/** The asker for connectTimer's `askWhichTimer`, or undefined when no person can answer (not a terminal, or JSON lines). */
export function whichTimerAsker(io: CliIo, json = false): ((timers: readonly TimerPortEntry[]) => Promise<string | null>) | undefined {
  if (json || (io.stdin as { isTTY?: boolean }).isTTY !== true) return undefined;
  return async (timers) => {
    const prompter = linePrompter(io.stdin, io.stdout, io.interrupted);
    try {
      prompter.say(`${timers.length} Imperial Timers are plugged in:`);
      timers.forEach((t, i) => prompter.say(`  ${i + 1}. ${timerPortName(t)}`));
      for (;;) {
        const answer = await prompter.ask(`Which one? (1-${timers.length}; Ctrl-C gives up) `);
        if (answer === null) return null;
        const picked = /^\s*[0-9]+\s*$/.test(answer) ? timers[Number(answer) - 1] : timers.find((t) => t.path === answer.trim());
        if (picked !== undefined) return picked.path;
        prompter.say(`  ✗ type a number from 1 to ${timers.length}`);
      }
    } finally {
      prompter.close();
    }
  };
}
