// Stolen Plans' table entry: what the game brings to the table front end (host/table/) and so to
// every front end on it (the terminal, the JSON stream, the browser pages). The game is the rules
// engine's, its views carrying the faces of the cards they name (card-faces.ts, for the pages'
// drawing); the renderer is table-renderer.ts; the bots are random, the hunter (the default: the
// search bot plays about as well, never measurably better) and the search bot; the options are
// the game's metadata options (option sets, optional rules, first player, quick-window seconds);
// the timer is a table device whose sounds are data/sounds.json's (table-sounds.ts).

import type { OptionValue } from '../../engine/meta.ts';
import type { TableEntry } from '../../table/entry.ts';
import { spBots } from './bots.ts';
import { withFaces, type SpTableView } from './card-faces.ts';
import { stolenPlans, type SpConfig } from './table-game.ts';
import type { SpEvent, SpMove, SpState } from './state.ts';
import { stolenPlansRenderer } from './table-renderer.ts';
import { soundsFor } from './table-sounds.ts';

/** The search bot's iterations a move at the table: a fixed count, so it is reproducible and takes a few milliseconds (p95 under 30 ms of CPU). */
export const TABLE_SEARCH_ITERATIONS = 100;

/** The rules engine's game, its views with the faces of their cards. */
export const stolenPlansTable = {
  ...stolenPlans,
  view: (state: SpState, viewer: string): SpTableView => withFaces(stolenPlans.view(state, viewer)),
};

/** A table's names and chosen options (already checked against the metadata by the host) as the game's configuration. */
export function configFor(names: readonly string[], options: Readonly<Record<string, OptionValue>>): SpConfig {
  return { players: names.map((name) => ({ name })), options: { ...options } };
}

export const stolenPlansEntry: TableEntry<SpConfig, SpState, SpMove, SpTableView, SpEvent> = {
  game: stolenPlansTable,
  renderer: stolenPlansRenderer,
  bots: [
    { id: 'random', text: 'plays any legal move', make: () => spBots.random() },
    { id: 'hunter', text: 'tracks where R2-D2 can be and steals and attacks accordingly', make: () => spBots.hunter() },
    {
      id: 'search',
      text: `searches a round ahead (ISMCTS, ${TABLE_SEARCH_ITERATIONS} hunter playouts a move, scored at the end of the round)`,
      make: () => spBots.search({ timeMs: null, iterations: TABLE_SEARCH_ITERATIONS }),
    },
  ],
  defaultBot: 'hunter',
  configFor,
  timer: { kind: 'device', commandsFor: soundsFor },
};
