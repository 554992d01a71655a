// The generic checks every table game runs, on Stolen Plans: random playouts keep the engine's
// contract and always end with every card accounted for; the legal moves built directly equal
// what the judge accepts; nothing a player receives tells them a card they may not know.
// npm test plays one game of each check (play-checks.test.ts: share 0), the judge and
// hidden-information games to their 300th move with one other deal, npm run soak all of them to the end (play-checks.soak.ts): the same seeds from 1, so the soak's games include the test's.
import { describe, expect, it } from 'vitest';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { cardAccountingProblems, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import { spCandidates } from './sp-fixtures.ts';

/** The option mixes, each with how many games each check plays (the larger decks play longer games: fewer of them). */
const MIXES: Record<string, { options: Record<string, boolean>; games: { fuzz: number; oracle: number; hidden: number } }> = {};
const FULL = { fuzz: 120, oracle: 25, hidden: 12 };
const LONG = { fuzz: 60, oracle: 8, hidden: 8 };
const ASKED_FOR = { 'include-lose-the-game': true, 'include-pass-a-card': true, 'include-student-of-the-force': true };
for (const [name, options, games] of [
  ['base', {}, FULL],
  ['R2-D2 Where Are You?', { 'r2-d2-where-are-you': true }, FULL],
  ['There is another!', { 'there-is-another': true }, FULL],
  ['New Ruling', { 'new-ruling': true }, FULL],
  ['bonus cards', { bonus: true }, LONG],
  ['bonus cards with those asked for by name', { bonus: true, ...ASKED_FOR }, LONG],
  ['Starting and Additional Resources', { 'starting-resources': true, 'additional-resources': true }, FULL],
  ['Additional Bonus Cards', { 'additional-bonus': true }, FULL],
  ['Rogue One', { 'rogue-one': true }, FULL],
  ['Rogue One with the Additional Bonus Cards (Defensive a squad card)', { 'rogue-one': true, 'additional-bonus': true }, LONG],
  ['Rogue One with the bonus cards and Starting Resources', { 'rogue-one': true, bonus: true, 'starting-resources': true }, LONG],
  [
    'every supported set',
    {
      bonus: true,
      ...ASKED_FOR,
      'r2-d2-where-are-you': true,
      'there-is-another': true,
      'starting-resources': true,
      'additional-resources': true,
      'new-ruling': true,
      'additional-bonus': true,
      'rogue-one': true,
    },
    LONG,
  ],
  [
    'every supported set but There is another!',
    { bonus: true, 'starting-resources': true, 'additional-resources': true, 'new-ruling': true, 'additional-bonus': true, 'rogue-one': true },
    LONG,
  ],
] as const)
  MIXES[name] = { options, games };

const configFor = (options: Record<string, boolean>) => (seed: number) => ({
  players: Array.from({ length: 2 + (seed % 4) }, (_, i) => ({ name: `P${i + 1}` })),
  options: { ...options, 'first-player': 1 + (seed % 2) },
});

/** How far the judge and hidden-information checks follow each game, and how many other deals of the unknown the latter compares. */
export interface PlayDepth {
  /** At most this many moves of a game (a whole game is some hundreds to thousands). */
  readonly steps: number;
  readonly samples: number;
}

/** Every game to its end, two other deals at each state: the soak's. */
export const WHOLE_GAMES: PlayDepth = { steps: 5_000, samples: 2 };

/** The checks over every option mix, each playing `share` of its games (at least 1), as deep as `depth`. */
export function playChecks(share: number, depth: PlayDepth): void {
  const scaled = (n: number): number => Math.max(1, Math.round(n * share));
  describe.each(Object.entries(MIXES))('Stolen Plans, %s: the generic checks', (_name, { options, games: all }) => {
    const config = configFor(options);
    const games = { fuzz: scaled(all.fuzz), oracle: scaled(all.oracle), hidden: scaled(all.hidden) };

    it('random playouts keep the contract, account for every card after every move, replay and end', () => {
      const report = fuzzTable(stolenPlans, { games: games.fuzz, config, maxSteps: 5_000, invariants: cardAccountingProblems });
      expect(report.failures.slice(0, 3)).toEqual([]);
      expect(report.finished).toBe(games.fuzz);
    }, 240_000);

    it('the legal moves built directly equal the candidates the judge accepts', () => {
      const report = legalMovesMatchJudge(stolenPlans, { games: games.oracle, config, maxSteps: depth.steps, candidates: spCandidates });
      expect(report.problems).toEqual([]);
      expect(report.states).toBeGreaterThan(20 * games.oracle);
    }, 240_000);

    it('no view, event, prompt, legal move list or whose-move tells a player a card they may not know', () => {
      const report = checkHiddenInformation(stolenPlans, { games: games.hidden, config, maxSteps: depth.steps, samples: depth.samples });
      expect(report.problems).toEqual([]);
      expect(report.checks).toBeGreaterThan(20 * games.hidden);
    }, 240_000);
  });
}
