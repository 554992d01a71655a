// Random playouts of Secret Invasion's table game (the rules people play), with random and
// tracking bots: every invariant holds after every move (all 17 cards accounted for), every game
// ends with one winner, logs replay to the same state (through a save file too), and the
// tracking bot beats random play. The whole-move driver's lists match what it accepts.
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { decodeSave, encodeSave } from '../../../host/engine/save.ts';
import { fuzzTable } from '../../../host/engine/table-check.ts';
import { playTable, randomTableBot, replayTable, viewBot, type TableBot } from '../../../host/engine/table-play.ts';
import { stateProblems } from '../../../host/games/secret-invasion/invariants.ts';
import type { SecretInvasionMove, SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../../host/games/secret-invasion/model.ts';
import { secretInvasionTable as table } from '../../../host/games/secret-invasion/table-game.ts';
import { trackingStepBot } from '../../../host/games/secret-invasion/tracking-bot.ts';
import { configFor, deck, game } from './fixtures.ts';

type SiBot = TableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>;
const SEATS = ['p1', 'p2', 'p3', 'p4'];
const playersFor = (seed: number): number => 2 + (seed % 3);
const tracking = (): SiBot => viewBot('tracking', trackingStepBot());

/** A bot that fails the test if the bot it wraps returns a move not in its legal list. */
function checked(bot: SiBot): SiBot {
  return {
    name: bot.name,
    choose: (turn) => {
      const move = bot.choose(turn);
      const json = JSON.stringify(move);
      if (!turn.legalMoves.some((m) => JSON.stringify(m) === json)) throw new Error(`the ${bot.name} bot returned ${json}, not a legal move`);
      return move;
    },
  };
}

function mixedSeating(seed: number): Record<string, SiBot> {
  return Object.fromEntries(SEATS.map((id, i) => [id, (seed >> i) % 2 === 0 ? checked(randomTableBot()) : checked(tracking())]));
}

describe('Secret Invasion random playouts', () => {
  it('fuzz: the engine contract and every invariant hold after every move, every game ends and replays', () => {
    const report = fuzzTable(table, {
      games: 120,
      firstSeed: 1,
      config: (seed) => configFor(playersFor(seed)),
      seating: mixedSeating,
      maxSteps: 5_000,
      invariants: (s) => stateProblems(deck, s),
    });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(120);
    expect(Object.keys(report.summaries).sort()).toEqual(['won: 4 victory tokens', 'won: 5 victory tokens', 'won: 7 victory tokens']);
  });

  it('400 seeded games of every table size: 17 cards always accounted for, one winner each, every seat wins some', () => {
    const wins: Record<string, number> = {};
    for (let seed = 5_000; seed < 5_400; seed++) {
      const players = playersFor(seed);
      const played = playTable(table, configFor(players), seed, mixedSeating(seed), { maxSteps: 5_000, check: ({ after }) => stateProblems(deck, after) });
      if (played.stopped !== undefined) throw new Error(`seed ${seed}, move ${played.steps}: ${played.stopped}`);
      const result = played.result;
      if (!result.finished) throw new Error(`seed ${seed} did not finish`);
      expect(result.winners).toHaveLength(1);
      const winner = played.state.seats.find((s) => s.id === result.winners[0]);
      expect(winner?.tokens).toBeGreaterThanOrEqual(deck.rules.tokensToWin[players]!);
      wins[result.winners[0]!] = (wins[result.winners[0]!] ?? 0) + 1;
    }
    // Every seat wins some games: no seat is favoured by a bug in turn order.
    expect(Object.keys(wins).sort()).toEqual(SEATS);
  });

  it('the whole moves listed are exactly the whole moves accepted, among every move a player could try', () => {
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
        const next = game.apply(state, rng.pick(game.legalMoves(state, actor)));
        if (!next.ok) throw new Error(next.reason);
        state = next.state;
        checkedStates++;
      }
    }
    expect(checkedStates).toBeGreaterThan(300);
  });

  it('a game log replays to the same state, its first half too, also through a save file', () => {
    const played = playTable(table, configFor(3), 77, mixedSeating(77), { maxSteps: 5_000 });
    expect(played.stopped).toBeUndefined();
    expect(replayTable(table, played.log)).toEqual(played.state);
    const half = { ...played.log, moves: played.log.moves.slice(0, Math.floor(played.log.moves.length / 2)) };
    let state = table.setup(half.config, half.seed).state;
    for (const move of half.moves) {
      const r = table.apply(state, move);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(replayTable(table, half)).toEqual(state);
    expect(decodeSave(table, encodeSave(table, played.log, '2026-01-01T00:00:00.000Z')).state).toEqual(played.state);
  });

  it('the tracking bot beats the random bot in most two-player games', () => {
    let wins = 0;
    const games = 200;
    for (let seed = 1; seed <= games; seed++) {
      const strongSeat = seed % 2 === 0 ? 'p1' : 'p2';
      const seating: Record<string, SiBot> = { p1: randomTableBot(), p2: randomTableBot(), [strongSeat]: checked(tracking()) };
      const played = playTable(table, configFor(2), seed, seating, { maxSteps: 5_000 });
      if (played.result.finished && played.result.winners.includes(strongSeat)) wins++;
    }
    expect(wins / games).toBeGreaterThan(0.8);
  });

  it('tracking bots fill every seat of every table size and play thousands of moves legally', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const seating = Object.fromEntries(SEATS.map((id) => [id, checked(tracking())]));
      const played = playTable(table, configFor(playersFor(seed)), seed, seating, { maxSteps: 5_000 });
      expect(played.stopped).toBeUndefined();
      expect(played.result.finished).toBe(true);
    }
  });
});
