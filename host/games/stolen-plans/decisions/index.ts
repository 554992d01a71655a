// Stolen Plans rules: every decision kind's rules (its legal moves, its judge and its play), one module
// each, in one table typed by kind: a kind without its rules is a type error.

import type { DecisionKind, DecisionRules } from './decision-rules.ts';
import { turnRules } from './turn.ts';
import { extraPlayRules } from './extra-play.ts';
import { turnStartRules } from './turn-start.ts';
import { targetResponseRules } from './target-response.ts';
import { defendPlayedRules } from './defend-played.ts';
import { attackFailedRules } from './attack-failed.ts';
import { heroesPlayedRules } from './heroes-played.ts';
import { chooseDiscardsRules } from './choose-discards.ts';
import { stealRules } from './steal.ts';
import { stealPeekRules } from './steal-peek.ts';
import { lastCardRules } from './last-card.ts';
import { continueShuffleRules } from './continue-shuffle.ts';
import { assaultBesideRules } from './assault-beside.ts';
import { afterPlayRules } from './after-play.ts';
import { afterDrawRules } from './after-draw.ts';
import { scoutPlayedRules } from './scout-played.ts';
import { friendlyGestureRules } from './friendly-gesture.ts';
import { viciousOrderRules } from './vicious-order.ts';
import { mindTrickRules } from './mind-trick.ts';
import { forceVisionRules } from './force-vision.ts';
import { searchRules } from './search.ts';
import { scoutRules } from './scout.ts';
import { discardingRules } from './discarding.ts';
import { eliminationRules } from './elimination.ts';
import { imperialPlayedRules } from './imperial-played.ts';
import { drawnRules } from './drawn.ts';
import { nominateRules } from './nominate.ts';

export const DECISIONS: { readonly [K in DecisionKind]: DecisionRules<K> } = {
  turn: turnRules,
  'extra-play': extraPlayRules,
  'turn-start': turnStartRules,
  'target-response': targetResponseRules,
  'defend-played': defendPlayedRules,
  'attack-failed': attackFailedRules,
  'heroes-played': heroesPlayedRules,
  'choose-discards': chooseDiscardsRules,
  steal: stealRules,
  'steal-peek': stealPeekRules,
  'last-card': lastCardRules,
  'continue-shuffle': continueShuffleRules,
  'assault-beside': assaultBesideRules,
  'after-play': afterPlayRules,
  'after-draw': afterDrawRules,
  'scout-played': scoutPlayedRules,
  'friendly-gesture': friendlyGestureRules,
  'vicious-order': viciousOrderRules,
  'mind-trick': mindTrickRules,
  'force-vision': forceVisionRules,
  search: searchRules,
  scout: scoutRules,
  discarding: discardingRules,
  elimination: eliminationRules,
  'imperial-played': imperialPlayedRules,
  drawn: drawnRules,
  nominate: nominateRules,
};

/** The rules of the decision whose data this is. */
export function rulesOf<K extends DecisionKind>(data: { readonly at: K }): DecisionRules<K> {
  return DECISIONS[data.at];
}
