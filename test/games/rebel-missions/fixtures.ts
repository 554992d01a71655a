// Helpers for rule tests on the rules people play (the table game, `rebelMissionsTable`): start
// a game, arrange the table (placard, hands, pile top) while keeping every token and placard in
// exactly one place, and apply moves expecting success. `game` is the table game with its chance
// decisions (the set-up's shuffles, a roll, a reshuffle) answered from the state's generator as
// they open, as the table host's 'sample' chance does, so a rule test names only the players' and
// the timer's moves.

import { expect } from 'vitest';
import { seedRng } from '../../../host/engine/rng.ts';
import { catalogOf } from '../../../host/games/rebel-missions/catalog.ts';
import { STANDARD_COMPONENTS } from '../../../host/games/rebel-missions/load.ts';
import type { DieFace } from '../../../host/games/rebel-missions/schema.ts';
import { rebelMissionsTable } from '../../../host/games/rebel-missions/table-game.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { openChance, toMove, type ApplyResult, type TableGame, type TableResult } from '../../../host/engine/table-game.ts';
import { settingUp } from '../../../host/games/rebel-missions/setup.ts';
import type {
  PlacardView,
  RebelMissionsEvent,
  RebelMissionsView,
  RebelMissionsConfig,
  RebelTableMove,
  RebelTableState,
  Stage,
} from '../../../host/games/rebel-missions/model.ts';

export const catalog = catalogOf(STANDARD_COMPONENTS);

/** The chance decisions open on `state` answered from its generator, one after another; the events they caused. */
function chanceAnswered(state: RebelTableState): { state: RebelTableState; events: RebelMissionsEvent[] } {
  let s = state;
  const events: RebelMissionsEvent[] = [];
  for (let spec = openChance(rebelMissionsTable, s); spec !== null; spec = openChance(rebelMissionsTable, s)) {
    const applied = rebelMissionsTable.apply(s, sampledChanceMove(spec, rebelMissionsTable.rng(s)) as RebelTableMove);
    if (!applied.ok) throw new Error(`a chance move was refused: ${applied.reason}`);
    s = applied.state;
    events.push(...applied.events);
  }
  return { state: s, events };
}

/** The table game as rule tests drive it: chance answered as it opens (see above). */
export const game = {
  /** A new game, dealt (the set-up's shuffles drawn): waiting for the timer's START. */
  setup: (config: RebelMissionsConfig, seed: number): RebelTableState => chanceAnswered(rebelMissionsTable.setup(config, seed).state).state,
  /** Whose move it is: the stack's, and the timer, which may report at any moment of a game under way. */
  toMove: (state: RebelTableState): string[] => {
    const stack = toMove(rebelMissionsTable, state);
    const timer = (rebelMissionsTable.externalMoves?.(state, 'timer') ?? []).length > 0 && !stack.includes('timer');
    return timer ? [...stack, 'timer'] : [...stack];
  },
  legalMoves: (state: RebelTableState, actor: string): readonly RebelTableMove[] => rebelMissionsTable.legalMoves(state, actor),
  apply: (state: RebelTableState, move: RebelTableMove): ApplyResult<RebelTableState, RebelMissionsEvent> => {
    const applied = rebelMissionsTable.apply(state, move);
    if (!applied.ok) return applied;
    const after = chanceAnswered(applied.state);
    return { ok: true, state: after.state, events: [...applied.events, ...after.events] };
  },
  view: (state: RebelTableState, actor: string): RebelMissionsView => rebelMissionsTable.view(state, actor),
  result: (state: RebelTableState): TableResult => rebelMissionsTable.result(state),
};
export const PROFILES = ['kanan', 'ezra', 'hera', 'sabine', 'zeb'] as const;

export function configFor(players: number): { players: { name: string; profile: string }[] } {
  return { players: PROFILES.slice(0, players).map((profile, i) => ({ name: `Rebel ${i + 1}`, profile })) };
}

/** A game of `players` players, set up and started by the timer (stage roll, p1 to move). */
export function startedGame(players = 3, seed = 7): RebelTableState {
  const setUp = game.setup(configFor(players), seed);
  return must(setUp, { actor: 'timer', type: 'start', leftMs: 900_000 }).state;
}

export function must(state: RebelTableState, move: RebelTableMove): { state: RebelTableState; events: readonly RebelMissionsEvent[] } {
  const result = game.apply(state, move);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(move)} to be legal, but: ${result.reason}`);
  expect(stateProblems(catalog, result.state)).toEqual([]);
  return { state: result.state, events: result.events };
}

export function rejected(state: RebelTableState, move: RebelTableMove): string {
  const result = game.apply(state, move);
  if (result.ok) throw new Error(`expected ${JSON.stringify(move)} to be rejected`);
  return result.reason;
}

export function types(events: readonly RebelMissionsEvent[]): string[] {
  return events.map((e) => e.type);
}

export interface Arrangement {
  placard?: string;
  hands?: Record<string, string[]>;
  pileTop?: string[];
  /** Tokens on the face-up placard. */
  onPlacard?: string[];
  /** Empty the token pile into the discard (the listed tokens, or all of it). */
  discardPile?: boolean;
  stage?: Stage;
  turnPlayer?: string;
  dice?: DieFace[] | null;
  placardPile?: string[];
}

/** The state rearranged as asked; every token and placard stays accounted for. */
export function arrange(state: RebelTableState, a: Arrangement): RebelTableState {
  const moving = new Set([...Object.values(a.hands ?? {}).flat(), ...(a.pileTop ?? []), ...(a.onPlacard ?? [])]);
  const keep = (ids: readonly string[]): string[] => ids.filter((id) => !moving.has(id));
  let seats = state.seats.map((s) => ({ ...s, hand: keep(s.hand) }));
  let tokenPile = keep(state.tokenPile);
  let tokenDiscard = keep(state.tokenDiscard);
  let placardTokens = keep(state.placardTokens);
  // A replaced hand or placard's tokens go back to the bottom of the pile.
  if (a.onPlacard) {
    tokenPile = [...tokenPile, ...placardTokens];
    placardTokens = [...a.onPlacard];
  }
  if (a.hands) {
    seats = seats.map((s) => {
      const wanted = a.hands?.[s.id];
      if (!wanted) return s;
      tokenPile = [...tokenPile, ...s.hand];
      return { ...s, hand: [...wanted] };
    });
  }
  if (a.pileTop) tokenPile = [...a.pileTop, ...tokenPile];
  if (a.discardPile) {
    tokenDiscard = [...tokenDiscard, ...tokenPile];
    tokenPile = [];
  }
  let placard = state.placard;
  let placardPile = [...state.placardPile];
  let placardDiscard = [...state.placardDiscard];
  if (a.placard && a.placard !== placard) {
    const wanted = a.placard;
    placardPile = placardPile.filter((id) => id !== wanted);
    placardDiscard = placardDiscard.filter((id) => id !== wanted);
    placardPile.push(placard);
    placard = wanted;
  }
  if (a.placardPile) {
    const all = [...placardPile, ...placardDiscard];
    placardPile = [...a.placardPile];
    placardDiscard = all.filter((id) => !placardPile.includes(id));
  }
  const next: RebelTableState = {
    ...state,
    seats,
    tokenPile,
    tokenDiscard,
    placardTokens,
    placard,
    placardPile,
    placardDiscard,
    ...(a.stage === undefined ? {} : { stage: a.stage }),
    ...(a.turnPlayer === undefined ? {} : { turnPlayer: a.turnPlayer }),
    ...(a.dice === undefined ? {} : { dice: a.dice }),
  };
  expect(stateProblems(catalog, next)).toEqual([]);
  return next;
}

/** Set the dice as if rolled and put the turn player in the choose stage. */
export function rolled(state: RebelTableState, dice: DieFace[]): RebelTableState {
  return arrange(state, { stage: 'choose', dice });
}

/** The state with its generator re-seeded: for finding a roll with a given outcome. */
export function reseeded(state: RebelTableState, seed: number): RebelTableState {
  return { ...state, rng: seedRng(seed) };
}

/** A placard that needs exactly these resources (by type and count) and is coded, or an Inquisitor. */
export function placardWhere(pred: (p: (typeof STANDARD_COMPONENTS.placards)[number]) => boolean): string {
  const found = STANDARD_COMPONENTS.placards.find(pred);
  if (!found) throw new Error('no placard matches');
  return found.id;
}

/** The face-up mission of a view (every view once the set-up has turned one over); throws when none is. */
export function faceUp(view: RebelMissionsView): PlacardView {
  if (view.placard === null) throw new Error('no placard is face up yet (the set-up has not shuffled them)');
  return view.placard;
}

/** The set-up's shuffles of a table-game state, drawn as the runner draws them (from the state's generator), with the state after them. */
export function setUpOf<S extends RebelTableState, M extends RebelTableMove>(
  table: TableGame<RebelMissionsConfig, S, M, RebelMissionsView, RebelMissionsEvent>,
  state: S,
): { readonly moves: M[]; readonly state: S } {
  let s = state;
  const moves: M[] = [];
  while (settingUp(s)) {
    const spec = openChance(table, s);
    if (spec === null) throw new Error('the set-up is pending but no chance decision is open');
    const move = sampledChanceMove(spec, table.rng(s)) as M;
    const applied = table.apply(s, move);
    if (!applied.ok) throw new Error(`the set-up shuffle was refused: ${applied.reason}`);
    moves.push(move);
    s = applied.state;
  }
  return { moves, state: s };
}

/** A table-game state with its set-up shuffles played (`setUpOf`). */
export function setUpDone<S extends RebelTableState, M extends RebelTableMove>(
  table: TableGame<RebelMissionsConfig, S, M, RebelMissionsView, RebelMissionsEvent>,
  state: S,
): S {
  return setUpOf(table, state).state;
}
