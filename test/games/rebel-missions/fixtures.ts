// Helpers for rule tests: start a game, arrange the table (placard, hands, pile top) while
// keeping every token and placard in exactly one place, and apply moves expecting success.

import { expect } from 'vitest';
import { seedRng } from '../../../host/engine/rng.ts';
import { catalogOf } from '../../../host/games/rebel-missions/catalog.ts';
import { STANDARD_COMPONENTS, type DieFace } from '../../../host/games/rebel-missions/components.ts';
import { rebelMissions } from '../../../host/games/rebel-missions/game.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { openChance, type TableGame } from '../../../host/engine/table-game.ts';
import { settingUp } from '../../../host/games/rebel-missions/setup.ts';
import type {
  PlacardView,
  RebelMissionsEvent,
  RebelMissionsMove,
  RebelMissionsState,
  RebelMissionsView,
  RebelMissionsConfig,
  RebelTableMove,
  RebelTableState,
  Stage,
} from '../../../host/games/rebel-missions/model.ts';

export const game = rebelMissions;
export const catalog = catalogOf(STANDARD_COMPONENTS);
export const PROFILES = ['kanan', 'ezra', 'hera', 'sabine', 'zeb'] as const;

export function configFor(players: number): { players: { name: string; profile: string }[] } {
  return { players: PROFILES.slice(0, players).map((profile, i) => ({ name: `Rebel ${i + 1}`, profile })) };
}

/** A game of `players` players, set up and started by the timer (stage roll, p1 to move). */
export function startedGame(players = 3, seed = 7): RebelMissionsState {
  const setUp = game.setup(configFor(players), seed);
  return must(setUp, { actor: 'timer', type: 'start', leftMs: 900_000 }).state;
}

export function must(state: RebelMissionsState, move: RebelMissionsMove): { state: RebelMissionsState; events: readonly RebelMissionsEvent[] } {
  const result = game.apply(state, move);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(move)} to be legal, but: ${result.reason}`);
  expect(stateProblems(catalog, result.state)).toEqual([]);
  return { state: result.state, events: result.events };
}

export function rejected(state: RebelMissionsState, move: RebelMissionsMove): string {
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
export function arrange(state: RebelMissionsState, a: Arrangement): RebelMissionsState {
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
  const next: RebelMissionsState = {
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
export function rolled(state: RebelMissionsState, dice: DieFace[]): RebelMissionsState {
  return arrange(state, { stage: 'choose', dice });
}

/** The state with its generator re-seeded: for finding a roll with a given outcome. */
export function reseeded(state: RebelMissionsState, seed: number): RebelMissionsState {
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
