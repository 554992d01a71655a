// The pass-and-play terminal: one screen passed around the table. Between two people's turns
// the screen is cleared and shows only whom to pass to; once they press Enter it shows their
// own screen (their hand, what they know, the table) and a menu built from the legal moves.
// After their move they see its result as they may know it (what Han showed them, a droid
// comparison) and press Enter to hide it before passing on. A move sure to put its player out
// (discarding Leia) is asked about first. Bot moves, the timer's sounds and notices and the
// link's news are told as the table sees them (with one person at the table: as that person
// sees them). The opening instructions stay on the screen until Enter is pressed. All text comes
// from screens.ts; this file only wires it to the terminal.

import { createInterface } from 'node:readline';
import type { BotSeats } from '../../../companion/secret-invasion/bot-seats.ts';
import { knockOutWarning, menuStep } from '../../../companion/secret-invasion/choices.ts';
import { eventsSinceLastMove } from '../../../companion/secret-invasion/history.ts';
import type { SecretInvasionSession, SessionUpdate } from '../../../companion/secret-invasion/session.ts';
import type { PlayerId, SecretInvasionMove } from '../../../games/secret-invasion/model.ts';
import type { FrontEndEnd, FrontEndIo } from '../../front-end.ts';
import { styleFor } from '../style.ts';
import { cardGuideLines, finalLines, handLines, menuLines, namesFor, narration, passScreen, seatScreen, TABLE_VIEWER, timerLines } from './screens.ts';

export interface SecretInvasionTable {
  readonly session: SecretInvasionSession;
  /** Seats played by people at the table (the rest are bots). */
  readonly humans: readonly PlayerId[];
  readonly bots: BotSeats;
  /** Facts shown once at the start (timer, save file, seed). */
  readonly intro: readonly string[];
  readonly warnings: readonly string[];
}

const HELP = 'Type a number and Enter. 0 = back, r = show your screen again, c = what every card does, q = quit (the game is saved).';
/** Marks a cleared screen when the output is not a terminal (a log, a test). */
export const CLEARED = '\f';

class Quit extends Error {}

export function runSecretInvasionLoop(table: SecretInvasionTable, io: FrontEndIo): Promise<FrontEndEnd> {
  const { session, humans } = table;
  const style = styleFor(io.tty);
  const out = (lines: readonly string[]): void => {
    if (lines.length > 0) io.output.write(`${lines.join('\n')}\n`);
  };
  const clear = (): void => {
    io.output.write(io.tty ? '\x1b[2J\x1b[3J\x1b[H' : `${CLEARED}\n`);
  };
  const rl = createInterface({ input: io.input, output: io.output, terminal: io.tty, prompt: style.bold('> ') });
  const queued: string[] = [];
  let waiting: ((line: string | null) => void) | undefined;
  let inputEnded = false;
  let prompting = false;
  rl.on('line', (line) => {
    if (waiting) {
      const w = waiting;
      waiting = undefined;
      w(line);
    } else queued.push(line);
  });
  rl.on('close', () => {
    inputEnded = true;
    waiting?.(null);
    waiting = undefined;
  });
  rl.on('SIGINT', () => {
    waiting?.('q');
    waiting = undefined;
  });

  /** The next line typed; throws Quit on q or when the input ends. */
  const ask = async (): Promise<string> => {
    let line = queued.shift();
    if (line === undefined) {
      if (inputEnded) throw new Quit();
      prompting = true;
      rl.prompt();
      line = (await new Promise<string | null>((resolve) => (waiting = resolve))) ?? undefined;
      prompting = false;
      if (line === undefined) throw new Quit();
    }
    const text = line.trim().toLowerCase();
    if (text === 'q' || text === 'quit') throw new Quit();
    return text;
  };

  /** Lines told while someone may be typing: above the prompt. */
  const above = (lines: readonly string[]): void => {
    if (lines.length === 0) return;
    if (io.tty && prompting) io.output.write('\r\x1b[2K');
    out(lines);
    if (io.tty && prompting) rl.prompt(true);
  };

  // Who hears the table's news: with one person at the table, that person; else everyone.
  const narrator = humans.length === 1 ? (humans[0] as PlayerId) : TABLE_VIEWER;
  const tell = (update: SessionUpdate): void => {
    switch (update.kind) {
      case 'moved':
        if (!humans.includes(update.move.actor)) {
          const view = session.view(narrator);
          above(narration(session.eventsFor(update.events, narrator), namesFor(view), (id) => session.card(id), style));
        }
        return;
      case 'timer-command':
        above(timerLines({ command: update.command }, style));
        return;
      case 'timer':
        // A warning belongs to the turn clock only while this game's turn clock runs.
        if (update.event.name === 'WARN' && session.clock.state !== 'running') return;
        above(timerLines({ event: update.event }, style));
        return;
      case 'turn-clock-out': {
        const name = namesFor(session.view(update.player)).name(update.player);
        above([style.yellow(`${name}, your turn clock has run out: time to decide! (A reminder only: nothing is played for you.)`)]);
        return;
      }
      case 'note':
        above([style.yellow(update.text)]);
        return;
      case 'save-failed':
        above([style.red(update.message)]);
        return;
      case 'link': {
        const n = update.notice;
        if (n.kind === 'lost') above([style.yellow(`The timer is lost (${n.reason}). The game goes on without it.`)]);
        else if (n.kind === 'retrying') above([style.dim(`Looking for the timer again (attempt ${n.attempt})…`)]);
        else if (n.kind === 'resumed') above([style.green('The timer is back.')]);
        else if (n.kind === 'problem') above([style.yellow(`timer: ${n.text}`)]);
        else if (n.kind === 'timer-warning') above([style.yellow(n.text)]);
        return;
      }
      default:
        return;
    }
  };
  const off = session.onUpdate(tell);

  let nextMove: (() => void) | undefined;
  const offMoves = session.onUpdate((u) => {
    if (u.kind === 'moved' || u.kind === 'finished') nextMove?.();
  });
  const aMoveHappens = (): Promise<void> =>
    new Promise((resolve) => {
      nextMove = () => {
        nextMove = undefined;
        resolve();
      };
    });

  const screenFor = (player: PlayerId): string[] =>
    seatScreen(
      {
        view: session.view(player),
        recent: eventsSinceLastMove(session.game, session.match, player),
        card: (id) => session.card(id),
        clock: session.clock,
        title: session.game.title,
      },
      style,
    );

  /** Walks the player through the menus to a legal move. */
  const chooseMove = async (player: PlayerId): Promise<SecretInvasionMove> => {
    const view = session.view(player);
    let picked: string[] = [];
    for (;;) {
      const step = menuStep(session.legalMoves(player), view, session.deck, picked);
      if (step.kind === 'move') {
        const warning = knockOutWarning(step.move, view, session.deck);
        if (warning === null) return step.move;
        out(['', style.red(style.bold(warning)), style.bold('Play it anyway? y = yes, anything else = choose again')]);
        const answer = await ask();
        if (answer === 'y' || answer === 'yes') return step.move;
        picked = [];
        continue;
      }
      out(menuLines(step, style));
      const text = await ask();
      if (text === 'r') {
        clear();
        out(screenFor(player));
        continue;
      }
      if (text === 'c' || text === 'cards') {
        out(['', ...cardGuideLines(session.deck, style)]);
        continue;
      }
      if (text === 'h' || text === '?' || text === 'help') {
        out([HELP]);
        continue;
      }
      if (text === '0' || text === 'b') {
        picked = step.picked.slice(0, -1);
        continue;
      }
      const option = /^\d+$/.test(text) ? step.options.find((o) => o.n === Number(text)) : undefined;
      if (!option) {
        out([style.yellow(`Choose one of ${step.options.map((o) => o.n).join(', ')}. ${HELP}`)]);
        continue;
      }
      picked = [...step.picked, option.key];
    }
  };

  // The opening instructions stay until Enter is pressed: the first screen clear waits for it.
  let introRead = false;
  const clearAfterIntro = async (): Promise<void> => {
    if (!introRead) {
      out(['', style.bold('Press Enter to begin.')]);
      await ask();
      introRead = true;
    }
    clear();
  };

  const play = async (): Promise<FrontEndEnd> => {
    out([style.bold(session.game.title), ...table.intro.map((l) => style.dim(l)), ...table.warnings.map((w) => style.yellow(w)), style.dim(HELP)]);
    if (session.match.log.moves.length === 0) {
      // A new game: round 1's opening (the face-up cards of a two-player game), as the table sees it.
      const view = session.view(narrator);
      out(['', ...narration(session.eventsFor(session.openingEvents(), narrator), namesFor(view), (id) => session.card(id), style)]);
    }
    let onScreen: PlayerId | null = null;
    table.bots.kick();
    while (!session.over) {
      const player = session.playerToMove();
      if (player === null) break;
      if (!humans.includes(player)) {
        onScreen = null;
        const moved = aMoveHappens();
        table.bots.kick();
        await moved;
        continue;
      }
      const name = namesFor(session.view(player)).name(player);
      if (onScreen !== player) {
        if (humans.length > 1) {
          await clearAfterIntro();
          out(passScreen(name, style));
          await ask();
        }
        await clearAfterIntro();
        out(screenFor(player));
        onScreen = player;
      }
      const move = await chooseMove(player);
      const roundBefore = session.view(player).round;
      const events: SessionUpdate[] = [];
      const offMove = session.onUpdate((u) => events.push(u));
      const result = session.play(move);
      offMove();
      if (!result.ok) {
        out([style.yellow(`That move is not allowed: ${result.reason}`)]);
        continue;
      }
      const moved = events.find((u): u is Extract<SessionUpdate, { kind: 'moved' }> => u.kind === 'moved');
      const view = session.view(player);
      out(['', ...narration(session.eventsFor(moved?.events ?? [], player), namesFor(view), (id) => session.card(id), style)]);
      const next = session.playerToMove();
      if (next === player) {
        // Still this player's turn (Boba Fett's second try), or they start the next round.
        if (view.round !== roundBefore) out(['', ...screenFor(player)]);
        else out(['', ...handLines(view, style)]);
        continue;
      }
      if (humans.length > 1 && !session.over) {
        out(['', style.dim('Press Enter to hide your cards.')]);
        await ask();
        clear();
        onScreen = null;
      }
    }
    const anyone = session.view(TABLE_VIEWER);
    out(finalLines(anyone, style, session.match.log.seed));
    return 'finished';
  };

  const finish = (): void => {
    off();
    offMoves();
    rl.close();
  };
  return play().then(
    (how) => {
      finish();
      return how;
    },
    (error: unknown) => {
      finish();
      if (error instanceof Quit) {
        out([style.dim('The game is saved. Continue it later with --resume.')]);
        return 'quit';
      }
      throw error;
    },
  );
}
