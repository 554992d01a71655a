// Catching up with the timer's STATUS (host/games/rebel-missions/reconcile.ts), the timer's
// events as timer moves (timer-moves.ts), and the table binding's START and CHIME after a
// restarted countdown (timer-binding.ts). Replaces test/companion/reconcile.test.ts.
import { describe, expect, it } from 'vitest';
import type { RebelTableState as RebelMissionsState } from '../../../host/games/rebel-missions/index.ts';
import { game as rebelMissions } from './fixtures.ts';
import { reconcile } from '../../../host/games/rebel-missions/reconcile.ts';
import { rebelTimerBinding } from '../../../host/games/rebel-missions/timer-binding.ts';
import { timerMoveOf } from '../../../host/games/rebel-missions/timer-moves.ts';
import type { RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import type { TimerStatus } from '../../../host/link/protocol-client.ts';

const TWO_PLAYERS = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

const status = (s: Partial<TimerStatus>): TimerStatus => ({ state: 'running', leftMs: 300_000, found: 0, need: 4, entry: '', ...s });
const fresh = (): RebelMissionsState => rebelMissions.setup(TWO_PLAYERS, 3);
function started(): RebelMissionsState {
  const step = rebelMissions.apply(fresh(), { actor: 'timer', type: 'start', leftMs: 720_000 });
  if (!step.ok) throw new Error(step.reason);
  return step.state;
}
function withStage(stage: RebelMissionsState['stage']): RebelMissionsState {
  return {
    ...started(),
    stage,
    codeRequest: stage === 'enter-code' ? { kind: 'enter-code', placard: 'M01', code: '312', symbols: ['diamond', 'circle', 'square'] } : null,
  };
}

describe("reconciling a game with the timer's STATUS", () => {
  it('does nothing before the start while the timer is ready', () => {
    expect(reconcile(fresh(), status({ state: 'ready', leftMs: 0 }))).toEqual({ moves: [], notes: [], countdownLost: false });
  });

  it('starts the game when the timer is already counting down', () => {
    const plan = reconcile(fresh(), status({ leftMs: 500_000 }));
    expect(plan.moves).toEqual([{ actor: 'timer', type: 'start', leftMs: 500_000 }]);
    expect(plan.notes[0]).toMatch(/already counting down \(8:20 left\)/);
  });

  it('takes the time left from a running or paused timer', () => {
    expect(reconcile(started(), status({ leftMs: 400_000 })).moves).toEqual([{ actor: 'timer', type: 'time', leftMs: 400_000 }]);
    const paused = reconcile(started(), status({ state: 'paused', leftMs: 100_000 }));
    expect(paused.moves).toEqual([{ actor: 'timer', type: 'time', leftMs: 100_000 }]);
    expect(paused.notes.join()).toMatch(/paused/);
  });

  it('turns a code found meanwhile into CHIME, a won timer into FANFARE and a lost one into TIMEOUT', () => {
    expect(reconcile(withStage('enter-code'), status({ found: 1 })).moves).toEqual([
      { actor: 'timer', type: 'chime', found: 1 },
      { actor: 'timer', type: 'time', leftMs: 300_000 },
    ]);
    expect(reconcile(withStage('enter-code'), status({ state: 'won', found: 4 })).moves).toEqual([{ actor: 'timer', type: 'fanfare' }]);
    expect(reconcile(withStage('roll'), status({ state: 'lost', leftMs: 0 })).moves).toEqual([{ actor: 'timer', type: 'timeout' }]);
  });

  it('says when the timer and the game are out of step instead of guessing', () => {
    const plan = reconcile(withStage('roll'), status({ state: 'won' }));
    expect(plan.moves).toEqual([]);
    expect(plan.notes[0]).toMatch(/out of step/);
    expect(reconcile(withStage('roll'), status({ found: 2 })).notes[0]).toMatch(/no mission here asked for/);
  });

  it('explains a countdown lost (timer ready or in table mode) and what to do', () => {
    for (const state of ['ready', 'table', 'sleep'] as const) {
      const plan = reconcile(withStage('drawn'), status({ state, leftMs: 0 }));
      expect(plan.countdownLost).toBe(true);
      expect(plan.moves).toEqual([]);
      expect(plan.notes[0]).toMatch(new RegExp(`timer is ${state} although this game had started \\(12:00 were left\\).*switched off.*Press the triangle`));
    }
  });

  it('offers to restart a virtual timer where the game was, without asking whether it was switched off', () => {
    const note = reconcile(withStage('roll'), status({ state: 'ready' }), { assist: true }).notes[0];
    expect(note).toMatch(/Choose "Start the timer" to start it again with the time that was left/);
    expect(note).toMatch(/the built-in timer starts afresh with the companion/);
    expect(note).not.toMatch(/switched off|batteries/);
  });

  it('leaves a finished game alone', () => {
    expect(reconcile(withStage('won'), status({ state: 'ready' })).moves).toEqual([]);
  });
});

describe('timer events as timer moves', () => {
  it("maps the game's events and nothing else", () => {
    expect(timerMoveOf({ name: 'START', leftMs: 720_000 })).toEqual({ actor: 'timer', type: 'start', leftMs: 720_000 });
    expect(timerMoveOf({ name: 'WARN', leftMs: 60_000 })).toEqual({ actor: 'timer', type: 'time', leftMs: 60_000 });
    expect(timerMoveOf({ name: 'CHIME', found: 2 })).toEqual({ actor: 'timer', type: 'chime', found: 2 });
    expect(timerMoveOf({ name: 'BUZZ', reason: 'idle' })).toEqual({ actor: 'timer', type: 'buzz', reason: 'idle' });
    expect(timerMoveOf({ name: 'FANFARE' })).toEqual({ actor: 'timer', type: 'fanfare' });
    expect(timerMoveOf({ name: 'TIMEOUT' })).toEqual({ actor: 'timer', type: 'timeout' });
    for (const event of [{ name: 'KEY', button: 'circle' }, { name: 'PAUSE' }, { name: 'SLEEP' }, { name: 'LOWBAT', mv: 3400 }] as const) {
      expect(timerMoveOf(event)).toBeNull();
    }
  });
});

describe("the table binding's moves for a restarted countdown", () => {
  const moveFor = rebelTimerBinding.kind === 'external' ? rebelTimerBinding.moveFor : () => null;
  const underWay = (): RebelTableState => ({ ...started(), timeLeftMs: 400_000, codesFound: 2, pending: null });
  it('a START while the game is under way carries it on as a TIME, never giving time back', () => {
    expect(moveFor({ name: 'START', leftMs: 420_000 }, underWay(), 2)).toEqual({ actor: 'timer', type: 'time', leftMs: 400_000 });
    expect(moveFor({ name: 'START', leftMs: 300_000 }, underWay(), 2)).toEqual({ actor: 'timer', type: 'time', leftMs: 300_000 });
    expect(moveFor({ name: 'START', leftMs: 720_000 }, { ...fresh(), pending: null }, 0)).toEqual({ actor: 'timer', type: 'start', leftMs: 720_000 });
  });
  it('a CHIME counts on from the codes found before the restart', () => {
    expect(moveFor({ name: 'CHIME', found: 1 }, underWay(), 2)).toEqual({ actor: 'timer', type: 'chime', found: 3 });
  });
});
