// Stolen Plans rules, a steal's pick (ST4): one card of the victim's, at random (chance): its legal moves,
// its judge and its play.

import type { ActorId } from '../../../engine/table-game.ts';
import type { DecisionRules } from './decision-rules.ts';
import { stealNext } from '../rules-flow.ts';
import { handOf } from '../state.ts';

export const stealRules: DecisionRules<'steal'> = {
  moves() {
    return [];
  },
  problem() {
    return 'the stolen card is picked at random by the engine (ST4)';
  },
  play(s, w, move, data, events) {
    if (move.type !== 'chance') throw new Error('the stolen card is picked by chance (ST4)');
    // ST4: the pick is one of the victim's cards not picked yet; it moves once the victim's cards are all picked (stealNext).
    const victim = data.victims[0] as ActorId;
    const card = handOf(s, victim).filter((c) => !s.stealing.includes(c))[move.outcome as number] as string;
    s.stealing = [...s.stealing, card];
    stealNext(s, w, data.thief, data.victims.slice(1), events);
  },
};
