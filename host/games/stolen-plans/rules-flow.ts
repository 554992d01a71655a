// Stolen Plans rules: the flow of a play on the decision stack, written once against a Writer: the
// windows a play opens, losses (and the AT-ACT's remainder going on), steals, the draw, the next turn.

import type { Writer } from '../../engine/cow.ts';
import { chanceDecision, decision, topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { discardable, movingResolved, nextInChain } from './rules-atact.ts';
import { askable, flushDiscarding, loseCard, openDiscarding, unload } from './rules-cargo.ts';
import { answerable, besideOf, defendTotal, mayBeHeld } from './rules-facts.ts';
import { sawAnswerable } from './rules-saw.ts';
import { noteDrawn, openDrawn } from './rules-squads.ts';
import { activeResource, addToHand, endGame, flushTable, foodReady, know, pop, push, settleR2, takeFromHand, trackMove, turnDecision } from './rules-table.ts';
import { handOf, leftOf, othersFrom, R2D2, type SpData, type SpEvent, type SpState, type SpStep, turnPlayer } from './state.ts';

/** The play is over (its windows and losses): the next step still to come in it (SpStep), else the next turn (T7). */
export function nextTurn(s: SpState, w: Writer, events: SpEvent[]): void {
  flushTable(s, w);
  s.moving = null;
  if (s.winners !== null) return;
  const step = s.pending[0];
  if (step !== undefined) {
    s.pending = s.pending.slice(1);
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
  if (!answerable(s, 'turn-start', [], 'skip-turn')) return;
  const asked = askable(s, othersFrom(s, player));
  if (asked.length === 0) return;
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
  const next = s.lossQueue[0];
  if (next === undefined) {
    // A7: the AT-ACT's remainder goes on to the left.
    if (!movingGoesOn(s, w, events)) nextTurn(s, w, events);
    return;
  }
  s.lossQueue = s.lossQueue.slice(1);
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
  while (rest.length > 0 && stealable(s, rest[0] as ActorId) === 0) rest.shift();
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
  push(s, w, chanceDecision<SpData>('steal', { kind: 'index', size: stealable(s, rest[0] as ActorId), secret: true }, { at: 'steal', thief, victims: rest }));
}

/** How many cards of `victim`'s hand the steal under way may still pick (those not picked yet). */
function stealable(s: SpState, victim: ActorId): number {
  let n = 0;
  for (const c of handOf(s, victim)) if (!s.stealing.includes(c)) n++;
  return n;
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

/**
 * Draws up to `count` cards from the top; true when play stops because the last card was taken
 * (E1): the game ends, or `last-card` opens for Continue Play (B16). Either way whatever remained
 * of the play is dropped.
 */
export function drawCards(s: SpState, w: Writer, actor: ActorId, count: number, events: SpEvent[]): boolean {
  for (let i = 0; i < count && s.drawPile.length > 0; i++) {
    const card = w.own(s, 'drawPile').shift() as string;
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

/** A loss is over: the Cargo Ship's owner looks through the cards set aside (`discarding`), else the play goes on (afterLoss). */
export function lossOver(s: SpState, w: Writer, events: SpEvent[]): void {
  if (openDiscarding(s, w)) return;
  flushDiscarding(s, w, events);
  afterLoss(s, w, events);
}

/** After a loss of the moving attack (its discarding window closed): the remainder goes on, or the attack is over (false). */
export function movingGoesOn(s: SpState, w: Writer, events: SpEvent[]): boolean {
  const m = s.moving;
  if (m === null) return false;
  const next = m.remainder > 0 ? nextInChain(s, m.attacker, m.last) : null;
  if (next === null) {
    s.moving = null;
    return false;
  }
  s.moving = { attacker: m.attacker, remainder: Math.max(0, m.remainder - discardable(s, next)), last: next };
  events.push({ type: 'remainder', player: next, count: m.remainder });
  loseCards(s, w, next, m.remainder, events);
  return true;
}

/** T3, D33: unloading answers nothing: the open decision stays open for the owner (in the discarding window the ship is gone, so it closes). */
export function playUnload(s: SpState, w: Writer, events: SpEvent[]): void {
  unload(s, w, events);
  if (topDecision(s.stack)?.data.at === 'discarding') {
    pop(s, w);
    lossOver(s, w, events);
  }
}
