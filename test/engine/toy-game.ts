// A tiny two-player game for testing the engine framework on its own: players take turns
// adding 1 or 2 to a running total; whoever reaches 10 wins. A chance "bonus" from the
// seeded generator occasionally adds 1 more, so replays depend on the carried generator.

import { GameConfigError, type Game } from '../../host/engine/game.ts';
import { randomFrom, seedRng, type RngState } from '../../host/engine/rng.ts';

export interface ToyConfig {
  readonly target: number;
}
export interface ToyState {
  readonly total: number;
  readonly target: number;
  readonly next: 'a' | 'b';
  readonly winner: 'a' | 'b' | null;
  readonly rng: RngState;
}
export interface ToyMove {
  readonly actor: string;
  readonly add: number;
}
export type ToyEvent = { readonly type: 'added'; readonly by: string; readonly amount: number };

export function toyGame(options: { mutating?: boolean; neverEnds?: boolean } = {}): Game<ToyConfig, ToyState, ToyMove, ToyState, ToyEvent> {
  return {
    id: 'toy',
    title: 'Count to ten',
    externalActors: [],
    setup(config, seed) {
      if (config.target < 1) throw new GameConfigError('target must be at least 1');
      return { total: 0, target: config.target, next: 'a', winner: null, rng: seedRng(seed) };
    },
    players: () => ['a', 'b'],
    toMove: (s) => (s.winner ? [] : [s.next]),
    legalMoves: (s, actor) => (s.winner || actor !== s.next ? [] : [{ actor, add: 1 }, ...(options.neverEnds ? [{ actor, add: 0 }] : [{ actor, add: 2 }])]),
    apply(s, move) {
      if (s.winner) return { ok: false, reason: 'the game is over' };
      if (move.actor !== s.next) return { ok: false, reason: `it is ${s.next}'s turn` };
      const allowed = options.neverEnds ? [0, 1] : [1, 2];
      if (!allowed.includes(move.add)) return { ok: false, reason: `add ${allowed.join(' or ')}, not ${move.add}` };
      const r = randomFrom(s.rng);
      const bonus = !options.neverEnds && r.below(4) === 0 ? 1 : 0;
      const amount = options.neverEnds ? 0 : move.add + bonus;
      const total = s.total + amount;
      const state: ToyState = {
        total,
        target: s.target,
        next: s.next === 'a' ? 'b' : 'a',
        winner: total >= s.target ? (move.actor as 'a' | 'b') : null,
        rng: r.state(),
      };
      if (options.mutating) (s as { total: number }).total = -1;
      return { ok: true, state, events: [{ type: 'added', by: move.actor, amount }] };
    },
    view: (s) => s,
    result: (s) => (s.winner ? { finished: true, winners: [s.winner], summary: `${s.winner} wins` } : { finished: false }),
  };
}
