// The one bot driver: seats random, heuristic (a game's own bot on its view) and search bots
// alike, logs every move (chance included) and replays; says why a game stopped.
import { describe, expect, it } from 'vitest';
import { ReplayError } from '../../host/engine/log.ts';
import { CHANCE } from '../../host/engine/decisions.ts';
import { toMove } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, replayTable, viewBot } from '../../host/engine/table-play.ts';
import { reactionGame, reactionHeuristicMove, type ReactionMove, type ReactionState, type ReactionView } from './reaction-toy.ts';

const three = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] };
const heuristic = viewBot<ReactionState, ReactionMove, ReactionView>('heuristic', (view, legalMoves, random) =>
  reactionHeuristicMove({ view, legalMoves, random }),
);

describe('the table driver', () => {
  it('plays a seeded game to its end with mixed bots, chance moves in the log, and replays it', () => {
    const seating = { p1: heuristic, p2: randomTableBot<ReactionState, ReactionMove, ReactionView>(), p3: heuristic };
    const played = playTable(reactionGame, three, 21, seating, { maxSteps: 5_000 });
    expect(played.stopped).toBeUndefined();
    expect(played.result.finished).toBe(true);
    expect(toMove(reactionGame, played.state)).toEqual([]);
    expect(playTable(reactionGame, three, 21, seating, { maxSteps: 5_000 })).toEqual(played);
    expect(replayTable(reactionGame, played.log)).toEqual(played.state);
    const games = Array.from({ length: 30 }, (_, i) => playTable(reactionGame, three, i + 1, seating, { maxSteps: 5_000 }));
    expect(games.some((g) => g.log.moves.some((m) => m.actor === CHANCE))).toBe(true);
  });

  it('says why a game stopped: no bot seated, a rejected move, the step limit', () => {
    expect(playTable(reactionGame, three, 1, { p1: heuristic }, { maxSteps: 100 }).stopped).toMatch(/no bot is seated for actor "p\d"/);
    const cheat = { name: 'cheat', choose: () => ({ actor: 'p1', type: 'draw' }) as ReactionMove };
    const stopped = playTable(
      reactionGame,
      { players: three.players, options: { 'miss-a-turn': false } },
      1,
      { p1: heuristic, p2: cheat, p3: cheat },
      { maxSteps: 100 },
    );
    expect(stopped.stopped).toMatch(/^the move \{"actor":"p1","type":"draw"\} was rejected: "p1" is not asked to decide this /);
    expect(playTable(reactionGame, three, 1, { p1: heuristic, p2: heuristic, p3: heuristic }, { maxSteps: 3 }).stopped).toBe(
      'the game did not end within 3 moves',
    );
  });

  it('a log whose move the rules reject does not replay, naming the move', () => {
    const played = playTable(reactionGame, three, 2, { p1: heuristic, p2: heuristic, p3: heuristic }, { maxSteps: 5_000 });
    const broken = { ...played.log, moves: [played.log.moves[0]!, played.log.moves[0]!] };
    expect(() => replayTable(reactionGame, broken)).toThrow(ReplayError);
    expect(() => replayTable(reactionGame, broken)).toThrow(/move 2 of 2 .* was rejected/);
    expect(() => replayTable(reactionGame, { ...played.log, gameId: 'other' })).toThrow(/the log is for game "other", not "ambush"/);
  });
});
