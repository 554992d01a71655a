// Setting up the table: each player takes a profile, the tokens are mixed face down, the
// placards are shuffled and the top one turned face up. The game itself begins when the
// timer reports START.

import { GameConfigError } from '../../engine/game.ts';
import { randomFrom, seedRng } from '../../engine/rng.ts';
import type { Catalog } from './catalog.ts';
import type { RebelMissionsConfig, RebelMissionsState } from './model.ts';

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

export function setupState(catalog: Catalog, config: RebelMissionsConfig, seed: number): RebelMissionsState {
  const problems = configProblems(catalog, config);
  if (problems.length > 0) throw new GameConfigError(`cannot set up Rebel Missions: ${problems.join('; ')}`);
  const rng = randomFrom(seedRng(seed));
  const tokenPile = rng.shuffle(catalog.components.tokens.map((t) => t.id));
  const placards = rng.shuffle(catalog.components.placards.map((p) => p.id));
  const [placard, ...placardPile] = placards;
  if (placard === undefined) throw new GameConfigError('cannot set up Rebel Missions: the pack has no placards');
  const seats = config.players.map((p, i) => ({ id: playerIdFor(i), name: p.name.trim(), profile: p.profile, hand: [] }));
  const first = seats[0];
  if (!first) throw new GameConfigError('cannot set up Rebel Missions: no players');
  // An Inquisitor turned face up at set-up makes every player discard their tokens: they have none yet.
  return {
    game: 'rebel-missions',
    seats,
    stage: 'awaiting-start',
    turnPlayer: first.id,
    turnNumber: 0,
    dice: null,
    abilityUsedBy: [],
    allPlayWaiting: [],
    tokenPile,
    tokenDiscard: [],
    placardPile,
    placardDiscard: [],
    placard,
    placardTokens: [],
    placardAbilities: [],
    codeRequest: null,
    codesFound: 0,
    timeLeftMs: null,
    rng: rng.state(),
  };
}
