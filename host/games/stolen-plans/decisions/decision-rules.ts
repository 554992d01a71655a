// Stolen Plans rules: the shape of the rules of one decision kind (one module each in this folder,
// put together in index.ts): its legal moves, its judge and its play.

import type { Writer } from '../../../engine/cow.ts';
import type { ActorId } from '../../../engine/table-game.ts';
import type { SpData, SpEvent, SpMove, SpState } from '../state.ts';

/** The kinds of decision the rules open (`SpData['at']`). */
export type DecisionKind = SpData['at'];

/** The data of a decision of kind `K`. */
export type DataOf<K extends DecisionKind> = Extract<SpData, { at: K }>;

/** Plays `move` on `s` as if just made, its events into `events` (one function for every play: no closure a move). */
export type Replay = (s: SpState, w: Writer, move: SpMove, events: SpEvent[]) => void;

export interface DecisionRules<K extends DecisionKind> {
  /** The moves `actor`, asked in the decision, may make (T2, T8: menus are built from them; the Cargo Ship's unloading is added to all). */
  moves(s: SpState, actor: ActorId, data: DataOf<K>): SpMove[];
  /** Why `move` may not be made, with a reason naming the clause (T8), or null; the actor is asked and it is no pass outside a turn. */
  problem(s: SpState, move: SpMove, data: DataOf<K>): string | null;
  /**
   * Plays `move` (judged legal) against the Writer, its events into `events`. `replay` plays a move
   * as if just made (Defection's owner has drawn: the nominee's Imperial card is played).
   */
  play(s: SpState, w: Writer, move: SpMove, data: DataOf<K>, events: SpEvent[], replay: Replay): void;
}
