// Carrying out a legal move: the turn sequence, drawing and reshuffling, missions, codes,
// Inquisitors and the timer's events. Works on a private writable copy of the state and
// records the events in the order they happen.

import type { Mutable } from '../../engine/draft.ts';
import type { ApplyResult } from '../../engine/game.ts';
import { randomFrom, type Random } from '../../engine/rng.ts';
import { missionComplete, type Catalog } from './catalog.ts';
import { CHOPPER, type DieFace } from './components.ts';
import { illegalBecause } from './legality.ts';
import {
  TIMER,
  type PlayerId,
  type PlayerMove,
  type RebelMissionsEvent,
  type RebelMissionsMove,
  type RebelMissionsState,
  type TimerMove,
  type TurnEndReason,
} from './model.ts';

type Draft = Mutable<RebelMissionsState>;

class Table {
  readonly events: RebelMissionsEvent[] = [];
  readonly rng: Random;

  constructor(
    readonly catalog: Catalog,
    readonly s: Draft,
  ) {
    this.rng = randomFrom(s.rng);
  }

  seat(player: PlayerId): Draft['seats'][number] {
    const seat = this.s.seats.find((x) => x.id === player);
    if (!seat) throw new RangeError(`no seat "${player}"`);
    return seat;
  }

  startTurn(player: PlayerId): void {
    const s = this.s;
    s.turnPlayer = player;
    s.turnNumber += 1;
    s.stage = 'roll';
    s.dice = null;
    s.abilityUsedBy = [];
    s.allPlayWaiting = [];
    s.placardAbilities = [];
    this.events.push({ type: 'turn-started', player, turnNumber: s.turnNumber });
  }

  /** The turn ends: abilities lapse (said, when any counted toward the mission), the dice pass to the left (the next seat). */
  endTurn(reason: TurnEndReason): void {
    const s = this.s;
    if (s.placardAbilities.length > 0) {
      this.events.push({
        type: 'abilities-lapsed',
        placard: s.placard,
        abilities: s.placardAbilities.map((a) => ({ player: a.player, resource: a.resource })),
      });
    }
    this.events.push({ type: 'turn-ended', player: s.turnPlayer, reason });
    const index = s.seats.findIndex((x) => x.id === s.turnPlayer);
    const next = s.seats[(index + 1) % s.seats.length];
    if (!next) throw new RangeError('no seats');
    this.startTurn(next.id);
  }

  drawTokens(player: PlayerId, wanted: number): void {
    const s = this.s;
    const drawn: string[] = [];
    while (drawn.length < wanted) {
      if (s.tokenPile.length === 0 && s.tokenDiscard.length > 0) {
        // The pile ran out: the discarded tokens are mixed into a new face-down pile.
        s.tokenPile = this.rng.shuffle(s.tokenDiscard);
        s.tokenDiscard = [];
        this.events.push({ type: 'token-pile-reshuffled', count: s.tokenPile.length });
      }
      const token = s.tokenPile.shift();
      if (token === undefined) break; // every token is in a hand or on the placard: draw what there is
      drawn.push(token);
    }
    this.seat(player).hand.push(...drawn);
    this.events.push({ type: 'tokens-drawn', player, tokens: drawn, wanted });
  }

  /** Discard the face-up placard and the tokens on it, then turn over the next one. */
  retirePlacard(): void {
    const s = this.s;
    this.events.push({ type: 'placard-discarded', placard: s.placard, tokens: s.placardTokens.slice() });
    s.tokenDiscard.push(...s.placardTokens);
    s.placardTokens = [];
    s.placardAbilities = [];
    s.placardDiscard.push(s.placard);
    s.codeRequest = null;
    if (s.placardPile.length === 0) {
      // The placards ran out: the discarded ones are shuffled into a new face-down pile.
      s.placardPile = this.rng.shuffle(s.placardDiscard);
      s.placardDiscard = [];
      this.events.push({ type: 'placard-pile-reshuffled', count: s.placardPile.length });
    }
    const next = s.placardPile.shift();
    if (next === undefined) throw new RangeError('no placard to flip');
    s.placard = next;
    const placard = this.catalog.placard(next);
    this.events.push({ type: 'placard-flipped', placard: next, inquisitor: placard.inquisitor });
    if (placard.inquisitor) {
      const discarded = s.seats.filter((x) => x.hand.length > 0).map((x) => ({ player: x.id, tokens: x.hand.slice() }));
      for (const x of s.seats) {
        s.tokenDiscard.push(...x.hand);
        x.hand = [];
      }
      this.events.push({ type: 'inquisitor-discard', discarded });
    }
  }

  /** After a play: a completed mission asks for its code (or, for an Inquisitor, is retired at once). */
  checkMission(): boolean {
    const s = this.s;
    if (!missionComplete(this.catalog, s as RebelMissionsState)) return false;
    const placard = this.catalog.placard(s.placard);
    const byChopper = s.placardTokens.some((t) => this.catalog.token(t).kind === CHOPPER);
    this.events.push({ type: 'mission-completed', placard: placard.id, byChopper });
    s.dice = null;
    s.allPlayWaiting = [];
    if (placard.inquisitor || placard.code === null) {
      this.retirePlacard();
      this.endTurn('mission-resolved');
      return true;
    }
    s.stage = 'enter-code';
    s.codeRequest = { kind: 'enter-code', placard: placard.id, code: placard.code, symbols: [...placard.codeSymbols] };
    this.events.push({ type: 'code-requested', request: { ...s.codeRequest, symbols: [...placard.codeSymbols] } });
    return true;
  }
}

function faceOf(dice: readonly DieFace[] | null, die: number): DieFace {
  const face = dice?.[die];
  if (face === undefined) throw new RangeError(`no die ${die}`);
  return face;
}

function applyPlayerMove(t: Table, move: PlayerMove): void {
  const s = t.s;
  switch (move.type) {
    case 'roll': {
      const faces = t.catalog.components.dice.faces;
      s.dice = Array.from({ length: t.catalog.components.dice.count }, () => t.rng.pick(faces));
      t.events.push({ type: 'dice-rolled', player: move.actor, faces: s.dice.slice() });
      if (s.dice.every((f) => f === 'empire')) {
        t.endTurn('double-empire'); // two Empire symbols: the turn is over, no choice
        return;
      }
      s.stage = 'choose';
      return;
    }
    case 'choose': {
      const face = faceOf(s.dice, move.die);
      t.events.push({ type: 'die-chosen', player: move.actor, face });
      s.dice = null;
      switch (face) {
        case 'single-token':
        case 'double-token':
          t.drawTokens(move.actor, face === 'single-token' ? 1 : 2);
          s.stage = 'drawn';
          return;
        case 'play':
          s.stage = 'play';
          return;
        case 'all-play':
          s.stage = 'all-play';
          s.allPlayWaiting = s.seats.map((x) => x.id);
          t.events.push({ type: 'all-play-opened', players: s.allPlayWaiting.slice() });
          return;
        case 'empire':
          t.endTurn('empire-chosen');
          return;
      }
      return;
    }
    case 'end-turn':
      t.endTurn('ended');
      return;
    case 'play-token': {
      const seat = t.seat(move.actor);
      seat.hand = seat.hand.filter((x) => x !== move.token);
      s.placardTokens.push(move.token);
      t.events.push({ type: 'token-played', player: move.actor, token: move.token, kind: t.catalog.token(move.token).kind });
      t.checkMission();
      return;
    }
    case 'use-ability': {
      const resource = t.catalog.profile(t.seat(move.actor).profile).ability.countsAs;
      s.abilityUsedBy.push(move.actor);
      s.placardAbilities.push({ player: move.actor, resource });
      t.events.push({ type: 'ability-used', player: move.actor, resource });
      t.checkMission();
      return;
    }
    case 'finish':
      if (s.stage === 'play') {
        t.endTurn('played');
        return;
      }
      s.allPlayWaiting = s.allPlayWaiting.filter((x) => x !== move.actor);
      t.events.push({ type: 'player-finished', player: move.actor });
      if (s.allPlayWaiting.length === 0) t.endTurn('all-played');
      return;
  }
}

function applyTimerMove(t: Table, move: TimerMove): void {
  const s = t.s;
  switch (move.type) {
    case 'start':
      s.timeLeftMs = move.leftMs;
      t.events.push({ type: 'game-started', leftMs: move.leftMs });
      t.startTurn(s.turnPlayer);
      return;
    case 'time':
      s.timeLeftMs = move.leftMs;
      t.events.push({ type: 'time-left', leftMs: move.leftMs });
      return;
    case 'timeout':
      s.timeLeftMs = 0;
      s.stage = 'lost';
      t.events.push({ type: 'game-lost', reason: 'timeout' });
      return;
    case 'chime':
      s.codesFound = move.found;
      t.events.push({ type: 'code-accepted', placard: s.placard, found: move.found });
      t.retirePlacard();
      t.endTurn('mission-resolved');
      return;
    case 'buzz':
      if (move.reason === 'mistake' || move.reason === 'idle') {
        // A slip on the keypad or an abandoned entry: the same code is entered again.
        t.events.push({ type: 'code-retry', placard: s.placard, reason: move.reason });
        return;
      }
      t.events.push({ type: 'code-rejected', placard: s.placard, reason: move.reason });
      t.retirePlacard();
      t.endTurn('mission-resolved');
      return;
    case 'fanfare':
      s.codesFound += 1;
      s.codeRequest = null;
      s.stage = 'won';
      t.events.push({ type: 'code-accepted', placard: s.placard, found: s.codesFound });
      t.events.push({ type: 'game-won', found: s.codesFound });
      return;
  }
}

/** A private, writable copy of the state (faster than structuredClone for this shape). */
function draftOf(s: RebelMissionsState): Draft {
  return {
    game: s.game,
    seats: s.seats.map((x) => ({ id: x.id, name: x.name, profile: x.profile, hand: x.hand.slice() })),
    stage: s.stage,
    turnPlayer: s.turnPlayer,
    turnNumber: s.turnNumber,
    dice: s.dice === null ? null : s.dice.slice(),
    abilityUsedBy: s.abilityUsedBy.slice(),
    allPlayWaiting: s.allPlayWaiting.slice(),
    tokenPile: s.tokenPile.slice(),
    tokenDiscard: s.tokenDiscard.slice(),
    placardPile: s.placardPile.slice(),
    placardDiscard: s.placardDiscard.slice(),
    placard: s.placard,
    placardTokens: s.placardTokens.slice(),
    placardAbilities: s.placardAbilities.map((a) => ({ player: a.player, resource: a.resource })),
    codeRequest: s.codeRequest === null ? null : { ...s.codeRequest, symbols: s.codeRequest.symbols.slice() },
    codesFound: s.codesFound,
    timeLeftMs: s.timeLeftMs,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
  };
}

export function applyMove(catalog: Catalog, state: RebelMissionsState, move: RebelMissionsMove): ApplyResult<RebelMissionsState, RebelMissionsEvent> {
  const reason = illegalBecause(catalog, state, move);
  if (reason !== null) return { ok: false, reason };
  const draft = draftOf(state);
  const events = playMove(catalog, draft, move);
  return { ok: true, state: draft as RebelMissionsState, events };
}

/**
 * Carries out a legal move on a state the caller owns (a clone, for playouts): no judging, no
 * copy. The events may share lists with the state, which later moves change: read them at once.
 */
export function playMove(catalog: Catalog, state: Mutable<RebelMissionsState>, move: RebelMissionsMove): RebelMissionsEvent[] {
  const table = new Table(catalog, state);
  if (move.actor === TIMER) applyTimerMove(table, move as TimerMove);
  else applyPlayerMove(table, move as PlayerMove);
  const [a, b, c, d] = table.rng.state();
  table.s.rng = [a, b, c, d];
  return table.events;
}
