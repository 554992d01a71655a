// Skirmish (dice-toy.ts): unit, then target, then the dice (chance as an actor); special faces;
// the 2d6 pilot; table dice; the generic checks for an open game.
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../host/engine/decisions.ts';
import { forEachPlayoutState, fuzzTable, legalMovesMatchJudge } from '../../host/engine/table-check.ts';
import { openChance, playInPlace, toMove } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, replayTable } from '../../host/engine/table-play.ts';
import { diceCandidates, diceGame, GRIDS, type DiceMove, type DiceState } from './dice-toy.ts';

const config = { players: [{ name: 'Naboo' }, { name: 'Federation' }] };
const step = (actor: string, option: string): DiceMove => ({ actor, type: 'step', step: { step: 'choose', option } });
const roll = (...faces: string[]): DiceMove => ({ actor: CHANCE, type: 'chance', outcome: faces });

function playAll(state: DiceState, moves: readonly DiceMove[]) {
  const events = [];
  for (const move of moves) {
    const applied = diceGame.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
    events.push(...applied.events);
  }
  return { state, events };
}

describe('Skirmish: unit, then target, then roll', () => {
  const start = diceGame.setup(config, 1).state;

  it('chooses in small steps with a step back, then hands the dice to chance', () => {
    expect(diceGame.legalMoves(start, 'p1').map((m) => (m.type === 'step' && m.step.step === 'choose' ? m.step.option : 'back'))).toEqual([
      'p1-trooper-1',
      'p1-trooper-2',
      'p1-tank-3',
      'p1-jedi-4',
      'pilot',
    ]);
    const chosen = playAll(start, [step('p1', 'p1-tank-3')]).state;
    expect(diceGame.legalMoves(chosen, 'p1')).toHaveLength(5); // four targets and back
    const back = playAll(chosen, [{ actor: 'p1', type: 'step', step: { step: 'back' } }]).state;
    expect(back.stack[0]?.data).toEqual({ at: 'turn', player: 'p1', path: [] });
    const aimed = playAll(back, [step('p1', 'p1-jedi-4'), step('p1', 'p2-tank-3')]).state;
    expect(toMove(diceGame, aimed)).toEqual([CHANCE]);
    expect(openChance(diceGame, aimed)).toMatchObject({ kind: 'roll', dice: [{ id: 'red' }, { id: 'red' }] });
    expect(diceGame.legalMoves(aimed, 'p1')).toEqual([]);
  });

  it('hits less blocks damage the target; a riposte face hits the attacker back', () => {
    const aimed = playAll(start, [step('p1', 'p1-tank-3'), step('p1', 'p2-jedi-4')]).state;
    const attacked = playAll(aimed, [roll('double-hit', 'hit')]);
    expect(openChance(diceGame, attacked.state)).toMatchObject({ kind: 'roll', dice: [{ id: 'green' }] });
    const { state, events } = playAll(attacked.state, [roll('riposte')]);
    expect(events).toContainEqual({ type: 'damage', unit: 'p2-jedi-4', hits: 3, destroyed: true });
    expect(events).toContainEqual({ type: 'damage', unit: 'p1-tank-3', hits: 1, destroyed: false });
    expect(toMove(diceGame, state)).toEqual(['p2']);
  });

  it('a unit without defence dice takes the hits straight away; a miss does nothing', () => {
    const aimed = playAll(start, [step('p1', 'p1-trooper-1'), step('p1', 'p2-trooper-2')]).state;
    expect(playAll(aimed, [roll('hit')]).events).toContainEqual({ type: 'damage', unit: 'p2-trooper-2', hits: 1, destroyed: true });
    expect(playAll(aimed, [roll('miss')]).events.some((e) => e.type === 'damage')).toBe(false);
  });

  it('the pilot crosses a grid on a 2d6 total it does not block', () => {
    const flying = playAll(start, [step('p1', 'pilot')]).state;
    expect(openChance(diceGame, flying)).toMatchObject({ kind: 'roll', dice: [{ id: 'd6' }, { id: 'd6' }] });
    expect(GRIDS[0]).toContain(3);
    expect(playAll(flying, [roll('1', '2')]).events).toContainEqual({ type: 'pilot', player: 'p1', total: 3, advanced: false, at: 0 });
    expect(playAll(flying, [roll('3', '4')]).events).toContainEqual({ type: 'pilot', player: 'p1', total: 7, advanced: true, at: 1 });
  });

  it('dice entered by hand are checked, and the wrong count or face is refused', () => {
    const flying = playAll(start, [step('p1', 'pilot')]).state;
    expect(diceGame.judge(flying, roll('3'))).toBe('enter one face for each of the 2 dice (six-sided die, six-sided die)');
    expect(diceGame.judge(flying, roll('3', 'seven'))).toMatch(/die 2 \(six-sided die\) has no face "seven"/);
    expect(diceGame.judge(flying, step('p1', 'pilot'))).toBe('the dice are being rolled');
  });
});

describe('Skirmish: table dice and the driver', () => {
  it('"table dice": the table enters every roll; each is a logged move and the log replays', () => {
    let rolls = 0;
    const played = playTable(
      diceGame,
      config,
      5,
      { p1: randomTableBot(), p2: randomTableBot() },
      {
        maxSteps: 5_000,
        chance: (spec, random) => {
          rolls++;
          // A family rolling real dice: any faces, typed in.
          return spec.kind === 'roll' ? spec.dice.map((d) => random.pick(d.faces).id) : 0;
        },
      },
    );
    expect(played.stopped).toBeUndefined();
    expect(played.result.finished).toBe(true);
    expect(played.log.moves.filter((m) => m.actor === CHANCE)).toHaveLength(rolls);
    expect(JSON.stringify(replayTable(diceGame, played.log))).toBe(JSON.stringify(played.state));
  });

  it('table dice that are not faces of the dice stop the game with the reason', () => {
    const played = playTable(diceGame, config, 5, { p1: randomTableBot(), p2: randomTableBot() }, { maxSteps: 100, chance: () => ['six', 'six'] });
    expect(played.stopped).toMatch(/^the table's dice: die 1 \(.*\) has no face "six"; its faces are /);
    expect(played.log.moves.some((m) => m.actor === CHANCE)).toBe(false);
  });
});

describe('Skirmish: the generic checks', () => {
  it('random playouts keep the contract, replay from the log and always end', () => {
    const report = fuzzTable(diceGame, { games: 200, config: () => config, maxSteps: 5_000 });
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(200);
  });

  it('the playout checks take seeds up to 2^32-1 (the playout stream is seeded unsigned)', () => {
    const states = forEachPlayoutState(diceGame, { games: 2, firstSeed: 2 ** 32 - 2, config: () => config, maxSteps: 5 }, () => undefined);
    expect(states).toBeGreaterThan(0);
    expect(fuzzTable(diceGame, { games: 2, firstSeed: 2 ** 31, config: () => config, maxSteps: 5_000 }).failures).toEqual([]);
  });

  it('an advanceInPlace (applyInPlace without events) is held to applyInPlace, and playInPlace plays with it', () => {
    const faithful = { ...diceGame, advanceInPlace: (state: DiceState, move: DiceMove) => void diceGame.applyInPlace(state, move) };
    expect(fuzzTable(faithful, { games: 20, config: () => config, maxSteps: 5_000 }).failures).toEqual([]);
    // One that forgets to change the state on a chance move is named.
    const stray = {
      ...diceGame,
      advanceInPlace: (state: DiceState, move: DiceMove) => void (move.actor === CHANCE ? null : diceGame.applyInPlace(state, move)),
    };
    const report = fuzzTable(stray, { games: 3, config: () => config, maxSteps: 5_000 });
    expect(report.failures.length).toBe(3);
    expect(report.failures[0]?.problem).toMatch(/advanceInPlace and apply disagree on \{"actor":"chance"/);
    const played: DiceMove[] = [];
    const spy = { ...diceGame, advanceInPlace: (_state: DiceState, move: DiceMove) => void played.push(move) };
    const state = diceGame.clone(diceGame.setup(config, 1).state);
    const move = diceGame.legalMoves(state, toMove(diceGame, state)[0] as string)[0] as DiceMove;
    playInPlace(spy, state, move);
    expect(played).toEqual([move]);
  });

  it('the legal moves built directly equal the candidates the judge accepts', () => {
    const report = legalMovesMatchJudge(diceGame, { games: 60, config: () => config, maxSteps: 5_000, candidates: diceCandidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(2_000);
  });
});
