// Generic checks every table game runs in its tests, over random playouts:
// - `fuzzTable`: the engine's contract after every move (plain data, the state given to
//   `apply` unchanged, determinism, `apply`, `applyInPlace` and `advanceInPlace` agreeing, the stack well formed,
//   whose move it is matching the result, returns for every player), every game ending, and
//   the log replaying to the same state;
// - `legalMovesMatchJudge`: the directly built legal move lists equal the candidate moves the
//   legality judge accepts, over thousands of states (the judge as test oracle);
// - `checkHiddenInformation`: for every player, nothing received (view, prompt, legal moves,
//   whose move it is; and in the last move's filtered events, what was secret before and after
//   the move) holds a declared secret, and all of it stays the
//   same when the unknown is dealt differently (`determinize`): so it cannot depend on a hand;
//   and `determinize` itself gives the same sample from states the player cannot tell apart.

import { CHANCE, stackProblems } from './decisions.ts';
import { fuzzSeeds, moversProblem, plainDataProblem, replayProblem, type FuzzFailure } from './fuzz.ts';
import type { ActorId, MoveBase } from './table-game.ts';
import { timedWindowProblems } from './quick.ts';
import { randomFrom, seedRng, type Random } from './rng.ts';
import { eventsSeenBy, forwardMoves, openChance, toMove, type TableGame } from './table-game.ts';
import { nextRandomMove, playTable, randomTableBot, replayTable, type TableBot } from './table-play.ts';

/** A failed game of a table fuzz run: its seed, the step, the problem, and the log to replay it. */
export type TableFailure<Config, Move extends MoveBase> = FuzzFailure<Config, Move>;

export interface TableFuzzReport<Config, Move extends MoveBase> {
  readonly games: number;
  readonly moves: number;
  readonly finished: number;
  readonly summaries: Readonly<Record<string, number>>;
  readonly failures: readonly TableFailure<Config, Move>[];
}

/** The random playouts a check runs: `games` of them from seed `firstSeed` (default 1), each with `config(seed)` and at most `maxSteps` moves. */
export interface PlayoutOptions<Config> {
  readonly games: number;
  readonly firstSeed?: number;
  readonly config: (seed: number) => Config;
  readonly maxSteps: number;
}

/** The contract problems of one state (empty when it holds). */
export function tableStateProblems<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
): string[] {
  const problems: string[] = [];
  const plain = plainDataProblem(state);
  if (plain) problems.push(plain);
  const stack = game.decisions(state);
  problems.push(...stackProblems(stack));
  problems.push(...timedWindowProblems(stack, (actor) => game.legalMoves(state, actor)));
  const movers = toMove(game, state);
  const result = game.result(state);
  const turn = moversProblem(result.finished, movers);
  if (turn) problems.push(turn);
  if (result.finished) {
    for (const p of game.players(state)) {
      if (typeof result.returns[p] !== 'number') problems.push(`the result gives no return for "${p}"`);
    }
  }
  for (const actor of movers) {
    if (actor === CHANCE) {
      if (openChance(game, state) === null) problems.push('chance is waited on but no chance decision is open');
      if (movers.length > 1) problems.push('chance is waited on together with players');
    } else if (game.legalMoves(state, actor).length === 0) {
      problems.push(`"${actor}" is waited on but has no legal move`);
    }
  }
  return problems;
}

export function fuzzTable<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  options: PlayoutOptions<Config> & {
    readonly seating?: (seed: number) => Readonly<Record<ActorId, TableBot<State, Move, View>>>;
    readonly invariants?: (state: State) => readonly string[];
  },
): TableFuzzReport<Config, Move> {
  const check = (state: State): string[] => [...tableStateProblems(game, state), ...(options.invariants?.(state) ?? [])];
  const tally = fuzzSeeds<Config, Move>(options.games, options.firstSeed, (seed) => {
    const config = options.config(seed);
    const opening = game.setup(config, seed);
    const openingProblems = [
      ...check(opening.state),
      ...(plainDataProblem(opening.events, 'opening events') ? [plainDataProblem(opening.events, 'opening events') as string] : []),
    ];
    if (openingProblems.length > 0) return { opening: openingProblems.join('; '), log: { gameId: game.meta.id, config, seed, moves: [] } };
    const seating =
      options.seating?.(seed) ??
      Object.fromEntries([...game.players(opening.state), ...game.meta.externalActors].map((p) => [p, randomTableBot<State, Move, View>()]));
    const played = playTable(game, config, seed, seating, {
      maxSteps: options.maxSteps,
      snapshot: true,
      check: ({ before, beforeJson: snapshot, move, after, events }) => {
        const problems = check(after);
        const beforeJson = JSON.stringify(before);
        if (snapshot !== null && beforeJson !== snapshot) {
          problems.push(`apply changed the state it was given (move ${JSON.stringify(move)})`);
          return problems;
        }
        const eventsProblem = plainDataProblem(events, 'events');
        if (eventsProblem) problems.push(eventsProblem);
        const eventsJson = JSON.stringify(events);
        const again = game.apply(before, move);
        if (JSON.stringify(before) !== beforeJson) problems.push(`apply changed the state it was given (move ${JSON.stringify(move)})`);
        const afterJson = JSON.stringify(after);
        if (!again.ok || JSON.stringify(again.state) !== afterJson || JSON.stringify(again.events) !== eventsJson) {
          problems.push(`applying ${JSON.stringify(move)} twice to the same state gave different results`);
        }
        const owned = game.clone(before);
        const inPlaceEvents = game.applyInPlace(owned, move);
        if (JSON.stringify(owned) !== afterJson || JSON.stringify(inPlaceEvents) !== eventsJson) {
          problems.push(`applyInPlace and apply disagree on ${JSON.stringify(move)}`);
        }
        if (game.advanceInPlace) {
          const advanced = game.clone(before);
          game.advanceInPlace(advanced, move);
          if (JSON.stringify(advanced) !== afterJson) problems.push(`advanceInPlace and apply disagree on ${JSON.stringify(move)}`);
        }
        if (JSON.stringify(before) !== beforeJson) problems.push('clone shared parts with the state it copied');
        const moveJson = JSON.stringify(move);
        const listed = [...game.legalMoves(before, move.actor), ...(game.externalMoves?.(before, move.actor) ?? [])];
        if (move.actor !== CHANCE && !listed.some((m) => JSON.stringify(m) === moveJson)) {
          problems.push(`the move ${JSON.stringify(move)} was accepted but is not in the legal moves`);
        }
        return problems;
      },
    });
    return {
      steps: played.steps,
      log: played.log,
      ...(played.stopped === undefined ? {} : { stopped: played.stopped }),
      summary: played.result.finished ? played.result.summary : null,
      replayProblem: () => replayProblem(() => replayTable(game, played.log), played.state),
    };
  });
  return { games: options.games, ...tally };
}

/**
 * Visits the states of random playouts (`games` of them, from `firstSeed`), calling `visit`
 * on each state reached (the opening included) with the playout's random stream.
 */
export function forEachPlayoutState<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  options: PlayoutOptions<Config>,
  visit: (state: State, random: Random, lastEvents: readonly Event[], before: State | null) => void,
): number {
  let states = 0;
  for (let i = 0; i < options.games; i++) {
    const seed = ((options.firstSeed ?? 1) + i) >>> 0;
    const random = randomFrom(seedRng((seed ^ 0x7f4a_7c15) >>> 0));
    const opening = game.setup(options.config(seed), seed);
    let state = opening.state;
    let events = opening.events;
    let before: State | null = null;
    for (let step = 0; step <= options.maxSteps; step++) {
      visit(state, random, events, before);
      states++;
      const actors = toMove(game, state);
      if (actors.length === 0) break;
      // A mover left without a legal move is the fuzzer's to report; here the playout just stops.
      if (actors[0] !== CHANCE && actors.every((a) => game.legalMoves(state, a).length === 0)) break;
      const movers = actors[0] === CHANCE ? actors : actors.filter((a) => game.legalMoves(state, a).length > 0);
      const applied = game.apply(state, nextRandomMove(game, state, movers, random));
      if (!applied.ok) throw new Error(`a random legal move was rejected: ${applied.reason}`);
      before = state;
      state = applied.state;
      events = applied.events;
    }
  }
  return states;
}

const keyOf = (move: unknown): string => JSON.stringify(move);

/**
 * The judge as oracle: over the states of random playouts, for every player and external actor
 * (waited on or not), the legal moves built directly (with the external moves) equal, as a
 * set, the `candidates` the judge accepts
 * (`candidates` is a generous superset the test writes: every shape of move with every value
 * that could make sense). Also: no move is listed twice. Returns the problems (at most `limit`).
 */
export function legalMovesMatchJudge<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  options: PlayoutOptions<Config> & {
    readonly candidates: (state: State, actor: ActorId) => readonly Move[];
    readonly limit?: number;
  },
): { readonly states: number; readonly compared: number; readonly problems: readonly string[] } {
  const problems: string[] = [];
  let compared = 0;
  const states = forEachPlayoutState(game, options, (state) => {
    if (problems.length >= (options.limit ?? 10)) return;
    for (const actor of [...game.players(state), ...game.meta.externalActors]) {
      const built = [...game.legalMoves(state, actor), ...(game.externalMoves?.(state, actor) ?? [])].map(keyOf);
      const builtSet = new Set(built);
      if (builtSet.size !== built.length) problems.push(`"${actor}" has a legal move listed twice: ${built.join(' ')}`);
      if (game.forwardLegalMoves) {
        const forward = game.forwardLegalMoves(state, actor).map(keyOf).join(' ');
        const expected = forwardMoves(game, game.legalMoves(state, actor)).map(keyOf).join(' ');
        if (forward !== expected) problems.push(`the forward moves built for "${actor}" (${forward}) are not the legal moves without the undoes (${expected})`);
      }
      const judged = new Set(
        options
          .candidates(state, actor)
          .filter((m) => game.judge(state, m) === null)
          .map(keyOf),
      );
      for (const k of builtSet) {
        if (!judged.has(k)) {
          const move = JSON.parse(k) as Move;
          problems.push(
            `listed for "${actor}" but ${judged.size === 0 ? 'no candidate is' : 'not'} accepted by the judge: ${k} (${game.judge(state, move) ?? 'not among the candidates'})`,
          );
        }
      }
      for (const k of judged) if (!builtSet.has(k)) problems.push(`accepted by the judge but not listed for "${actor}": ${k}`);
      compared++;
    }
  });
  return { states, compared, problems: problems.slice(0, options.limit ?? 10) };
}

/** Whether `text` (JSON) holds a secret as a whole JSON string (`quoted`: the secret as JSON). */
function holdsSecret(text: string, quoted: string): boolean {
  return text.includes(quoted);
}

/**
 * The hidden-information check, over the states of random playouts. For every seated player
 * and every state: what the player receives (view, the last move's events as filtered for
 * them, prompt, legal moves, whose move it is) contains none of the game's `secretsFrom` for
 * them; and in `samples` states drawn by `determinize` for them, all of it is the same and the
 * secrets drawn stay secret. Returns the problems (at most `limit`).
 */
export function checkHiddenInformation<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  options: PlayoutOptions<Config> & {
    readonly samples: number;
    readonly limit?: number;
    /**
     * Whether to check a move's events as `actor` receives them (default: all). For a game still
     * on the old shape, whose one move can both show a card and hide it again (a reshuffle
     * inside the move that ends a round), leave those moves out; on the table-game shape the
     * reshuffle is a move of its own.
     */
    readonly checkEvents?: (events: readonly Event[], actor: ActorId) => boolean;
  },
): { readonly states: number; readonly checks: number; readonly problems: readonly string[] } {
  const problems: string[] = [];
  if (!game.hidden) return { states: 0, checks: 0, problems: [`${game.meta.title} declares no hidden information`] };
  const limit = options.limit ?? 10;
  let checks = 0;
  // How often a determinization could have dealt the unknown differently, and how often it did.
  let couldDiffer = 0;
  let differed = 0;
  const received = (state: State, actor: ActorId): Record<string, string> => ({
    view: JSON.stringify(game.view(state, actor)),
    prompt: JSON.stringify(game.prompt(state, actor)),
    'legal moves': JSON.stringify(game.legalMoves(state, actor)),
    'whose move': JSON.stringify(toMove(game, state)),
  });
  const states = forEachPlayoutState(game, options, (state, random, lastEvents, before) => {
    if (problems.length >= limit) return;
    for (const actor of game.players(state)) {
      const secrets = game.secretsFrom(state, actor);
      const quoted = secrets.map((secret) => [secret, JSON.stringify(secret)] as const);
      const seen = received(state, actor);
      for (const [what, text] of Object.entries(seen)) {
        for (const [, json] of quoted) {
          if (holdsSecret(text, json)) problems.push(`"${actor}" receives the secret ${json} in the ${what}: ${text}`);
        }
      }
      // The last move's events may show what the move made public (a card played); a card
      // secret from the actor both before and after the move must not be in them.
      const events = JSON.stringify(eventsSeenBy(game, lastEvents, actor));
      const secretBefore = before === null ? null : new Set(game.secretsFrom(before, actor));
      if (options.checkEvents?.(lastEvents, actor) !== false) {
        for (const [secret, json] of quoted) {
          if ((secretBefore === null || secretBefore.has(secret)) && holdsSecret(events, json)) {
            problems.push(`"${actor}" receives the secret ${json} in the events: ${events}`);
          }
        }
      }
      for (let i = 0; i < options.samples; i++) {
        const other = game.determinize(state, actor, random);
        checks++;
        if (secrets.length >= 2) {
          couldDiffer++;
          const withoutRng = (x: State): string => JSON.stringify(x).replace(JSON.stringify(game.rng(x)), '');
          if (withoutRng(other) !== withoutRng(state)) differed++;
        }
        const plain = plainDataProblem(other, 'the determinized state');
        if (plain) problems.push(plain);
        // The sampler itself may only use what the player knows: from a state they cannot tell
        // apart, the same random stream must give the same sample.
        const fixed = random.split();
        const fromReal = JSON.stringify(game.determinize(state, actor, randomFrom(fixed)));
        if (JSON.stringify(game.determinize(other, actor, randomFrom(fixed))) !== fromReal) {
          problems.push(`"${actor}"'s determinize depends on more than what they know: two states they cannot tell apart give different samples`);
        }
        const again = received(other, actor);
        for (const [what, text] of Object.entries(seen)) {
          if (again[what] !== text) {
            problems.push(`"${actor}"'s ${what} changes when the unknown is dealt differently:\n  ${text}\n  ${again[what]}`);
          }
        }
      }
    }
  });
  if (couldDiffer >= 20 && differed === 0) {
    problems.push(`determinize never dealt the unknown differently in ${couldDiffer} tries: it may be handing bots the real state`);
  }
  return { states, checks, problems: problems.slice(0, limit) };
}
