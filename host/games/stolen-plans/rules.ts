// The rules of Stolen Plans on the engine's decision stack (README.md, "The rules as the engine
// implements them"): each decision kind's legal moves, judge and play are in its own module of
// decisions/ (one table, decisions/index.ts); here is what every decision shares: who may move,
// the chance moves and the Cargo Ship's unloading (asked anything, its owner may unload first),
// and the Imperial card a Defection's nominee plays. The play is written once against a Writer
// (applied copy-on-write or in place) on the flow of rules-flow.ts.

import { chanceStream, chanceMoveProblem } from '../../engine/chance.ts';
import type { Writer } from '../../engine/cow.ts';
import { answerProblem, answerTop, CHANCE, isWaitingOn } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import type { WrittenRules } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { rulesOf } from './decisions/index.ts';
import { top } from './rules-facts.ts';
import { playUnload } from './rules-flow.ts';
import { pop, ownStack } from './rules-table.ts';
import { cargoMoves, unloadProblem } from './rules-cargo.ts';
import { openImperialPlayed } from './rules-squads.ts';
import type { SpDecision, SpEvent, SpMove, SpState } from './state.ts';

export { mayBeHeld } from './rules-facts.ts';
export { openTurnStart } from './rules-flow.ts';
export { turnDecision } from './rules-table.ts';

export function legalMoves(s: SpState, actor: ActorId): SpMove[] {
  const d = top(s);
  if (d === null || actor === CHANCE || !isWaitingOn(d, actor)) return [];
  // T3, D33: the Cargo Ship's owner may unload it whenever they are asked anything, before their answer.
  const unload = cargoMoves(s, actor);
  const moves = rulesOf(d.data).moves(s, actor, d.data);
  return unload.length === 0 ? moves : [...unload, ...moves];
}

/** The legal moves without the steps back (Search's Back): what bots and playouts weigh, built without filtering every list. */
export function forwardLegalMoves(s: SpState, actor: ActorId): SpMove[] {
  const moves = legalMoves(s, actor);
  return top(s)?.data.at === 'search' ? moves.filter((m) => m.type !== 'back') : moves;
}

export function judge(s: SpState, move: SpMove): string | null {
  const d = top(s);
  if (d === null || s.winners !== null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.actor === CHANCE) return `"${CHANCE}" only draws chance outcomes`;
  if (!s.players.includes(move.actor)) return `"${move.actor}" is not at this table`;
  const data = d.data;
  if (move.type === 'pass' && data.at !== 'turn') return answerProblem(d, move.actor, 'pass');
  // T3, D33: unloading the Cargo Ship answers nothing; its owner may do it whenever they are asked.
  if (move.type === 'unload') return unloadProblem(s, move);
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  // Companions go with a reaction only where a play with companions answers (Continue Play with the Darth Vader Attack, Saw Gerrera with a hero).
  if (move.type === 'react' && move.with !== undefined && data.at !== 'last-card' && data.at !== 'target-response')
    return `nothing is revealed with ${CARDS.type(move.card).name} here`;
  return rulesOf(data).problem(s, move, data);
}

export function play(s: SpState, move: SpMove, w: Writer): SpEvent[] {
  const events: SpEvent[] = [];
  playInto(s, move, w, events, false);
  return events;
}

/** Plays a move as if just made (`resumed`: Defection's owner has drawn, the nominee's Imperial card is played), its events into `events`. */
function replay(s: SpState, w: Writer, move: SpMove, events: SpEvent[]): void {
  playInto(s, move, w, events, true);
}

function playInto(s: SpState, move: SpMove, w: Writer, events: SpEvent[], resumed: boolean): void {
  const d = top(s) as SpDecision;
  const data = d.data;
  if (move.type === 'chance') {
    // The steal's pick and Continue Play's shuffle: the outcome is taken, the generator moves on.
    answerTop(ownStack(s, w), CHANCE, 'take', w);
    pop(s, w);
    s.rng = chanceStream(s.rng).next;
    rulesOf(data).play(s, w, move, data, events, replay);
    return;
  }
  if (move.type === 'unload') {
    // T3, D33: a free action; the open decision stays open (rules-cargo.ts).
    playUnload(s, w, events);
    return;
  }
  // A2, RO4: an Imperial card played by the player a Defection nominates: its owner may draw first.
  if (!resumed && openImperialPlayed(s, w, move, data)) return;
  if (data.at !== 'turn') ownStack(s, w);
  rulesOf(data).play(s, w, move, data, events, replay);
}

export const rules: WrittenRules<SpState, SpMove, SpEvent> = { judge, play };
