// The rules of Rebel Missions on the table-game shape, written once against a Writer
// (engine/cow.ts): the turn sequence, the dice and the shuffles as chance decisions, drawing,
// missions, codes, Inquisitors and the timer's events. `applyCopyOnWrite` runs them on a copy
// that shares whatever a move leaves alone (the persistent `apply`); `applyInPlaceWith` runs them
// on a clone the caller owns (playouts). Every object below the root is claimed with
// `writer.own` before it is changed; only moves `judgeTable` accepts come here.
//
// Chance: set-up leaves the tokens' and then the placards' shuffle pending (the piles in catalog
// order until then; the generator moves on as the set-up drew them before they were moves);
// `roll` leaves a `roll` chance decision pending (the faces are chance's move: sampled
// from the state's generator or rolled at the table); a draw that finds the token pile empty, and
// a placard resolved with the placard pile empty, leave a `shuffle` pending (always the engine's).
// Whoever supplies an outcome, the state's generator advances by the same step (one chance
// stream, `chanceStream(rng).next`; past the shuffle for the set-up), so a log replays.

import { chanceMoveProblem, chanceStream, type ChanceMove, type ChanceSpec } from '../../engine/chance.ts';
import type { Writer } from '../../engine/cow.ts';
import { CHANCE } from '../../engine/decisions.ts';
import { stateAfterShuffle } from '../../engine/rng.ts';
import type { Mutable } from '../../engine/draft.ts';
import { missionComplete, type Catalog } from './catalog.ts';
import { CHOPPER } from './load.ts';
import type { DieFace } from './schema.ts';
import { rollSpec } from './dice.ts';
import { illegalBecause } from './legality.ts';
import {
  TIMER,
  type PendingChance,
  type PlayerId,
  type PlayerMove,
  type RebelMissionsEvent,
  type RebelTableMove,
  type RebelTableState,
  type TimerMove,
  type TurnEndReason,
} from './model.ts';

/** The state being written: its top-level fields directly, anything below after `writer.own` (the generator is replaced whole). */
export type Root = Omit<Mutable<RebelTableState>, 'rng'> & { rng: RebelTableState['rng'] };
type Events = RebelMissionsEvent[];

/** The chance decision's spec for what is pending (a shuffle of the pile to be made). */
export function pendingSpec(catalog: Catalog, s: RebelTableState): ChanceSpec | null {
  const p = s.pending;
  if (p === null) return null;
  switch (p.kind) {
    case 'set-up-tokens':
      return { kind: 'shuffle', size: s.tokenPile.length };
    case 'set-up-placards':
      // Every placard: the first (in `placard`, not yet face up) and the rest of the pile.
      return { kind: 'shuffle', size: s.placardPile.length + 1 };
    case 'roll':
      return rollSpec(catalog.components);
    case 'token-shuffle':
      return { kind: 'shuffle', size: s.tokenDiscard.length };
    case 'placard-shuffle':
      // The discarded placards and the one just resolved, still face up until the shuffle.
      return { kind: 'shuffle', size: s.placardDiscard.length + 1 };
  }
}

/** What is being waited for, in words ("the dice to be rolled"). */
function pendingWords(p: PendingChance): string {
  switch (p.kind) {
    case 'set-up-tokens':
      return 'the set-up: the tokens to be mixed';
    case 'set-up-placards':
      return 'the set-up: the placards to be shuffled';
    case 'roll':
      return 'the dice to be rolled';
    case 'token-shuffle':
      return 'the token pile to be shuffled';
    case 'placard-shuffle':
      return 'the placard pile to be shuffled';
  }
}

/** Why `move` may not be made now, or null: the old judge, with chance's moves and the pending draws. */
export function judgeTable(catalog: Catalog, s: RebelTableState, move: RebelTableMove): string | null {
  if (typeof move !== 'object' || move === null) return illegalBecause(catalog, s, move as never);
  if (move.actor === CHANCE) {
    if (s.stage === 'won' || s.stage === 'lost') return `the game is over (${s.stage})`;
    if (move.type !== 'chance') return `chance only draws outcomes (type "chance"), not "${String(move.type)}"`;
    return chanceMoveProblem(pendingSpec(catalog, s), move);
  }
  if (s.pending !== null && (move.actor !== TIMER || (move.type !== 'time' && move.type !== 'timeout'))) {
    return `waiting for ${pendingWords(s.pending)}`;
  }
  return illegalBecause(catalog, s, move as PlayerMove | TimerMove);
}

function seatIndex(s: Root, player: PlayerId): number {
  const i = s.seats.findIndex((x) => x.id === player);
  if (i < 0) throw new RangeError(`no seat "${player}"`);
  return i;
}

/** The player's hand, writable. */
function handOf(s: Root, w: Writer, player: PlayerId): string[] {
  const seats = w.own(s, 'seats');
  const seat = w.own(seats, seatIndex(s, player));
  return w.own(seat, 'hand');
}

function startTurn(s: Root, player: PlayerId, events: Events): void {
  s.turnPlayer = player;
  s.turnNumber += 1;
  s.stage = 'roll';
  s.dice = null;
  if (s.abilityUsedBy.length > 0) s.abilityUsedBy = [];
  if (s.allPlayWaiting.length > 0) s.allPlayWaiting = [];
  if (s.placardAbilities.length > 0) s.placardAbilities = [];
  events.push({ type: 'turn-started', player, turnNumber: s.turnNumber });
}

/** The turn ends: abilities lapse (said, when any counted toward the mission), the dice pass to the left (the next seat). */
function endTurn(s: Root, reason: TurnEndReason, events: Events): void {
  if (s.placardAbilities.length > 0) {
    events.push({ type: 'abilities-lapsed', placard: s.placard, abilities: s.placardAbilities.map((a) => ({ player: a.player, resource: a.resource })) });
  }
  events.push({ type: 'turn-ended', player: s.turnPlayer, reason });
  const index = s.seats.findIndex((x) => x.id === s.turnPlayer);
  const next = s.seats[(index + 1) % s.seats.length];
  if (!next) throw new RangeError('no seats');
  startTurn(s, next.id, events);
}

/** Draws toward `wanted` from the pile into the hand; stops for a shuffle when the pile runs out and discards are left. */
function drawTokens(s: Root, w: Writer, player: PlayerId, wanted: number, drawnBefore: readonly string[], events: Events): void {
  const drawn = drawnBefore.slice();
  const take = Math.min(wanted - drawn.length, s.tokenPile.length);
  if (take > 0) {
    const pile = w.own(s, 'tokenPile');
    const taken = pile.splice(0, take);
    handOf(s, w, player).push(...taken);
    drawn.push(...taken);
  }
  if (drawn.length < wanted && s.tokenDiscard.length > 0) {
    // The pile ran out: the discarded tokens are mixed into a new face-down pile, then the draw goes on.
    s.pending = { kind: 'token-shuffle', player, wanted, drawn };
    return;
  }
  // Every token is in a hand or on the placard when the pile and the discards are empty: draw what there is.
  events.push({ type: 'tokens-drawn', player, tokens: drawn, wanted });
}

/** Discards the face-up placard and its tokens, then turns over the next one (after a shuffle when the pile is empty). */
function retirePlacard(catalog: Catalog, s: Root, w: Writer, events: Events): void {
  events.push({ type: 'placard-discarded', placard: s.placard, tokens: s.placardTokens.slice() });
  if (s.placardTokens.length > 0) {
    w.own(s, 'tokenDiscard').push(...s.placardTokens);
    s.placardTokens = [];
  }
  if (s.placardAbilities.length > 0) s.placardAbilities = [];
  if (s.placardPile.length === 0) {
    // The placards ran out: the discarded ones and this one are shuffled into a new pile (chance's move).
    s.pending = { kind: 'placard-shuffle' };
    return;
  }
  w.own(s, 'placardDiscard').push(s.placard);
  flipPlacard(catalog, s, w, events);
}

/** Turns over the top placard; an Inquisitor makes everyone discard their tokens. Then the turn ends. */
function flipPlacard(catalog: Catalog, s: Root, w: Writer, events: Events): void {
  s.codeRequest = null;
  const pile = w.own(s, 'placardPile');
  const next = pile.shift();
  if (next === undefined) throw new RangeError('no placard to flip');
  s.placard = next;
  const placard = catalog.placard(next);
  events.push({ type: 'placard-flipped', placard: next, inquisitor: placard.inquisitor });
  if (placard.inquisitor) {
    const discarded = s.seats.filter((x) => x.hand.length > 0).map((x) => ({ player: x.id, tokens: x.hand.slice() }));
    if (discarded.length > 0) {
      const discard = w.own(s, 'tokenDiscard');
      const seats = w.own(s, 'seats');
      s.seats.forEach((x, i) => {
        if (x.hand.length === 0) return;
        discard.push(...x.hand);
        w.own(seats, i).hand = [];
      });
    }
    events.push({ type: 'inquisitor-discard', discarded });
  }
  endTurn(s, 'mission-resolved', events);
}

/** After a play: a completed mission asks for its code (or, for an Inquisitor, is retired at once). */
function checkMission(catalog: Catalog, s: Root, w: Writer, events: Events): void {
  if (!missionComplete(catalog, s as RebelTableState)) return;
  const placard = catalog.placard(s.placard);
  const byChopper = s.placardTokens.some((t) => catalog.token(t).kind === CHOPPER);
  events.push({ type: 'mission-completed', placard: placard.id, byChopper });
  s.dice = null;
  if (s.allPlayWaiting.length > 0) s.allPlayWaiting = [];
  if (placard.inquisitor || placard.code === null) {
    retirePlacard(catalog, s, w, events);
    return;
  }
  s.stage = 'enter-code';
  s.codeRequest = { kind: 'enter-code', placard: placard.id, code: placard.code, symbols: [...placard.codeSymbols] };
  events.push({ type: 'code-requested', request: { kind: 'enter-code', placard: placard.id, code: placard.code, symbols: [...placard.codeSymbols] } });
}

/** The dice show `faces`: two Empire symbols end the turn, else the turn player chooses one. */
function rolled(s: Root, player: PlayerId, faces: readonly DieFace[], events: Events): void {
  events.push({ type: 'dice-rolled', player, faces: faces.slice() });
  if (faces.every((f) => f === 'empire')) {
    endTurn(s, 'double-empire', events); // two Empire symbols: the turn is over, no choice
    return;
  }
  s.dice = faces.slice();
  s.stage = 'choose';
}

/**
 * The set-up: the tokens mixed face down (then the placards are to be shuffled), or the placards
 * shuffled and the top one turned face up (an Inquisitor then finds no tokens to discard). The
 * generator moves on as the set-up drew these shuffles from it before they were chance's moves
 * (the engine's `stateAfterShuffle`), so a game dealt that way goes on as it did.
 */
function playSetUp(catalog: Catalog, s: Root, pile: 'tokens' | 'placards', order: readonly number[], events: Events): void {
  s.rng = stateAfterShuffle(s.rng, order.length);
  if (pile === 'tokens') {
    const before = s.tokenPile;
    s.tokenPile = order.map((i) => before[i] as string);
    s.pending = { kind: 'set-up-placards' };
    events.push({ type: 'set-up-shuffled', pile, count: order.length });
    return;
  }
  const all = [s.placard, ...s.placardPile];
  const [top, ...rest] = order.map((i) => all[i] as string);
  s.placard = top as string;
  s.placardPile = rest;
  s.pending = null;
  events.push({ type: 'set-up-shuffled', pile, count: order.length });
  events.push({ type: 'placard-flipped', placard: s.placard, inquisitor: catalog.placard(s.placard).inquisitor });
}

function playChance(catalog: Catalog, s: Root, w: Writer, move: ChanceMove, events: Events): void {
  const pending = s.pending;
  if (pending === null) throw new RangeError('no chance decision is open');
  if (pending.kind === 'set-up-tokens' || pending.kind === 'set-up-placards') {
    playSetUp(catalog, s, pending.kind === 'set-up-tokens' ? 'tokens' : 'placards', move.outcome as readonly number[], events);
    return;
  }
  s.rng = chanceStream(s.rng).next;
  s.pending = null;
  switch (pending.kind) {
    case 'roll':
      rolled(s, pending.player, move.outcome as readonly DieFace[], events);
      return;
    case 'token-shuffle': {
      const order = move.outcome as readonly number[];
      const discard = s.tokenDiscard;
      s.tokenPile = order.map((i) => discard[i] as string);
      s.tokenDiscard = [];
      events.push({ type: 'token-pile-reshuffled', count: s.tokenPile.length });
      drawTokens(s, w, pending.player, pending.wanted, pending.drawn, events);
      return;
    }
    case 'placard-shuffle': {
      const order = move.outcome as readonly number[];
      const all = [...s.placardDiscard, s.placard];
      s.placardPile = order.map((i) => all[i] as string);
      s.placardDiscard = [];
      events.push({ type: 'placard-pile-reshuffled', count: s.placardPile.length });
      flipPlacard(catalog, s, w, events);
      return;
    }
  }
}

function playPlayer(catalog: Catalog, s: Root, w: Writer, move: PlayerMove, events: Events): void {
  switch (move.type) {
    case 'roll':
      // The dice are chance's to roll: sampled, or rolled at the table and entered.
      s.pending = { kind: 'roll', player: move.actor };
      return;
    case 'choose': {
      const face = s.dice?.[move.die];
      if (face === undefined) throw new RangeError(`no die ${move.die}`);
      events.push({ type: 'die-chosen', player: move.actor, face });
      s.dice = null;
      switch (face) {
        case 'single-token':
        case 'double-token':
          s.stage = 'drawn';
          drawTokens(s, w, move.actor, face === 'single-token' ? 1 : 2, [], events);
          return;
        case 'play':
          s.stage = 'play';
          return;
        case 'all-play':
          s.stage = 'all-play';
          s.allPlayWaiting = s.seats.map((x) => x.id);
          events.push({ type: 'all-play-opened', players: s.allPlayWaiting.slice() });
          return;
        case 'empire':
          endTurn(s, 'empire-chosen', events);
          return;
      }
      return;
    }
    case 'end-turn':
      endTurn(s, 'ended', events);
      return;
    case 'play-token': {
      const hand = handOf(s, w, move.actor);
      hand.splice(hand.indexOf(move.token), 1);
      w.own(s, 'placardTokens').push(move.token);
      events.push({ type: 'token-played', player: move.actor, token: move.token, kind: catalog.token(move.token).kind });
      checkMission(catalog, s, w, events);
      return;
    }
    case 'use-ability': {
      const seat = s.seats[seatIndex(s, move.actor)] as Root['seats'][number];
      const resource = catalog.profile(seat.profile).ability.countsAs;
      w.own(s, 'abilityUsedBy').push(move.actor);
      w.own(s, 'placardAbilities').push({ player: move.actor, resource });
      events.push({ type: 'ability-used', player: move.actor, resource });
      checkMission(catalog, s, w, events);
      return;
    }
    case 'finish':
      if (s.stage === 'play') {
        endTurn(s, 'played', events);
        return;
      }
      s.allPlayWaiting = s.allPlayWaiting.filter((x) => x !== move.actor);
      events.push({ type: 'player-finished', player: move.actor });
      if (s.allPlayWaiting.length === 0) endTurn(s, 'all-played', events);
      return;
  }
}

function playTimer(catalog: Catalog, s: Root, w: Writer, move: TimerMove, events: Events): void {
  switch (move.type) {
    case 'start':
      s.timeLeftMs = move.leftMs;
      events.push({ type: 'game-started', leftMs: move.leftMs });
      startTurn(s, s.turnPlayer, events);
      return;
    case 'time':
      s.timeLeftMs = move.leftMs;
      events.push({ type: 'time-left', leftMs: move.leftMs });
      return;
    case 'timeout':
      s.timeLeftMs = 0;
      s.stage = 'lost';
      s.pending = null;
      events.push({ type: 'game-lost', reason: 'timeout' });
      return;
    case 'chime':
      s.codesFound = move.found;
      events.push({ type: 'code-accepted', placard: s.placard, found: move.found });
      retirePlacard(catalog, s, w, events);
      return;
    case 'buzz':
      if (move.reason === 'mistake' || move.reason === 'idle') {
        // A slip on the keypad or an abandoned entry: the same code is entered again.
        events.push({ type: 'code-retry', placard: s.placard, reason: move.reason });
        return;
      }
      events.push({ type: 'code-rejected', placard: s.placard, reason: move.reason });
      retirePlacard(catalog, s, w, events);
      return;
    case 'fanfare':
      s.codesFound += 1;
      s.codeRequest = null;
      s.stage = 'won';
      events.push({ type: 'code-accepted', placard: s.placard, found: s.codesFound });
      events.push({ type: 'game-won', found: s.codesFound });
      return;
  }
}

/** Plays one judged move on `s` (a copy-on-write root, or a clone the caller owns). */
export function playTableMove(catalog: Catalog, s: Root, move: RebelTableMove, w: Writer): Events {
  const events: Events = [];
  if (move.actor === CHANCE) playChance(catalog, s, w, move as ChanceMove, events);
  else if (move.actor === TIMER) playTimer(catalog, s, w, move as TimerMove, events);
  else playPlayer(catalog, s, w, move as PlayerMove, events);
  return events;
}
