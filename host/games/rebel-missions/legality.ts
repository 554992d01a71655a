// Which moves are legal: `illegalBecause` is the single judge of legality, which the table game's
// `judge` (play.ts) asks. Moves may come from files or a serial link, so every field is checked
// and any value can be named in a reason without throwing.

import { abilityUnusable, seatOf, tokenUnplayable, type Catalog } from './catalog.ts';
import { BUZZ_REASONS, TIMER, type PlayerId, type PlayerMove, type RebelMissionsMove, type RebelMissionsState, type TimerMove } from './model.ts';

export function isOver(state: RebelMissionsState): boolean {
  return state.stage === 'won' || state.stage === 'lost';
}

/** A value from a move, for an error message; safe for anything a file or a link may hold. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return `${value}`;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return `a ${typeof value}`;
  }
}

function isWholeMs(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= 86_400_000;
}

function timerMoveIllegal(state: RebelMissionsState, move: TimerMove): string | null {
  const waitingForCode = state.stage === 'enter-code';
  switch (move.type) {
    case 'start':
      if (state.stage !== 'awaiting-start') return 'the timer has already started this game';
      return isWholeMs(move.leftMs, 1) ? null : `START needs the time left as a positive whole number of ms, got ${shown(move.leftMs)}`;
    case 'time':
      if (state.stage === 'awaiting-start') return 'the game has not started: the timer must report START first';
      return isWholeMs(move.leftMs, 0) ? null : `TIME needs the time left as a whole number of ms, got ${shown(move.leftMs)}`;
    case 'timeout':
      return state.stage === 'awaiting-start' ? 'the game has not started: the timer must report START first' : null;
    case 'chime':
      if (!waitingForCode) return 'no code is being entered: CHIME only answers the code of a completed mission';
      return typeof move.found === 'number' && Number.isInteger(move.found) && move.found >= 1 && move.found <= 99
        ? null
        : `CHIME needs the number of codes found (1 or more), got ${shown(move.found)}`;
    case 'buzz':
      if (!waitingForCode) return 'no code is being entered: BUZZ only answers the code of a completed mission';
      return BUZZ_REASONS.includes(move.reason) ? null : `BUZZ reason must be one of ${BUZZ_REASONS.join(', ')}, got ${shown(move.reason)}`;
    case 'fanfare':
      return waitingForCode ? null : 'no code is being entered: FANFARE only answers the code of a completed mission';
  }
}

function inPlayWindow(state: RebelMissionsState, player: PlayerId): string | null {
  if (state.stage === 'play') {
    return player === state.turnPlayer ? null : `only ${state.turnPlayer} plays now (Play); All Play lets everyone play`;
  }
  if (state.stage === 'all-play') {
    return state.allPlayWaiting.includes(player) ? null : `${player} has already finished playing in this All Play`;
  }
  return 'tokens and abilities are played after choosing a Play or All Play die';
}

function playerMoveIllegal(catalog: Catalog, state: RebelMissionsState, move: PlayerMove): string | null {
  if (state.stage === 'awaiting-start') return 'the game begins when the timer starts: press the triangle button on the timer';
  if (state.stage === 'enter-code') {
    return `waiting for the code of "${catalog.placard(state.placard).name}" to be entered on the timer`;
  }
  const isTurnPlayer = move.actor === state.turnPlayer;
  switch (move.type) {
    case 'roll':
      if (!isTurnPlayer) return `it is ${state.turnPlayer}'s turn to roll`;
      return state.stage === 'roll' || state.stage === 'drawn' ? null : 'the dice have been rolled: choose a die first';
    case 'choose': {
      if (!isTurnPlayer) return `it is ${state.turnPlayer}'s turn`;
      if (state.stage !== 'choose' || state.dice === null) return 'there is no roll to choose from: roll the dice first';
      const n = state.dice.length;
      return Number.isInteger(move.die) && move.die >= 0 && move.die < n ? null : `choose die 0 to ${n - 1}, got ${shown(move.die)}`;
    }
    case 'end-turn':
      if (!isTurnPlayer) return `it is ${state.turnPlayer}'s turn`;
      return state.stage === 'drawn' ? null : 'a turn can be ended after drawing tokens (Play and All Play end it when done)';
    case 'play-token': {
      const window = inPlayWindow(state, move.actor);
      if (window) return window;
      const seat = seatOf(state, move.actor);
      if (!seat?.hand.includes(move.token)) return `${move.actor} does not hold token ${shown(move.token)}`;
      return tokenUnplayable(catalog, state, move.token);
    }
    case 'use-ability':
      return inPlayWindow(state, move.actor) ?? abilityUnusable(catalog, state, move.actor);
    case 'finish':
      return inPlayWindow(state, move.actor);
  }
}

/** Why `move` may not be made now, or null when it is legal. */
export function illegalBecause(catalog: Catalog, state: RebelMissionsState, move: RebelMissionsMove): string | null {
  if (isOver(state)) return `the game is over (${state.stage})`;
  if (typeof move !== 'object' || move === null || typeof move.actor !== 'string' || typeof move.type !== 'string') {
    return `a move must be an object with an actor and a type, got ${shown(move)}`;
  }
  if (move.actor === TIMER) {
    const timerMoves: readonly string[] = ['start', 'time', 'chime', 'buzz', 'fanfare', 'timeout'];
    if (!timerMoves.includes(move.type)) return `unknown timer event "${move.type}" (the timer may ${timerMoves.join(', ')})`;
    return timerMoveIllegal(state, move as TimerMove);
  }
  if (!seatOf(state, move.actor)) {
    return `"${move.actor}" is not at this table (players ${state.seats.map((s) => s.id).join(', ')}; the timer is "${TIMER}")`;
  }
  const known: readonly string[] = ['roll', 'choose', 'end-turn', 'play-token', 'use-ability', 'finish'];
  if (!known.includes(move.type)) return `unknown move "${move.type}" (players may ${known.join(', ')})`;
  return playerMoveIllegal(catalog, state, move as PlayerMove);
}
