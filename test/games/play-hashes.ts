// The hashes same-play.test.ts keeps of seeded play: each says, in one value, everything a game
// showed while it was played, so a change that plays differently (a rule, a view, a prompt, a
// bot's choice) changes the hash.

import { createHash, type Hash } from 'node:crypto';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { eventsSeenBy, playInPlace, toMove, type ActorId, type MoveBase, type TableGame } from '../../host/engine/table-game.ts';
import { nextRandomMove, playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import type { TableEntry } from '../../host/table/entry.ts';
import { playerNames } from '../support/table-sizes.ts';

/** The seeds of a registered game's random play, and how many moves each may last. */
const RANDOM_PLAY_SEEDS = [1, 2];
const RANDOM_PLAY_STEPS = 400;
/** How many moves a bot game or a playout may last: every one ends long before. */
const GAME_STEPS = 20_000;

/**
 * Random play of a registered game at `players` seats, seeds 1 and 2, as its table entry
 * configures it: every seat and external actor a random bot, and hashed, after every move,
 * whose move it is and what each of them receives (events, view, prompt), with the result.
 * A game may stop after 400 moves (the hash says where).
 */
export function randomPlayHash<Config, State, Move extends MoveBase, View, Event>(
  entry: TableEntry<Config, State, Move, View, Event>,
  players: number,
): string {
  const { game } = entry;
  const hash = createHash('sha256');
  const add = (label: string, value: unknown): Hash => hash.update(`${label}:${JSON.stringify(value) ?? 'undefined'}\n`);
  const names = playerNames(players);
  for (const seed of RANDOM_PLAY_SEEDS) {
    const config = entry.configFor(names, {});
    const opening = game.setup(config, seed);
    const watchers = [...game.players(opening.state), ...game.meta.externalActors];
    for (const actor of watchers) add(`opening ${actor}`, eventsSeenBy(game, opening.events, actor));
    const seating: Record<string, TableBot<State, Move, View>> = {};
    for (const actor of watchers) seating[actor] = randomTableBot<State, Move, View>();
    const played = playTable(game, config, seed, seating, {
      maxSteps: RANDOM_PLAY_STEPS,
      check: (step) => {
        add('move', step.move);
        add('to move', toMove(game, step.after));
        for (const actor of watchers) {
          add(`events ${actor}`, eventsSeenBy(game, step.events, actor));
          add(`view ${actor}`, game.view(step.after, actor));
          add(`prompt ${actor}`, game.prompt(step.after, actor));
        }
        add('result', game.result(step.after));
        return [];
      },
    });
    add('end', { steps: played.steps, stopped: played.stopped ?? null, result: played.result });
  }
  return hash.digest('hex');
}

function addTo(hash: Hash, label: string, value: unknown): void {
  hash.update(label);
  hash.update(JSON.stringify(value) ?? 'undefined');
  hash.update('\n');
}

/** A game played to its end by `seating`: every move, its events as each player gets them, every player's view and prompt after it, the result. */
export function botGameHash<C, S, M extends MoveBase, V, E>(
  game: TableGame<C, S, M, V, E>,
  config: C,
  seed: number,
  seating: Readonly<Record<ActorId, TableBot<S, M, V>>>,
): string {
  const hash = createHash('sha256');
  const opening = game.setup(config, seed);
  const players = game.players(opening.state);
  for (const p of players) addTo(hash, `opening ${p}`, eventsSeenBy(game, opening.events, p));
  const played = playTable(game, config, seed, seating, {
    maxSteps: GAME_STEPS,
    check: ({ move, after, events }) => {
      addTo(hash, 'move', move);
      for (const p of players) {
        addTo(hash, `events ${p}`, eventsSeenBy(game, events, p));
        addTo(hash, `view ${p}`, game.view(after, p));
        addTo(hash, `prompt ${p}`, game.prompt(after, p));
      }
      return [];
    },
  });
  if (played.stopped !== undefined) throw new Error(`the bots' game did not end: ${played.stopped}`);
  addTo(hash, 'result', played.result);
  return hash.digest('hex');
}

/** A uniformly random playout in place on a clone, as search and the benchmarks play (the forward moves, chance from the playout's stream): the moves and the result. */
export function playoutHash<C, S, M extends MoveBase, V, E>(game: TableGame<C, S, M, V, E>, config: C, seed: number): string {
  const hash = createHash('sha256');
  const random = randomFrom(seedRng(seed));
  const state = game.clone(game.setup(config, seed).state);
  for (let steps = 0; steps < GAME_STEPS; steps++) {
    const actors = toMove(game, state);
    if (actors.length === 0) break;
    const move = nextRandomMove(game, state, actors, random, true);
    addTo(hash, 'move', move);
    playInPlace(game, state, move);
  }
  addTo(hash, 'result', game.result(state));
  return hash.digest('hex');
}

/** `first` for the first `count` choices with more than one legal move, then `then` (a search bot searching a game's opening only). */
export function firstChoicesBy<S, M, V>(first: TableBot<S, M, V>, count: number, then: TableBot<S, M, V>): TableBot<S, M, V> {
  let left = count;
  return {
    name: `${first.name}, then ${then.name}`,
    choose: (turn) => {
      if (left <= 0 || turn.legalMoves.length < 2) return then.choose(turn);
      left--;
      return first.choose(turn);
    },
  };
}
