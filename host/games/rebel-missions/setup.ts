// Setting up the table: each player takes a profile, the tokens are mixed face down, the
// placards are shuffled and the top one turned face up. The game itself begins when the
// timer reports START. On the table game the mixing and the shuffle are chance's first two
// moves (play.ts), from the piles in catalog order (`seatedState`); the older game deals here.

import { GameConfigError } from '../../engine/table-game.ts';
import { seedRng } from '../../engine/rng.ts';
import type { Catalog } from './catalog.ts';
import type { RebelMissionsConfig, RebelMissionsState, RebelTableState } from './model.ts';

export function playerIdFor(seatIndex: number): string {
  return `p${seatIndex + 1}`;
}

/** The configuration's problems, in words a person can act on (empty when it is playable). */
export function configProblems(catalog: Catalog, config: RebelMissionsConfig): string[] {
  const { min, max } = catalog.components.players;
  const profiles = catalog.components.profiles.map((p) => p.id);
  const problems: string[] = [];
  const players: unknown = typeof config === 'object' && config !== null ? config.players : undefined;
  if (!Array.isArray(players) || players.length < min || players.length > max) {
    problems.push(`Rebel Missions is played by ${min} to ${max} players, got ${Array.isArray(players) ? players.length : 'no player list'}`);
    return problems;
  }
  const taken = new Set<string>();
  (players as unknown[]).forEach((entry, i) => {
    const p = (typeof entry === 'object' && entry !== null ? entry : {}) as { name?: unknown; profile?: unknown };
    if (typeof p.name !== 'string' || p.name.trim() === '') problems.push(`seat ${i + 1} has no name`);
    if (typeof p.profile !== 'string') {
      problems.push(`seat ${i + 1} has no profile; choose one of ${profiles.join(', ')}`);
      return;
    }
    if (!profiles.includes(p.profile)) {
      problems.push(`seat ${i + 1} chose profile "${p.profile}"; choose one of ${profiles.join(', ')}`);
    } else if (taken.has(p.profile)) {
      problems.push(`seat ${i + 1} chose profile "${p.profile}", already taken: each player chooses a different profile`);
    }
    taken.add(p.profile);
  });
  return problems;
}

/**
 * The table before the set-up deal: the players seated, the tokens and the placards in catalog
 * order (the first placard in `placard`, not yet face up), the generator from the seed. The table
 * game's first two moves are chance's shuffles of them (play.ts); the older game deals at once.
 */
export function seatedState(catalog: Catalog, config: RebelMissionsConfig, seed: number): RebelMissionsState {
  const problems = configProblems(catalog, config);
  if (problems.length > 0) throw new GameConfigError(`cannot set up Rebel Missions: ${problems.join('; ')}`);
  const [placard, ...placardPile] = catalog.components.placards.map((p) => p.id);
  if (placard === undefined) throw new GameConfigError('cannot set up Rebel Missions: the pack has no placards');
  const seats = config.players.map((p, i) => ({ id: playerIdFor(i), name: p.name.trim(), profile: p.profile, hand: [] }));
  const first = seats[0];
  if (!first) throw new GameConfigError('cannot set up Rebel Missions: no players');
  return {
    game: 'rebel-missions',
    seats,
    stage: 'awaiting-start',
    turnPlayer: first.id,
    turnNumber: 0,
    dice: null,
    abilityUsedBy: [],
    allPlayWaiting: [],
    tokenPile: catalog.components.tokens.map((t) => t.id),
    tokenDiscard: [],
    placardPile,
    placardDiscard: [],
    placard,
    placardTokens: [],
    placardAbilities: [],
    codeRequest: null,
    codesFound: 0,
    timeLeftMs: null,
    rng: seedRng(seed),
  };
}

/** Whether the table game's set-up shuffles are still to be drawn (the piles in catalog order, no placard face up). */
export function settingUp(state: RebelMissionsState | RebelTableState): boolean {
  const pending = 'pending' in state ? state.pending : null;
  return pending?.kind === 'set-up-tokens' || pending?.kind === 'set-up-placards';
}
