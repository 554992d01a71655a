// Rebel Missions as a game definition for the engine: cooperative, 1 to 5 players, and an
// external actor, the Imperial Timer, whose events (START, TIME, CHIME, BUZZ, FANFARE,
// TIMEOUT) the companion feeds in as the timer's moves.

import type { Game, Outcome } from '../../engine/game.ts';
import { catalogOf } from './catalog.ts';
import { STANDARD_COMPONENTS, type Components } from './components.ts';
import { GameConfigError } from '../../engine/game.ts';
import {
  TIMER,
  type PackIdentity,
  type RebelMissionsConfig,
  type RebelMissionsEvent,
  type RebelMissionsMove,
  type RebelMissionsState,
  type RebelMissionsView,
} from './model.ts';
import { applyMove } from './effects.ts';
import { actorsToMove, candidateMoves, illegalBecause } from './legality.ts';
import { setupState } from './setup.ts';
import { viewFor } from './view.ts';

export type RebelMissionsGame = Game<RebelMissionsConfig, RebelMissionsState, RebelMissionsMove, RebelMissionsView, RebelMissionsEvent>;

export const REBEL_MISSIONS_ID = 'rebel-missions';

/** Why a game set up with `config` cannot be dealt from these placards (`pack`: a user's own, or undefined for the built-in). */
export function packProblem(wanted: PackIdentity | undefined, pack: PackIdentity | undefined): string | null {
  if (wanted === undefined && pack === undefined) return null;
  if (wanted === undefined)
    return `this game was dealt from the built-in placards, not from ${pack?.name ?? 'a pack'} (${pack?.file ?? ''}): play it without --pack`;
  if (pack === undefined) return `this game was dealt from the placards of "${wanted.name}" (${wanted.file}): play it with --pack ${wanted.file}`;
  if (wanted.sum !== pack.sum)
    return `this game was dealt from the placards of "${wanted.name}" (${wanted.file}, placards sum ${wanted.sum}), and ${pack.file} holds other placards now (sum ${pack.sum})`;
  return null;
}

/**
 * Rebel Missions dealt from `components`; `pack` names a user's own pack of placards (the
 * config of a game dealt from it carries the same identity, checked at set-up and on replay).
 */
export function createRebelMissions(components: Components = STANDARD_COMPONENTS, pack?: PackIdentity): RebelMissionsGame {
  const catalog = catalogOf(components);
  return {
    id: REBEL_MISSIONS_ID,
    title: 'Star Wars: Rebel Missions',
    externalActors: [TIMER],
    setup: (config, seed) => {
      const wanted: unknown = typeof config === 'object' && config !== null ? config.pack : undefined;
      const problem = packProblem(typeof wanted === 'object' && wanted !== null ? (wanted as PackIdentity) : undefined, pack);
      if (problem !== null) throw new GameConfigError(`cannot set up Rebel Missions: ${problem}`);
      return setupState(catalog, config, seed);
    },
    players: (state) => state.seats.map((s) => s.id),
    toMove: actorsToMove,
    legalMoves: (state, actor) =>
      actorsToMove(state).includes(actor) ? candidateMoves(catalog, state, actor).filter((m) => illegalBecause(catalog, state, m) === null) : [],
    apply: (state, move) => applyMove(catalog, state, move),
    view: (state, actor) => viewFor(catalog, state, actor),
    result: (state): Outcome => {
      if (state.stage === 'won') {
        return { finished: true, winners: state.seats.map((s) => s.id), summary: `won: ${state.codesFound} correct codes entered` };
      }
      if (state.stage === 'lost') return { finished: true, winners: [], summary: 'lost: time ran out' };
      return { finished: false };
    },
  };
}

/** Rebel Missions with the standard components. */
export const rebelMissions: RebelMissionsGame = createRebelMissions();
