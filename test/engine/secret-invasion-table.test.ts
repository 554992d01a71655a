// The engine's generic checks and search bot on a real game: Secret Invasion as it is today,
// through the thin table-game adapter (secret-invasion-table.ts).
import { describe, expect, it } from 'vitest';
import { playoutPolicyOf, searchBot } from '../../host/engine/search-bot.ts';
import { checkHiddenInformation, fuzzTable } from '../../host/engine/table-check.ts';
import { playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import type { SecretInvasionMove, SecretInvasionState, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { roundHorizon, secretInvasionTable } from './secret-invasion-table.ts';

const config = (seed: number) => ({ players: Array.from({ length: 2 + (seed % 3) }, (_, i) => ({ name: `P${i + 1}` })) });

describe('Secret Invasion through the table-game shape', () => {
  it('no view, event, prompt, legal move list or whose-move tells a player a card they may not know', () => {
    const report = checkHiddenInformation(secretInvasionTable, {
      games: 8,
      config,
      maxSteps: 5_000,
      samples: 2,
      // Two habits of the old shape the move over will change: it reshuffles inside the move
      // that ends a round (whose events show hands the reshuffle then hides again), and it
      // forgets what a player was shown once they are out of the round.
      checkEvents: (events, actor) =>
        !events.some((e) => e.type === 'round-ended' || (e.type === 'player-out' && e.player === actor)),
    });
    expect(report.problems).toEqual([]);
    expect(report.checks).toBeGreaterThan(500);
  });

  it('keeps the engine contract over random playouts', () => {
    const report = fuzzTable(secretInvasionTable, { games: 20, config, maxSteps: 5_000 });
    expect(report.failures).toEqual([]);
  });

  it('the search bot (a round horizon, the tracking bot in its playouts) beats random play', () => {
    let score = 0;
    const games = 8;
    for (let seed = 1; seed <= games; seed++) {
      const seat = seed % 2 ? 'p1' : 'p2';
      const bots: Record<string, TableBot<SecretInvasionState, SecretInvasionMove, SecretInvasionView>> = {
        p1: randomTableBot(),
        p2: randomTableBot(),
        [seat]: searchBot(secretInvasionTable, { timeMs: null, iterations: 60, horizon: roundHorizon, playout: playoutPolicyOf(secretInvasionTable, trackingBot()) }),
      };
      const played = playTable(secretInvasionTable, { players: [{ name: 'A' }, { name: 'B' }] }, seed, bots, { maxSteps: 5_000 });
      expect(played.stopped).toBeUndefined();
      if (played.result.finished) score += played.result.returns[seat] ?? 0;
    }
    expect(score / games).toBeGreaterThanOrEqual(0.75);
  });
});
