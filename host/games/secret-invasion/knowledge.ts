// What each player knows of another player's hand, kept true as cards move. A player learns a
// card from Han Solo (the looker), a droid comparison (both players) or a Vader swap (both
// players learn where their old card went; everyone who knew either card follows it across).
// Knowledge is dropped as soon as the table can no longer tell that the card is still held:
// when its holder discards a card of the same character (the known copy or a copy just drawn:
// onlookers cannot tell which), is made to redraw by Luke Skywalker, or leaves the round.

import type { Deck } from './deck.ts';
import type { KnowledgeSource, PlayerId } from './model.ts';
import type { Draft } from './table.ts';

export function learn(draft: Draft, viewer: PlayerId, subject: PlayerId, card: string, source: KnowledgeSource): void {
  if (viewer === subject) return;
  draft.knowledge = draft.knowledge.filter((k) => !(k.viewer === viewer && k.subject === subject));
  draft.knowledge.push({ viewer, subject, card, source });
}

/** `subject` discarded a card of this character. */
export function forgetOnDiscard(deck: Deck, draft: Draft, subject: PlayerId, character: string): void {
  draft.knowledge = draft.knowledge.filter((k) => !(k.subject === subject && deck.card(k.card).character === character));
}

/** `subject`'s hand was replaced (Luke Skywalker): nothing known of it stays true. */
export function forgetHand(draft: Draft, subject: PlayerId): void {
  draft.knowledge = draft.knowledge.filter((k) => k.subject !== subject);
}

/** `player` left the round: nobody needs to know their (now face-up) card, and their own knowledge lapses. */
export function forgetPlayer(draft: Draft, player: PlayerId): void {
  draft.knowledge = draft.knowledge.filter((k) => k.subject !== player && k.viewer !== player);
}

/** `a` and `b` exchanged hands; `aNow` and `bNow` are the cards they hold afterwards. */
export function followSwap(draft: Draft, a: PlayerId, b: PlayerId, aNow: string, bNow: string): void {
  const moved = draft.knowledge.flatMap((k) => {
    if (k.viewer === a || k.viewer === b) {
      // Each of the two knew their own old card; what they knew of the other is now in their own hand.
      return k.subject === a || k.subject === b ? [] : [k];
    }
    if (k.subject === a) return [{ ...k, subject: b }];
    if (k.subject === b) return [{ ...k, subject: a }];
    return [k];
  });
  draft.knowledge = moved;
  learn(draft, a, b, bNow, 'swap');
  learn(draft, b, a, aNow, 'swap');
}
