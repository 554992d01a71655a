// The rules of Stolen Plans on the engine's decision stack (README.md, "The rules as the engine
// implements them"): the legal moves built directly (rules-legal.ts), the judge with a reason
// naming the rule (rules-judge.ts), and the play of a move (rules-play.ts) written once against
// a Writer (applied copy-on-write or in place) on the flow of rules-flow.ts; the card readings
// and public facts they share are in rules-facts.ts.

import type { WrittenRules } from '../../engine/table-game.ts';
import { judge } from './rules-judge.ts';
import { play } from './rules-play.ts';
import type { SpEvent, SpMove, SpState } from './state.ts';

export { mayBeHeld } from './rules-facts.ts';
export { openTurnStart, turnDecision } from './rules-flow.ts';
export { judge } from './rules-judge.ts';
export { legalMoves } from './rules-legal.ts';

export const rules: WrittenRules<SpState, SpMove, SpEvent> = { judge, play };
