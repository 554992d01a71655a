// Setting up a game: check the configuration, seat the players (youngest first) and start the
// first round.

import { GameConfigError } from '../../engine/game.ts';
import { randomFrom, seedRng } from '../../engine/rng.ts';
import type { Deck } from './deck.ts';
import type { SecretInvasionConfig, SecretInvasionEvent, SecretInvasionState } from './model.ts';
import { startRound } from './round.ts';
import type { Draft } from './table.ts';

export function playerIdFor(seatIndex: number): string {
  return `p${seatIndex + 1}`;
}

/** The configuration's problems, in words a person can act on (empty when it is playable). */
export function configProblems(deck: Deck, config: SecretInvasionConfig): string[] {
  const { min, max } = deck.rules.players;
  if (typeof config !== 'object' || config === null || !Array.isArray(config.players)) {
    return ['the configuration needs a list of players, youngest first'];
  }
  if (config.players.length < min || config.players.length > max) {
    return [`Secret Invasion is played by ${min} to ${max} players, got ${config.players.length}`];
  }
  const problems: string[] = [];
  config.players.forEach((p, i) => {
    if (typeof p?.name !== 'string' || p.name.trim() === '') problems.push(`seat ${i + 1} has no name`);
  });
  return problems;
}

export function setupState(deck: Deck, config: SecretInvasionConfig, seed: number): SecretInvasionState {
  return setupWithEvents(deck, config, seed).state;
}

/**
 * The set-up and the events of the first round's opening (round-started with the face-up cards,
 * the deal, the first turn and its draw), told like every later round's.
 */
export function setupWithEvents(deck: Deck, config: SecretInvasionConfig, seed: number): { state: SecretInvasionState; events: SecretInvasionEvent[] } {
  const problems = configProblems(deck, config);
  if (problems.length > 0) throw new GameConfigError(`cannot set up Secret Invasion: ${problems.join('; ')}`);
  const rng = randomFrom(seedRng(seed));
  const seats = config.players.map((p, i) => ({
    id: playerIdFor(i),
    name: p.name.trim(),
    tokens: 0,
    hand: [],
    discards: [],
    out: false,
    protected: false,
  }));
  const first = playerIdFor(0);
  const draft: Draft = {
    game: 'secret-invasion',
    seats,
    stage: 'turn',
    round: 0,
    turn: 0,
    turnPlayer: first,
    roundStarter: first,
    deck: [],
    setAside: null,
    faceUp: [],
    knowledge: [],
    missedGuess: null,
    lastRound: null,
    winner: null,
    rng: rng.state(),
  };
  const events: SecretInvasionEvent[] = [];
  startRound(deck, draft, first, rng, events);
  draft.rng = rng.state();
  return { state: draft, events };
}
