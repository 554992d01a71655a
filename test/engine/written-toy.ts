// What the engine's toy games (plan, reaction, dice and timer) have the same: each keeps its seats,
// its decision stack and its generator in plain fields of its state (`players`, `stack`, `rng`)
// and writes its rules once against a Writer (`WrittenRules`). So the game's parts that read those
// fields, judge, apply the rules (judged and copied on write, or in place on a clone) and clone the
// state are one piece of code, spread into each toy's game object.

import { cloneData } from '../../host/engine/draft.ts';
import type { Decision } from '../../host/engine/decisions.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import type { RngState } from '../../host/engine/rng.ts';
import { applyCopyOnWrite, applyInPlaceWith, type WrittenRules } from '../../host/engine/table-game.ts';

/** The fields of a toy's state the shared parts read. */
export interface WrittenToyState {
  readonly players: readonly ActorId[];
  readonly stack: readonly Decision[];
  readonly rng: RngState;
}

/** The table-game parts of a toy played by `rules`. */
export function writtenToyParts<State extends WrittenToyState, Move, Event>(rules: WrittenRules<State, Move, Event>) {
  return {
    players: (s: State): readonly ActorId[] => s.players,
    decisions: (s: State): readonly Decision[] => s.stack,
    rng: (s: State): RngState => s.rng,
    judge: rules.judge,
    apply: (s: State, m: Move) => applyCopyOnWrite(rules, s, m),
    applyInPlace: (s: State, m: Move): Event[] => applyInPlaceWith(rules, s, m),
    clone: (s: State): State => cloneData(s) as State,
  };
}
