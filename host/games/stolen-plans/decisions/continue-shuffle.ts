// Stolen Plans rules, Continue Play's shuffle (E3): the discard pile shuffled for the new draw pile
// (chance): its legal moves, its judge and its play.

import type { Writer } from '../../../engine/cow.ts';
import type { ActorId } from '../../../engine/table-game.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { nextTurn } from '../rules-flow.ts';
import { settleR2 } from '../rules-table.ts';
import type { SpEvent, SpState } from '../state.ts';

export const continueShuffleRules: DecisionRules<'continue-shuffle'> = {
  moves() {
    return [];
  },
  problem() {
    return 'the discard pile is shuffled by the engine (E3)';
  },
  play(s, w, move, data, events) {
    if (move.type !== 'chance') throw new Error('the discard pile is shuffled by chance (E3)');
    continueShuffled(s, w, data.drawer, move.outcome as readonly number[], events);
  },
};

/**
 * E3: the discard pile shuffled (`order`: the shuffle's positions) makes the new draw pile, its top
 * `newPile` cards; the rest leave face down. The player left of the one who drew the last card plays next.
 */
function continueShuffled(s: SpState, w: Writer, drawer: ActorId, order: readonly number[], events: SpEvent[]): void {
  const shuffled = order.map((i) => s.discard[i] as string);
  const play = CARDS.catalog.card('continue-play').plays.find((p) => p.effect.kind === 'continue-play');
  const size = play?.effect.kind === 'continue-play' ? play.effect.newPile : 20;
  s.drawPile = shuffled.slice(0, size);
  s.removedFaceDown = [...s.removedFaceDown, ...shuffled.slice(size)];
  s.discard = [];
  s.known = s.known.filter((k) => k.holder !== 'pile');
  events.push({ type: 'play-continues', player: drawer, pile: s.drawPile.length, removed: shuffled.length - s.drawPile.length });
  settleR2(s);
  nextTurn(s, w, events);
}
