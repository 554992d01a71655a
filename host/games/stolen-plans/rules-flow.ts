// Stolen Plans rules: the flow of a play on the decision stack, written once against a Writer:
// moving cards, what each player knows, the windows a play opens, losses, the next turn, the end.

import type { Writer } from '../../engine/cow.ts';
import { chanceDecision, decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';

/** The Lose the Game card type (E2, D17). */
const LOSE_THE_GAME = 'lose-the-game';
import { answerable, besideOf, defendTotal, mayBeHeld, passAllowed } from './rules-facts.ts';
import { movingGoesOn, movingResolved } from './rules-atact.ts';
import { askable, loseCard, lossOver } from './rules-cargo.ts';
import { sawAnswerable } from './rules-saw.ts';
import { noteDrawn, openDrawn } from './rules-squads.ts';
import {
  handOf,
  leftOf,
  othersFrom,
  R2D2,
  seatOf,
  turnPlayer,
  type Place,
  type SpData,
  type SpDecision,
  type SpEvent,
  type SpState,
  type SpStep,
} from './state.ts';

/** The windows windows.json marks quick (W4): pushed with the table's quick-window seconds as their time limit. */
const QUICK_WINDOWS: ReadonlySet<string> = new Set(CARDS.catalog.windows.filter((x) => x.quick).map((x) => x.id));

export function push(s: SpState, w: Writer, d: SpDecision): void {
  w.own(s, 'stack').push(QUICK_WINDOWS.has(d.kind) ? { ...d, limitSeconds: s.rules.quickWindowSeconds } : d);
}

export function pop(s: SpState, w: Writer): void {
  w.own(s, 'stack').pop();
}

export function takeFromHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  const hand = w.own(w.own(s, 'hands'), seatOf(s, player));
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${player} does not hold ${card}`);
  hand.splice(i, 1);
  if (s.known.some((k) => k.holder === player && k.card === card)) s.known = s.known.filter((k) => !(k.holder === player && k.card === card));
}

export function addToHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  w.own(w.own(s, 'hands'), seatOf(s, player)).push(card);
}

/** `card` from the discard pile into `player`'s hand: the pile is public, so everyone knows where it went (a `took` event). */
export function takeFromDiscard(s: SpState, w: Writer, player: ActorId, card: string, events: SpEvent[]): void {
  const discard = w.own(s, 'discard');
  discard.splice(discard.indexOf(card), 1);
  addToHand(s, w, player, card);
  for (const viewer of othersFrom(s, player)) know(s, viewer, player, card);
  events.push({ type: 'took', player, from: 'discard', card });
}

export function toDiscard(s: SpState, w: Writer, player: ActorId, card: string): void {
  takeFromHand(s, w, player, card);
  w.own(s, 'discard').push(card);
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
  const next: Record<ActorId, Place[]> = {};
  for (const viewer of s.players) {
    let could = s.r2Could[viewer] ?? [];
    if (saw.includes(viewer)) {
      if (card === R2D2) could = [to];
    } else if (could.includes(from) && !could.includes(to)) {
      could = [...could, to];
    }
    next[viewer] = could;
  }
  s.r2Could = next;
  settleR2(s);
}

/** Each player's own hand and the public counts narrow where R2-D2 may be; a single other place is known. */
export function settleR2(s: SpState): void {
  const next: Record<ActorId, Place[]> = {};
  for (const viewer of s.players) {
    let could: Place[];
    if (handOf(s, viewer).includes(R2D2)) could = [viewer];
    else {
      could = (s.r2Could[viewer] ?? []).filter((p) => p !== viewer && (p === 'pile' ? s.drawPile.length > 0 : handOf(s, p).length > 0));
      could = s.players.filter((p) => could.includes(p)).concat(could.includes('pile') ? ['pile'] : []);
    }
    next[viewer] = could;
    const only = could.length === 1 ? could[0] : undefined;
    if (only !== undefined && only !== viewer && only !== 'pile') know(s, viewer, only, R2D2);
  }
  s.r2Could = next;
}

/** Cards left on the table when a play is over: a captured hero to its capturer (known to all: the Capture is public), the rest discarded. */
export function flushTable(s: SpState, w: Writer): void {
  if (s.onTable.length === 0) return;
  for (const card of s.onTable) {
    const capture = s.captures.find((c) => c.card === card);
    if (capture === undefined) w.own(s, 'discard').push(card);
    else {
      addToHand(s, w, capture.by, card);
      for (const viewer of othersFrom(s, capture.by)) know(s, viewer, capture.by, card);
    }
  }
  s.onTable = [];
  s.captures = [];
}

/** The play is over (its windows and losses): the next step still to come in it (SpStep), else the next turn (T7). */
export function nextTurn(s: SpState, w: Writer, events: SpEvent[]): void {
  flushTable(s, w);
  s.moving = null;
  if (s.winners !== null) return;
  const [step, ...rest] = s.pending;
  if (step !== undefined) {
    s.pending = rest;
    runStep(s, w, step, events);
    return;
  }
  // D22: Gather Intelligence's peek at what the turn player drew, once the turn's play is over (Rogue One).
  if (openDrawn(s, w)) return;
  const player = leftOf(s, turnPlayer(s));
  s.turn += 1;
  s.resourceUsed = false;
  s.drawnThisTurn = [];
  s.stack = [turnDecision(s, player)];
  events.push({ type: 'turn-started', player, turn: s.turn });
  openTurnStart(s, w, player);
}

/** T1: the turn begins with turn-start (Miss a Turn, quick) asking every other player with cards, while a Miss a Turn may be held (W5). */
export function openTurnStart(s: SpState, w: Writer, player: ActorId): void {
  const asked = askable(s, othersFrom(s, player));
  if (asked.length === 0 || !answerable(s, 'turn-start', [], 'skip-turn')) return;
  push(
    s,
    w,
    decision<SpData>({
      kind: 'turn-start',
      asked,
      mayPass: true,
      close: 'first-taker',
      data: { at: 'turn-start', player, quickSeconds: s.rules.quickWindowSeconds },
    }),
  );
}

/** A step still to come in the play: the Assault's second target (B26), Food's window (T5). */
function runStep(s: SpState, w: Writer, step: SpStep, events: SpEvent[]): void {
  switch (step.step) {
    case 'hero-steal':
      // A hero steal cancelled by a victim's Saw Gerrera (H2): the steal is dropped.
      nextTurn(s, w, events);
      return;
    case 'assault-beside': {
      if (besideOf(s, step.attacker, step.first).length === 0) {
        nextTurn(s, w, events);
        return;
      }
      const { attacker, first, cards, value } = step;
      push(
        s,
        w,
        decision<SpData>({
          kind: 'assault-beside',
          asked: [attacker],
          mayPass: true,
          close: 'first-taker',
          data: { at: 'assault-beside', attacker, first, cards, value },
        }),
      );
      return;
    }
    case 'after-play':
      if (foodReady(s, step.player)) {
        push(
          s,
          w,
          decision<SpData>({ kind: 'after-play', asked: [step.player], mayPass: true, close: 'first-taker', data: { at: 'after-play', player: step.player } }),
        );
      } else nextTurn(s, w, events);
      return;
  }
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

/** `player` must lose `count` cards (L1, L2): all they can without being asked, or a choice. */
export function loseCards(s: SpState, w: Writer, player: ActorId, count: number, events: SpEvent[]): void {
  const can = handOf(s, player).filter((c) => !CARDS.undiscardable(c));
  if (can.length > count) {
    push(
      s,
      w,
      decision<SpData>({ kind: 'choose-discards', asked: [player], close: 'all-answered', data: { at: 'choose-discards', player, remaining: count } }),
    );
    return;
  }
  for (const card of can) loseCard(s, w, player, card, events);
  const kept = handOf(s, player).length;
  if (kept > 0 && count > can.length) {
    w.own(s, 'declarations').push({ player, count: kept, turn: s.turn });
    events.push({ type: 'cannot-discard', player, count: kept });
    // Every card kept cannot be discarded; when the game holds no more such cards than were kept, all know them (D23).
    const undiscardable = s.allCards.filter((c) => CARDS.undiscardable(c));
    if (undiscardable.length === kept) {
      for (const viewer of othersFrom(s, player)) {
        for (const card of handOf(s, player)) know(s, viewer, player, card);
        if (handOf(s, player).includes(R2D2)) s.r2Could = { ...s.r2Could, [viewer]: [player] };
      }
      settleR2(s);
    }
  }
  lossOver(s, w, events);
}

/** After a loss: the next one queued in this play (Burn Cards), or the next turn. */
export function afterLoss(s: SpState, w: Writer, events: SpEvent[]): void {
  const [next, ...rest] = s.lossQueue;
  if (next === undefined) {
    // A7: the AT-ACT's remainder goes on to the left.
    if (!movingGoesOn(s, w, events)) nextTurn(s, w, events);
    return;
  }
  s.lossQueue = rest;
  loseCards(s, w, next.player, next.count, events);
}

export function resolveAttack(s: SpState, w: Writer, attacker: ActorId, target: ActorId, value: number, defence: number, events: SpEvent[]): void {
  const loser = value > defence ? target : value < defence ? attacker : null;
  const cards = Math.abs(value - defence);
  events.push({ type: 'attack-resolved', attacker, target, attack: value, defence, loser, cards });
  movingResolved(s, target, loser, cards);
  if (loser === null) nextTurn(s, w, events);
  else loseCards(s, w, loser, cards, events);
}

/**
 * The next pick of a steal (ST4): `victims` are the picks still to make, in order (a victim named
 * twice gives two cards). The cards of one victim are picked one by one by a secret chance move
 * (held in `stealing` until they move: nobody but the engine knows them), then shown to the
 * Tracking Beacons that ask to see them (ST5), then moved to the thief (ST6). An empty hand is
 * skipped (D30).
 */
export function stealNext(s: SpState, w: Writer, thief: ActorId, victims: readonly ActorId[], events: SpEvent[]): void {
  const rest = victims.slice();
  const left = (v: ActorId): number => handOf(s, v).filter((c) => !s.stealing.includes(c)).length;
  while (rest.length > 0 && left(rest[0] as ActorId) === 0) rest.shift();
  const batch = s.stealing.length > 0 ? (s.players.find((p) => handOf(s, p).includes(s.stealing[0] as string)) ?? null) : null;
  if (batch !== null && rest[0] !== batch) {
    const asked = beaconHolders(s, thief, batch);
    if (asked.length > 0) {
      push(
        s,
        w,
        decision<SpData>({
          kind: 'steal-peek',
          asked,
          mayPass: true,
          close: 'all-answered',
          data: { at: 'steal-peek', thief, victim: batch, count: s.stealing.length, rest, seen: [] },
        }),
      );
      return;
    }
    moveStolen(s, w, thief, batch, [], events);
    stealNext(s, w, thief, rest, events);
    return;
  }
  if (rest.length === 0) {
    nextTurn(s, w, events);
    return;
  }
  push(s, w, chanceDecision<SpData>('steal', { kind: 'index', size: left(rest[0] as ActorId), secret: true }, { at: 'steal', thief, victims: rest }));
}

/** ST5: the players asked to peek at a steal's cards: neither thief nor victim, with an Active Tracking Beacon (public facts). */
export function beaconHolders(s: SpState, thief: ActorId, victim: ActorId): ActorId[] {
  return s.players.filter((p) => p !== thief && p !== victim && activeResource(s, p, 'tracking-beacon') !== null);
}

/** ST6: the picked cards move from the victim to the thief (`saw`: the Tracking Beacons that peeked, who know where they went). */
export function moveStolen(s: SpState, w: Writer, thief: ActorId, victim: ActorId, saw: readonly ActorId[], events: SpEvent[]): void {
  const cards = s.stealing;
  s.stealing = [];
  for (const card of cards) {
    takeFromHand(s, w, victim, card);
    addToHand(s, w, thief, card);
    // Others who knew the victim's cards can no longer be sure which remain (only the thief knows).
    s.known = s.known.filter((k) => k.holder !== victim || k.viewer === thief);
    know(s, victim, thief, card);
    for (const viewer of saw) know(s, viewer, thief, card);
    events.push({ type: 'stolen', thief, victim, card });
    trackMove(s, victim, thief, card, [thief, victim, ...saw]);
  }
}

/** W7: a play from a hand at one player opens target-response for them, if they hold a card and some card could answer it. */
export function openTargetResponse(
  s: SpState,
  w: Writer,
  attacker: ActorId,
  target: ActorId,
  cards: readonly string[],
  effect: 'attack' | 'steal' | 'discard' | 'other',
  value: number,
  crush: boolean,
  events: SpEvent[],
  /** Rogue One: the squad cards an elimination of one player's cards aims at (RO2). */
  squads?: readonly string[],
): void {
  // Asked while they hold a card, or cargo to unload (A8, RO6); while some card may answer, Saw Gerrera with a hero among them (H2).
  if (askable(s, [target]).length > 0 && (answerable(s, 'target-response', cards, effect, crush) || sawAnswerable(s))) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'target-response',
        asked: [target],
        mayPass: true,
        close: 'first-taker',
        data: { at: 'target-response', attacker, target, attack: [...cards], effect, value, crush, ...(squads === undefined ? {} : { squads: [...squads] }) },
      }),
    );
  } else {
    unanswered(s, w, attacker, target, effect, value, events, cards, squads);
  }
}

/** What a play aimed at one player does once it goes through (effect `other`: Discard All, Vicious Attack, Detonator, an elimination, the U-Wing): set by rules-play.ts. */
export const THROUGH: {
  play: ((s: SpState, w: Writer, attacker: ActorId, target: ActorId, cards: readonly string[], events: SpEvent[], squads?: readonly string[]) => void) | null;
} = { play: null };

/** The play goes through unanswered (the target passed, or could not answer). */
export function unanswered(
  s: SpState,
  w: Writer,
  attacker: ActorId,
  target: ActorId,
  effect: 'attack' | 'steal' | 'discard' | 'other',
  value: number,
  events: SpEvent[],
  cards: readonly string[],
  squads?: readonly string[],
): void {
  if (effect === 'other') {
    if (THROUGH.play === null) throw new Error(`nothing plays ${cards.join(' and ')} once it goes through`);
    THROUGH.play(s, w, attacker, target, cards, events, squads);
  } else if (effect === 'attack') resolveAttack(s, w, attacker, target, value, 0, events);
  else if (effect === 'steal')
    stealNext(
      s,
      w,
      attacker,
      Array.from({ length: value }, () => target),
      events,
    );
  else loseCards(s, w, target, value, events);
}

/** The Defend cards on the table after defend-played: the total of those left (A5, X4); a higher one opens attack-failed for the attacker. */
export function resolveDefence(s: SpState, w: Writer, data: Extract<SpData, { at: 'defend-played' }>, events: SpEvent[]): void {
  const total = defendTotal(
    s,
    data.target,
    data.defends.filter((c) => !data.cancelled.includes(c)),
  );
  if (total > data.value && askable(s, [data.attacker]).length > 0 && answerable(s, 'attack-failed', [], 'attack')) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'attack-failed',
        asked: [data.attacker],
        mayPass: true,
        close: 'first-taker',
        data: { at: 'attack-failed', attacker: data.attacker, target: data.target, value: data.value, defence: total },
      }),
    );
    return;
  }
  resolveAttack(s, w, data.attacker, data.target, data.value, total, events);
}

/** A4: Defend cards played open defend-played for every other player with cards, while a Protection or a Capture may be held. */
export function openDefendPlayed(s: SpState, w: Writer, data: Extract<SpData, { at: 'defend-played' }>, events: SpEvent[]): void {
  const asked = askable(s, othersFrom(s, data.target));
  if (asked.length > 0 && answerable(s, 'defend-played', data.defends, 'defend')) {
    push(s, w, decision<SpData>({ kind: 'defend-played', asked, mayPass: true, close: 'all-answered', data }));
  } else resolveDefence(s, w, data, events);
}

export function playCards(s: SpState, w: Writer, player: ActorId, as: string, cards: readonly string[], targets: readonly ActorId[], events: SpEvent[]): void {
  for (const c of cards) toDiscard(s, w, player, c);
  events.push({ type: 'played', player, as, cards: [...cards], targets: [...targets] });
}

/**
 * Draws up to `count` cards from the top; true when play stops because the last card was taken
 * (E1): the game ends, or `last-card` opens for Continue Play (B16). Either way whatever remained
 * of the play is dropped.
 */
export function drawCards(s: SpState, w: Writer, actor: ActorId, count: number, events: SpEvent[]): boolean {
  for (let i = 0; i < count && s.drawPile.length > 0; i++) {
    const card = s.drawPile[0] as string;
    s.drawPile = s.drawPile.slice(1);
    if (s.known.some((k) => k.holder === 'pile' && k.card === card)) s.known = s.known.filter((k) => !(k.holder === 'pile' && k.card === card));
    addToHand(s, w, actor, card);
    noteDrawn(s, actor, card);
    events.push({ type: 'drew', player: actor, card, left: s.drawPile.length });
    trackMove(s, 'pile', actor, card, [actor]);
    if (s.drawPile.length === 0 && s.rules.endsWhenPileEmpty) {
      lastCard(s, w, actor, events);
      return true;
    }
  }
  return false;
}

/** Whether some card that may still be held answers in `last-card`: Continue Play with the Darth Vader Attack (W5). */
const continueMayBeHeld = (s: SpState): boolean =>
  CARDS.catalog
    .answersIn('last-card')
    .some(
      ({ card, play }) =>
        play.effect.kind === 'continue-play' && mayBeHeld(s, card.id) && (play.with ?? []).every((c) => c.card === undefined || mayBeHeld(s, c.card)),
    );

/** E1, B16: the last card is taken: `last-card` asks everyone holding 2 cards or more while Continue Play may be held; else the game ends. */
export function lastCard(s: SpState, w: Writer, drawer: ActorId, events: SpEvent[]): void {
  const asked = askable(s, s.players, 2);
  if (asked.length === 0 || !continueMayBeHeld(s)) {
    endGame(s, events, 'the last card of the draw pile is taken');
    return;
  }
  push(s, w, decision<SpData>({ kind: 'last-card', asked, mayPass: true, close: 'first-taker', data: { at: 'last-card', drawer } }));
}
