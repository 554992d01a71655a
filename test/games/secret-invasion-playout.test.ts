// Random playouts over many seeds: the engine contract and every invariant after every move
// (all 17 cards accounted for), every game ends with one winner, logs replay to the same
// state, legalMoves lists exactly the moves apply accepts, and bots only return legal moves.
import { describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot, type Seating } from '../../host/engine/bots.ts';
import { fuzzGame } from '../../host/engine/fuzz.ts';
import { replay } from '../../host/engine/log.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { decodeSave, encodeSave } from '../../host/engine/save.ts';
import { stateProblems } from '../../host/games/secret-invasion/invariants.ts';
import type { SecretInvasionMove, SecretInvasionState, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { configFor, deck, game } from './secret-invasion-fixtures.ts';

type SiBot = Bot<SecretInvasionView, SecretInvasionMove>;
const SEATS = ['p1', 'p2', 'p3', 'p4'];
const playersFor = (seed: number): number => 2 + (seed % 3);

/** A bot that fails the test if the bot it wraps returns a move not in its legal list. */
function checked(name: string, bot: SiBot): SiBot {
  return (view, legal, rng) => {
    const move = bot(view, legal, rng);
    const json = JSON.stringify(move);
    if (!legal.some((m) => JSON.stringify(m) === json)) throw new Error(`the ${name} bot returned ${json}, not a legal move`);
    return move;
  };
}

function mixedSeating(seed: number): Seating<SecretInvasionView, SecretInvasionMove> {
  const seats: Record<string, SiBot> = {};
  SEATS.forEach((id, i) => {
    seats[id] = (seed >> i) % 2 === 0 ? checked('random', randomBot()) : checked('tracking', trackingBot());
  });
  return seats;
}

describe('Secret Invasion random playouts', () => {
  it('fuzz: the engine contract and every invariant hold after every move, every game ends and replays', () => {
    const report = fuzzGame(game, {
      games: 120,
      firstSeed: 1,
      config: (seed) => configFor(playersFor(seed)),
      seating: mixedSeating,
      maxSteps: 3_000,
      invariants: (s) => stateProblems(deck, s),
    });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(120);
    expect(Object.keys(report.outcomes).sort()).toEqual(['won: 4 victory tokens', 'won: 5 victory tokens', 'won: 7 victory tokens']);
  });

  it('600 seeded games of every table size: 17 cards always accounted for, one winner each', () => {
    const wins: Record<string, number> = {};
    for (let seed = 5_000; seed < 5_600; seed++) {
      const players = playersFor(seed);
      const played = playGame(game, configFor(players), seed, mixedSeating(seed), {
        maxSteps: 3_000,
        check: ({ after }) => stateProblems(deck, after),
      });
      if (played.stopped !== undefined) throw new Error(`seed ${seed}, move ${played.steps}: ${played.stopped}`);
      const outcome = played.outcome;
      if (!outcome.finished) throw new Error(`seed ${seed} did not finish`);
      expect(outcome.winners).toHaveLength(1);
      const winner = played.state.seats.find((s) => s.id === outcome.winners[0]);
      expect(winner?.tokens).toBeGreaterThanOrEqual(deck.rules.tokensToWin[players]!);
      wins[outcome.winners[0]!] = (wins[outcome.winners[0]!] ?? 0) + 1;
    }
    // Every seat wins some games: no seat is favoured by a bug in turn order.
    expect(Object.keys(wins).sort()).toEqual(SEATS);
  });

  it('legalMoves lists exactly the moves apply accepts, among every move a player could try', () => {
    const values = [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const targets = [null, 'p1', 'p2', 'p3', 'p4', 'p9'];
    let checkedStates = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const rng = randomFrom(seedRng(seed));
      let state: SecretInvasionState = game.setup(configFor(playersFor(seed)), seed);
      while (game.toMove(state).length > 0) {
        const actor = state.turnPlayer;
        const tries: SecretInvasionMove[] = [{ actor, type: 'stop-guessing' }];
        for (const c of deck.characters)
          for (const t of targets) for (const g of values) tries.push({ actor, type: 'discard', character: c.id, target: t, guess: g });
        for (const t of targets) for (const g of values) if (t !== null && g !== null) tries.push({ actor, type: 'guess-again', target: t, guess: g });
        const legal = new Set(game.legalMoves(state, actor).map((m) => JSON.stringify(m)));
        const accepted = new Set(tries.filter((m) => game.apply(state, m).ok).map((m) => JSON.stringify(m)));
        expect([...accepted].sort()).toEqual([...legal].sort());
        for (const other of SEATS) if (other !== actor) expect(game.legalMoves(state, other)).toEqual([]);
        const moves = game.legalMoves(state, actor);
        const next = game.apply(state, rng.pick(moves));
        if (!next.ok) throw new Error(next.reason);
        state = next.state;
        checkedStates++;
      }
    }
    expect(checkedStates).toBeGreaterThan(300);
  });

  it('a game log replays to the same state, also through a save file', () => {
    const played = playGame(game, configFor(3), 77, mixedSeating(77), { maxSteps: 3_000 });
    expect(played.stopped).toBeUndefined();
    expect(replay(game, played.log)).toEqual(played.state);
    const half = { ...played.log, moves: played.log.moves.slice(0, Math.floor(played.log.moves.length / 2)) };
    let state = game.setup(half.config, half.seed);
    for (const move of half.moves) {
      const r = game.apply(state, move);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(replay(game, half)).toEqual(state);
    const loaded = decodeSave(game, encodeSave(game, played.log, '2026-01-01T00:00:00.000Z'));
    expect(loaded.state).toEqual(played.state);
  });

  it('the tracking bot beats the random bot in most two-player games', () => {
    let wins = 0;
    const games = 200;
    for (let seed = 1; seed <= games; seed++) {
      const strongSeat = seed % 2 === 0 ? 'p1' : 'p2';
      const seating: Record<string, SiBot> = { p1: randomBot(), p2: randomBot() };
      seating[strongSeat] = checked('tracking', trackingBot());
      const played = playGame(game, configFor(2), seed, seating, { maxSteps: 3_000 });
      if (played.outcome.finished && played.outcome.winners.includes(strongSeat)) wins++;
    }
    expect(wins / games).toBeGreaterThan(0.8);
  });

  it('tracking bots fill every seat of every table size and play thousands of moves legally', () => {
    const strong = checked('tracking', trackingBot());
    for (let seed = 1; seed <= 60; seed++) {
      const seating = Object.fromEntries(SEATS.map((id) => [id, strong]));
      const played = playGame(game, configFor(playersFor(seed)), seed, seating, { maxSteps: 3_000 });
      expect(played.stopped).toBeUndefined();
      expect(played.outcome.finished).toBe(true);
    }
  });
});
