// A table game seen through the older `Game` shape (game.ts), for the parts of the companion
// that still take a `Game`: the sessions, menus, terminal and JSON stream, the save files and
// the old runner (bots.ts, fuzz.ts, log.ts). The rules are the table game's; nothing is
// re-implemented here. It goes once the command line runs on the table front end (host/table/).
//
// A game whose stack opens chance decisions is not for this adapter (the old shape has no
// chance actor): `apply` refuses to leave one open.

import { CHANCE } from './decisions.ts';
import type { ApplyResult, Game, MoveBase, Outcome } from './game.ts';
import { eventsSeenBy, toMove, type TableConfig, type TableGame } from './table-game.ts';

/** The old shape of a table game, with the opening events `setup` used to drop. */
export type LegacyGame<Config, State, Move extends MoveBase, View, Event> = Game<Config, State, Move, View, Event> & {
  /** The events of the game's opening (the deal, the first turn), unfiltered like a move's. */
  readonly openingEvents: (config: Config, seed: number) => Event[];
  /** The table game behind it. */
  readonly table: TableGame<Config, State, Move, View, Event>;
};

export function legacyGame<Config extends TableConfig<unknown>, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
): LegacyGame<Config, State, Move, View, Event> {
  const noChance = (state: State): void => {
    if (toMove(game, state).includes(CHANCE)) throw new Error(`${game.meta.id}: a chance decision is open, which the old game shape cannot carry`);
  };
  return {
    id: game.meta.id,
    title: game.meta.title,
    externalActors: game.meta.externalActors,
    table: game,
    setup: (config, seed) => {
      const { state } = game.setup(config, seed);
      noChance(state);
      return state;
    },
    openingEvents: (config, seed) => game.setup(config, seed).events.slice(),
    players: (state) => game.players(state),
    toMove: (state) => toMove(game, state),
    legalMoves: (state, actor) => [...game.legalMoves(state, actor), ...(game.externalMoves?.(state, actor) ?? [])],
    apply: (state, move): ApplyResult<State, Event> => {
      const applied = game.apply(state, move);
      if (applied.ok) noChance(applied.state);
      return applied;
    },
    view: (state, actor) => game.view(state, actor),
    result: (state): Outcome => {
      const result = game.result(state);
      return result.finished ? { finished: true, winners: result.winners, summary: result.summary } : { finished: false };
    },
    ...(game.hidden ? { eventFor: (event: Event, actor: string) => eventsSeenBy(game, [event], actor)[0] ?? null } : {}),
  };
}
