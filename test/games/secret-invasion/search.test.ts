// The search bot as Secret Invasion plays it (host/games/secret-invasion/search.ts, the options
// the bench seats it with): over seeded games its playouts reach a guessing card's discard with no
// Boba Fett miss pending (where the whole-move tracking bot, handed the table game's steps, read
// a missing target and crashed the bench in `handOdds`) and the second try, and every game ends.
import { describe, expect, it } from 'vitest';
import { searchBot } from '../../../host/engine/search-bot.ts';
import { playTable, viewBot, type TableBot } from '../../../host/engine/table-play.ts';
import { STANDARD_DECK } from '../../../host/games/secret-invasion/deck.ts';
import type { SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../../host/games/secret-invasion/model.ts';
import { secretInvasionSearch } from '../../../host/games/secret-invasion/search.ts';
import { secretInvasionTable as game } from '../../../host/games/secret-invasion/table-game.ts';
import { trackingStepBot } from '../../../host/games/secret-invasion/tracking-bot.ts';

type SiBot = TableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>;

const guessing = new Set(STANDARD_DECK.characters.filter((c) => c.effect === 'guess' || c.effect === 'guess-twice').map((c) => c.id));

describe('the search bot on Secret Invasion', () => {
  it('plays seeded games to the end against the tracking bot, its playouts passing guesses and second tries', () => {
    const playout = secretInvasionSearch.playout;
    if (playout === undefined) throw new Error('secretInvasionSearch has no playout policy');
    let guessesWithNoMiss = 0;
    let secondTries = 0;
    const watched: typeof playout = (state, actor, legalMoves, random) => {
      const moves = legalMoves as readonly SecretInvasionStep[];
      if (state.missedGuess === null && moves.some((m) => m.type === 'discard' && guessing.has(m.character))) guessesWithNoMiss++;
      if (state.stage === 'second-try') secondTries++;
      const move = playout(state, actor, legalMoves, random) as SecretInvasionStep;
      // The policy answers with one of the steps it was offered, never a whole move of another shape.
      expect(moves).toContainEqual(move);
      return move;
    };
    let finished = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const seat = seed % 2 ? 'p1' : 'p2';
      const seating: Record<string, SiBot> = { p1: viewBot('tracking', trackingStepBot()), p2: viewBot('tracking', trackingStepBot()) };
      seating[seat] = searchBot(game, { ...secretInvasionSearch, playout: watched, timeMs: null, iterations: 15 });
      const played = playTable(game, { players: [{ name: 'A' }, { name: 'B' }] }, seed, seating, { maxSteps: 5_000 });
      expect(played.stopped).toBeUndefined();
      if (played.result.finished) finished++;
    }
    expect(finished).toBe(3);
    expect(guessesWithNoMiss).toBeGreaterThan(0);
    expect(secondTries).toBeGreaterThan(0);
  });
});
