// The search bot for any table game: single-observer information-set Monte Carlo tree search
// (SO-ISMCTS, Cowling, Powley and Whitehouse 2012, as in OpenSpiel's `ISMCTSBot`). Each
// iteration deals the unknown afresh from what the bot's player knows (the game's
// `determinize`, through the driver's `sample`), walks one shared tree of moves by UCB with
// availability counts (a move only competes in the determinizations where it is legal),
// expands one move, plays the rest out at random in place (`playInPlace`, from the forward moves,
// `forwardLegalMovesOf`, built directly where the game can) and backs up each
// player's return. Chance is drawn from the bot's own stream, never from the state's generator,
// so the bot cannot foresee the real dice or deck. It searches for a time budget per move
// (250 ms unless told) or, for reproducible tests, a fixed number of iterations.

import { CHANCE } from './decisions.ts';
import type { ActorId, MoveBase } from './table-game.ts';
import type { Random } from './rng.ts';
import { chanceAsMove, forwardLegalMovesOf, forwardMoves, openChance, playInPlace, toMove, type TableGame } from './table-game.ts';
import { nextRandomMove, type TableBot } from './table-play.ts';
import { sampledChanceMove } from './chance.ts';

export interface SearchOptions<State = unknown> {
  /** Time budget per move in milliseconds (default 250); null to search by iterations alone. */
  readonly timeMs?: number | null;
  /** Iterations per move; with `timeMs: null` the search is fully reproducible. */
  readonly iterations?: number;
  /** UCB exploration constant (default 0.7, for returns between 0 and 1). */
  readonly exploration?: number;
  /** Moves per random playout before it is scored as unfinished (each player then gets an equal share). */
  readonly maxPlayoutSteps?: number;
  /** A clock for the time budget (default `performance.now`). */
  readonly now?: () => number;
  /**
   * Where a playout may stop short of the end, and what it is worth there: the returns per
   * player when `state` is far enough from `root` (the end of the round being played, say), or
   * null to play on. Games of many rounds search much better with one.
   */
  readonly horizon?: (root: Readonly<State>, state: Readonly<State>) => Readonly<Record<ActorId, number>> | null;
  /**
   * How players move in the playouts below the tree (default: uniformly at random). A game's own
   * heuristic bot makes a much better one (`playoutPolicyOf`).
   */
  readonly playout?: (state: State, actor: ActorId, legalMoves: readonly MoveBase[], random: Random) => MoveBase;
  /**
   * How many visits the playout policy's own choice at the root is credited with when the move is
   * chosen (default 0: none). With a strong policy (a game's heuristic bot) and few iterations a
   * move, the search then plays the policy's move unless its playouts find another clearly
   * better; the policy's move is also the first the root tries, and `lastSearch.rootVisits` counts the
   * credit. Needs `playout`.
   */
  readonly policyPrior?: number;
  /**
   * Whether the other players move by the playout policy in the tree too (default false: they
   * have nodes of their own, chosen by UCB). With it the tree holds the searching player's own
   * decisions alone, so few iterations go further; and the others do not choose knowing the
   * cards one determinization dealt them. Needs `playout`.
   */
  readonly policyOpponents?: boolean;
}

/**
 * A playout policy from a bot that plays on views (a game's heuristic bot), for `SearchOptions.playout`.
 * The bot must play the game's own moves (a table game's steps, not a whole-move bot of an older
 * shape): the move type is taken from the game alone, so a bot of other moves does not compile.
 */
export function playoutPolicyOf<State, Move extends MoveBase, View>(
  game: { view(state: State, actor: ActorId): View; legalMoves(state: State, actor: ActorId): readonly Move[] },
  bot: (view: View, legalMoves: readonly NoInfer<Move>[], random: Random) => NoInfer<Move>,
): (state: State, actor: ActorId, legalMoves: readonly MoveBase[], random: Random) => MoveBase {
  return (state, actor, legalMoves, random) => bot(game.view(state, actor), legalMoves as readonly Move[], random);
}

export const DEFAULT_SEARCH_MS = 250;

interface SearchNode {
  readonly actor: ActorId | null;
  visits: number;
  /** Sum of the returns of `actor` (who made the move into this node) over the visits. */
  total: number;
  /** How many times this move was legal when its parent was reached. */
  available: number;
  readonly children: Map<string, SearchNode>;
}

const newNode = (actor: ActorId | null): SearchNode => ({ actor, visits: 0, total: 0, available: 0, children: new Map() });

/** What the last search did (for benchmarks and tests). */
export interface SearchStats {
  iterations: number;
  rootVisits: Record<string, number>;
}

export function searchBot<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  options: SearchOptions<State> = {},
): TableBot<State, Move, View> & { readonly lastSearch: SearchStats } {
  const exploration = options.exploration ?? 0.7;
  const timeMs = options.timeMs === undefined ? DEFAULT_SEARCH_MS : options.timeMs;
  const iterations = options.iterations ?? (timeMs === null ? 1_000 : Number.POSITIVE_INFINITY);
  const maxPlayoutSteps = options.maxPlayoutSteps ?? 2_000;
  const now = options.now ?? (() => performance.now());
  const lastSearch: SearchStats = { iterations: 0, rootVisits: {} };

  const horizon = options.horizon;
  const playout = options.playout;
  const policyPrior = options.policyPrior ?? 0;
  if (policyPrior > 0 && playout === undefined) throw new RangeError("policyPrior needs a playout policy (the move it credits is the policy's)");
  const policyOpponents = options.policyOpponents ?? false;
  if (policyOpponents && playout === undefined) throw new RangeError('policyOpponents needs a playout policy (the others move by it)');
  const scoreOf = (root: State, state: State): Readonly<Record<ActorId, number>> | null => {
    const result = game.result(state);
    if (result.finished) return result.returns;
    return horizon ? horizon(root, state) : null;
  };

  const choose: TableBot<State, Move, View>['choose'] = (turn) => {
    const { actor: me, random } = turn;
    const legalMoves = forwardMoves(game, turn.legalMoves);
    if (legalMoves.length === 1) {
      lastSearch.iterations = 0;
      lastSearch.rootVisits = { [JSON.stringify(legalMoves[0])]: 0 };
      return legalMoves[0] as Move;
    }
    const rootKeys = new Map(legalMoves.map((m) => [JSON.stringify(m), m]));
    const root = newNode(null);
    const deadline = timeMs === null ? Number.POSITIVE_INFINITY : now() + timeMs;
    // The policy's own choice, on a state consistent with what this player knows.
    const policyKey = policyPrior > 0 && playout ? JSON.stringify(playout(turn.sample(random), me, legalMoves, random)) : null;
    let done = 0;
    while (done < iterations && (done === 0 || now() < deadline)) {
      const sampled = turn.sample(random);
      iterate(horizon ? game.clone(sampled) : sampled, sampled, me, root, random, policyKey);
      done++;
    }
    let best: Move = legalMoves[0] as Move;
    let bestVisits = -1;
    const rootVisits: Record<string, number> = {};
    for (const [key, move] of rootKeys) {
      const visits = (root.children.get(key)?.visits ?? 0) + (key === policyKey ? policyPrior : 0);
      rootVisits[key] = visits;
      if (visits > bestVisits) {
        best = move;
        bestVisits = visits;
      }
    }
    lastSearch.iterations = done;
    lastSearch.rootVisits = rootVisits;
    return best;
  };

  function iterate(state: State, rootState: State, me: ActorId, root: SearchNode, random: Random, firstKey: string | null): void {
    const path: SearchNode[] = [];
    let node = root;
    let expanded = false;
    let first = true;
    let steps = 0;
    let returns: Readonly<Record<ActorId, number>> | null = null;
    while (steps < maxPlayoutSteps) {
      const actors = toMove(game, state);
      if (actors.length === 0) break;
      if (horizon && steps > 0 && (returns = horizon(rootState, state)) !== null) break;
      if (actors[0] === CHANCE) {
        const spec = openChance(game, state);
        if (spec === null) break;
        playInPlace(game, state, chanceAsMove<Move>(sampledChanceMove(spec, random.split())));
        steps++;
        continue;
      }
      if (expanded) {
        if (playout) {
          const actor = actors.length === 1 ? (actors[0] as ActorId) : random.pick(actors);
          playInPlace(game, state, playout(state, actor, forwardLegalMovesOf(game, state, actor), random) as Move);
        } else {
          playInPlace(game, state, nextRandomMove(game, state, actors, random, true));
        }
        steps++;
        continue;
      }
      // At the root the searching player moves (even when others are waited on too).
      const actor = first && actors.includes(me) ? me : actors.length === 1 ? (actors[0] as ActorId) : random.pick(actors);
      first = false;
      if (policyOpponents && playout && actor !== me) {
        playInPlace(game, state, playout(state, actor, forwardLegalMovesOf(game, state, actor), random) as Move);
        steps++;
        continue;
      }
      const legal = forwardLegalMovesOf(game, state, actor);
      const untried: [string, Move][] = [];
      let chosen: SearchNode | null = null;
      let chosenMove: Move | null = null;
      let bestScore = Number.NEGATIVE_INFINITY;
      const available: [SearchNode, Move][] = [];
      for (const move of legal) {
        const key = JSON.stringify(move);
        const child = node.children.get(key);
        if (child === undefined) untried.push([key, move]);
        else {
          child.available++;
          available.push([child, move]);
        }
      }
      if (untried.length > 0) {
        // The root tries the policy's choice first (when there is one), then the others at random.
        const policyFirst = node === root && firstKey !== null ? untried.find(([key]) => key === firstKey) : undefined;
        const [key, move] = policyFirst ?? (untried[random.below(untried.length)] as [string, Move]);
        chosen = newNode(actor);
        chosen.available = 1;
        node.children.set(key, chosen);
        chosenMove = move;
        expanded = true;
      } else {
        for (const [child, move] of available) {
          const score = child.total / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
          if (score > bestScore) {
            bestScore = score;
            chosen = child;
            chosenMove = move;
          }
        }
      }
      if (chosen === null || chosenMove === null) break;
      playInPlace(game, state, chosenMove);
      steps++;
      path.push(chosen);
      node = chosen;
    }
    returns ??= scoreOf(rootState, state);
    const players = game.players(state);
    for (const n of path) {
      n.visits++;
      if (n.actor !== null) n.total += returns ? (returns[n.actor] ?? 0) : 1 / Math.max(1, players.length);
    }
  }

  return { name: 'search', choose, lastSearch };
}
