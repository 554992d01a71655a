// "Ambush", a small but real reaction game in the shape of Stolen Plans, for testing the
// engine: 2 to 4 players with secret hands; whoever holds the Plans when the last card is drawn
// wins. On your turn draw, or play an Attack, a Steal or a Burn.
// - Miss a Turn: at the start of every turn a window asks every other player (first taker,
//   each may pass); the first Miss a Turn played cancels the turn.
// - An Attack opens a Defend window for its target (they may pass); a Defend played opens a
//   Protection window above it, asking every other player (first taker): a Protection cancels
//   the Defend. The inner window resolves first; then the difference between attack and
//   defence is discarded, one card at a time, by the defender (or the attacker, when the
//   defence was higher). The Plans can never be discarded.
// - "Be quick" (option quick-seconds, 0 by default: untimed): the Miss a Turn and Protection
//   windows carry that many seconds as their time limit.
// - A Steal takes a random card from a hand: a secret chance decision, seen by the two players only.
// - A Burn makes every other player with cards discard one (all answered).
// Every window asks everyone the rules could let react, whatever they hold.

import { chanceMoveProblem, chanceStream, type ChanceMove } from '../../host/engine/chance.ts';
import { inPlaceWriter, type Writer } from '../../host/engine/cow.ts';
import { answerProblem, answerTop, chanceDecision, CHANCE, decision, isWaitingOn, topDecision, type Decision } from '../../host/engine/decisions.ts';
import { relabelUnknown } from '../../host/engine/determinize.ts';
import { GameConfigError, type ActorId } from '../../host/engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, type GameMeta } from '../../host/engine/meta.ts';
import { quickLimit, quickSecondsOption } from '../../host/engine/quick.ts';
import { randomFrom, seedRng, type Random, type RngState } from '../../host/engine/rng.ts';
import { winnerReturns, type HiddenTableGame, type TableConfig, type TableResult, type WrittenRules } from '../../host/engine/table-game.ts';
import { writtenToyParts } from './written-toy.ts';

export const REACTION_META: GameMeta = checkMeta({
  id: 'ambush',
  title: 'Ambush',
  players: { min: 2, max: 4 },
  teams: [],
  cooperative: false,
  hiddenInformation: true,
  simultaneous: false,
  chance: true,
  externalActors: [],
  options: [
    { id: 'miss-a-turn', text: 'Miss a Turn cards in the deck', kind: 'boolean', default: true },
    { id: 'protection', text: 'Protection cards in the deck', kind: 'boolean', default: true },
    { id: 'burn', text: 'the Burn card in the deck', kind: 'boolean', default: true },
    { id: 'hand-size', text: 'cards dealt to each player', kind: 'number', min: 2, max: 5, default: 3 },
    quickSecondsOption(0),
  ],
  rules: [
    {
      kind: 'excludes',
      when: { option: 'burn', value: true },
      and: { option: 'hand-size', value: 2 },
      why: 'a Burn against hands of two leaves nothing to play',
    },
  ],
});

/** The cards: kind, how many, the number they carry (attack or defence strength). */
const CARD_KINDS = [
  { kind: 'plans', copies: 1, strength: 0, option: null },
  { kind: 'attack3', copies: 3, strength: 3, option: null },
  { kind: 'attack5', copies: 2, strength: 5, option: null },
  { kind: 'defend2', copies: 4, strength: 2, option: null },
  { kind: 'defend3', copies: 2, strength: 3, option: null },
  { kind: 'steal', copies: 3, strength: 0, option: null },
  { kind: 'protect', copies: 2, strength: 0, option: 'protection' },
  { kind: 'missturn', copies: 2, strength: 0, option: 'miss-a-turn' },
  { kind: 'burn', copies: 1, strength: 0, option: 'burn' },
] as const;

export type CardKind = (typeof CARD_KINDS)[number]['kind'];

/** A card id names its kind: "attack3-2" is the second Attack 3. */
export const kindOf = (card: string): CardKind => card.slice(0, card.indexOf('-')) as CardKind;
export const strengthOf = (card: string): number => CARD_KINDS.find((k) => k.kind === kindOf(card))?.strength ?? 0;
const isAttack = (card: string): boolean => kindOf(card).startsWith('attack');
const isDefend = (card: string): boolean => kindOf(card).startsWith('defend');
const discardable = (card: string): boolean => kindOf(card) !== 'plans';

export function deckFor(options: Readonly<Record<string, unknown>>): string[] {
  const cards: string[] = [];
  for (const k of CARD_KINDS) {
    if (k.option !== null && options[k.option] !== true) continue;
    for (let i = 1; i <= k.copies; i++) cards.push(`${k.kind}-${i}`);
  }
  return cards;
}

export type ReactionData =
  | { readonly at: 'turn'; readonly player: ActorId }
  | { readonly at: 'miss-turn'; readonly player: ActorId }
  | { readonly at: 'defend'; readonly attacker: ActorId; readonly target: ActorId; readonly attack: string }
  | { readonly at: 'protect'; readonly attacker: ActorId; readonly target: ActorId; readonly attack: string; readonly defend: string }
  | { readonly at: 'discard'; readonly player: ActorId; readonly remaining: number }
  | { readonly at: 'burn'; readonly player: ActorId }
  | { readonly at: 'steal'; readonly thief: ActorId; readonly victim: ActorId };

export interface Known {
  viewer: ActorId;
  holder: ActorId;
  card: string;
}

export interface ReactionState {
  game: 'ambush';
  players: ActorId[];
  /** Secret hands, by seat. */
  hands: string[][];
  /** Face down; index 0 is the top. */
  deck: string[];
  discard: string[];
  /** Cards a player knows another holds (a card stolen from them; the Plans kept back from a discard). */
  known: Known[];
  stack: Decision<ReactionData>[];
  turn: number;
  winner: ActorId | null;
  /** The seconds of the quick windows (Miss a Turn, Protection); null: untimed. */
  quickSeconds: number | null;
  rng: RngState;
}

export type ReactionMove =
  | { readonly actor: ActorId; readonly type: 'draw' }
  | { readonly actor: ActorId; readonly type: 'attack'; readonly card: string; readonly target: ActorId }
  | { readonly actor: ActorId; readonly type: 'steal'; readonly card: string; readonly target: ActorId }
  | { readonly actor: ActorId; readonly type: 'burn'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'miss-turn'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'defend'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'protect'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'discard'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'nothing-to-discard' }
  | { readonly actor: ActorId; readonly type: 'pass' }
  | ChanceMove;

export type ReactionEvent =
  | { readonly type: 'dealt'; readonly player: ActorId; readonly cards: readonly string[] | null; readonly count: number }
  | { readonly type: 'turn-started'; readonly player: ActorId; readonly turn: number }
  | { readonly type: 'window-opened'; readonly window: string; readonly asked: readonly ActorId[] }
  | { readonly type: 'passed'; readonly player: ActorId; readonly window: string }
  | { readonly type: 'drew'; readonly player: ActorId; readonly card: string | null }
  | { readonly type: 'played'; readonly player: ActorId; readonly card: string; readonly target: ActorId | null }
  | { readonly type: 'turn-missed'; readonly player: ActorId; readonly by: ActorId }
  | { readonly type: 'defence-cancelled'; readonly defend: string; readonly by: ActorId }
  | { readonly type: 'attack-resolved'; readonly attack: number; readonly defence: number; readonly loser: ActorId | null; readonly cards: number }
  | { readonly type: 'discarded'; readonly player: ActorId; readonly card: string }
  | { readonly type: 'kept-back'; readonly player: ActorId; readonly count: number }
  | { readonly type: 'stolen'; readonly thief: ActorId; readonly victim: ActorId; readonly card: string | null }
  | { readonly type: 'game-over'; readonly winner: ActorId; readonly plans: string };

export interface ReactionView {
  readonly viewer: ActorId;
  readonly hand: readonly string[];
  readonly players: readonly { readonly id: ActorId; readonly cards: number; readonly known: readonly string[] }[];
  readonly deck: number;
  readonly discard: readonly string[];
  readonly turn: number;
  readonly decisions: readonly {
    readonly kind: string;
    readonly asked: readonly ActorId[];
    readonly answered: readonly ActorId[];
    readonly data: ReactionData;
  }[];
  readonly winner: ActorId | null;
}

type Config = TableConfig;

// ---- reading the state ----

const seatOf = (s: ReactionState, p: ActorId): number => s.players.indexOf(p);
const handOf = (s: ReactionState, p: ActorId): string[] => s.hands[seatOf(s, p)] ?? [];
const top = (s: ReactionState): Decision<ReactionData> | null => topDecision(s.stack);
const turnPlayer = (s: ReactionState): ActorId => {
  const bottom = s.stack[0];
  return bottom && bottom.data.at === 'turn' ? bottom.data.player : (s.players[0] as ActorId);
};
/** The other players, in seat order from the left of `p`. */
const othersFrom = (s: ReactionState, p: ActorId): ActorId[] => {
  const i = seatOf(s, p);
  return Array.from({ length: s.players.length - 1 }, (_, k) => s.players[(i + 1 + k) % s.players.length] as ActorId);
};
/** Whether a card of `kind` may still be in a hand or the deck (public: the deck list and the discards). */
const unseenKinds = (s: ReactionState, kind: CardKind): boolean => {
  let inPlay = 0;
  for (const h of s.hands) for (const c of h) if (kindOf(c) === kind) inPlay++;
  for (const c of s.deck) if (kindOf(c) === kind) inPlay++;
  return inPlay > 0;
};

// ---- legal moves, built directly ----

function legalMoves(s: ReactionState, actor: ActorId): ReactionMove[] {
  const d = top(s);
  if (d === null || !isWaitingOn(d, actor) || actor === CHANCE) return [];
  const hand = handOf(s, actor);
  const moves: ReactionMove[] = [];
  const pass = d.mayPass.includes(actor);
  const data = d.data;
  switch (data.at) {
    case 'turn': {
      if (s.deck.length > 0) moves.push({ actor, type: 'draw' });
      const targets = othersFrom(s, actor);
      for (const card of hand) {
        const kind = kindOf(card);
        if (isAttack(card)) {
          for (const target of targets) moves.push({ actor, type: 'attack', card, target });
        } else if (kind === 'steal') {
          for (const target of targets) if (handOf(s, target).length > 0) moves.push({ actor, type: 'steal', card, target });
        } else if (kind === 'burn') {
          moves.push({ actor, type: 'burn', card });
        }
      }
      break;
    }
    case 'miss-turn':
      for (const card of hand) if (kindOf(card) === 'missturn') moves.push({ actor, type: 'miss-turn', card });
      break;
    case 'defend':
      for (const card of hand) if (isDefend(card)) moves.push({ actor, type: 'defend', card });
      break;
    case 'protect':
      for (const card of hand) if (kindOf(card) === 'protect') moves.push({ actor, type: 'protect', card });
      break;
    case 'discard':
    case 'burn': {
      for (const card of hand) if (discardable(card)) moves.push({ actor, type: 'discard', card });
      if (moves.length === 0) moves.push({ actor, type: 'nothing-to-discard' });
      break;
    }
    case 'steal':
      break;
  }
  if (pass) moves.push({ actor, type: 'pass' });
  return moves;
}

// ---- the judge: every rule, with a reason for people ----

function judge(s: ReactionState, move: ReactionMove): string | null {
  const d = top(s);
  if (d === null || s.winner !== null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.actor === CHANCE) return `"${CHANCE}" only draws chance outcomes`;
  if (!s.players.includes(move.actor)) return `"${move.actor}" is not at this table`;
  const data = d.data;
  if (move.type === 'pass') return answerProblem(d, move.actor, 'pass');
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  const hand = handOf(s, move.actor);
  const holds = (card: string): string | null => (hand.includes(card) ? null : `you do not hold ${card}`);
  switch (move.type) {
    case 'draw':
      if (data.at !== 'turn') return 'you may only draw on your turn';
      return s.deck.length === 0 ? 'the draw pile is empty' : null;
    case 'attack':
    case 'steal': {
      if (data.at !== 'turn') return `an ${move.type} is played on your own turn`;
      const held = holds(move.card);
      if (held) return held;
      if (move.type === 'attack' ? !isAttack(move.card) : kindOf(move.card) !== 'steal') return `${move.card} is not a ${move.type} card`;
      if (!s.players.includes(move.target) || move.target === move.actor) return `choose another player at the table, not "${move.target}"`;
      if (move.type === 'steal' && handOf(s, move.target).length === 0) return `${move.target} has no cards to steal`;
      return null;
    }
    case 'burn':
      if (data.at !== 'turn') return 'a Burn is played on your own turn';
      return holds(move.card) ?? (kindOf(move.card) === 'burn' ? null : `${move.card} is not a Burn card`);
    case 'miss-turn':
      if (data.at !== 'miss-turn') return "Miss a Turn is played at the start of another player's turn";
      return holds(move.card) ?? (kindOf(move.card) === 'missturn' ? null : `${move.card} is not a Miss a Turn card`);
    case 'defend':
      if (data.at !== 'defend') return 'a Defend answers an attack on you';
      return holds(move.card) ?? (isDefend(move.card) ? null : `${move.card} is not a Defend card`);
    case 'protect':
      if (data.at !== 'protect') return 'a Protection cancels a Defend as it is played';
      return holds(move.card) ?? (kindOf(move.card) === 'protect' ? null : `${move.card} is not a Protection card`);
    case 'discard':
      if (data.at !== 'discard' && data.at !== 'burn') return 'nothing is to be discarded now';
      return holds(move.card) ?? (discardable(move.card) ? null : 'the Plans can never be discarded');
    case 'nothing-to-discard':
      if (data.at !== 'discard' && data.at !== 'burn') return 'nothing is to be discarded now';
      return hand.some(discardable) ? 'you hold a card you can discard' : null;
  }
}

// ---- playing a move (written once, applied in place or copy-on-write) ----

function takeFromHand(s: ReactionState, w: Writer, player: ActorId, card: string): void {
  const hands = w.own(s, 'hands');
  const hand = w.own(hands, seatOf(s, player));
  hand.splice(hand.indexOf(card), 1);
  if (s.known.some((k) => k.holder === player && k.card === card)) s.known = s.known.filter((k) => !(k.holder === player && k.card === card));
}

function toDiscard(s: ReactionState, w: Writer, player: ActorId, card: string, events: ReactionEvent[]): void {
  takeFromHand(s, w, player, card);
  w.own(s, 'discard').push(card);
  events.push({ type: 'discarded', player, card });
}

function playCard(s: ReactionState, w: Writer, player: ActorId, card: string, target: ActorId | null, events: ReactionEvent[]): void {
  takeFromHand(s, w, player, card);
  w.own(s, 'discard').push(card);
  events.push({ type: 'played', player, card, target });
}

function push(s: ReactionState, w: Writer, d: Decision<ReactionData>, events: ReactionEvent[]): void {
  w.own(s, 'stack').push(d);
  if (d.chance === null) events.push({ type: 'window-opened', window: d.kind, asked: d.asked });
}

function pop(s: ReactionState, w: Writer): void {
  w.own(s, 'stack').pop();
}

/** Ends the turn: the next seat's turn starts, with its Miss a Turn window while one may be held. */
function startTurn(s: ReactionState, w: Writer, player: ActorId, events: ReactionEvent[]): void {
  s.stack = [];
  s.turn += 1;
  events.push({ type: 'turn-started', player, turn: s.turn });
  push(s, w, decision({ kind: 'turn', asked: [player], close: 'first-taker', data: { at: 'turn', player } }), events);
  if (unseenKinds(s, 'missturn')) {
    const asked = othersFrom(s, player);
    push(
      s,
      w,
      decision({ kind: 'miss-turn', asked, mayPass: true, close: 'first-taker', limitSeconds: s.quickSeconds, data: { at: 'miss-turn', player } }),
      events,
    );
  }
}

function nextTurn(s: ReactionState, w: Writer, events: ReactionEvent[]): void {
  const current = turnPlayer(s);
  startTurn(s, w, othersFrom(s, current)[0] as ActorId, events);
}

/** A player must discard `count` cards: all they can when that is no more; otherwise one at a time, their choice. */
function loseCards(s: ReactionState, w: Writer, player: ActorId, count: number, events: ReactionEvent[]): void {
  const can = handOf(s, player).filter(discardable);
  if (can.length <= count) {
    for (const card of can) toDiscard(s, w, player, card, events);
    const kept = handOf(s, player).length;
    if (kept > 0) {
      events.push({ type: 'kept-back', player, count: kept });
      // Everyone now knows the one card kept back is the Plans.
      const plans = handOf(s, player)[0] as string;
      s.known = [...s.known.filter((k) => k.card !== plans), ...othersFrom(s, player).map((viewer) => ({ viewer, holder: player, card: plans }))];
    }
    nextTurn(s, w, events);
    return;
  }
  push(s, w, decision({ kind: 'discard', asked: [player], close: 'all-answered', data: { at: 'discard', player, remaining: count } }), events);
}

function resolveAttack(s: ReactionState, w: Writer, attacker: ActorId, target: ActorId, attack: string, defence: number, events: ReactionEvent[]): void {
  const strength = strengthOf(attack);
  const loser = strength > defence ? target : strength < defence ? attacker : null;
  const cards = Math.abs(strength - defence);
  events.push({ type: 'attack-resolved', attack: strength, defence, loser, cards });
  if (loser === null) nextTurn(s, w, events);
  else loseCards(s, w, loser, cards, events);
}

function checkEnd(s: ReactionState, events: ReactionEvent[]): boolean {
  if (s.deck.length > 0) return false;
  const seat = s.hands.findIndex((h) => h.some((c) => kindOf(c) === 'plans'));
  const winner = s.players[seat] as ActorId;
  s.winner = winner;
  s.stack = [];
  events.push({ type: 'game-over', winner, plans: handOf(s, winner).find((c) => kindOf(c) === 'plans') as string });
  return true;
}

function play(s: ReactionState, move: ReactionMove, w: Writer): ReactionEvent[] {
  const events: ReactionEvent[] = [];
  const d = top(s) as Decision<ReactionData>;
  const data = d.data;
  const stack = w.own(s, 'stack');
  if (move.type === 'chance') {
    if (data.at !== 'steal') throw new Error('a chance outcome for no chance decision');
    answerTop(stack, CHANCE, 'take', w);
    s.rng = chanceStream(s.rng).next;
    const card = handOf(s, data.victim)[move.outcome as number] as string;
    takeFromHand(s, w, data.victim, card);
    w.own(w.own(s, 'hands'), seatOf(s, data.thief)).push(card);
    // The victim knows where the card went; others who knew the victim's cards can no longer be sure.
    s.known = [
      ...s.known.filter((k) => k.card !== card && (k.holder !== data.victim || k.viewer === data.thief)),
      { viewer: data.victim, holder: data.thief, card },
    ];
    events.push({ type: 'stolen', thief: data.thief, victim: data.victim, card });
    pop(s, w);
    nextTurn(s, w, events);
    return events;
  }
  if (move.type === 'pass') {
    const closed = answerTop(stack, move.actor, 'pass', w);
    events.push({ type: 'passed', player: move.actor, window: d.kind });
    if (!closed) return events;
    pop(s, w);
    if (data.at === 'defend') resolveAttack(s, w, data.attacker, data.target, data.attack, 0, events);
    else if (data.at === 'protect') resolveAttack(s, w, data.attacker, data.target, data.attack, strengthOf(data.defend), events);
    // A Miss a Turn window everyone passed: the turn goes on (the turn decision is on top again).
    return events;
  }
  switch (move.type) {
    case 'draw': {
      answerTop(stack, move.actor, 'take', w);
      const card = s.deck[0] as string;
      s.deck = s.deck.slice(1);
      w.own(w.own(s, 'hands'), seatOf(s, move.actor)).push(card);
      events.push({ type: 'drew', player: move.actor, card });
      if (!checkEnd(s, events)) nextTurn(s, w, events);
      return events;
    }
    case 'attack':
      playCard(s, w, move.actor, move.card, move.target, events);
      push(
        s,
        w,
        decision({
          kind: 'defend',
          asked: [move.target],
          mayPass: true,
          close: 'first-taker',
          data: { at: 'defend', attacker: move.actor, target: move.target, attack: move.card },
        }),
        events,
      );
      return events;
    case 'steal':
      playCard(s, w, move.actor, move.card, move.target, events);
      push(
        s,
        w,
        chanceDecision<ReactionData>(
          'steal',
          { kind: 'index', size: handOf(s, move.target).length, secret: true },
          { at: 'steal', thief: move.actor, victim: move.target },
        ),
        events,
      );
      return events;
    case 'burn': {
      playCard(s, w, move.actor, move.card, null, events);
      const asked = othersFrom(s, move.actor).filter((p) => handOf(s, p).length > 0);
      if (asked.length === 0) nextTurn(s, w, events);
      else push(s, w, decision({ kind: 'burn', asked, close: 'all-answered', data: { at: 'burn', player: move.actor } }), events);
      return events;
    }
    case 'miss-turn': {
      answerTop(stack, move.actor, 'take', w);
      playCard(s, w, move.actor, move.card, turnPlayer(s), events);
      events.push({ type: 'turn-missed', player: turnPlayer(s), by: move.actor });
      nextTurn(s, w, events);
      return events;
    }
    case 'defend': {
      if (data.at !== 'defend') throw new Error('a Defend outside a defend window');
      answerTop(stack, move.actor, 'take', w);
      playCard(s, w, move.actor, move.card, data.attacker, events);
      pop(s, w);
      if (unseenKinds(s, 'protect')) {
        const asked = othersFrom(s, move.actor);
        push(
          s,
          w,
          decision({
            kind: 'protect',
            asked,
            mayPass: true,
            close: 'first-taker',
            limitSeconds: s.quickSeconds,
            data: { at: 'protect', attacker: data.attacker, target: data.target, attack: data.attack, defend: move.card },
          }),
          events,
        );
      } else {
        resolveAttack(s, w, data.attacker, data.target, data.attack, strengthOf(move.card), events);
      }
      return events;
    }
    case 'protect': {
      if (data.at !== 'protect') throw new Error('a Protection outside a protect window');
      answerTop(stack, move.actor, 'take', w);
      playCard(s, w, move.actor, move.card, data.target, events);
      events.push({ type: 'defence-cancelled', defend: data.defend, by: move.actor });
      pop(s, w);
      resolveAttack(s, w, data.attacker, data.target, data.attack, 0, events);
      return events;
    }
    case 'discard':
    case 'nothing-to-discard': {
      if (move.type === 'discard') toDiscard(s, w, move.actor, move.card, events);
      else {
        events.push({ type: 'kept-back', player: move.actor, count: handOf(s, move.actor).length });
        const plans = handOf(s, move.actor)[0] as string;
        s.known = [...s.known.filter((k) => k.card !== plans), ...othersFrom(s, move.actor).map((viewer) => ({ viewer, holder: move.actor, card: plans }))];
      }
      if (data.at === 'burn') {
        if (answerTop(stack, move.actor, 'take', w)) nextTurn(s, w, events);
        return events;
      }
      if (data.at !== 'discard') throw new Error('a discard with nothing to discard');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (move.type === 'discard' && data.remaining > 1) loseCards(s, w, move.actor, data.remaining - 1, events);
      else nextTurn(s, w, events);
      return events;
    }
  }
}

const rules: WrittenRules<ReactionState, ReactionMove, ReactionEvent> = { judge, play };

// ---- hidden information ----

function knownBy(s: ReactionState, viewer: ActorId, holder: ActorId): string[] {
  return s.known.filter((k) => k.viewer === viewer && k.holder === holder && handOf(s, holder).includes(k.card)).map((k) => k.card);
}

function eventFor(e: ReactionEvent, viewer: ActorId): ReactionEvent | null {
  switch (e.type) {
    case 'dealt':
      return e.player === viewer ? e : { ...e, cards: null };
    case 'drew':
      return e.player === viewer ? e : { ...e, card: null };
    case 'stolen':
      return e.thief === viewer || e.victim === viewer ? e : { ...e, card: null };
    default:
      return e;
  }
}

function secretsFrom(s: ReactionState, viewer: ActorId): string[] {
  if (s.winner !== null) return [];
  const secrets = [...s.deck];
  for (const p of s.players) {
    if (p === viewer) continue;
    const known = knownBy(s, viewer, p);
    for (const c of handOf(s, p)) if (!known.includes(c)) secrets.push(c);
  }
  return secrets;
}

/** The unknown cards (the deck, the other hands but for what is known) dealt afresh: see relabelUnknown. */
function determinize(s: ReactionState, viewer: ActorId, random: Random): ReactionState {
  return relabelUnknown(s, [secretsFrom(s, viewer)], random);
}

// ---- views and prompts ----

function view(s: ReactionState, viewer: ActorId): ReactionView {
  return {
    viewer,
    hand: s.players.includes(viewer) ? handOf(s, viewer).slice() : [],
    players: s.players.map((id) => ({ id, cards: handOf(s, id).length, known: id === viewer ? [] : knownBy(s, viewer, id) })),
    deck: s.deck.length,
    discard: s.discard.slice(),
    turn: s.turn,
    decisions: s.stack.map((d) => ({ kind: d.kind, asked: d.asked.slice(), answered: d.answered.slice(), data: d.data })),
    winner: s.winner,
  };
}

function prompt(s: ReactionState, actor: ActorId): string {
  const d = top(s);
  if (d === null) return `Game over: ${s.winner} holds the Plans.`;
  if (!isWaitingOn(d, actor)) return `Waiting for ${d.asked.filter((a) => isWaitingOn(d, a)).join(', ')} (${d.kind}).`;
  const data = d.data;
  switch (data.at) {
    case 'turn':
      return 'Your turn: draw a card or play one.';
    case 'miss-turn':
      return `${data.player}'s turn is starting: play Miss a Turn, or pass.`;
    case 'defend':
      return `${data.attacker} attacks you with ${data.attack}: defend, or pass.`;
    case 'protect':
      return `${data.target} defends with ${data.defend}: cancel it with a Protection, or pass.`;
    case 'discard':
      return `Discard a card (${data.remaining} to go).`;
    case 'burn':
      return `${data.player} burns: discard a card.`;
    case 'steal':
      return 'Waiting for the steal.';
  }
}

// ---- the game ----

function setup(config: Config, seed: number): { state: ReactionState; events: ReactionEvent[] } {
  checkPlayerCount(REACTION_META, config.players.length);
  const options = resolveOptions(REACTION_META, config.options);
  const handSize = options['hand-size'] as number;
  const r = randomFrom(seedRng(seed));
  const deck = r.shuffle(deckFor(options));
  const players = config.players.map((_, i) => `p${i + 1}`);
  if (deck.length < players.length * handSize + 1) throw new GameConfigError(`the deck is too small to deal ${handSize} cards to ${players.length} players`);
  const hands = players.map((_, i) => deck.slice(i * handSize, (i + 1) * handSize));
  const s: ReactionState = {
    game: 'ambush',
    players,
    hands,
    deck: deck.slice(players.length * handSize),
    discard: [],
    known: [],
    stack: [],
    turn: 0,
    winner: null,
    quickSeconds: quickLimit(options),
    rng: r.state(),
  };
  const events: ReactionEvent[] = players.map((player, i) => ({ type: 'dealt', player, cards: hands[i] as string[], count: handSize }));
  startTurn(s, inPlaceWriter(), players[0] as ActorId, events);
  return { state: s, events };
}

/**
 * A game already dealt, for rule tests: the given hands (by seat, p1 first) and deck (top
 * first), with p1's turn starting (and its Miss a Turn window, when one may be held); its
 * quick windows carry `quickSeconds` (null: untimed).
 */
export function dealtState(hands: readonly (readonly string[])[], deck: readonly string[], seed = 1, quickSeconds: number | null = null): ReactionState {
  const players = hands.map((_, i) => `p${i + 1}`);
  const s: ReactionState = {
    game: 'ambush',
    players,
    hands: hands.map((h) => [...h]),
    deck: [...deck],
    discard: [],
    known: [],
    stack: [],
    turn: 0,
    winner: null,
    quickSeconds,
    rng: seedRng(seed),
  };
  startTurn(s, inPlaceWriter(), 'p1', []);
  return s;
}

function result(s: ReactionState): TableResult {
  if (s.winner === null) return { finished: false };
  return { finished: true, returns: winnerReturns(s.players, [s.winner]), winners: [s.winner], winningTeams: [], summary: `${s.winner} wins with the Plans` };
}

export const reactionGame: HiddenTableGame<Config, ReactionState, ReactionMove, ReactionView, ReactionEvent> = {
  meta: REACTION_META,
  hidden: true,
  setup,
  ...writtenToyParts(rules),
  legalMoves,
  view,
  result,
  prompt,
  eventFor,
  secretsFrom,
  determinize,
};

/** Every move that could make sense for `actor` (for the judge-as-oracle test): a generous superset. */
export function reactionCandidates(s: ReactionState, actor: ActorId): ReactionMove[] {
  const cards = [...s.hands.flat(), ...s.deck, ...s.discard];
  const out: ReactionMove[] = [
    { actor, type: 'draw' },
    { actor, type: 'pass' },
    { actor, type: 'nothing-to-discard' },
  ];
  for (const card of cards) {
    for (const target of s.players) {
      out.push({ actor, type: 'attack', card, target }, { actor, type: 'steal', card, target });
    }
    out.push(
      { actor, type: 'burn', card },
      { actor, type: 'miss-turn', card },
      { actor, type: 'defend', card },
      { actor, type: 'protect', card },
      { actor, type: 'discard', card },
    );
  }
  return out;
}

/** A simple heuristic bot: defend and protect whenever it can, attack the largest hand, draw otherwise. */
export function reactionHeuristicMove(turn: { view: ReactionView; legalMoves: readonly ReactionMove[]; random: Random }): ReactionMove {
  const { view, legalMoves, random } = turn;
  const of = (type: ReactionMove['type']): ReactionMove[] => legalMoves.filter((m) => m.type === type);
  for (const type of ['defend', 'protect', 'miss-turn'] as const) {
    const options = of(type);
    if (options.length > 0) return options[0] as ReactionMove;
  }
  const cards = (p: ActorId): number => view.players.find((x) => x.id === p)?.cards ?? 0;
  const plansHolder = view.players.find((p) => p.known.some((c) => kindOf(c) === 'plans'))?.id;
  const steals = of('steal') as Extract<ReactionMove, { type: 'steal' }>[];
  const holdsPlans = view.hand.some((c) => kindOf(c) === 'plans');
  if (!holdsPlans && steals.length > 0) {
    const best = steals.find((m) => m.target === plansHolder) ?? steals.reduce((a, b) => (cards(b.target) < cards(a.target) ? b : a));
    return best;
  }
  const attacks = of('attack') as Extract<ReactionMove, { type: 'attack' }>[];
  if (attacks.length > 0) return attacks.reduce((a, b) => (cards(b.target) > cards(a.target) || strengthOf(b.card) > strengthOf(a.card) ? b : a));
  const burns = of('burn');
  if (burns.length > 0 && !holdsPlans) return burns[0] as ReactionMove;
  const discards = of('discard') as Extract<ReactionMove, { type: 'discard' }>[];
  if (discards.length > 0) {
    const order: CardKind[] = ['burn', 'missturn', 'protect', 'attack3', 'defend2', 'steal', 'defend3', 'attack5'];
    return discards.reduce((a, b) => (order.indexOf(kindOf(b.card)) < order.indexOf(kindOf(a.card)) ? b : a));
  }
  const rest = legalMoves.filter((m) => m.type === 'draw' || m.type === 'nothing-to-discard');
  if (rest.length > 0) return rest[0] as ReactionMove;
  return random.pick(legalMoves);
}
