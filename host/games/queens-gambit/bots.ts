// Bots for The Queen's Gambit: the engine's random bot, a heuristic bot for each side
// (heuristic-bot.ts; each sees only its view: its hand and plan, never the other side's, nor the
// real Queen as the Trade Federation), the planning Trade Federation bot (trade-federation-bot.ts),
// the engine's search bot with the strongest of these as its playout policy (each playout cut at
// the end of the turn and scored by evaluation.ts), and a table of bots
// for headless play.

import type { Bot } from '../../engine/table-play.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { randomFrom, seedRng } from '../../engine/rng.ts';
import { sampledChanceMove } from '../../engine/chance.ts';
import { chanceAsMove, openChance, toMove } from '../../engine/table-game.ts';
import { playoutPolicyOf, searchBot, type SearchOptions } from '../../engine/search-bot.ts';
import { randomTableBot, viewBot, type TableBot } from '../../engine/table-play.ts';
import { queensGambit, readingView, type QgView } from './table-game.ts';
import type { QgMove, QgState } from './model.ts';
import { turnHorizon } from './evaluation.ts';
import { heuristicBot } from './heuristic-bot.ts';
import { withPalaceTactics } from './palace-tactics.ts';
import { otherSide } from './reference.ts';
import { DATA } from './rules.ts';
import type { Side } from './schema.ts';
import { planningTradeFederationBot } from './trade-federation-bot.ts';

export { actionValue, heuristicBot } from './heuristic-bot.ts';
export { planningTradeFederationBot } from './trade-federation-bot.ts';

type QgBot = Bot<QgView, QgMove>;
export type QgTableBot = TableBot<QgState, QgMove, QgView>;

/** The strongest heuristic bot of each side: Naboo's heuristic bot with the Palace tactics, the planning Trade Federation bot. */
export const nabooBot: QgBot = withPalaceTactics(heuristicBot('naboo'));
export const tradeFederationBot: QgBot = planningTradeFederationBot;

/** The strongest heuristic bot for the side of `view` (the playout policy of the search bot). */
const eitherSide: QgBot = (view, legal, random) => (view.side === 'trade-federation' ? tradeFederationBot : nabooBot)(view, legal, random);

export function heuristicTableBot(side: Side): QgTableBot {
  return viewBot(`heuristic ${side}`, heuristicBot(side));
}

/** The heuristic bots as the search bot's playout policy: they read the view while they move and keep nothing, so it is the reading view (built as it is read, never copied). */
const playoutPolicy = playoutPolicyOf({ view: readingView, legalMoves: queensGambit.legalMoves }, eitherSide);

/**
 * Visits credited to the heuristic bot's own choice at the root (the engine's `policyPrior`):
 * without it the search won none of 12 two-player games against the other side's strongest bot
 * (playouts to the end of the game, 12 iterations), with it 8 of 24.
 */
export const SEARCH_POLICY_PRIOR = 6;

/**
 * The engine's ISMCTS, its playouts played by the heuristic bots and cut at the end of the turn
 * (`turnHorizon`, scored by evaluation.ts), crediting their own choice (`SEARCH_POLICY_PRIOR`).
 */
export function qgSearchBot(options: SearchOptions<QgState> = {}): QgTableBot {
  return searchBot(queensGambit, { playout: playoutPolicy, policyPrior: SEARCH_POLICY_PRIOR, horizon: turnHorizon, maxPlayoutSteps: 4_000, ...options });
}

export type BotKind = 'random' | 'heuristic' | 'search';
/** Naboo's `tactical` bot: the heuristic one with the Palace tactics (`nabooBot`). */
export type NabooBotKind = BotKind | 'tactical';
/** The Trade Federation's `planning` bot (`tradeFederationBot`). */
export type TradeFederationBotKind = BotKind | 'planning';
export interface BotKinds {
  readonly naboo: NabooBotKind;
  readonly 'trade-federation': TradeFederationBotKind;
}

export function planningTableBot(): QgTableBot {
  return viewBot('planning trade-federation', planningTradeFederationBot);
}

export function tacticalNabooTableBot(): QgTableBot {
  return viewBot('tactical naboo', nabooBot);
}

/** A seat for each player of a table of `players`, by kind per side. */
export function tableOfBots(players: 2 | 4, kinds: BotKinds, search: SearchOptions<QgState> = {}): Record<ActorId, QgTableBot> {
  const seating = players === 4 ? DATA.rules.fourPlayer.seating.map((x) => x.side) : [DATA.rules.firstPlayer, otherSide(DATA.rules.firstPlayer)];
  return Object.fromEntries(
    seating.map((side, i) => {
      const kind = kinds[side];
      const bot =
        kind === 'random'
          ? randomTableBot<QgState, QgMove, QgView>()
          : kind === 'heuristic'
            ? heuristicTableBot(side)
            : kind === 'planning'
              ? planningTableBot()
              : kind === 'tactical'
                ? tacticalNabooTableBot()
                : qgSearchBot(search);
      return [`p${i + 1}`, bot];
    }),
  );
}

export interface HeadlessGame {
  readonly seed: number;
  readonly winner: Side | null;
  readonly summary: string;
  readonly moves: number;
  readonly turns: number;
}

/**
 * One game played headless by a table of bots, fast: a clone changed in place with the rules'
 * `applyInPlace`, chance sampled from the game's own generator (as the companion rolls), and
 * when several players are waited on (the plans) one of them picked from the runner's stream.
 */
export function playHeadless(
  players: 2 | 4,
  seating: Readonly<Record<ActorId, QgTableBot>>,
  seed: number,
  options: Readonly<Record<string, string | number>> = {},
  maxMoves = 50_000,
  /** Shown the state before each step (a chance or a move), for a caller that records positions. */
  watch?: (state: Readonly<QgState>) => void,
): HeadlessGame {
  const game = queensGambit;
  const state = game.setup({ players: Array.from({ length: players }, (_, i) => ({ name: `Bot ${i + 1}` })), options }, seed).state;
  const runner = randomFrom(seedRng((seed ^ 0x51ed_270b) >>> 0));
  let moves = 0;
  for (; moves < maxMoves; moves++) {
    const actors = toMove(game, state);
    if (actors.length === 0) break;
    watch?.(state);
    const spec = openChance(game, state);
    if (spec !== null) {
      game.applyInPlace(state, chanceAsMove<QgMove>(sampledChanceMove(spec, state.rng)));
      continue;
    }
    const actor = actors.length === 1 ? (actors[0] as ActorId) : runner.pick(actors);
    const bot = seating[actor];
    if (bot === undefined) throw new RangeError(`no bot is seated for ${actor}`);
    const legalMoves = game.legalMoves(state, actor);
    const random = runner.split();
    // The view is made only for a bot that looks at it (the random bot does not), as the reading view: the bots keep nothing of it.
    const move = bot.choose({
      actor,
      get view() {
        return readingView(state, actor);
      },
      legalMoves,
      random: randomFrom(random),
      sample: (r) => game.determinize(state, actor, r),
    });
    game.applyInPlace(state, move);
  }
  if (!state.over) throw new Error(`seed ${seed}: the game did not end within ${maxMoves} moves`);
  return { seed, winner: state.winner, summary: state.summary, moves, turns: state.turn };
}
