// Ambush (reaction-toy.ts): nested windows, first taker, all answered, pass, a reaction at the
// start of another's turn, a secret chance draw; and the generic checks every game runs.
import { describe, expect, it } from 'vitest';
import { tableMayEnter } from '../../host/engine/chance.ts';
import { CHANCE } from '../../host/engine/decisions.ts';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../host/engine/table-check.ts';
import { eventsSeenBy, openChance, toMove, type HiddenTableGame } from '../../host/engine/table-game.ts';
import { dealtState, reactionCandidates, reactionGame, type ReactionEvent, type ReactionMove, type ReactionState, type ReactionView } from './reaction-toy.ts';

type Game = HiddenTableGame<{ players: { name: string }[] }, ReactionState, ReactionMove, ReactionView, ReactionEvent>;

/** Plays moves in order, failing with the judge's reason on a rejected one; returns the state and every event. */
function playAll(state: ReactionState, moves: readonly ReactionMove[]): { state: ReactionState; events: ReactionEvent[] } {
  const events: ReactionEvent[] = [];
  for (const move of moves) {
    const applied = reactionGame.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
    events.push(...applied.events);
  }
  return { state, events };
}

const kinds = (s: ReactionState): string[] => s.stack.map((d) => d.kind);
const config = (seed: number) => ({ players: Array.from({ length: 2 + (seed % 3) }, (_, i) => ({ name: `P${i + 1}` })) });

describe('Ambush: nested windows', () => {
  const start = dealtState(
    [
      ['attack5-1', 'steal-1'],
      ['defend3-1', 'attack3-1', 'steal-2', 'plans-1'],
      ['protect-1', 'defend2-1'],
    ],
    ['defend2-2', 'attack3-3', 'steal-3'],
  );

  it('an Attack opens a Defend window for its target; a Defend opens a Protection window above it, asking everyone else', () => {
    expect(kinds(start)).toEqual(['turn']);
    expect(toMove(reactionGame, start)).toEqual(['p1']);
    const attacked = playAll(start, [{ actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p2' }]).state;
    expect(kinds(attacked)).toEqual(['turn', 'defend']);
    expect(toMove(reactionGame, attacked)).toEqual(['p2']);
    expect(reactionGame.legalMoves(attacked, 'p2')).toEqual([
      { actor: 'p2', type: 'defend', card: 'defend3-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const defended = playAll(attacked, [{ actor: 'p2', type: 'defend', card: 'defend3-1' }]).state;
    expect(kinds(defended)).toEqual(['turn', 'protect']);
    // p1 holds no Protection, yet is asked like p3 who does: whose move never tells a hand.
    expect(toMove(reactionGame, defended)).toEqual(['p3', 'p1']);
    expect(reactionGame.legalMoves(defended, 'p1')).toEqual([{ actor: 'p1', type: 'pass' }]);
    expect(reactionGame.prompt(defended, 'p1')).toBe(reactionGame.prompt(defended, 'p3'));
  });

  it('first taker: a Protection cancels the Defend; the inner window resolves first, then the attack', () => {
    const { state, events } = playAll(start, [
      { actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p2' },
      { actor: 'p2', type: 'defend', card: 'defend3-1' },
      { actor: 'p1', type: 'pass' },
      { actor: 'p3', type: 'protect', card: 'protect-1' },
    ]);
    expect(events).toContainEqual({ type: 'defence-cancelled', defend: 'defend3-1', by: 'p3' });
    expect(events).toContainEqual({ type: 'attack-resolved', attack: 5, defence: 0, loser: 'p2', cards: 5 });
    // Five to lose, two that can go: both are discarded and the Plans are kept back, for all to see.
    expect(state.hands[1]).toEqual(['plans-1']);
    expect(events).toContainEqual({ type: 'kept-back', player: 'p2', count: 1 });
    expect(reactionGame.view(state, 'p3').players[1]?.known).toEqual(['plans-1']);
    expect(kinds(state)).toEqual(['turn']);
    expect(toMove(reactionGame, state)).toEqual(['p2']);
  });

  it('all pass: the Defend stands; the difference is discarded one card at a time, the loser choosing', () => {
    const bigger = dealtState(
      [['attack5-1'], ['defend2-1', 'attack3-1', 'steal-2', 'burn-1', 'defend2-2', 'plans-1'], ['protect-1']],
      ['defend2-3', 'attack3-3'],
    );
    const defended = playAll(bigger, [
      { actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p2' },
      { actor: 'p2', type: 'defend', card: 'defend2-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(kinds(defended.state)).toEqual(['turn', 'protect']);
    const resolved = playAll(defended.state, [{ actor: 'p1', type: 'pass' }]);
    expect(resolved.events).toContainEqual({ type: 'attack-resolved', attack: 5, defence: 2, loser: 'p2', cards: 3 });
    expect(kinds(resolved.state)).toEqual(['turn', 'discard']);
    expect(reactionGame.legalMoves(resolved.state, 'p2').map((m) => (m.type === 'discard' ? m.card : m.type))).toEqual([
      'attack3-1',
      'steal-2',
      'burn-1',
      'defend2-2',
    ]);
    expect(reactionGame.judge(resolved.state, { actor: 'p2', type: 'discard', card: 'plans-1' })).toBe('the Plans can never be discarded');
    const one = playAll(resolved.state, [{ actor: 'p2', type: 'discard', card: 'burn-1' }]).state;
    expect(kinds(one)).toEqual(['turn', 'discard']);
    const done = playAll(one, [
      { actor: 'p2', type: 'discard', card: 'steal-2' },
      { actor: 'p2', type: 'discard', card: 'attack3-1' },
    ]).state;
    expect(done.hands[1]).toEqual(['defend2-2', 'plans-1']);
    expect(done.discard).toEqual(['attack5-1', 'defend2-1', 'burn-1', 'steal-2', 'attack3-1']);
    expect(toMove(reactionGame, done)).toEqual(['p2']);
  });

  it('a higher defence makes the attacker discard; a tie costs nobody anything', () => {
    const tie = dealtState(
      [
        ['attack3-1', 'steal-1'],
        ['defend3-1', 'steal-2'],
      ],
      ['defend2-2', 'attack3-3'],
    );
    const { events, state } = playAll(tie, [
      { actor: 'p1', type: 'attack', card: 'attack3-1', target: 'p2' },
      { actor: 'p2', type: 'defend', card: 'defend3-1' },
    ]);
    expect(events).toContainEqual({ type: 'attack-resolved', attack: 3, defence: 3, loser: null, cards: 0 });
    expect(toMove(reactionGame, state)).toEqual(['p2']);
  });

  it('pass on a Defend window: the attack goes through', () => {
    const s = dealtState([['attack3-1'], ['defend2-1', 'steal-2', 'burn-1', 'attack5-1', 'plans-1']], ['defend2-2', 'attack3-3']);
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'attack3-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(events).toContainEqual({ type: 'passed', player: 'p2', window: 'defend' });
    expect(events).toContainEqual({ type: 'attack-resolved', attack: 3, defence: 0, loser: 'p2', cards: 3 });
    expect(kinds(state)).toEqual(['turn', 'discard']);
  });

  it('refuses moves out of place, with reasons', () => {
    const attacked = playAll(start, [{ actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p2' }]).state;
    expect(reactionGame.judge(attacked, { actor: 'p3', type: 'defend', card: 'defend2-1' })).toBe('"p3" is not asked to decide this defend');
    expect(reactionGame.judge(attacked, { actor: 'p2', type: 'defend', card: 'defend2-1' })).toBe('you do not hold defend2-1');
    expect(reactionGame.judge(start, { actor: 'p1', type: 'pass' })).toBe('"p1" may not pass on this turn');
    expect(reactionGame.judge(start, { actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p1' })).toMatch(/choose another player/);
    const refused = reactionGame.apply(attacked, { actor: 'p1', type: 'draw' });
    expect(refused).toEqual({ ok: false, reason: '"p1" is not asked to decide this defend' });
  });
});

describe('Ambush: Miss a Turn, Burn, Steal', () => {
  it('Miss a Turn: at the start of each turn every other player is asked; the first taker cancels the turn', () => {
    const s = dealtState([['steal-1'], ['missturn-1', 'steal-2'], ['missturn-2', 'steal-3']], ['defend2-2', 'attack3-3']);
    expect(kinds(s)).toEqual(['turn', 'miss-turn']);
    expect(toMove(reactionGame, s)).toEqual(['p2', 'p3']);
    const { state, events } = playAll(s, [{ actor: 'p3', type: 'miss-turn', card: 'missturn-2' }]);
    expect(events).toContainEqual({ type: 'turn-missed', player: 'p1', by: 'p3' });
    // p2's turn starts with its own window: p3 and p1 are asked, though only p2 holds a Miss a Turn now.
    expect(events).toContainEqual({ type: 'turn-started', player: 'p2', turn: 2 });
    expect(kinds(state)).toEqual(['turn', 'miss-turn']);
    expect(toMove(reactionGame, state)).toEqual(['p3', 'p1']);
    const passed = playAll(state, [
      { actor: 'p1', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    expect(kinds(passed)).toEqual(['turn']);
    expect(toMove(reactionGame, passed)).toEqual(['p2']);
  });

  it('Burn: every other player with cards answers once (all answered), in any order', () => {
    const s = dealtState([['burn-1', 'steal-1'], ['plans-1'], ['attack3-1', 'steal-3'], []], ['defend2-2', 'attack3-3']);
    const burnt = playAll(s, [{ actor: 'p1', type: 'burn', card: 'burn-1' }]).state;
    expect(toMove(reactionGame, burnt)).toEqual(['p2', 'p3']);
    const afterP3 = playAll(burnt, [{ actor: 'p3', type: 'discard', card: 'steal-3' }]).state;
    expect(toMove(reactionGame, afterP3)).toEqual(['p2']);
    expect(reactionGame.legalMoves(afterP3, 'p2')).toEqual([{ actor: 'p2', type: 'nothing-to-discard' }]);
    const { state, events } = playAll(afterP3, [{ actor: 'p2', type: 'nothing-to-discard' }]);
    expect(events).toContainEqual({ type: 'kept-back', player: 'p2', count: 1 });
    expect(toMove(reactionGame, state)).toEqual(['p2']);
  });

  it('Steal: a secret chance draw the engine samples; only thief and victim see the card', () => {
    const s = dealtState([['steal-1'], ['attack3-1', 'plans-1', 'defend2-1'], ['steal-3']], ['defend2-2', 'attack3-3']);
    const played = playAll(s, [{ actor: 'p1', type: 'steal', card: 'steal-1', target: 'p2' }]).state;
    expect(toMove(reactionGame, played)).toEqual([CHANCE]);
    const spec = openChance(reactionGame, played);
    expect(spec).toEqual({ kind: 'index', size: 3, secret: true });
    expect(tableMayEnter(spec!)).toBe(false);
    const applied = reactionGame.apply(played, { actor: CHANCE, type: 'chance', outcome: 1 });
    if (!applied.ok) throw new Error(applied.reason);
    expect(applied.state.hands[0]).toEqual(['plans-1']);
    const stolen = applied.events.find((e) => e.type === 'stolen');
    expect(stolen).toEqual({ type: 'stolen', thief: 'p1', victim: 'p2', card: 'plans-1' });
    expect(eventsSeenBy(reactionGame, [stolen!], 'p2')).toEqual([stolen]);
    expect(eventsSeenBy(reactionGame, [stolen!], 'p3')).toEqual([{ ...stolen, card: null }]);
    expect(reactionGame.view(applied.state, 'p2').players[0]?.known).toEqual(['plans-1']);
    expect(reactionGame.view(applied.state, 'p3').players[0]?.known).toEqual([]);
    expect(reactionGame.judge(played, { actor: CHANCE, type: 'chance', outcome: 3 })).toMatch(/from 0 to 2/);
  });
});

describe('Ambush: the generic checks', () => {
  it('random playouts keep the contract, replay from the log and always end', () => {
    const report = fuzzTable(reactionGame, { games: 300, config, maxSteps: 3_000 });
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(300);
  });

  it('the legal moves built directly equal the candidates the judge accepts, over thousands of states', () => {
    const report = legalMovesMatchJudge(reactionGame, { games: 100, config, maxSteps: 3_000, candidates: reactionCandidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(2_000);
  });

  it('no view, event, prompt, legal move list or whose-move ever tells a player a card they may not know', () => {
    const report = checkHiddenInformation(reactionGame, { games: 40, config, maxSteps: 3_000, samples: 3 });
    expect(report.problems).toEqual([]);
    expect(report.checks).toBeGreaterThan(3_000);
  });

  it('the checker catches a window that asks only the players holding a reaction card', () => {
    const leaky: Game = {
      ...reactionGame,
      decisions: (s) =>
        s.stack.map((d) =>
          d.kind === 'miss-turn' ? { ...d, asked: d.asked.filter((p) => (s.hands[s.players.indexOf(p)] ?? []).some((c) => c.startsWith('missturn'))) } : d,
        ),
    };
    const report = checkHiddenInformation(leaky, { games: 20, config, maxSteps: 3_000, samples: 3 });
    expect(report.problems.some((p) => /whose move changes when the unknown is dealt differently/.test(p))).toBe(true);
  });

  it('the checker catches an event that shows a drawn card to everyone', () => {
    const leaky: Game = { ...reactionGame, eventFor: (e) => e };
    const report = checkHiddenInformation(leaky, { games: 5, config, maxSteps: 3_000, samples: 1 });
    expect(report.problems.some((p) => /receives the secret ".*" in the events/.test(p))).toBe(true);
  });

  it('the checker catches a determinize that hands back the real state', () => {
    const peeking: Game = { ...reactionGame, determinize: (s) => reactionGame.clone(s) };
    const report = checkHiddenInformation(peeking, { games: 3, config, maxSteps: 3_000, samples: 1 });
    expect(report.problems).toContainEqual(expect.stringMatching(/determinize never dealt the unknown differently/));
  });

  it('the oracle catches a legal move list that forgets a move', () => {
    const forgetful: Game = { ...reactionGame, legalMoves: (s, a) => reactionGame.legalMoves(s, a).filter((m) => m.type !== 'pass') };
    const report = legalMovesMatchJudge(forgetful, { games: 5, config, maxSteps: 3_000, candidates: reactionCandidates });
    expect(report.problems[0]).toMatch(/accepted by the judge but not listed for "p\d": .*"pass"/);
  });

  it('the fuzzer catches an apply that changes the state it is given', () => {
    const careless: Game = {
      ...reactionGame,
      apply: (s, m) => {
        const r = reactionGame.apply(s, m);
        s.turn = -1;
        return r;
      },
    };
    const report = fuzzTable(careless, { games: 1, config, maxSteps: 100 });
    expect(report.failures[0]?.problem).toMatch(/apply changed the state it was given/);
  });

  it('a secret chance outcome depends only on the carried generator: the same seed plays the same game', () => {
    const a = fuzzTable(reactionGame, { games: 3, firstSeed: 77, config, maxSteps: 3_000 });
    const b = fuzzTable(reactionGame, { games: 3, firstSeed: 77, config, maxSteps: 3_000 });
    expect(a).toEqual(b);
  });
});
