// Rebel Missions' set-up on the table game (setup.ts, play.ts): the piles in catalog order with
// the set-up pending, then two chance moves, the tokens mixed and the placards shuffled (the top
// one turned over). Each is a shuffle only the engine draws (table dice or not), a logged move a
// log replays; and no view, prompt, legal move or event shows the order of the face-down piles.
import { describe, expect, it } from 'vitest';
import { sampledChanceMove, type ChanceSpec } from '../../../host/engine/chance.ts';
import type { Random } from '../../../host/engine/rng.ts';
import { openChance, toMove } from '../../../host/engine/table-game.ts';
import { playTable, replayTable, type TableBot } from '../../../host/engine/table-play.ts';
import type { RebelMissionsView, RebelTableMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsTable as game, tableBot } from '../../../host/games/rebel-missions/table-game.ts';
import { catalog, configFor, setUpOf } from './fixtures.ts';

type RmBot = TableBot<RebelTableState, RebelTableMove, RebelMissionsView>;
const tokenIds = catalog.components.tokens.map((t) => t.id);
const placardIds = catalog.components.placards.map((p) => p.id);
const VIEWERS = ['p1', 'p2', 'p3', 'timer', 'table'];

function must(state: RebelTableState, move: RebelTableMove): { state: RebelTableState; events: readonly unknown[] } {
  const applied = game.apply(state, move);
  if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
  return applied;
}

const shuffle = (outcome: number[]): RebelTableMove => ({ actor: 'chance', type: 'chance', outcome });
const identity = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const reversed = (n: number): number[] => identity(n).reverse();
/** A shuffle move's order. */
const orderOf = (move: RebelTableMove | undefined): number[] => {
  if (move?.type !== 'chance' || !Array.isArray(move.outcome)) throw new Error(`not a shuffle: ${JSON.stringify(move)}`);
  return [...(move.outcome as number[])];
};

describe("Rebel Missions' set-up as chance moves", () => {
  it('set-up leaves the piles in catalog order, no placard face up, and the tokens then the placards to be shuffled by chance', () => {
    const { state, events } = game.setup(configFor(3), 7);
    expect(events).toEqual([]);
    expect(state.tokenPile).toEqual(tokenIds);
    expect([state.placard, ...state.placardPile]).toEqual(placardIds);
    expect(state.pending).toEqual({ kind: 'set-up-tokens' });
    expect(toMove(game, state)).toEqual(['chance']);
    expect(game.decisions(state).at(-1)).toMatchObject({ kind: 'set-up-tokens', chance: { kind: 'shuffle', size: 44 } });
    for (const viewer of VIEWERS) {
      const view = game.view(state, viewer);
      expect(view.placard).toBeNull();
      expect([view.tokenPileCount, view.placardPileCount]).toEqual([44, 28]);
      expect(game.prompt(state, viewer)).toBe('Setting up: the resource tokens are mixed face down.');
      expect(game.legalMoves(state, viewer)).toEqual([]);
    }
    // Nothing else may move until the set-up is drawn: the timer's START waits for it.
    expect(game.judge(state, { actor: 'timer', type: 'start', leftMs: 600_000 })).toBe('waiting for the set-up: the tokens to be mixed');
    expect(game.judge(state, { actor: 'p1', type: 'roll' })).toBe('waiting for the set-up: the tokens to be mixed');
  });

  it('the two shuffles: the tokens mixed in the order drawn, then every placard shuffled and the top one turned over', () => {
    const s0 = game.setup(configFor(3), 7).state;
    const mixed = must(s0, shuffle(reversed(44)));
    expect(mixed.events).toEqual([{ type: 'set-up-shuffled', pile: 'tokens', count: 44 }]);
    expect(mixed.state.tokenPile).toEqual([...tokenIds].reverse());
    expect(mixed.state.pending).toEqual({ kind: 'set-up-placards' });
    expect(game.decisions(mixed.state).at(-1)).toMatchObject({ kind: 'set-up-placards', chance: { kind: 'shuffle', size: 28 } });
    expect(game.view(mixed.state, 'table').placard).toBeNull();
    expect(game.prompt(mixed.state, 'p1')).toBe('Setting up: the mission placards are shuffled and the top one turned over.');
    const order = [...identity(28).slice(5), ...identity(5)];
    const dealt = must(mixed.state, shuffle(order));
    const top = placardIds[5] as string;
    expect(dealt.events).toEqual([
      { type: 'set-up-shuffled', pile: 'placards', count: 28 },
      { type: 'placard-flipped', placard: top, inquisitor: catalog.placard(top).inquisitor },
    ]);
    expect(dealt.state.placard).toBe(top);
    expect(dealt.state.placardPile).toEqual(order.slice(1).map((i) => placardIds[i]));
    expect(dealt.state.pending).toBeNull();
    expect(dealt.state.stage).toBe('awaiting-start');
    expect(game.decisions(dealt.state).map((d) => d.kind)).toEqual(['awaiting-start']);
    expect(game.view(dealt.state, 'p2').placard?.id).toBe(top);
    expect(game.view(dealt.state, 'p2').placardPileCount).toBe(27);
    expect(must(dealt.state, { actor: 'timer', type: 'start', leftMs: 600_000 }).state.stage).toBe('roll');
  });

  it('an Inquisitor turned over at set-up finds no tokens to discard', () => {
    const inquisitor = catalog.components.placards.findIndex((p) => p.inquisitor);
    expect(inquisitor).toBeGreaterThanOrEqual(0);
    const mixed = must(game.setup(configFor(2), 3).state, shuffle(identity(44))).state;
    const order = [inquisitor, ...identity(28).filter((i) => i !== inquisitor)];
    const dealt = must(mixed, shuffle(order));
    expect(dealt.events.map((e) => (e as { type: string }).type)).toEqual(['set-up-shuffled', 'placard-flipped']);
    expect(dealt.events[1]).toMatchObject({ inquisitor: true });
    expect(dealt.state.seats.every((seat) => seat.hand.length === 0)).toBe(true);
  });

  it('an outcome that is not a shuffle of the pile is refused with a reason and changes nothing', () => {
    const s0 = game.setup(configFor(3), 7).state;
    const before = JSON.stringify(s0);
    expect(game.apply(s0, shuffle(identity(43)))).toEqual({ ok: false, reason: 'a shuffle of 44 must list 44 positions' });
    expect(game.apply(s0, shuffle([0, ...identity(43)]))).toEqual({ ok: false, reason: 'a shuffle of 44 must list each of 0..43 once' });
    expect(game.apply(s0, { actor: 'chance', type: 'chance', outcome: ['play', 'empire'] })).toMatchObject({ ok: false });
    expect(JSON.stringify(s0)).toBe(before);
  });

  it('no view, prompt or legal move shows the order of the face-down piles: tables dealt differently under the same face-up placard look the same to everyone', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { state, moves } = setUpOf(game, game.setup(configFor(3), seed).state);
      const placards = orderOf(moves[1]);
      // The same face-up placard, every other order changed: the tokens reversed, the placards beneath rotated.
      const other = setUpOf(game, game.setup(configFor(3), seed).state);
      const s0 = game.setup(configFor(3), seed).state;
      const tokensAgain = must(s0, shuffle(orderOf(moves[0]).reverse())).state;
      const [top, ...rest] = placards;
      const differently = must(tokensAgain, shuffle([top as number, ...rest.slice(1), rest[0] as number])).state;
      expect(differently.tokenPile).not.toEqual(state.tokenPile);
      expect(differently.placardPile).not.toEqual(state.placardPile);
      expect(other.state).toEqual(state); // drawn from the state's generator: the same seed, the same set-up
      for (const viewer of VIEWERS) {
        expect(game.view(differently, viewer)).toEqual(game.view(state, viewer));
        expect(game.prompt(differently, viewer)).toBe(game.prompt(state, viewer));
        expect(game.legalMoves(differently, viewer)).toEqual(game.legalMoves(state, viewer));
      }
      // What the set-up tells: how many were shuffled, and the placard turned over, never an order.
      const mixed = must(s0, moves[0] as RebelTableMove);
      const told = JSON.stringify([...mixed.events, ...must(mixed.state, moves[1] as RebelTableMove).events]);
      for (const id of state.tokenPile) expect(told).not.toContain(`"${id}"`);
      for (const id of state.placardPile) expect(told).not.toContain(`"${id}"`);
    }
  });

  it("the set-up is the engine's to draw even when the table rolls its own dice, and the log replays to the same game", () => {
    const seats: Record<string, RmBot> = {
      timer: { name: 'timer', choose: ({ legalMoves, random }) => random.pick(legalMoves) },
      p1: tableBot('cooperative', rebelBot()),
      p2: tableBot('cooperative', rebelBot()),
      p3: tableBot('cooperative', rebelBot()),
    };
    const asked: string[] = [];
    const tableDice = (spec: ChanceSpec, random: Random): string[] => {
      asked.push(spec.kind);
      if (spec.kind !== 'roll') throw new Error('only dice are entered by the table');
      return spec.dice.map(() => (['single-token', 'play', 'all-play'] as const)[random.below(3)] as string);
    };
    const played = playTable(game, configFor(3), 13, seats, { maxSteps: 4_000, chance: tableDice });
    expect(played.stopped).toBeUndefined();
    expect(new Set(asked)).toEqual(new Set(['roll']));
    const first = played.log.moves.slice(0, 2);
    expect(first.map((m) => [m.actor, orderOf(m).length])).toEqual([
      ['chance', 44],
      ['chance', 28],
    ]);
    const s0 = game.setup(configFor(3), 13).state;
    expect(first[0]).toEqual(sampledChanceMove(openChance(game, s0) as ChanceSpec, game.rng(s0)));
    expect(replayTable(game, played.log)).toEqual(played.state);
  });
});
