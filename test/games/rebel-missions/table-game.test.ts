// Rebel Missions on the table-game shape (host/games/rebel-missions/table-game.ts, play.ts): the
// engine's contract over random playouts with the timer as an external actor (its TIME and
// TIMEOUT sent unasked, START and the code answers asked on the stack), the built legal moves
// against the judge, the decision stack by stage, the dice and shuffles as chance decisions
// (sampled with the data's odds, or the table's own dice), copy-on-write `apply`, and results
// per player.
import { describe, expect, it } from 'vitest';
import { listOutcomes, sampledChanceMove, type ChanceSpec } from '../../../host/engine/chance.ts';
import type { Random } from '../../../host/engine/rng.ts';
import { fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { openChance, toMove } from '../../../host/engine/table-game.ts';
import { playTable, type TableBot } from '../../../host/engine/table-play.ts';
import { rebelDie } from '../../../host/games/rebel-missions/dice.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import { candidateMoves } from './candidates.ts';
import type { RebelMissionsView, RebelTableMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsTable as game, tableBot, TIME_STEP_MS } from '../../../host/games/rebel-missions/table-game.ts';
import { STANDARD_COMPONENTS } from '../../../host/games/rebel-missions/load.ts';
import { catalog, configFor, setUpDone } from './fixtures.ts';

type RmBot = TableBot<RebelTableState, RebelTableMove, RebelMissionsView>;
const config = (seed: number) => configFor(1 + (seed % 5));
/** Every invariant of the older state; while a placard shuffle is pending the turn's stage rules wait for it. */
const invariants = (s: RebelTableState): string[] =>
  stateProblems(catalog, s).filter((p) => s.pending?.kind !== 'placard-shuffle' || !/All Play window|complete but/.test(p));
/**
 * A timer that only sends what is listed (the fuzzer checks every move against the lists): the
 * clock run down by TIME until it reaches 0, then TIMEOUT; START and the code answers at random.
 */
const timer: RmBot = {
  name: 'timer',
  choose: ({ legalMoves, random }) => {
    const time = legalMoves.find((m) => m.type === 'time');
    if (time !== undefined) return time.type === 'time' && time.leftMs > 0 ? time : (legalMoves.find((m) => m.type === 'timeout') as RebelTableMove);
    return random.pick(legalMoves);
  },
};

function seating(seed: number): Record<string, RmBot> {
  const seats: Record<string, RmBot> = { timer };
  for (let i = 1; i <= 5; i++) seats[`p${i}`] = tableBot('cooperative', rebelBot());
  return seed % 2 === 0 ? seats : { ...seats, p1: { name: 'random', choose: (turn) => turn.random.pick(turn.legalMoves) } };
}

function must(state: RebelTableState, move: RebelTableMove): { state: RebelTableState; events: readonly unknown[] } {
  const applied = game.apply(state, move);
  if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
  return applied;
}

const started = (players = 3, seed = 7): RebelTableState =>
  must(setUpDone(game, game.setup(configFor(players), seed).state), { actor: 'timer', type: 'start', leftMs: 600_000 }).state;

describe('Rebel Missions as a table game', () => {
  it('keeps the engine contract over random playouts, every invariant holding, every game ending', () => {
    const report = fuzzTable(game, { games: 60, config, seating, maxSteps: 3_000, invariants });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(60);
    expect(Object.keys(report.summaries).length).toBeGreaterThan(0);
  });

  it("the built legal move lists (with the timer's external moves) equal the candidates the judge accepts", () => {
    // Any TIME reading is accepted; the candidates carry the one the lists show (the clock run down a step).
    // Tokens of one kind are listed once: the first held of each kind.
    const firstOfKind = (s: RebelTableState, m: RebelTableMove): boolean => {
      if (m.type !== 'play-token') return true;
      const hand = s.seats.find((x) => x.id === m.actor)?.hand ?? [];
      return hand.find((t) => catalog.token(t).kind === catalog.token(m.token).kind) === m.token;
    };
    const candidates = (s: RebelTableState, actor: string): RebelTableMove[] =>
      candidateMoves(catalog, s, actor)
        .filter((m) => firstOfKind(s, m))
        .map((m) => (m.type === 'time' ? { ...m, leftMs: Math.max(0, (s.timeLeftMs ?? 0) - TIME_STEP_MS) } : m));
    const report = legalMovesMatchJudge(game, { games: 40, config, maxSteps: 3_000, candidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(2_000);
  });

  it('the stack: the set-up shuffles, START asked of the timer, then a turn; a roll is a chance decision above it; Play and All Play are windows closed by finish', () => {
    const setUp = game.setup(configFor(3), 7).state;
    expect(game.decisions(setUp).map((d) => [d.kind, d.asked])).toEqual([
      ['awaiting-start', ['timer']],
      ['set-up-tokens', ['chance']],
    ]);
    const state = setUpDone(game, setUp);
    expect(game.decisions(state).map((d) => [d.kind, d.asked])).toEqual([['awaiting-start', ['timer']]]);
    expect(game.externalMoves?.(state, 'timer')).toEqual([]);
    const s = started();
    expect(game.decisions(s).map((d) => [d.kind, d.asked])).toEqual([['turn', ['p1']]]);
    expect(toMove(game, s)).toEqual(['p1']);
    expect(game.externalMoves?.(s, 'timer').map((m) => m.type)).toEqual(['time', 'timeout']);
    const rolling = must(s, { actor: 'p1', type: 'roll' }).state;
    expect(game.decisions(rolling).map((d) => [d.kind, d.asked])).toEqual([
      ['turn', ['p1']],
      ['roll', ['chance']],
    ]);
    expect(game.legalMoves(rolling, 'p1')).toEqual([]);
    expect(game.judge(rolling, { actor: 'p1', type: 'choose', die: 0 })).toBe('waiting for the dice to be rolled');
    const allPlay: RebelTableState = { ...s, stage: 'all-play', allPlayWaiting: ['p1', 'p3'] };
    expect(game.decisions(allPlay).map((d) => [d.kind, d.asked, d.close, d.answered])).toEqual([
      ['turn', ['p1'], 'first-taker', []],
      ['all-play', ['p1', 'p2', 'p3'], 'all-committed', ['p2']],
    ]);
    expect(toMove(game, allPlay)).toEqual(['p1', 'p3']);
    expect(game.legalMoves(allPlay, 'p2')).toEqual([]);
    expect(game.legalMoves(allPlay, 'p3').at(-1)).toEqual({ actor: 'p3', type: 'finish' });
  });

  it('the dice are data: sampled faces come up with the odds the dice file declares', () => {
    const die = rebelDie(STANDARD_COMPONENTS);
    expect(die.faces.map((f) => [f.id, f.count])).toEqual([
      ['single-token', 2],
      ['double-token', 1],
      ['play', 1],
      ['all-play', 1],
      ['empire', 1],
    ]);
    let s = must(started(), { actor: 'p1', type: 'roll' }).state;
    const spec = openChance(game, s);
    if (spec === null) throw new Error('no roll open');
    const odds = listOutcomes(spec);
    expect(odds?.find((o) => JSON.stringify(o.outcome) === '["empire","empire"]')?.odds).toEqual({ numerator: 1, denominator: 36 });
    const counts = new Map<string, number>();
    const n = 12_000;
    for (let i = 0; i < n; i++) {
      const move = sampledChanceMove(spec, s.rng);
      for (const face of move.outcome as string[]) counts.set(face, (counts.get(face) ?? 0) + 1);
      s = { ...s, rng: must(s, move).state.rng }; // the generator moves on exactly as a played roll moves it
    }
    for (const face of die.faces) {
      const expected = (2 * n * face.count) / 6;
      const sd = Math.sqrt(2 * n * (face.count / 6) * (1 - face.count / 6));
      expect(Math.abs((counts.get(face.id) ?? 0) - expected)).toBeLessThan(4 * sd);
    }
  });

  it('a game with the table dice entered by hand plays to the end; a wrong face is refused with a reason and changes nothing', () => {
    const seats = seating(2);
    let rolledByHand = 0;
    const tableDice = (spec: ChanceSpec, random: Random): string[] => {
      if (spec.kind !== 'roll') throw new Error('only dice are entered by the table');
      rolledByHand++;
      const faces = ['single-token', 'double-token', 'play', 'all-play', 'empire', 'single-token'];
      return spec.dice.map(() => faces[random.below(faces.length)] as string);
    };
    const played = playTable(game, configFor(3), 11, seats, { maxSteps: 5_000, chance: tableDice });
    expect(played.stopped).toBeUndefined();
    expect(played.result.finished).toBe(true);
    expect(rolledByHand).toBeGreaterThan(3);
    expect(played.log.moves.filter((m) => m.type === 'chance' && Array.isArray(m.outcome) && m.outcome.length === 2).length).toBe(rolledByHand);

    const rolling = must(started(), { actor: 'p1', type: 'roll' }).state;
    const before = JSON.stringify(rolling);
    const wrong = game.apply(rolling, { actor: 'chance', type: 'chance', outcome: ['play', 'lightsaber'] });
    expect(wrong).toEqual({
      ok: false,
      reason: 'die 2 (Rebel die) has no face "lightsaber"; its faces are single-token, double-token, play, all-play, empire',
    });
    expect(game.apply(rolling, { actor: 'chance', type: 'chance', outcome: ['play'] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('one face for each of the 2 dice'),
    });
    expect(JSON.stringify(rolling)).toBe(before);
    const right = must(rolling, { actor: 'chance', type: 'chance', outcome: ['play', 'all-play'] });
    expect(right.events).toEqual([{ type: 'dice-rolled', player: 'p1', faces: ['play', 'all-play'] }]);
    expect(right.state.stage).toBe('choose');
    expect(right.state.dice).toEqual(['play', 'all-play']);
    const empire = must(rolling, { actor: 'chance', type: 'chance', outcome: ['empire', 'empire'] });
    expect(empire.state.turnPlayer).toBe('p2');
  });

  it('an empty token pile is a shuffle of the discards, drawn by the engine, and the draw goes on after it', () => {
    const s = started();
    const emptyPile: RebelTableState = { ...s, tokenPile: [], tokenDiscard: s.tokenPile, stage: 'choose', dice: ['double-token', 'play'] };
    const chosen = must(emptyPile, { actor: 'p1', type: 'choose', die: 0 }).state;
    expect(game.decisions(chosen).at(-1)).toMatchObject({ kind: 'token-shuffle', chance: { kind: 'shuffle', size: 44 } });
    const spec = openChance(game, chosen);
    if (spec === null) throw new Error('no shuffle open');
    const shuffled = must(chosen, sampledChanceMove(spec, chosen.rng));
    expect(shuffled.events.map((e) => (e as { type: string }).type)).toEqual(['token-pile-reshuffled', 'tokens-drawn']);
    expect(shuffled.state.seats[0]?.hand).toHaveLength(2);
    expect(shuffled.state.tokenPile).toHaveLength(42);
    expect(stateProblems(catalog, shuffled.state)).toEqual([]);
  });

  it('a placard resolved with the placard pile empty is a shuffle of the discards and itself; then the next one turns over and the dice pass', () => {
    const s = started();
    const coded = catalog.components.placards.find((p) => !p.inquisitor && p.code !== null);
    if (!coded?.code) throw new Error('no coded placard');
    const others = [s.placard, ...s.placardPile].filter((id) => id !== coded.id);
    const asking: RebelTableState = {
      ...s,
      placard: coded.id,
      placardPile: [],
      placardDiscard: others,
      stage: 'enter-code',
      codeRequest: { kind: 'enter-code', placard: coded.id, code: coded.code, symbols: [...coded.codeSymbols] },
    };
    const chimed = must(asking, { actor: 'timer', type: 'chime', found: 1 }).state;
    expect(game.decisions(chimed).at(-1)).toMatchObject({ kind: 'placard-shuffle', chance: { kind: 'shuffle', size: 28 } });
    expect(toMove(game, chimed)).toEqual(['chance']);
    const spec = openChance(game, chimed);
    if (spec === null) throw new Error('no shuffle open');
    const flipped = must(chimed, sampledChanceMove(spec, chimed.rng));
    expect(flipped.events.map((e) => (e as { type: string }).type).slice(0, 2)).toEqual(['placard-pile-reshuffled', 'placard-flipped']);
    expect(flipped.state.placardPile).toHaveLength(27);
    expect(flipped.state.turnPlayer).toBe('p2');
    expect(flipped.state.codeRequest).toBeNull();
    expect(stateProblems(catalog, flipped.state)).toEqual([]);
  });

  it('apply never changes its input, and what a move leaves alone is shared with the state before it', () => {
    const s = must(started(), { actor: 'p1', type: 'roll' }).state;
    const before = JSON.stringify(s);
    const chosen = must(s, { actor: 'chance', type: 'chance', outcome: ['single-token', 'single-token'] }).state;
    const drawn = must(chosen, { actor: 'p1', type: 'choose', die: 0 }).state;
    expect(JSON.stringify(s)).toBe(before);
    // The draw changed p1's hand and the pile: the other seats, the placards and the discards are shared.
    expect(drawn.seats[0]).not.toBe(chosen.seats[0]);
    expect(drawn.seats[1]).toBe(chosen.seats[1]);
    expect(drawn.seats[2]).toBe(chosen.seats[2]);
    expect(drawn.tokenPile).not.toBe(chosen.tokenPile);
    expect(drawn.placardPile).toBe(chosen.placardPile);
    expect(drawn.placardDiscard).toBe(chosen.placardDiscard);
    expect(drawn.tokenDiscard).toBe(chosen.tokenDiscard);
    // A TIME report changes the clock alone.
    const timed = must(drawn, { actor: 'timer', type: 'time', leftMs: 500_000 }).state;
    expect(timed.seats).toBe(drawn.seats);
    expect(timed.tokenPile).toBe(drawn.tokenPile);
    expect(timed.placardTokens).toBe(drawn.placardTokens);
    expect(timed.timeLeftMs).toBe(500_000);
  });

  it('results per player: the whole table wins or loses together', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const played = playTable(game, config(seed), seed, seating(seed), { maxSteps: 3_000 });
      expect(played.stopped).toBeUndefined();
      if (!played.result.finished) throw new Error('unfinished');
      const values = new Set(Object.values(played.result.returns));
      expect(values.size).toBe(1);
      expect(Object.keys(played.result.returns)).toEqual(game.players(played.state));
      expect(played.result.winners.length === 0 ? 0 : 1).toBe([...values][0]);
    }
  });
});
