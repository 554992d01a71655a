// The terminal at the table: shows the board and a numbered menu, reads the players' choices
// with node:readline, and prints what happens (the game's events, the timer's events, the
// link's notices) as it happens, above the prompt. All the text comes from the pure
// functions in board.ts and narration.ts; this file only wires them to the terminal.

import { createInterface } from 'node:readline';
import { choicesFor, runTimerAction, type Choice, type CompanionAction } from '../../../companion/rebel-missions/choices.ts';
import type { SessionUpdate } from '../../../companion/rebel-missions/session.ts';
import type { FrontEndEnd, FrontEndIo, TableSetup } from '../../front-end.ts';
import { styleFor } from '../style.ts';
import { boardLines, formatClock, timerLine } from './board.ts';
import { menuLines, updateLines } from './narration.ts';

const HELP = 'Type a number and Enter. b = show the board again, q = quit (the game is saved).';

/** The timer's events that start, stop or restart the countdown. */
const COUNTDOWN_EVENTS: readonly string[] = ['START', 'PAUSE', 'RESUME'];

export function runTableLoop(table: TableSetup, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = table;
  const style = styleFor(io.tty);
  const out = (lines: readonly string[]): void => {
    if (lines.length > 0) io.output.write(`${lines.join('\n')}\n`);
  };
  let choices: Choice[] = [];
  let pending: SessionUpdate[] = [];
  let flushDue = false;
  // A number answers the menu on the screen. Once one is taken, lines typed or piped in ahead wait
  // for the next menu (shown when the move or the timer's answer comes), so they never answer a
  // menu that is already spent (a second "1" pressing START again).
  let menuOpen = true;
  const typedAhead: string[] = [];

  return new Promise((resolve) => {
    let ended = false;
    const rl = createInterface({ input: io.input, output: io.output, terminal: io.tty, prompt: style.bold('> ') });
    let inputClosed = false;
    // In a terminal the prompt shows the countdown, redrawn every second between the timer's reports.
    const promptText = (): string => {
      const { leftMs, state } = session.clock;
      if (!io.tty || leftMs === null || session.over) return style.bold('> ');
      return `${style.bold(formatClock(leftMs))}${state === 'running' ? '' : style.dim(` ${state}`)} ${style.bold('> ')}`;
    };
    const prompt = (keepTyped = false): void => {
      if (inputClosed || ended) return;
      rl.setPrompt(promptText());
      rl.prompt(keepTyped);
    };
    const ticking = io.tty ? setInterval(() => prompt(true), 1000) : undefined;
    ticking?.unref?.();

    /** Writes above the prompt line, then puts the prompt (and what was typed) back. */
    const above = (lines: readonly string[]): void => {
      if (lines.length === 0) return;
      if (io.tty) io.output.write('\r\x1b[2K');
      out(lines);
      if (io.tty) prompt(true);
    };
    const showMenu = (): void => {
      choices = choicesFor(session, humans);
      const view = session.view();
      const held = session.heldBecause;
      const waiting =
        held !== null
          ? [style.yellow(`Held: ${held}`)]
          : choices.length === 1
            ? [style.dim(session.state.codeRequest ? 'Waiting for the code on the timer…' : 'Waiting…')]
            : [];
      out([
        '',
        ...boardLines({ view, clock: session.clock, need: session.need, title: session.game.title }, style),
        '',
        ...waiting,
        ...menuLines(choices, view, style),
      ]);
      prompt();
      reopen();
    };
    /** The menu on the screen answers again: the lines that waited for it are taken, one by one. */
    const reopen = (): void => {
      menuOpen = true;
      while (menuOpen && !ended && typedAhead.length > 0) handle(typedAhead.shift() as string);
    };
    const end = (how: FrontEndEnd): void => {
      if (ended) return;
      ended = true;
      if (ticking !== undefined) clearInterval(ticking);
      off();
      rl.close();
      resolve(how);
    };
    const flush = (): void => {
      flushDue = false;
      const batch = pending;
      pending = [];
      const view = session.view();
      const lines = batch.flatMap((u) => updateLines(u, view, style));
      const finished = batch.some((u) => u.kind === 'finished');
      // A move, or the countdown stopping or running again, changes what may be chosen: the menu is shown again.
      const changed = batch.some((u) => (u.kind === 'moved' && u.move.type !== 'time') || (u.kind === 'timer' && COUNTDOWN_EVENTS.includes(u.event.name)));
      // The timer's own report of the time left (not the time the companion records between reports).
      const ticked = batch.some((u) => u.kind === 'timer' && u.event.name === 'TIME');
      if (finished) {
        out(lines);
        out(['', ...boardLines({ view, clock: session.clock, need: session.need, title: session.game.title }, style)]);
        end('finished');
        return;
      }
      if (changed) {
        if (io.tty) io.output.write('\r\x1b[2K');
        out(lines);
        showMenu();
        return;
      }
      above(ticked ? [...lines, timerLine(session.clock, style)] : lines);
      // A refused move leaves the same menu standing.
      if (batch.some((u) => u.kind === 'rejected')) reopen();
    };
    const off = session.onUpdate((update) => {
      pending.push(update);
      if (!flushDue) {
        flushDue = true;
        setImmediate(flush);
      }
    });
    const act = (action: CompanionAction): void => {
      if (action === 'quit') {
        out([style.dim('The game is saved. Continue it later with --resume.')]);
        end('quit');
        return;
      }
      menuOpen = false;
      runTimerAction(session, action).then(
        // The timer's events come before its answer, so the new menu is shown by now, unless the
        // action changed nothing on the screen: then the same menu stands again.
        () => setImmediate(() => !menuOpen && !ended && showMenu()),
        (error: unknown) => {
          above([style.red(error instanceof Error ? error.message : String(error))]);
          reopen();
        },
      );
    };

    out([style.bold(session.game.title), ...table.intro.map((l) => style.dim(l)), ...table.warnings.map((w) => style.yellow(w)), style.dim(HELP)]);
    if (session.over) {
      out(boardLines({ view: session.view(), clock: session.clock, need: session.need, title: session.game.title }, style));
      end('finished');
      return;
    }
    showMenu();

    function handle(line: string): void {
      const text = line.trim().toLowerCase();
      if (ended) return;
      if (text === '') return prompt();
      if (text === 'q' || text === 'quit') return act('quit');
      if (text === 'b' || text === 'board') return showMenu();
      if (text === 'h' || text === 'help' || text === '?') {
        out([HELP]);
        return prompt();
      }
      const choice = /^\d+$/.test(text) ? choices.find((c) => c.n === Number(text)) : undefined;
      if (!choice) {
        out([style.yellow(`Choose a number from 1 to ${choices.length}. ${HELP}`)]);
        return prompt();
      }
      if (choice.kind === 'action') act(choice.action);
      else {
        menuOpen = false;
        session.play(choice.move);
      }
    }
    rl.on('line', (line) => {
      // Only menu numbers wait for the next menu; q, b and help act at once.
      if (menuOpen || !/^\d+$/.test(line.trim())) handle(line);
      else typedAhead.push(line);
    });
    rl.on('SIGINT', () => act('quit'));
    rl.on('close', () => {
      inputClosed = true;
      // Without people to answer, a table with human seats stops here (the game stays saved);
      // a table of bots plays on to the end.
      if (humans.length > 0) end('quit');
    });
  });
}
