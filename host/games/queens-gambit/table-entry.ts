// The Queen's Gambit's table entry: what the game brings to the table front end (host/table/) and
// so to every front end on it (the terminal, the JSON stream, the browser). Its renderer is the
// three modules beside this file (`table-view.ts`, `table-moves.ts`, `table-events.ts`); its bots
// are the random one, the heuristic one of whichever side the seat plays (the default: the
// strongest, see `DEFAULT_BOT`), and the engine's search bot with heuristic playouts to the end of the turn; the timer is a table device driven by the game's own
// `device` events (`TIMER <s>` for the planning clock, `PLAY chime` for an elimination, `PLAY
// fanfare` for the victory: rules.ts makes them, this file only forwards them).

import type { Bot } from '../../engine/table-play.ts';
import { GameConfigError } from '../../engine/table-game.ts';
import type { OptionValue } from '../../engine/meta.ts';
import type { TableConfig } from '../../engine/table-game.ts';
import { randomTableBot, viewBot } from '../../engine/table-play.ts';
import { PLAY_SOUNDS, type PlaySound } from '../../link/messages.ts';
import type { TableEntry, TableRenderer, TimerCommand } from '../../table/entry.ts';
import { nabooBot, qgSearchBot, tradeFederationBot } from './bots.ts';
import { QG_META, queensGambit, type QgView } from './table-game.ts';
import type { QgEvent, QgMove, QgState } from './model.ts';
import { eventLines } from './table-events.ts';
import { moveLabel } from './table-moves.ts';
import { viewLines } from './table-view.ts';

export const queensGambitRenderer: TableRenderer<QgView, QgMove, QgEvent> = { viewLines, moveLabel, eventLines };

/**
 * The bot seated when none is asked for: the strongest. The heuristic bots are: in their seat the
 * search bot at `SEARCH_ITERATIONS` won 15 of 40 two-player games against the other side's
 * strongest bot, they 20 of 40 (README, "The search bot").
 */
export const DEFAULT_BOT = 'heuristic';

/** The search bot's iterations per move: a fixed count, so a bot's time does not depend on what it holds. */
export const SEARCH_ITERATIONS = 40;

/** The heuristic bot of the side the seat plays (its view says which). */
const heuristicOfSide: Bot<QgView, QgMove> = (view, legal, random) => (view.side === 'naboo' ? nabooBot : tradeFederationBot)(view, legal, random);

/** The game's `device` events as the table host's timer commands; a line that is not one (a change in rules.ts) is an error naming it. */
export function timerCommandsFor(events: readonly QgEvent[]): TimerCommand[] {
  return events.flatMap((e): TimerCommand[] => {
    if (e.type !== 'device') return [];
    const play = /^PLAY ([a-z]+)$/.exec(e.line);
    if (play !== null && (PLAY_SOUNDS as readonly string[]).includes(play[1] as string)) return [{ play: play[1] as PlaySound }];
    const clock = /^TIMER (\d+)$/.exec(e.line);
    if (clock !== null) return [{ clock: Number(clock[1]) }];
    throw new Error(`The Queen's Gambit asked the timer for "${e.line}", which is neither PLAY <${PLAY_SOUNDS.join('|')}> nor TIMER <seconds>`);
  });
}

/** The configuration for a table of 2 (Trade Federation, Naboo) or 4 (two teams, seated as rules.json says) with its options. */
export function configFor(names: readonly string[], options: Readonly<Record<string, OptionValue>>): TableConfig {
  if (names.length !== 2 && names.length !== 4) {
    throw new GameConfigError(
      `The Queen's Gambit is played by 2 players (the Trade Federation, then Naboo) or 4 in two teams, not ${names.length}: seat 2 or 4 players`,
    );
  }
  const known = new Set(QG_META.options.map((o) => o.id));
  const unknown = Object.keys(options).filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw new GameConfigError(`The Queen's Gambit has no option ${unknown.map((k) => `"${k}"`).join(', ')} (its options are ${[...known].join(', ')})`);
  return { players: names.map((name) => ({ name })), options: { ...options } };
}

export const queensGambitEntry: TableEntry<TableConfig, QgState, QgMove, QgView, QgEvent> = {
  game: queensGambit,
  renderer: queensGambitRenderer,
  bots: [
    { id: 'random', text: 'plays any legal move', make: () => randomTableBot<QgState, QgMove, QgView>() },
    {
      id: 'heuristic',
      text: "plays its side's heuristic: the cards it can use, the weakest targets, Anakin's race",
      make: () => viewBot('heuristic', heuristicOfSide),
    },
    {
      id: 'search',
      text: `searches the turn ahead (ISMCTS, ${SEARCH_ITERATIONS} heuristic playouts a move, scored at the end of the turn)`,
      make: () => qgSearchBot({ timeMs: null, iterations: SEARCH_ITERATIONS }),
    },
  ],
  defaultBot: DEFAULT_BOT,
  configFor,
  timer: { kind: 'device', commandsFor: timerCommandsFor },
};
