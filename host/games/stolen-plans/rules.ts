// The rules of Stolen Plans on the engine's decision stack (README.md, "The rules as the engine
// implements them"): the legal moves built directly, the judge with a reason naming the rule,
// and the play of a move written once against a Writer (applied copy-on-write or in place).
// Implemented: the base game (S1, T, E, L, A, ST, H, J), the two optional rules and New Ruling.

import { chanceMoveProblem, chanceStream } from '../../engine/chance.ts';
import type { Writer } from '../../engine/cow.ts';
import { answerProblem, answerTop, chanceDecision, CHANCE, decision, isWaitingOn, topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/game.ts';
import type { WrittenRules } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';
import {
  handOf,
  jediOf,
  leftOf,
  othersFrom,
  R2D2,
  seatOf,
  turnPlayer,
  type Place,
  type SpData,
  type SpDecision,
  type SpEvent,
  type SpMove,
  type SpState,
} from './state.ts';

const top = (s: SpState): SpDecision | null => topDecision(s.stack);

// ---- public facts ----

/** Whether a card of `type` may be in a hand or the draw pile: it is in the game and not every copy lies face up (W5). */
export function mayBeHeld(s: SpState, type: string): boolean {
  const copies = s.allCards.filter((c) => typeOf(c) === type);
  const faceUp = (c: string): boolean => s.discard.includes(c) || s.beside.includes(c) || s.inPlay.some((p) => p.card === c);
  return copies.some((c) => !faceUp(c));
}

/** Whether some card of the game answers a play in target-response (W1: a window nobody could answer does not open). */
function answerable(s: SpState, cards: readonly string[], effect: string): boolean {
  return CARDS.catalog.answersIn('target-response').some(({ card, play }) => {
    if (!mayBeHeld(s, card.id)) return false;
    return (play.against ?? []).some((sel) => {
      if (sel === 'against-you') return true;
      const [kind, id] = sel.split(':') as [string, string];
      if (kind === 'effect') return id === effect;
      if (kind === 'card') return cards.some((c) => typeOf(c) === id);
      return cards.some((c) => CARDS.has(c, id as never));
    });
  });
}

const isJedi = (s: SpState, p: ActorId): boolean => jediOf(s, p) !== null;
const jediOnly = (card: string): boolean => CARDS.has(card, 'jedi-only');
const isHero = (card: string): boolean => CARDS.has(card, 'rebel-hero');

/** The cards of a hand that may go in a Defend (A3): any with a Defend value; the Lightsaber only for a Jedi. */
function defendCards(s: SpState, p: ActorId): string[] {
  return handOf(s, p).filter((c) => CARDS.defendValue(c) !== null && (!jediOnly(c) || isJedi(s, p)));
}

/** Subsets of 1..max of `cards`, each in the order of `cards` (a hand's order). */
function combos(cards: readonly string[], max: number): string[][] {
  const out: string[][] = [];
  cards.forEach((a, i) => {
    out.push([a]);
    if (max >= 2) for (const b of cards.slice(i + 1)) out.push([a, b]);
  });
  return out;
}

/** A canonical order for a set of cards named in a move: by id. */
const sortedIds = (cards: readonly string[]): string[] => [...cards].sort();
const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function permutations(cards: readonly string[]): string[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((c, i) => permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((rest) => [c, ...rest]));
}

// ---- legal moves, built directly ----

function turnMoves(s: SpState, actor: ActorId): SpMove[] {
  const moves: SpMove[] = [];
  if (s.drawPile.length > 0) moves.push({ actor, type: 'draw' });
  const hand = handOf(s, actor);
  const others = othersFrom(s, actor);
  const withCards = others.filter((p) => handOf(s, p).length > 0);
  const jedi = isJedi(s, actor);
  const seen = new Set<string>();
  for (const card of hand) {
    // One move per card type and target is enough for two copies of a card? No: each copy is a card; list each.
    if (CARDS.attackValue(card) !== null) for (const target of others) moves.push({ actor, type: 'attack', card, target });
    if (CARDS.play(card, 'own-turn', 'steal') !== null) for (const target of withCards) moves.push({ actor, type: 'steal', card, target });
    if (CARDS.has(card, 'jedi-card') && placeJediProblem(s, actor) === null) moves.push({ actor, type: 'place-jedi', card });
    if (jediOnly(card) && jedi) {
      if (CARDS.play(card, 'own-turn', 'peek-and-take') !== null) for (const target of withCards) moves.push({ actor, type: 'mind-trick', card, target });
      if (CARDS.play(card, 'own-turn', 'special') !== null && s.drawPile.length > 0) moves.push({ actor, type: 'force-vision', card });
      if (CARDS.play(card, 'own-turn', 'take-from-discard') !== null) {
        for (const take of s.discard) if (!seen.has(`${card}:${take}`)) {
          seen.add(`${card}:${take}`);
          moves.push({ actor, type: 'jedi-wisdom', card, take });
        }
      }
    }
  }
  // Two Rebel Heroes together: a steal of 2 from any combination of other players (ST1, H1).
  const heroes = sortedIds(hand.filter(isHero));
  if (withCards.length > 0) {
    heroes.forEach((a, i) => {
      for (const b of heroes.slice(i + 1)) {
        withCards.forEach((x, j) => {
          for (const y of withCards.slice(j)) moves.push({ actor, type: 'hero-steal', cards: [a, b], victims: [x, y] });
        });
      }
    });
  }
  if (passAllowed(s)) moves.push({ actor, type: 'pass' });
  return moves;
}

export function legalMoves(s: SpState, actor: ActorId): SpMove[] {
  const d = top(s);
  if (d === null || actor === CHANCE || !isWaitingOn(d, actor)) return [];
  const data = d.data;
  switch (data.at) {
    case 'turn':
      return turnMoves(s, actor);
    case 'target-response': {
      const max = s.rules.maxDefendCards;
      const moves: SpMove[] = combos(sortedIds(defendCards(s, actor)), max).map((cards) => ({ actor, type: 'defend', cards }));
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'choose-discards':
      return handOf(s, actor)
        .filter((c) => !CARDS.undiscardable(c))
        .map((card) => ({ actor, type: 'discard', card }));
    case 'mind-trick':
      return handOf(s, data.target).map((card) => ({ actor, type: 'take', card }));
    case 'force-vision':
      return permutations(s.drawPile.slice(0, data.count)).map((cards) => ({ actor, type: 'order', cards }));
    case 'steal':
      return [];
  }
}

// ---- the judge: every rule, with a reason for people (T8) ----

function passAllowed(s: SpState): boolean {
  return s.rules.passAllowedWhenPileEmpty && s.drawPile.length === 0;
}

function placeJediProblem(s: SpState, actor: ActorId): string | null {
  if (isJedi(s, actor)) return 'you already have a Jedi card in front of you: one at most (J1)';
  const inPlay = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card')).length;
  if (inPlay >= s.rules.jediSlots) return `there are already ${inPlay} Jedi in play, the most this game allows (J1)`;
  return null;
}

function turnProblem(s: SpState, move: SpMove, actor: ActorId): string | null {
  const hand = handOf(s, actor);
  const holds = (card: string): string | null => (hand.includes(card) ? null : `you do not hold ${card}`);
  const other = (p: ActorId): string | null => (s.players.includes(p) && p !== actor ? null : `choose another player at the table, not "${p}"`);
  const jediCheck = (card: string): string | null =>
    isJedi(s, actor) ? null : `${CARDS.type(card).name} is a Jedi Only card: only a player with a Jedi card in front of them may play it (J2)`;
  switch (move.type) {
    case 'draw':
      return s.drawPile.length === 0 ? 'the draw pile is empty' : null;
    case 'pass':
      if (passAllowed(s)) return null;
      return s.rules.passAllowedWhenPileEmpty
        ? 'you may pass only once the draw pile is empty (There is another!, E4): draw or play'
        : 'there is no passing: draw a card or play one (T2)';
    case 'attack':
      return holds(move.card) ?? other(move.target) ?? (CARDS.attackValue(move.card) === null ? `${CARDS.type(move.card).name} is not an Attack card` : null);
    case 'steal':
      return (
        holds(move.card) ??
        other(move.target) ??
        (CARDS.play(move.card, 'own-turn', 'steal') === null ? `${CARDS.type(move.card).name} is not a Steal card` : null) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to steal (ST1)` : null)
      );
    case 'hero-steal': {
      const [a, b] = move.cards;
      for (const c of move.cards) {
        const h = holds(c);
        if (h) return h;
        if (!isHero(c)) return `${CARDS.type(c).name} is not a Rebel Hero: a steal takes two Rebel Heroes (H1)`;
      }
      if (a === b || !sameList(move.cards, sortedIds(move.cards))) return 'name two different Rebel Heroes, in the order of their ids';
      for (const v of move.victims) {
        const o = other(v);
        if (o) return o;
        if (handOf(s, v).length === 0) return `${v} has no cards to steal (ST1)`;
      }
      const order = othersFrom(s, actor);
      if (order.indexOf(move.victims[0]) > order.indexOf(move.victims[1])) return 'name the victims in seat order from your left';
      return null;
    }
    case 'place-jedi':
      return holds(move.card) ?? (CARDS.has(move.card, 'jedi-card') ? null : `${CARDS.type(move.card).name} is not a Jedi card`) ?? placeJediProblem(s, actor);
    case 'mind-trick':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'peek-and-take') === null ? `${CARDS.type(move.card).name} is not Jedi Mind Trick` : null) ??
        jediCheck(move.card) ??
        other(move.target) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to look at (D15)` : null)
      );
    case 'force-vision':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'special') === null ? `${CARDS.type(move.card).name} is not Force Vision` : null) ??
        jediCheck(move.card) ??
        (s.drawPile.length === 0 ? 'the draw pile is empty: Force Vision has nothing to show (D15)' : null)
      );
    case 'jedi-wisdom':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'take-from-discard') === null ? `${CARDS.type(move.card).name} is not Jedi Wisdom` : null) ??
        jediCheck(move.card) ??
        (s.discard.includes(move.take) ? null : `${move.take} is not in the discard pile`)
      );
    case 'defend':
      return 'a Defend card is played only against an Attack on you, never on your own turn (A3)';
    default:
      return `a ${move.type} is not a turn's play (T2)`;
  }
}

export function judge(s: SpState, move: SpMove): string | null {
  const d = top(s);
  if (d === null || s.winners !== null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.actor === CHANCE) return `"${CHANCE}" only draws chance outcomes`;
  if (!s.players.includes(move.actor)) return `"${move.actor}" is not at this table`;
  const data = d.data;
  if (move.type === 'pass' && data.at !== 'turn') return answerProblem(d, move.actor, 'pass');
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  const hand = handOf(s, move.actor);
  switch (data.at) {
    case 'turn':
      return turnProblem(s, move, move.actor);
    case 'target-response': {
      if (move.type !== 'defend') return 'against an Attack on you, defend with Defend cards or pass (A3)';
      if (move.cards.length === 0) return 'choose at least one Defend card, or pass';
      if (move.cards.length > s.rules.maxDefendCards) {
        return `at most ${s.rules.maxDefendCards} Defend card${s.rules.maxDefendCards === 1 ? '' : 's'} against one Attack (A3${s.rules.maxDefendCards === 1 ? ', New Ruling' : ''})`;
      }
      for (const c of move.cards) {
        if (!hand.includes(c)) return `you do not hold ${c}`;
        if (CARDS.defendValue(c) === null) return `${CARDS.type(c).name} is not a Defend card (A3)`;
        if (jediOnly(c) && !isJedi(s, move.actor)) return `${CARDS.type(c).name} is Jedi Only: only a Jedi may defend with it (J2)`;
      }
      if (!sameList(move.cards, sortedIds(move.cards)) || new Set(move.cards).size !== move.cards.length) return 'name different Defend cards, in the order of their ids';
      return null;
    }
    case 'choose-discards':
      if (move.type !== 'discard') return `choose a card to lose (${data.remaining} to go) (L1)`;
      if (!hand.includes(move.card)) return `you do not hold ${move.card}`;
      return CARDS.undiscardable(move.card) ? `${CARDS.type(move.card).name} can never be discarded (L1)` : null;
    case 'mind-trick':
      if (move.type !== 'take') return 'take one card of the hand you are looking at (J4)';
      return handOf(s, data.target).includes(move.card) ? null : `${data.target} does not hold ${move.card}`;
    case 'force-vision': {
      if (move.type !== 'order') return 'put the cards you looked at back on the draw pile, in the order you choose (J4)';
      const seen = s.drawPile.slice(0, data.count);
      return sameList(sortedIds(move.cards), sortedIds(seen)) && new Set(move.cards).size === move.cards.length
        ? null
        : `put back exactly the ${data.count} cards you looked at`;
    }
    case 'steal':
      return 'the stolen card is picked at random by the engine (ST4)';
  }
}

// ---- playing a move ----

function push(s: SpState, w: Writer, d: SpDecision): void {
  w.own(s, 'stack').push(d);
}

function pop(s: SpState, w: Writer): void {
  w.own(s, 'stack').pop();
}

function takeFromHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  const hand = w.own(w.own(s, 'hands'), seatOf(s, player));
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${player} does not hold ${card}`);
  hand.splice(i, 1);
  if (s.known.some((k) => k.holder === player && k.card === card)) s.known = s.known.filter((k) => !(k.holder === player && k.card === card));
}

function addToHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  w.own(w.own(s, 'hands'), seatOf(s, player)).push(card);
}

function toDiscard(s: SpState, w: Writer, player: ActorId, card: string): void {
  takeFromHand(s, w, player, card);
  w.own(s, 'discard').push(card);
}

function know(s: SpState, viewer: ActorId, holder: Place, card: string): void {
  if (s.known.some((k) => k.viewer === viewer && k.holder === holder && k.card === card)) return;
  s.known = [...s.known, { viewer, holder, card }];
}

/**
 * Where R2-D2 may be, for each player, after a card moved from `from` to `to` (`saw`: the
 * players who know which card moved). Sound: the set always holds R2-D2's real place.
 */
function trackMove(s: SpState, from: Place, to: Place, card: string, saw: readonly ActorId[]): void {
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
function settleR2(s: SpState): void {
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

function nextTurn(s: SpState, w: Writer, events: SpEvent[]): void {
  if (s.winners !== null) return;
  const player = leftOf(s, turnPlayer(s));
  s.turn += 1;
  s.stack = [turnDecision(s, player)];
  events.push({ type: 'turn-started', player, turn: s.turn });
  void w;
}

export function turnDecision(s: SpState, player: ActorId): SpDecision {
  return decision<SpData>({ kind: 'turn', asked: [player], mayPass: passAllowed(s), close: 'first-taker', data: { at: 'turn', player } });
}

/** The game ends (E1, E2, E4): the holder of R2-D2 wins. */
function endGame(s: SpState, events: SpEvent[], why: string): void {
  const holder = s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null;
  s.winners = holder === null ? [] : [holder];
  s.summary = holder === null ? `${why}: nobody holds R2-D2, nobody wins` : `${why}: ${s.names[seatOf(s, holder)]} (${holder}) holds R2-D2 and wins`;
  s.stack = [];
  events.push({ type: 'game-over', winners: s.winners, r2d2: holder, summary: s.summary });
}

/** `player` must lose `count` cards (L1, L2): all they can without being asked, or a choice. */
function loseCards(s: SpState, w: Writer, player: ActorId, count: number, events: SpEvent[]): void {
  const can = handOf(s, player).filter((c) => !CARDS.undiscardable(c));
  if (can.length > count) {
    push(s, w, decision<SpData>({ kind: 'choose-discards', asked: [player], close: 'all-answered', data: { at: 'choose-discards', player, remaining: count } }));
    return;
  }
  for (const card of can) {
    toDiscard(s, w, player, card);
    events.push({ type: 'discarded', player, card });
  }
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
  nextTurn(s, w, events);
}

function resolveAttack(s: SpState, w: Writer, attacker: ActorId, target: ActorId, value: number, defence: number, events: SpEvent[]): void {
  const loser = value > defence ? target : value < defence ? attacker : null;
  const cards = Math.abs(value - defence);
  events.push({ type: 'attack-resolved', attacker, target, attack: value, defence, loser, cards });
  if (loser === null) nextTurn(s, w, events);
  else loseCards(s, w, loser, cards, events);
}

/** The next card of a steal: a secret chance pick from the victim's hand (ST4), skipping empty hands (D30). */
function stealNext(s: SpState, w: Writer, thief: ActorId, victims: readonly ActorId[], events: SpEvent[]): void {
  const rest = victims.slice();
  while (rest.length > 0 && handOf(s, rest[0] as ActorId).length === 0) rest.shift();
  if (rest.length === 0) {
    nextTurn(s, w, events);
    return;
  }
  push(s, w, chanceDecision<SpData>('steal', { kind: 'index', size: handOf(s, rest[0] as ActorId).length, secret: true }, { at: 'steal', thief, victims: rest }));
}

function playCards(s: SpState, w: Writer, player: ActorId, as: string, cards: readonly string[], targets: readonly ActorId[], events: SpEvent[]): void {
  for (const c of cards) toDiscard(s, w, player, c);
  events.push({ type: 'played', player, as, cards: [...cards], targets: [...targets] });
}

function playTurn(s: SpState, move: SpMove, w: Writer, events: SpEvent[]): void {
  const actor = move.actor;
  switch (move.type) {
    case 'draw': {
      s.passesInRow = 0;
      const card = s.drawPile[0] as string;
      s.drawPile = s.drawPile.slice(1);
      if (s.known.some((k) => k.holder === 'pile' && k.card === card)) s.known = s.known.filter((k) => !(k.holder === 'pile' && k.card === card));
      addToHand(s, w, actor, card);
      events.push({ type: 'drew', player: actor, card, left: s.drawPile.length });
      trackMove(s, 'pile', actor, card, [actor]);
      if (s.drawPile.length === 0 && s.rules.endsWhenPileEmpty) endGame(s, events, 'the last card of the draw pile is taken');
      else nextTurn(s, w, events);
      return;
    }
    case 'pass': {
      answerTop(w.own(s, 'stack'), actor, 'pass', w);
      events.push({ type: 'passed', player: actor, window: 'turn' });
      s.passesInRow += 1;
      if (s.passesInRow >= s.players.length) endGame(s, events, 'every player has passed in turn (There is another!)');
      else nextTurn(s, w, events);
      return;
    }
    default:
      break;
  }
  s.passesInRow = 0;
  switch (move.type) {
    case 'attack': {
      const value = CARDS.attackValue(move.card) as number;
      playCards(s, w, actor, 'attack', [move.card], [move.target], events);
      if (handOf(s, move.target).length > 0 && answerable(s, [move.card], 'attack')) {
        push(s, w, decision<SpData>({
          kind: 'target-response',
          asked: [move.target],
          mayPass: true,
          close: 'first-taker',
          data: { at: 'target-response', attacker: actor, target: move.target, attack: [move.card], value },
        }));
      } else {
        resolveAttack(s, w, actor, move.target, value, 0, events);
      }
      return;
    }
    case 'steal': {
      const play = CARDS.play(move.card, 'own-turn', 'steal');
      const count = play !== null && play.effect.kind === 'steal' && typeof play.effect.count === 'number' ? play.effect.count : 1;
      playCards(s, w, actor, 'steal', [move.card], [move.target], events);
      stealNext(s, w, actor, Array.from({ length: count }, () => move.target), events);
      return;
    }
    case 'hero-steal':
      playCards(s, w, actor, 'hero-steal', move.cards, [...new Set(move.victims)], events);
      stealNext(s, w, actor, move.victims, events);
      return;
    case 'place-jedi':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place-jedi', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'mind-trick': {
      playCards(s, w, actor, 'mind-trick', [move.card], [move.target], events);
      const cards = handOf(s, move.target).slice();
      for (const c of cards) know(s, actor, move.target, c);
      events.push({ type: 'hand-shown', viewer: actor, holder: move.target, cards });
      s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [move.target] : (s.r2Could[actor] ?? []).filter((p) => p !== move.target) };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'mind-trick', asked: [actor], close: 'first-taker', data: { at: 'mind-trick', player: actor, target: move.target } }));
      return;
    }
    case 'force-vision': {
      playCards(s, w, actor, 'force-vision', [move.card], [], events);
      const count = Math.min(3, s.drawPile.length);
      const cards = s.drawPile.slice(0, count);
      for (const c of cards) know(s, actor, 'pile', c);
      events.push({ type: 'pile-seen', player: actor, cards });
      if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [actor]: ['pile'] };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'force-vision', asked: [actor], close: 'first-taker', data: { at: 'force-vision', player: actor, count } }));
      return;
    }
    case 'jedi-wisdom': {
      playCards(s, w, actor, 'jedi-wisdom', [move.card], [], events);
      const discard = w.own(s, 'discard');
      discard.splice(discard.indexOf(move.take), 1);
      addToHand(s, w, actor, move.take);
      events.push({ type: 'took', player: actor, from: 'discard', card: move.take });
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.type} is not a turn's play`);
  }
}

function play(s: SpState, move: SpMove, w: Writer): SpEvent[] {
  const events: SpEvent[] = [];
  const d = top(s) as SpDecision;
  const data = d.data;
  if (move.type === 'chance') {
    if (data.at !== 'steal') throw new Error('a chance outcome for no chance decision');
    answerTop(w.own(s, 'stack'), CHANCE, 'take', w);
    pop(s, w);
    s.rng = chanceStream(s.rng).next;
    const victim = data.victims[0] as ActorId;
    const card = handOf(s, victim)[move.outcome as number] as string;
    takeFromHand(s, w, victim, card);
    addToHand(s, w, data.thief, card);
    // Others who knew the victim's cards can no longer be sure which remain (only the thief knows).
    s.known = s.known.filter((k) => k.holder !== victim || k.viewer === data.thief);
    know(s, victim, data.thief, card);
    events.push({ type: 'stolen', thief: data.thief, victim, card });
    trackMove(s, victim, data.thief, card, [data.thief, victim]);
    stealNext(s, w, data.thief, data.victims.slice(1), events);
    return events;
  }
  if (data.at === 'turn') {
    playTurn(s, move, w, events);
    return events;
  }
  const stack = w.own(s, 'stack');
  switch (data.at) {
    case 'target-response': {
      if (move.type === 'pass') {
        answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        pop(s, w);
        resolveAttack(s, w, data.attacker, data.target, data.value, 0, events);
        return events;
      }
      if (move.type !== 'defend') throw new Error('only a Defend answers an Attack here');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      for (const c of move.cards) toDiscard(s, w, move.actor, c);
      const total = move.cards.reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0), 0);
      events.push({ type: 'defended', player: move.actor, cards: [...move.cards], total });
      resolveAttack(s, w, data.attacker, data.target, data.value, total, events);
      return events;
    }
    case 'choose-discards': {
      if (move.type !== 'discard') throw new Error('a loss is chosen one card at a time');
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'discarded', player: move.actor, card: move.card });
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (data.remaining > 1) loseCards(s, w, move.actor, data.remaining - 1, events);
      else nextTurn(s, w, events);
      return events;
    }
    case 'mind-trick': {
      if (move.type !== 'take') throw new Error('Jedi Mind Trick takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      takeFromHand(s, w, data.target, move.card);
      addToHand(s, w, move.actor, move.card);
      know(s, data.target, move.actor, move.card);
      events.push({ type: 'stolen', thief: move.actor, victim: data.target, card: move.card });
      trackMove(s, data.target, move.actor, move.card, [move.actor, data.target]);
      nextTurn(s, w, events);
      return events;
    }
    case 'force-vision': {
      if (move.type !== 'order') throw new Error('Force Vision puts the cards back in order');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      s.drawPile = [...move.cards, ...s.drawPile.slice(data.count)];
      // Others who had seen these cards no longer know their order; the player does.
      s.known = s.known.filter((k) => !(k.holder === 'pile' && move.cards.includes(k.card) && k.viewer !== move.actor));
      events.push({ type: 'pile-ordered', player: move.actor, count: data.count });
      nextTurn(s, w, events);
      return events;
    }
    case 'steal':
      throw new Error('a steal waits on chance');
  }
}

export const rules: WrittenRules<SpState, SpMove, SpEvent> = { judge, play };
