// Secret Invasion, as it is today (the `Game` shape), seen through the table-game shape by a thin
// adapter: so the engine's generic hidden-information checker, fuzzer and search bot can be run
// on a real game before it is moved over (the later step writes these parts into the game
// itself: its stack, chance decisions, copy-on-write rules). What the adapter adds is what the
// new shape demands of a hidden game: what is secret from whom, and a determinization.

import { decision } from '../../host/engine/decisions.ts';
import { relabelUnknown } from '../../host/engine/determinize.ts';
import { cloneData } from '../../host/engine/draft.ts';
import type { ActorId } from '../../host/engine/game.ts';
import { checkMeta, type GameMeta } from '../../host/engine/meta.ts';
import type { Random } from '../../host/engine/rng.ts';
import { winnerReturns, type HiddenTableGame, type TableResult } from '../../host/engine/table-game.ts';
import { STANDARD_DECK } from '../../host/games/secret-invasion/deck.ts';
import { secretInvasion } from '../../host/games/secret-invasion/game.ts';
import { illegalBecause } from '../../host/games/secret-invasion/legality.ts';
import type {
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionMove,
  SecretInvasionState,
  SecretInvasionView,
} from '../../host/games/secret-invasion/model.ts';

export const SECRET_INVASION_META: GameMeta = checkMeta({
  id: 'secret-invasion',
  title: secretInvasion.title,
  players: { min: 2, max: 4 },
  teams: [],
  cooperative: false,
  hiddenInformation: true,
  simultaneous: false,
  chance: true,
  externalActors: [],
  options: [],
  rules: [],
});

type State = SecretInvasionState;

/**
 * The cards `viewer` may not know: other hands (but for what the rules showed them), the deck,
 * the card set aside. The ids of the hands revealed at the end of the last round are left out:
 * every view shows them as history (the old shape reuses card ids from round to round), so a
 * search for them as strings would find that history; the determinization check still covers
 * where those cards are now.
 */
function secretsFrom(s: State, viewer: ActorId): string[] {
  if (s.stage === 'over') return [];
  const history = new Set((s.lastRound?.revealed ?? []).map((r) => r.card));
  const secrets = [...s.deck];
  if (s.setAside !== null) secrets.push(s.setAside);
  for (const seat of s.seats) {
    if (seat.id === viewer) continue;
    const known = s.knowledge.filter((k) => k.viewer === viewer && k.subject === seat.id).map((k) => k.card);
    for (const card of seat.hand) if (!known.includes(card)) secrets.push(card);
  }
  return secrets.filter((card) => !history.has(card));
}

function unknownCards(s: State, viewer: ActorId): string[] {
  const known = new Set(s.seats.find((seat) => seat.id === viewer)?.hand ?? []);
  for (const k of s.knowledge) if (k.viewer === viewer) known.add(k.card);
  const unseen = [...s.deck, ...(s.setAside === null ? [] : [s.setAside])];
  for (const seat of s.seats) if (seat.id !== viewer) for (const card of seat.hand) if (!known.has(card)) unseen.push(card);
  return unseen;
}

/** Whether a sampled state agrees with what the viewer saw: a Boba Fett guess that just missed. */
function agrees(s: State): boolean {
  const miss = s.missedGuess;
  if (miss === null) return true;
  const hand = s.seats.find((seat) => seat.id === miss.target)?.hand ?? [];
  return !hand.some((card) => STANDARD_DECK.card(card).value === miss.guess);
}

function determinize(s: State, viewer: ActorId, random: Random): State {
  // The last round's revealed hands are history everyone saw: kept out of the relabelling.
  // A few tries for a deal that agrees with a missed guess (the real state always does).
  let sampled = relabelUnknown({ ...s, lastRound: null }, [unknownCards(s, viewer)], random);
  for (let tries = 0; tries < 20 && !agrees(sampled); tries++) sampled = relabelUnknown({ ...s, lastRound: null }, [unknownCards(s, viewer)], random);
  return { ...sampled, lastRound: s.lastRound };
}

function result(s: State): TableResult {
  const outcome = secretInvasion.result(s);
  if (!outcome.finished) return { finished: false };
  const players = s.seats.map((seat) => seat.id);
  return { finished: true, returns: winnerReturns(players, outcome.winners), winners: outcome.winners, winningTeams: [], summary: outcome.summary };
}

function prompt(s: State, actor: ActorId): string {
  if (s.stage === 'over') return 'The game is over.';
  if (actor !== s.turnPlayer) return `Waiting for ${s.turnPlayer}.`;
  return s.stage === 'second-try' ? 'Boba Fett missed: guess again or stop.' : 'Discard one of your two cards.';
}

export const secretInvasionTable: HiddenTableGame<SecretInvasionConfig, State, SecretInvasionMove, SecretInvasionView, SecretInvasionEvent> = {
  meta: SECRET_INVASION_META,
  hidden: true,
  setup: (config, seed) => ({ state: secretInvasion.setup(config, seed), events: [] }),
  players: (s) => secretInvasion.players(s),
  decisions: (s) => {
    const movers = secretInvasion.toMove(s);
    return movers.length === 0 ? [] : [decision({ kind: s.stage, asked: movers, close: 'first-taker', data: null })];
  },
  rng: (s) => s.rng,
  legalMoves: (s, actor) => secretInvasion.legalMoves(s, actor),
  judge: (s, move) => illegalBecause(STANDARD_DECK, s, move),
  apply: (s, move) => secretInvasion.apply(s, move),
  applyInPlace: (s, move) => {
    const applied = secretInvasion.apply(s, move);
    if (!applied.ok) throw new Error(applied.reason);
    Object.assign(s as object, applied.state);
    return applied.events;
  },
  clone: (s) => cloneData(s) as State,
  view: (s, actor) => secretInvasion.view(s, actor),
  result,
  prompt,
  eventFor: (e, actor) => (secretInvasion.eventFor ? secretInvasion.eventFor(e, actor) : e),
  secretsFrom,
  determinize,
};

/** The search horizon for Secret Invasion: a playout stops when the round ends, worth 1 to its winner(s). */
export function roundHorizon(root: State, state: State): Readonly<Record<ActorId, number>> | null {
  if (state.round === root.round && state.stage !== 'over') return null;
  const winners = state.lastRound?.winners ?? [];
  return winnerReturns(state.seats.map((s) => s.id), winners);
}
