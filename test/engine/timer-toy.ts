// "Countdown", a small cooperative game with an external actor, in the shape of Rebel Missions,
// for testing the engine: 1 to 4 players against the Imperial Timer. The timer's START opens
// the game (a decision that asks the timer alone); after that it may send TIME (time left) and
// TIMEOUT at any moment, whatever the stack: external moves. On a turn the player rolls a die
// (chance; table dice welcome) and adds it to the turn's total, or holds to bank the total for
// the team; a 1 loses the turn's total. The team wins when the bank reaches the target, and
// loses when time runs out.

import { chanceMoveProblem, chanceStream, rollTotal, type ChanceMove } from '../../host/engine/chance.ts';
import type { Writer } from '../../host/engine/cow.ts';
import { answerProblem, answerTop, chanceDecision, decision, isWaitingOn, topDecision, type Decision } from '../../host/engine/decisions.ts';
import { cloneData } from '../../host/engine/draft.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, type GameMeta } from '../../host/engine/meta.ts';
import { seedRng, type RngState } from '../../host/engine/rng.ts';
import type { OpenTableGame, TableConfig, TableResult, WrittenRules } from '../../host/engine/table-game.ts';
import { die } from './dice-toy.ts';
import { writtenToyParts } from './written-toy.ts';

export const TIMER = 'timer';

export const TIMER_META: GameMeta = checkMeta({
  id: 'countdown',
  title: 'Countdown',
  players: { min: 1, max: 4 },
  teams: [],
  cooperative: true,
  hiddenInformation: false,
  simultaneous: false,
  chance: true,
  externalActors: [TIMER],
  options: [{ id: 'target', text: 'points the team must bank', kind: 'number', min: 10, max: 100, default: 30 }],
  rules: [],
});

type Data = { readonly at: 'start' } | { readonly at: 'turn'; readonly player: ActorId } | { readonly at: 'roll'; readonly player: ActorId };

export interface TimerState {
  game: 'countdown';
  players: ActorId[];
  bank: number;
  turnTotal: number;
  target: number;
  leftMs: number | null;
  stack: Decision<Data>[];
  outcome: 'won' | 'lost' | null;
  rng: RngState;
}

export type TimerMove =
  | { readonly actor: ActorId; readonly type: 'start'; readonly leftMs: number }
  | { readonly actor: ActorId; readonly type: 'time'; readonly leftMs: number }
  | { readonly actor: ActorId; readonly type: 'timeout' }
  | { readonly actor: ActorId; readonly type: 'roll' }
  | { readonly actor: ActorId; readonly type: 'hold' }
  | ChanceMove;

export type TimerEvent =
  | { readonly type: 'started'; readonly leftMs: number }
  | { readonly type: 'time-left'; readonly leftMs: number }
  | { readonly type: 'rolled'; readonly player: ActorId; readonly pips: number; readonly turnTotal: number }
  | { readonly type: 'held'; readonly player: ActorId; readonly bank: number }
  | { readonly type: 'turn-started'; readonly player: ActorId }
  | { readonly type: 'game-over'; readonly outcome: 'won' | 'lost' };

const STEP_MS = 60_000;
const D6 = die('d6');

const started = (s: TimerState): boolean => s.leftMs !== null;

function legalMoves(s: TimerState, actor: ActorId): TimerMove[] {
  const d = topDecision(s.stack);
  if (d === null || !isWaitingOn(d, actor)) return [];
  if (d.data.at === 'start') return [{ actor, type: 'start', leftMs: 15 * STEP_MS }];
  if (d.data.at === 'turn') return [{ actor, type: 'roll' }, ...(s.turnTotal > 0 ? [{ actor, type: 'hold' } as const] : [])];
  return [];
}

function externalMoves(s: TimerState, actor: ActorId): TimerMove[] {
  if (actor !== TIMER || !started(s) || s.outcome !== null) return [];
  const left = s.leftMs as number;
  return left > 0 ? [{ actor, type: 'time', leftMs: Math.max(0, left - STEP_MS) }] : [{ actor, type: 'timeout' }];
}

function judge(s: TimerState, move: TimerMove): string | null {
  if (s.outcome !== null) return 'the game is over';
  const d = topDecision(s.stack) as Decision<Data>;
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.type === 'time' || move.type === 'timeout') {
    if (move.actor !== TIMER) return 'only the timer reports the time';
    if (!started(s)) return 'the timer has not started';
    if (move.type === 'time' && (!Number.isInteger(move.leftMs) || move.leftMs < 0)) return `time left must be a whole number of ms, not ${move.leftMs}`;
    return null;
  }
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  if (move.type === 'start')
    return d.data.at === 'start' ? (Number.isInteger(move.leftMs) && move.leftMs > 0 ? null : 'the game needs time to play') : 'the game has started';
  if (d.data.at !== 'turn') return 'it is not a turn';
  if (move.type === 'hold' && s.turnTotal === 0) return 'roll at least once before holding';
  return null;
}

function startTurn(s: TimerState, player: ActorId, events: TimerEvent[]): void {
  s.turnTotal = 0;
  s.stack = [decision({ kind: 'turn', asked: [player], close: 'first-taker', data: { at: 'turn', player } })];
  events.push({ type: 'turn-started', player });
}

function end(s: TimerState, outcome: 'won' | 'lost', events: TimerEvent[]): void {
  s.outcome = outcome;
  s.stack = [];
  events.push({ type: 'game-over', outcome });
}

const nextOf = (s: TimerState, p: ActorId): ActorId => s.players[(s.players.indexOf(p) + 1) % s.players.length] as ActorId;

function play(s: TimerState, move: TimerMove, w: Writer): TimerEvent[] {
  const events: TimerEvent[] = [];
  const d = topDecision(s.stack) as Decision<Data>;
  switch (move.type) {
    case 'time':
      s.leftMs = move.leftMs;
      events.push({ type: 'time-left', leftMs: move.leftMs });
      return events;
    case 'timeout':
      s.leftMs = 0;
      end(s, 'lost', events);
      return events;
    case 'start':
      answerTop(w.own(s, 'stack'), move.actor, 'take', w);
      s.leftMs = move.leftMs;
      events.push({ type: 'started', leftMs: move.leftMs });
      startTurn(s, s.players[0] as ActorId, events);
      return events;
    case 'roll':
      answerTop(w.own(s, 'stack'), move.actor, 'take', w);
      s.stack = [chanceDecision<Data>('roll', { kind: 'roll', dice: [D6] }, { at: 'roll', player: move.actor })];
      return events;
    case 'hold': {
      answerTop(w.own(s, 'stack'), move.actor, 'take', w);
      s.bank += s.turnTotal;
      events.push({ type: 'held', player: move.actor, bank: s.bank });
      if (s.bank >= s.target) end(s, 'won', events);
      else startTurn(s, nextOf(s, move.actor), events);
      return events;
    }
    case 'chance': {
      if (d.data.at !== 'roll') throw new Error('a roll outside a roll');
      const player = d.data.player;
      s.rng = chanceStream(s.rng).next;
      const pips = rollTotal([D6], move.outcome as readonly string[], 'pips');
      s.turnTotal = pips === 1 ? 0 : s.turnTotal + pips;
      events.push({ type: 'rolled', player, pips, turnTotal: s.turnTotal });
      if (pips === 1) startTurn(s, nextOf(s, player), events);
      else s.stack = [decision({ kind: 'turn', asked: [player], close: 'first-taker', data: { at: 'turn', player } })];
      return events;
    }
  }
}

const rules: WrittenRules<TimerState, TimerMove, TimerEvent> = { judge, play };

function result(s: TimerState): TableResult {
  if (s.outcome === null) return { finished: false };
  const winners = s.outcome === 'won' ? s.players : [];
  return {
    finished: true,
    // Cooperative: every player scores 1 on a win, 0 on a loss.
    returns: Object.fromEntries(s.players.map((p) => [p, s.outcome === 'won' ? 1 : 0])),
    winners,
    winningTeams: [],
    summary: s.outcome === 'won' ? `won: ${s.bank} points banked` : 'lost: time ran out',
  };
}

export const timerGame: OpenTableGame<TableConfig, TimerState, TimerMove, TimerState, TimerEvent> = {
  meta: TIMER_META,
  hidden: false,
  setup(config, seed) {
    checkPlayerCount(TIMER_META, config.players.length);
    const options = resolveOptions(TIMER_META, config.options);
    const state: TimerState = {
      game: 'countdown',
      players: config.players.map((_, i) => `p${i + 1}`),
      bank: 0,
      turnTotal: 0,
      target: options.target as number,
      leftMs: null,
      stack: [decision({ kind: 'start', asked: [TIMER], close: 'first-taker', data: { at: 'start' } })],
      outcome: null,
      rng: seedRng(seed),
    };
    return { state, events: [] };
  },
  ...writtenToyParts(rules),
  legalMoves,
  externalMoves,
  view: (s) => cloneData(s) as TimerState,
  result,
  prompt: (s, actor) => {
    const d = topDecision(s.stack);
    if (d === null) return s.outcome === 'won' ? 'Won!' : 'Lost: time ran out.';
    if (d.data.at === 'start') return 'Press the triangle on the timer to start.';
    return isWaitingOn(d, actor) ? `Roll or hold (${s.turnTotal} this turn, ${s.bank} banked).` : `Waiting for ${d.asked.join(', ')}.`;
  },
};

export function timerCandidates(_s: TimerState, actor: ActorId): TimerMove[] {
  return [
    { actor, type: 'roll' },
    { actor, type: 'hold' },
    { actor, type: 'start', leftMs: 15 * STEP_MS },
  ];
}
