// Gambit (plan-toy.ts): simultaneous secret plans of k ordered cards of n, with undo and
// commit, unseen bonus cards slid beneath, then alternating reveals; two teams of two.
import { describe, expect, it } from 'vitest';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../host/engine/table-check.ts';
import { eventsSeenBy, toMove } from '../../host/engine/table-game.ts';
import { planCandidates, planGame, type PlanMove, type PlanState } from './plan-toy.ts';

const two = { players: [{ name: 'Dan' }, { name: 'Julie' }] };
const four = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] };

function playAll(state: PlanState, moves: readonly PlanMove[]): { state: PlanState; events: ReturnType<typeof planGame.applyInPlace>[number][] } {
  const events = [];
  for (const move of moves) {
    const applied = planGame.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
    events.push(...applied.events);
  }
  return { state, events };
}

const picks = (actor: string, cards: readonly string[]): PlanMove[] => cards.map((card) => ({ actor, type: 'pick', card }));

describe('Gambit: simultaneous secret plans', () => {
  const opening = planGame.setup(two, 4).state;
  const hand1 = opening.hands[0] as string[];
  const hand2 = opening.hands[1] as string[];

  it('both players plan at once; each step offers at most 11 moves (4 of 10, not 5,040)', () => {
    expect(toMove(planGame, opening)).toEqual(['p1', 'p2']);
    expect(hand1).toHaveLength(10);
    let s = opening;
    const sizes: number[] = [];
    for (const card of hand1.slice(0, 4)) {
      sizes.push(planGame.legalMoves(s, 'p1').length);
      s = playAll(s, [{ actor: 'p1', type: 'pick', card }]).state;
    }
    sizes.push(planGame.legalMoves(s, 'p1').length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(11);
    expect(planGame.legalMoves(s, 'p1')).toEqual([
      { actor: 'p1', type: 'undo' },
      { actor: 'p1', type: 'commit' },
    ]);
  });

  it('undo before the commit; after it the plan is fixed; the other side sees only that it is committed', () => {
    const { state, events } = playAll(opening, [
      ...picks('p1', [hand1[0]!, hand1[1]!]),
      { actor: 'p1', type: 'undo' },
      ...picks('p1', [hand1[5]!, hand1[2]!, hand1[3]!]),
      { actor: 'p1', type: 'commit' },
    ]);
    expect(state.plans[0]?.picked).toEqual([hand1[0], hand1[5], hand1[2], hand1[3]]);
    expect(toMove(planGame, state)).toEqual(['p2']);
    expect(planGame.legalMoves(state, 'p1')).toEqual([]);
    expect(planGame.judge(state, { actor: 'p1', type: 'undo' })).toBe('"p1" has already answered this plan');
    expect(planGame.view(state, 'p2').plans.p1).toEqual({ picked: null, bonus: null, committed: true });
    expect(planGame.view(state, 'p1').plans.p1?.picked).toEqual(state.plans[0]?.picked);
    // Each pick is seen by its player alone; the commit by everyone.
    expect(eventsSeenBy(planGame, events, 'p2')).toEqual([{ type: 'committed', player: 'p1' }]);
  });

  it('once both have committed the piles are turned over alternately, the marker holder first', () => {
    const { state, events } = playAll(opening, [
      ...picks('p2', hand2.slice(0, 4)),
      { actor: 'p2', type: 'commit' },
      ...picks('p1', hand1.slice(0, 4)),
      { actor: 'p1', type: 'commit' },
    ]);
    expect(events.filter((e) => e.type === 'turned-over')).toEqual([{ type: 'turned-over', player: 'p1', card: hand1[0], bonus: false }]);
    expect(toMove(planGame, state)).toEqual(['p1']);
    const order: string[] = [];
    let s = state;
    for (let i = 0; i < 8; i++) {
      const actor = toMove(planGame, s)[0] as string;
      order.push(actor);
      s = playAll(s, [{ actor, type: i % 3 === 0 ? 'guard' : 'strike' }]).state;
    }
    expect(order).toEqual(['p1', 'p2', 'p1', 'p2', 'p1', 'p2', 'p1', 'p2']);
    // Round two: the marker has passed to p2, hands are drawn back up to 10.
    expect(s.round).toBe(2);
    expect(s.marker).toBe(1);
    expect(s.hands.map((h) => h.length)).toEqual([10, 10]);
  });

  it('bonus cards are slid beneath unseen, even by their owner, and turned over after the plan', () => {
    const s0 = planGame.setup(two, 4).state;
    // Give red two bonus cards from its deck, as strikes that beat a guard would.
    const red = s0.sides[0]!;
    const s: PlanState = { ...s0, sides: [{ ...red, bonus: red.deck.slice(0, 2), deck: red.deck.slice(2) }, s0.sides[1]!] };
    const ready = playAll(s, picks('p1', hand1.slice(0, 4))).state;
    expect(planGame.legalMoves(ready, 'p1').map((m) => m.type)).toEqual(['undo', 'slide-bonus', 'commit']);
    const slid = playAll(ready, [{ actor: 'p1', type: 'slide-bonus' }]).state;
    expect(planGame.judge(slid, { actor: 'p1', type: 'undo' })).toBe('take the bonus cards back before undoing a pick');
    expect(planGame.view(slid, 'p1').sides[0]?.bonus).toBe(2);
    expect(JSON.stringify(planGame.view(slid, 'p1'))).not.toContain(red.deck[0]);
    expect(planGame.secretsFrom(slid, 'p1')).toEqual(expect.arrayContaining(red.deck.slice(0, 2)));
    const { state } = playAll(slid, [{ actor: 'p1', type: 'commit' }, ...picks('p2', hand2.slice(0, 4)), { actor: 'p2', type: 'commit' }]);
    expect(state.piles[0]?.map((x) => x.bonus)).toEqual([false, false, false, true]);
    expect(state.sides[0]?.bonus).toEqual([red.deck[1]]);
  });

  it("four players in two teams: teammates see each other's hands and plans; the result names the team", () => {
    const s = planGame.setup(four, 9).state;
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6, 6]);
    expect(Object.keys(planGame.view(s, 'p1').hands)).toEqual(['p1', 'p3']);
    expect(Object.keys(planGame.view(s, 'p2').hands)).toEqual(['p2', 'p4']);
    const moved = playAll(s, picks('p3', [s.hands[2]![0]!])).state;
    expect(planGame.view(moved, 'p1').plans.p3?.picked).toEqual([s.hands[2]![0]]);
    expect(planGame.view(moved, 'p2').plans.p3?.picked).toBeNull();
    const report = fuzzTable(planGame, { games: 20, config: () => four, maxSteps: 5_000 });
    expect(report.failures).toEqual([]);
  });

  it('a finished game gives returns per player and the winning team', () => {
    const played = fuzzTable(planGame, { games: 1, firstSeed: 3, config: () => four, maxSteps: 5_000 });
    expect(played.failures).toEqual([]);
    let s = planGame.setup(four, 3).state;
    while (toMove(planGame, s).length > 0) {
      const actor = toMove(planGame, s)[0] as string;
      const moves = planGame.legalMoves(s, actor);
      s = playAll(s, [moves.find((m) => m.type === 'commit' || m.type === 'strike') ?? (moves[0] as PlanMove)]).state;
    }
    const result = planGame.result(s);
    if (!result.finished) throw new Error('not finished');
    const [red, blue] = s.sides;
    if (red!.points === blue!.points) {
      expect(result.returns).toEqual({ p1: 0.5, p2: 0.5, p3: 0.5, p4: 0.5 });
    } else {
      const winner = red!.points > blue!.points ? 'red' : 'blue';
      expect(result.winningTeams).toEqual([winner]);
      expect(result.winners).toEqual(winner === 'red' ? ['p1', 'p3'] : ['p2', 'p4']);
      expect(result.returns).toEqual(winner === 'red' ? { p1: 1, p2: 0, p3: 1, p4: 0 } : { p1: 0, p2: 1, p3: 0, p4: 1 });
    }
  });
});

describe('Gambit: the generic checks', () => {
  const config = (seed: number) => (seed % 2 ? two : four);

  it('random playouts keep the contract, replay from the log and always end', () => {
    const report = fuzzTable(planGame, { games: 150, config, maxSteps: 5_000 });
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(150);
  });

  it('the legal moves built directly equal the candidates the judge accepts', () => {
    const report = legalMovesMatchJudge(planGame, { games: 40, config, maxSteps: 5_000, candidates: planCandidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(2_000);
  });

  it("nobody learns the other side's plan, hand, deck or any bonus card", () => {
    const report = checkHiddenInformation(planGame, { games: 12, config, maxSteps: 5_000, samples: 2 });
    expect(report.problems).toEqual([]);
    expect(report.checks).toBeGreaterThan(3_000);
  });
});
