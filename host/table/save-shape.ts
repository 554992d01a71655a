// The engine's save files (save.ts) are written and read through the older `Game` shape; this is
// a table game seen through it, so the table host saves with the same atomic, checksummed,
// backed-up files (and replays them under the same rules) as every other companion game.

import type { Game, MoveBase } from '../engine/game.ts';
import { eventsSeenBy, toMove, type TableGame } from '../engine/table-game.ts';

export function saveShapeOf<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
): Game<Config, State, Move, View, Event> {
  return {
    id: game.meta.id,
    title: game.meta.title,
    externalActors: game.meta.externalActors,
    setup: (config, seed) => game.setup(config, seed).state,
    players: (state) => game.players(state),
    toMove: (state) => toMove(game, state),
    legalMoves: (state, actor) => game.legalMoves(state, actor),
    apply: (state, move) => game.apply(state, move),
    view: (state, actor) => game.view(state, actor),
    result: (state) => {
      const r = game.result(state);
      return r.finished ? { finished: true, winners: r.winners, summary: r.summary } : { finished: false };
    },
    eventFor: (event, actor) => eventsSeenBy(game, [event], actor)[0] ?? null,
  };
}
