// Stolen Plans rules: the table under every play, written against a Writer: the decision stack, cards
// moving between hands, the discard pile and the table, what each player knows and where R2-D2 may be,
// the resources flipping, the turn decision and the end of the game.

import type { Writer } from '../../engine/cow.ts';
import { decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';
import { passAllowed } from './rules-facts.ts';
import { handOf, othersFrom, type Place, R2D2, seatOf, type SpData, type SpDecision, type SpEvent, type SpState } from './state.ts';

/** The windows windows.json marks quick (W4): pushed with the table's quick-window seconds as their time limit. */
const QUICK_WINDOWS: ReadonlySet<string> = new Set(CARDS.catalog.windows.filter((x) => x.quick).map((x) => x.id));

/** Opens `d`, a decision made for this push (a quick window gets its time limit on it). */
/**
 * The state's lists a move writes most, writable: in place the state's own, read directly (one load per
 * field stays fast in V8, where the shared `own` sees every key and shape: Writer.inPlace); else claimed.
 */
export const ownStack = (s: SpState, w: Writer): SpDecision[] => (w.inPlace ? s.stack : w.own(s, 'stack'));
export const ownDiscard = (s: SpState, w: Writer): string[] => (w.inPlace ? s.discard : w.own(s, 'discard'));
export const ownHand = (s: SpState, w: Writer, seat: number): string[] => (w.inPlace ? s.hands[seat] : w.own(w.own(s, 'hands'), seat)) as string[];

export function push(s: SpState, w: Writer, d: SpDecision): void {
  if (QUICK_WINDOWS.has(d.kind)) d.limitSeconds = s.rules.quickWindowSeconds;
  ownStack(s, w).push(d);
}

export function pop(s: SpState, w: Writer): void {
  ownStack(s, w).pop();
}

export function takeFromHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  const hand = ownHand(s, w, seatOf(s, player));
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${player} does not hold ${card}`);
  hand.splice(i, 1);
  if (s.known.some((k) => k.holder === player && k.card === card)) s.known = s.known.filter((k) => !(k.holder === player && k.card === card));
}

export function addToHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  ownHand(s, w, seatOf(s, player)).push(card);
}

/** `card` from the discard pile into `player`'s hand: the pile is public, so everyone knows where it went (a `took` event). */
export function takeFromDiscard(s: SpState, w: Writer, player: ActorId, card: string, events: SpEvent[]): void {
  const discard = ownDiscard(s, w);
  discard.splice(discard.indexOf(card), 1);
  addToHand(s, w, player, card);
  for (const viewer of othersFrom(s, player)) know(s, viewer, player, card);
  events.push({ type: 'took', player, from: 'discard', card });
}

export function toDiscard(s: SpState, w: Writer, player: ActorId, card: string): void {
  takeFromHand(s, w, player, card);
  ownDiscard(s, w).push(card);
}

export function know(s: SpState, viewer: ActorId, holder: Place, card: string): void {
  if (s.known.some((k) => k.viewer === viewer && k.holder === holder && k.card === card)) return;
  s.known = [...s.known, { viewer, holder, card }];
}

/**
 * Where R2-D2 may be, for each player, after a card moved from `from` to `to` (`saw`: the
 * players who know which card moved). Sound: the set always holds R2-D2's real place.
 */
export function trackMove(s: SpState, from: Place, to: Place, card: string, saw: readonly ActorId[]): void {
  settleEach(s, (viewer, could) => {
    if (saw.includes(viewer)) return card === R2D2 ? [to] : could;
    return could.includes(from) && !could.includes(to) ? [...could, to] : could;
  });
}

/** Each player's own hand and the public counts narrow where R2-D2 may be; a single other place is known. */
export function settleR2(s: SpState): void {
  settleEach(s, null);
}

/** A place's rank in a settled list: the seats in order, then the pile. */
const rankOf = (s: SpState, p: Place): number => (p === 'pile' ? s.players.length : s.players.indexOf(p));

/** Whether R2-D2 may still be at `p` for `viewer`: not their own hand (they would hold it), and it holds a card. */
const mayHold = (s: SpState, viewer: ActorId, p: Place): boolean => p !== viewer && (p === 'pile' ? s.drawPile.length > 0 : handOf(s, p).length > 0);

/** `could` narrowed for `viewer` (settleR2): the places that may hold R2-D2, seats in order then the pile; `could` itself when nothing changes. */
function settled(s: SpState, viewer: ActorId, could: readonly Place[]): readonly Place[] {
  if (handOf(s, viewer).includes(R2D2)) return could.length === 1 && could[0] === viewer ? could : [viewer];
  let rank = -1;
  let kept = true;
  for (const p of could) {
    const r = rankOf(s, p);
    if (r <= rank || !mayHold(s, viewer, p)) {
      kept = false;
      break;
    }
    rank = r;
  }
  if (kept) return could;
  const out: Place[] = [];
  for (const p of s.players) if (could.includes(p) && mayHold(s, viewer, p)) out.push(p);
  if (could.includes('pile') && mayHold(s, viewer, 'pile')) out.push('pile');
  return out;
}

/**
 * Each viewer's places through `step` (or as they are, `null`), then settled (settleR2), in seat order; a
 * single other place is known. The lists are shared, never changed: a new record only when one list is new.
 */
function settleEach(s: SpState, step: ((viewer: ActorId, could: readonly Place[]) => readonly Place[]) | null): void {
  const before = s.r2Could;
  let next: Record<ActorId, Place[]> | null = null;
  for (const viewer of s.players) {
    const was = before[viewer] ?? [];
    const could = settled(s, viewer, step === null ? was : step(viewer, was)) as Place[];
    if (could !== was || !(viewer in before)) {
      if (next === null) {
        next = {};
        for (const p of s.players) {
          if (p === viewer) break;
          next[p] = before[p] ?? [];
        }
      }
    }
    if (next !== null) next[viewer] = could;
    const only = could.length === 1 ? could[0] : undefined;
    if (only !== undefined && only !== viewer && only !== 'pile') know(s, viewer, only, R2D2);
  }
  if (next !== null) s.r2Could = next;
}

/** Cards left on the table when a play is over: a captured hero to its capturer (known to all: the Capture is public), the rest discarded. */
export function flushTable(s: SpState, w: Writer): void {
  if (s.onTable.length === 0) return;
  for (const card of s.onTable) {
    const capture = s.captures.find((c) => c.card === card);
    if (capture === undefined) ownDiscard(s, w).push(card);
    else {
      addToHand(s, w, capture.by, card);
      for (const viewer of othersFrom(s, capture.by)) know(s, viewer, capture.by, card);
    }
  }
  s.onTable = [];
  s.captures = [];
}

/** The player's Active resource of `type` (`food@2`), or null. */
export const activeResource = (s: SpState, p: ActorId, type: string): string | null =>
  s.resources.find((r) => r.owner === p && r.active && typeOf(r.card) === type)?.card ?? null;

/** Whether `p` may be asked about Food now: it is Active and no resource was used this turn (T5, T6; public facts). */
export const foodReady = (s: SpState, p: ActorId): boolean => !s.resourceUsed && activeResource(s, p, 'food') !== null;

/** Flips a resource (R1: used → Inactive; R2: reactivated → Active; R3: deactivated). */
export function flipResource(s: SpState, card: string, active: boolean, events: SpEvent[]): void {
  const r = s.resources.find((x) => x.card === card);
  if (r === undefined) throw new Error(`${card} is not a resource in play`);
  s.resources = s.resources.map((x) => (x.card === card ? { ...x, active } : x));
  events.push({ type: 'resource-flipped', card, owner: r.owner, active });
}

export function turnDecision(s: SpState, player: ActorId): SpDecision {
  return decision<SpData>({ kind: 'turn', asked: [player], mayPass: passAllowed(s), close: 'first-taker', data: { at: 'turn', player } });
}

/** The Lose the Game card type (E2, D17). */
const LOSE_THE_GAME = 'lose-the-game';

/** The game ends (E1, E2, E4): the holder of R2-D2 wins, unless they also hold Lose the Game (D17: then nobody wins). */
export function endGame(s: SpState, events: SpEvent[], why: string): void {
  const holder = s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null;
  const loser = s.players.find((p) => handOf(s, p).some((c) => typeOf(c) === LOSE_THE_GAME)) ?? null;
  const name = (p: ActorId): string => `${s.names[seatOf(s, p)]} (${p})`;
  const lost = loser === null ? '' : `; ${name(loser)} holds Lose the Game and loses`;
  s.winners = holder === null || holder === loser ? [] : [holder];
  s.summary =
    holder === null
      ? `${why}: nobody holds R2-D2, nobody wins${lost}`
      : holder === loser
        ? `${why}: ${name(holder)} holds R2-D2 but also Lose the Game: nobody wins`
        : `${why}: ${name(holder)} holds R2-D2 and wins${lost}`;
  s.pending = [];
  s.lossQueue = [];
  s.stealing = [];
  s.moving = null;
  s.stack = [];
  if (s.discarding !== null) s.discard = [...s.discard, ...s.discarding.cards];
  s.discarding = null;
  if (s.onTable.length > 0) s.discard = [...s.discard, ...s.onTable];
  s.onTable = [];
  s.captures = [];
  events.push({ type: 'game-over', winners: s.winners, r2d2: holder, summary: s.summary });
}

export function playCards(s: SpState, w: Writer, player: ActorId, as: string, cards: readonly string[], targets: readonly ActorId[], events: SpEvent[]): void {
  for (const c of cards) toDiscard(s, w, player, c);
  events.push({ type: 'played', player, as, cards: [...cards], targets: [...targets] });
}
