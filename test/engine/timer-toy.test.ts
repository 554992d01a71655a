// Countdown (timer-toy.ts): an external actor (the timer) that a decision may ask (START) and
// that may also move at any moment (TIME, TIMEOUT); a cooperative result; a die as chance.
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../host/engine/decisions.ts';
import { fuzzTable, legalMovesMatchJudge } from '../../host/engine/table-check.ts';
import { toMove } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, replayTable } from '../../host/engine/table-play.ts';
import { TIMER, timerCandidates, timerGame, type TimerMove, type TimerState } from './timer-toy.ts';

const config = (seed: number) => ({ players: Array.from({ length: 1 + (seed % 4) }, (_, i) => ({ name: `P${i + 1}` })) });

function playAll(state: TimerState, moves: readonly TimerMove[]): TimerState {
  for (const move of moves) {
    const applied = timerGame.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
  }
  return state;
}

describe('Countdown: the timer as an external actor', () => {
  const opening = timerGame.setup({ players: [{ name: 'A' }, { name: 'B' }] }, 1).state;

  it('START is a decision that asks the timer alone; TIME cannot come before it', () => {
    expect(toMove(timerGame, opening)).toEqual([TIMER]);
    expect(timerGame.legalMoves(opening, 'p1')).toEqual([]);
    expect(timerGame.externalMoves?.(opening, TIMER)).toEqual([]);
    expect(timerGame.judge(opening, { actor: TIMER, type: 'time', leftMs: 5 })).toBe('the timer has not started');
  });

  it('after START, TIME may come at any moment without changing whose move it is', () => {
    const started = playAll(opening, [{ actor: TIMER, type: 'start', leftMs: 900_000 }]);
    expect(toMove(timerGame, started)).toEqual(['p1']);
    const rolling = playAll(started, [{ actor: 'p1', type: 'roll' }]);
    expect(toMove(timerGame, rolling)).toEqual([CHANCE]);
    const ticked = playAll(rolling, [{ actor: TIMER, type: 'time', leftMs: 840_000 }]);
    expect(toMove(timerGame, ticked)).toEqual([CHANCE]);
    expect(ticked.leftMs).toBe(840_000);
    expect(timerGame.judge(ticked, { actor: 'p1', type: 'time', leftMs: 1 })).toBe('only the timer reports the time');
  });

  it('TIMEOUT loses the game for everyone; banking the target wins it for everyone', () => {
    const started = playAll(opening, [{ actor: TIMER, type: 'start', leftMs: 900_000 }]);
    const lost = playAll(started, [{ actor: TIMER, type: 'timeout' }]);
    expect(timerGame.result(lost)).toEqual({ finished: true, returns: { p1: 0, p2: 0 }, winners: [], winningTeams: [], summary: 'lost: time ran out' });
    const nearly = { ...started, bank: 28 };
    const won = playAll(nearly, [
      { actor: 'p1', type: 'roll' },
      { actor: CHANCE, type: 'chance', outcome: ['4'] },
      { actor: 'p1', type: 'hold' },
    ]);
    expect(timerGame.result(won)).toMatchObject({ finished: true, returns: { p1: 1, p2: 1 }, winners: ['p1', 'p2'], summary: 'won: 32 points banked' });
  });

  it('the driver lets the timer send TIME unasked; every game ends and replays', () => {
    const played = playTable(
      timerGame,
      config(2),
      3,
      { p1: randomTableBot(), p2: randomTableBot(), p3: randomTableBot(), [TIMER]: randomTableBot() },
      { maxSteps: 10_000 },
    );
    expect(played.stopped).toBeUndefined();
    expect(played.log.moves.filter((m) => m.type === 'time').length).toBeGreaterThan(0);
    expect(replayTable(timerGame, played.log)).toEqual(played.state);
    const report = fuzzTable(timerGame, { games: 200, config, maxSteps: 10_000 });
    expect(report.failures).toEqual([]);
    expect(Object.keys(report.summaries).some((s) => s.startsWith('won'))).toBe(true);
    expect(report.summaries['lost: time ran out']).toBeGreaterThan(0);
  });

  it('the legal and external moves built directly equal the candidates the judge accepts', () => {
    const report = legalMovesMatchJudge(timerGame, {
      games: 60,
      config,
      maxSteps: 10_000,
      candidates: (s, actor) => [...timerCandidates(s, actor), ...(timerGame.externalMoves?.(s, actor) ?? [])],
    });
    expect(report.problems).toEqual([]);
  });
});
