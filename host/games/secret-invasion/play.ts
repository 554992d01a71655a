// The rules of Secret Invasion, written once against a Writer (engine/cow.ts): dealing a round
// (the chance move's shuffle), starting and passing turns, the discard chosen in steps (card,
// target, value, undo: choosing.ts), each card's effect, putting players out, what each
// player was shown of another's hand, the end of a round and of the game. No generator is drawn
// from here: the shuffle comes in the move, so a log replays as it was played. `applyCopyOnWrite`
// runs them on a copy that shares whatever a move leaves alone (the persistent `apply`);
// `applyInPlaceWith` runs them on a clone the caller owns (playouts and search).
//
// Every object below the root is claimed with `writer.own` before it is changed. Only moves the
// judge (legality.ts) accepts come here. Card facts come from the precomputed card table
// (`cardTableOf`): one lookup per card, no search through the deck.
//
// Knowledge (what `viewer` was shown of `subject`'s card) is kept true as cards move: learnt from
// Han Solo (the looker), a tied droid comparison (both players) or a Vader swap (both players
// learn where their old card went; whoever knew either card follows it across); dropped when its
// holder discards a card of that character (onlookers cannot tell which copy went), is made to
// redraw by Luke Skywalker, or leaves the round.

import { inPlaceWriter, type Writer } from '../../engine/cow.ts';
import type { Mutable } from '../../engine/draft.ts';
import { randomFrom, type RngState } from '../../engine/rng.ts';
import {
  NO_TARGET_STEP,
  namesValue,
  onlyTarget,
  secondGuessTargets,
  TARGET_STEP,
  type TargetKind,
  targetKindOf,
  targetOfferOfKind,
  targetOptions,
} from './choosing.ts';
import type { Card, Character, Deck } from './deck.ts';
import type {
  DiscardCause,
  KnowledgeSource,
  NoEffectReason,
  OutReason,
  PlayerId,
  CardIndex,
  RoundEndReason,
  RoundResult,
  SecretInvasionEvent,
  SecretInvasionState,
  SecretInvasionStep,
} from './model.ts';

/** The state being written: deeply writable but for the generator, the last round's result and the choice in steps, which are replaced whole. */
export type Root = Omit<Mutable<SecretInvasionState>, 'rng' | 'lastRound' | 'choosing'> & {
  rng: SecretInvasionState['rng'];
  lastRound: SecretInvasionState['lastRound'];
  choosing: SecretInvasionState['choosing'];
};
type Seat = Root['seats'][number];
type Events = SecretInvasionEvent[];

/** A card's facts, looked up once. */
export interface CardFacts {
  readonly card: Card;
  /** The card's place in the deck's card list (how the state holds it). */
  readonly index: CardIndex;
  readonly character: Character;
  readonly value: number;
  /** The character's place in the deck's list of characters. */
  readonly characterIndex: number;
  /** How the character's effect picks its target. */
  readonly kind: TargetKind;
  /** Whether the effect names a value once it has a target (Stormtrooper, Boba Fett). */
  readonly namesValue: boolean;
}

/**
 * The seat of a player id, or -1: "p<n>" sits at n-1 (ids are made by `playerIdFor`), which is
 * checked; any other id is looked for.
 */
export function seatIndexOf(seats: readonly { readonly id: PlayerId }[], player: PlayerId): number {
  const at = player.charCodeAt(1) - 49;
  if (at >= 0 && at < seats.length && (seats[at] as { readonly id: PlayerId }).id === player) return at;
  for (let i = 0; i < seats.length; i++) if ((seats[i] as { readonly id: PlayerId }).id === player) return i;
  return -1;
}

/** The deck's cards and characters, built once per deck. */
export interface CardTable {
  readonly deck: Deck;
  /** Each card's id, by its index (what events and views name it by). */
  readonly ids: readonly string[];
  /** Each card's facts, by its index (the state holds card indexes: one array read a card). */
  readonly facts: readonly CardFacts[];
  /** Each card's index, by its id. */
  readonly indexById: ReadonlyMap<string, CardIndex>;
  readonly characters: ReadonlyMap<string, Character>;
  /** The values a guess may name, lowest first. */
  readonly guessValues: readonly number[];
  /** 0..cards-1: what a shuffle orders. */
  readonly indexes: readonly number[];
}

const tables = new WeakMap<Deck, CardTable>();

export function cardTableOf(deck: Deck): CardTable {
  let table = tables.get(deck);
  if (table === undefined) {
    const characters = new Map(deck.characters.map((c) => [c.id, c]));
    const facts = deck.cards.map((card, index): CardFacts => {
      const characterIndex = deck.characters.findIndex((c) => c.id === card.character);
      const character = deck.characters[characterIndex] as Character;
      return { card, index, character, value: card.value, characterIndex, kind: targetKindOf(character.effect), namesValue: namesValue(character.effect) };
    });
    const guessValues: number[] = [];
    for (let v = deck.rules.guess.min; v <= deck.rules.guess.max; v++) guessValues.push(v);
    const ids = deck.cards.map((c) => c.id);
    const indexById = new Map(ids.map((id, i) => [id, i]));
    table = { deck, ids, facts, indexById, characters, guessValues, indexes: deck.cards.map((_, i) => i) };
    tables.set(deck, table);
  }
  return table;
}

export function factsOf(table: CardTable, card: CardIndex): CardFacts {
  const found = table.facts[card];
  if (found === undefined) throw new RangeError(`unknown card ${card}`);
  return found;
}

/** A card's id (as events and views name it). */
export function idOf(table: CardTable, card: CardIndex): string {
  const id = table.ids[card];
  if (id === undefined) throw new RangeError(`unknown card ${card}`);
  return id;
}

/**
 * A round's shuffle drawn from `rng` itself (the order of the cards, as indexes into the deck's
 * card list) and the generator after it. `next` is how every deal advances the state's
 * generator, whoever drew the order (the engine samples from a stream split off it): the way
 * the program dealt before the shuffle was a move of its own, so the older shape (game.ts),
 * which draws `order`, deals every game and replays every old save exactly as it did.
 */
export function shuffleFrom(table: CardTable, rng: RngState): { readonly order: number[]; readonly next: RngState } {
  const random = randomFrom(rng);
  const order = random.shuffle(table.indexes);
  return { order, next: random.state() };
}

/** `shuffleFrom(table, rng).next` without building the order: the same draws (a Fisher-Yates shuffle draws below(i + 1) for i = n-1..1). */
function advancedPastShuffle(table: CardTable, rng: RngState): RngState {
  const random = randomFrom(rng);
  for (let i = table.indexes.length - 1; i > 0; i--) random.below(i + 1);
  return random.state();
}

/**
 * One move being carried out: the root being written, its writer, the events so far (null when
 * nobody reads them: a playout's `advanceStep`; `?.` then skips building each event). The
 * in-place one without events is made once and handed each playout step's root.
 */
class Play {
  private seatsOwned: Seat[] | null = null;
  /** The writer is the in-place one: fields are written where they are, without claiming them. */
  private readonly inPlace: boolean;

  constructor(
    readonly table: CardTable,
    public root: Root,
    readonly writer: Writer,
    readonly events: Events | null,
  ) {
    this.inPlace = writer.inPlace;
  }

  private seats(): Seat[] {
    if (this.inPlace) return this.root.seats;
    if (this.seatsOwned === null) this.seatsOwned = this.writer.own(this.root, 'seats');
    return this.seatsOwned;
  }

  /** The seat at `index`, claimed for writing. */
  private seatAt(index: number): Seat {
    const seats = this.seats();
    return this.inPlace ? (seats[index] as Seat) : this.writer.own(seats, index);
  }

  /** The deck, claimed for writing. */
  private deck(): CardIndex[] {
    return this.inPlace ? this.root.deck : this.writer.own(this.root, 'deck');
  }

  indexOf(player: PlayerId): number {
    const at = seatIndexOf(this.root.seats, player);
    if (at < 0) throw new Error(`no seat for ${player}`);
    return at;
  }

  /** The seat, claimed for writing. */
  seat(player: PlayerId): Seat {
    return this.seatAt(this.indexOf(player));
  }

  hand(seat: Seat): CardIndex[] {
    return this.inPlace ? seat.hand : this.writer.own(seat, 'hand');
  }

  private discards(seat: Seat): CardIndex[] {
    return this.inPlace ? seat.discards : this.writer.own(seat, 'discards');
  }

  onlyCard(player: PlayerId): CardIndex {
    const hand = this.root.seats[this.indexOf(player)]?.hand ?? [];
    if (hand.length !== 1) throw new Error(`${player} should hold exactly one card`);
    return hand[0] as CardIndex;
  }

  private id(card: CardIndex): string {
    return idOf(this.table, card);
  }

  value(card: CardIndex): number {
    return factsOf(this.table, card).value;
  }

  // ---- knowledge ----

  private keepKnowledge(keep: (k: Root['knowledge'][number]) => boolean): void {
    const known = this.root.knowledge;
    if (known.every(keep)) return;
    this.root.knowledge = known.filter(keep);
  }

  learn(viewer: PlayerId, subject: PlayerId, card: CardIndex, source: KnowledgeSource): void {
    if (viewer === subject) return;
    this.keepKnowledge((k) => !(k.viewer === viewer && k.subject === subject));
    this.root.knowledge = [...this.root.knowledge, { viewer, subject, card, source }];
  }

  private forgetOnDiscard(subject: PlayerId, character: string): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.keepKnowledge((k) => !(k.subject === subject && factsOf(this.table, k.card).character.id === character));
  }

  private forgetHand(subject: PlayerId): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.keepKnowledge((k) => k.subject !== subject);
  }

  private forgetPlayer(player: PlayerId): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.keepKnowledge((k) => k.subject !== player && k.viewer !== player);
  }

  private followSwap(a: PlayerId, b: PlayerId, aNow: CardIndex, bNow: CardIndex): void {
    this.root.knowledge = this.root.knowledge.flatMap((k) => {
      // Each of the two knew their own old card; what they knew of the other is now in their own hand.
      if (k.viewer === a || k.viewer === b) return k.subject === a || k.subject === b ? [] : [k];
      if (k.subject === a) return [{ ...k, subject: b }];
      if (k.subject === b) return [{ ...k, subject: a }];
      return [k];
    });
    this.learn(a, b, bNow, 'swap');
    this.learn(b, a, aNow, 'swap');
  }

  // ---- discards and effects ----

  knockOut(player: PlayerId, reason: OutReason): void {
    const seat = this.seat(player);
    if (seat.out) return;
    seat.out = true;
    seat.protected = false;
    this.forgetPlayer(player);
    this.events?.push({ type: 'player-out', player, reason });
    // Each card left, front first (discard takes it out of the hand).
    while (seat.hand.length > 0) this.discard(player, seat.hand[0] as CardIndex, 'out');
  }

  /** Moves `card` from the player's hand to their discards, face up, without its effect. */
  discard(player: PlayerId, card: CardIndex, cause: DiscardCause, character: Character = factsOf(this.table, card).character): void {
    const seat = this.seat(player);
    const hand = this.hand(seat);
    const at = hand.indexOf(card);
    if (at < 0) throw new Error(`${player} does not hold ${card}`);
    // The card taken out where it is (a hand holds one or two cards: cheaper than a splice).
    for (let i = at + 1; i < hand.length; i++) hand[i - 1] = hand[i] as CardIndex;
    hand.pop();
    this.discards(seat).push(card);
    this.events?.push({ type: 'card-discarded', player, card: this.id(card), cause });
    this.forgetOnDiscard(player, character.id);
    if (character.effect === 'out-when-discarded' && !seat.out) this.knockOut(player, 'leia-discarded');
  }

  /** A Stormtrooper or Boba Fett guess against `target`; true when it hit. */
  guess(player: PlayerId, target: PlayerId, guess: number, attempt: 1 | 2): boolean {
    const hit = this.value(this.onlyCard(target)) === guess;
    this.events?.push({ type: 'guessed', player, target, guess, hit, attempt });
    if (hit) this.knockOut(target, 'guessed');
    return hit;
  }

  private hasTargets(player: PlayerId): boolean {
    for (const s of this.root.seats) if (s.id !== player && !s.out && !s.protected) return true;
    return false;
  }

  private noEffect(player: PlayerId, character: string, reason: NoEffectReason): false {
    this.events?.push({ type: 'no-effect', player, character, reason });
    return false;
  }

  /** The turn player discards `played` (a card they hold) and its effect happens; true while a Boba Fett second try is pending. */
  playCard(player: PlayerId, played: CardFacts, target: PlayerId | null, guess: number | null): boolean {
    const seat = this.seat(player);
    const character = played.character;
    const characterId = character.id;
    this.discard(player, played.index, 'played', character);
    if (seat.out) return false; // Leia
    const effect = character.effect;
    switch (effect) {
      case 'out-when-discarded':
      case 'none':
        return this.noEffect(player, characterId, 'no-effect');
      case 'protect':
        seat.protected = true;
        this.events?.push({ type: 'protected', player });
        return false;
      case 'guess':
      case 'guess-twice': {
        if (target === null || guess === null) return this.noEffect(player, characterId, 'all-protected');
        if (this.guess(player, target, guess, 1) || effect === 'guess') return false;
        this.root.stage = 'second-try';
        this.root.missedGuess = { target, guess };
        this.events?.push({ type: 'second-try-offered', player });
        return true;
      }
      case 'look': {
        // The discard took nothing from the others: whether anyone could have been looked at is as before it.
        if (target === null) return this.noEffect(player, characterId, this.hasTargets(player) ? 'declined' : 'all-protected');
        const seen = this.onlyCard(target);
        this.learn(player, target, seen, 'han');
        this.events?.push({ type: 'han-looked', player, target, card: this.id(seen) });
        return false;
      }
      case 'compare-lower-out':
      case 'compare-higher-out': {
        if (target === null) return this.noEffect(player, characterId, 'all-protected');
        const mine = this.onlyCard(player);
        const theirs = this.onlyCard(target);
        const difference = this.value(mine) - this.value(theirs);
        const higher = difference > 0 ? player : difference < 0 ? target : null;
        const lower = difference > 0 ? target : difference < 0 ? player : null;
        const loser = effect === 'compare-lower-out' ? lower : higher;
        this.events?.push({ type: 'droids-compared', player, target, effect, playerCard: this.id(mine), targetCard: this.id(theirs), loser });
        if (loser === null) {
          this.learn(player, target, theirs, 'droids');
          this.learn(target, player, mine, 'droids');
        } else {
          this.knockOut(loser, 'compared');
        }
        return false;
      }
      case 'swap': {
        if (target === null) return this.noEffect(player, characterId, 'all-protected');
        const other = this.seat(target);
        const mine = this.onlyCard(player);
        const theirs = this.onlyCard(target);
        this.hand(seat)[0] = theirs;
        this.hand(other)[0] = mine;
        this.followSwap(player, target, theirs, mine);
        this.events?.push({ type: 'hands-swapped', player, target, playerCard: this.id(theirs), targetCard: this.id(mine) });
        return false;
      }
      case 'redraw': {
        if (target === null) throw new Error('Luke Skywalker always has a target');
        const redrawing = this.seat(target);
        this.events?.push({ type: 'luke-redraw', player, target });
        this.discard(target, this.onlyCard(target), 'luke');
        if (redrawing.out) return false;
        this.forgetHand(target);
        const fromDeck = this.root.deck.length > 0 ? (this.deck().shift() as CardIndex) : undefined;
        const drawn = fromDeck ?? this.root.setAside;
        if (drawn === null) throw new Error('neither the deck nor the set-aside card is left to draw');
        if (fromDeck === undefined) this.root.setAside = null;
        this.hand(redrawing).push(drawn);
        this.events?.push({ type: 'card-drawn', player: target, card: this.id(drawn), from: fromDeck === undefined ? 'set-aside' : 'deck' });
        return false;
      }
    }
  }

  // ---- rounds and turns ----

  /**
   * The round's deal, in the order the shuffle gave (`order`: indexes into the deck's cards):
   * set the top card aside unseen (and some face up), deal one each, and start the first turn
   * with the round's first player.
   */
  dealRound(order: readonly number[]): void {
    const root = this.root;
    // The card at place k of the shuffled deck: the order holds card indexes.
    const cardAt = (k: number): CardIndex | undefined => order[k];
    root.rng = advancedPastShuffle(this.table, root.rng);
    const firstPlayer = root.roundStarter;
    const faceUpCount = this.table.deck.rules.faceUpSetAside[root.seats.length] ?? 0;
    root.setAside = cardAt(0) ?? null;
    const faceUp: CardIndex[] = [];
    for (let k = 1; k <= faceUpCount && k < order.length; k++) faceUp.push(cardAt(k) as CardIndex);
    root.faceUp = faceUp;
    root.round += 1;
    root.turn = 0;
    root.knowledge = [];
    root.missedGuess = null;
    root.choosing = null;
    const seats = this.seats();
    let next = 1 + faceUpCount;
    this.events?.push({
      type: 'round-started',
      round: root.round,
      firstPlayer,
      faceUp: faceUp.map((c) => this.id(c)),
      deckCount: order.length - next - seats.length,
    });
    for (let i = 0; i < seats.length; i++) {
      const seat = this.seatAt(i);
      const card = cardAt(next++);
      if (card === undefined) throw new Error('the deck ran out while dealing');
      seat.hand = [card];
      seat.discards = [];
      seat.out = false;
      seat.protected = false;
    }
    if (this.events !== null) for (const seat of seats) this.events.push({ type: 'card-dealt', player: seat.id, card: this.id(seat.hand[0] as CardIndex) });
    const deck: CardIndex[] = [];
    for (let k = next; k < order.length; k++) deck.push(cardAt(k) as CardIndex);
    root.deck = deck;
    this.startTurn(firstPlayer);
  }

  /** The player's turn begins: their Chewbacca protection ends and they draw the top card. */
  startTurn(player: PlayerId): void {
    const root = this.root;
    const seat = this.seat(player);
    seat.protected = false;
    root.turn += 1;
    root.turnPlayer = player;
    root.stage = 'turn';
    root.missedGuess = null;
    this.events?.push({ type: 'turn-started', player, round: root.round, turn: root.turn });
    if (root.deck.length === 0) throw new Error('a turn started with an empty deck');
    const card = this.deck().shift() as CardIndex;
    this.hand(seat).push(card);
    this.events?.push({ type: 'card-drawn', player, card: this.id(card), from: 'deck' });
  }

  /**
   * After a turn: the round ends when one player is left or the deck is empty; otherwise the
   * turn passes to the next seat still in the round (one pass round the table from the turn player).
   */
  finishTurn(): void {
    const seats = this.root.seats;
    const at = this.indexOf(this.root.turnPlayer);
    let inRound = 0;
    let next: Seat | undefined;
    for (let step = 1; step <= seats.length; step++) {
      const seat = seats[(at + step) % seats.length] as Seat;
      if (seat.out) continue;
      inRound++;
      next ??= seat;
    }
    if (inRound <= 1) this.endRound('last-standing');
    else if (this.root.deck.length === 0) this.endRound('deck-empty');
    else this.startTurn((next as Seat).id);
  }

  private endRound(reason: RoundEndReason): void {
    const root = this.root;
    const totals: Record<PlayerId, number> = {};
    for (const seat of root.seats) {
      let sum = 0;
      for (const c of seat.discards) sum += this.value(c);
      totals[seat.id] = sum;
    }
    const winners: PlayerId[] = [];
    const revealed: { player: PlayerId; card: string }[] = [];
    if (reason === 'last-standing') {
      for (const s of root.seats) if (!s.out) winners.push(s.id);
    } else {
      // The highest card still held wins; a tie goes to the highest discard total (all of those tied on both win).
      let best = 0;
      let bestTotal = 0;
      for (const s of root.seats) {
        if (s.out) continue;
        const card = s.hand[0];
        if (card === undefined) throw new Error(`${s.id} is in the round with no card`);
        revealed.push({ player: s.id, card: this.id(card) });
        const value = this.value(card);
        const total = totals[s.id] ?? 0;
        if (value > best || (value === best && total > bestTotal)) {
          best = value;
          bestTotal = total;
          winners.length = 0;
        }
        if (value === best && total === bestTotal) winners.push(s.id);
      }
    }
    const seats = this.seats();
    for (let i = 0; i < seats.length; i++) if (winners.includes((seats[i] as Seat).id)) this.seatAt(i).tokens += 1;
    const result: RoundResult = { round: root.round, reason, winners, revealed, discardTotals: totals };
    root.lastRound = result;
    // The most tokens, how many hold that many, and the first of them in seat order.
    let most = 0;
    let leaders = 0;
    let leader: Seat | undefined;
    for (const seat of seats) {
      if (seat.tokens > most) {
        most = seat.tokens;
        leaders = 1;
        leader = seat;
      } else if (seat.tokens === most) {
        leaders++;
        leader ??= seat;
      }
    }
    if (this.events !== null) {
      const tokens: Record<PlayerId, number> = {};
      for (const seat of seats) tokens[seat.id] = seat.tokens;
      this.events.push({ type: 'round-ended', result, tokens });
    }
    const target = this.table.deck.rules.tokensToWin[seats.length];
    if (target === undefined) throw new RangeError(`no token target for ${seats.length} players`);
    if (most >= target && leaders === 1 && leader) {
      root.stage = 'over';
      root.winner = leader.id;
      root.missedGuess = null;
      this.events?.push({ type: 'game-won', winner: leader.id, tokens: leader.tokens });
      return;
    }
    // The winner of the round goes first; of several winners, the first met from this round's first player.
    const start = this.indexOf(root.roundStarter);
    let first: PlayerId | null = null;
    for (let step = 0; step < seats.length && first === null; step++) {
      const id = (seats[(start + step) % seats.length] as Seat).id;
      if (winners.includes(id)) first = id;
    }
    if (first === null) throw new Error(`none of ${winners.join(', ')} sits at the table`);
    // The next round is shuffled and dealt by a chance move of its own.
    root.roundStarter = first;
    root.stage = 'deal';
    root.missedGuess = null;
  }

  /** The character of the card the player discarded last (the Boba Fett whose guess missed). */
  lastDiscarded(player: PlayerId): string {
    const discards = this.root.seats[this.indexOf(player)]?.discards ?? [];
    const card = discards[discards.length - 1];
    if (card === undefined) throw new Error(`${player} has discarded nothing`);
    return factsOf(this.table, card).character.id;
  }
}

/**
 * Carries out a legal step (the judge has accepted it): a step that leaves the choice
 * unfinished only records it (no events: what a player is choosing is theirs alone); the last
 * step plays the discard or the guess.
 */
export function playStep(table: CardTable, root: Root, step: SecretInvasionStep, writer: Writer): Events {
  const events: Events = [];
  carryOut(new Play(table, root, writer, events), step);
  return events;
}

/** The in-place `Play` without events that playout steps are carried out by, one per card table (it keeps nothing of a step once done). */
const quietPlays = new WeakMap<CardTable, Play>();

/** `playStep` in place, without building its events (for playouts and search, which never read them). */
export function advanceStep(table: CardTable, root: Root, step: SecretInvasionStep): void {
  let play = quietPlays.get(table);
  if (play === undefined) quietPlays.set(table, (play = new Play(table, root, inPlaceWriter(), null)));
  play.root = root;
  carryOut(play, step);
}

function carryOut(play: Play, step: SecretInvasionStep): void {
  const { table, root, events } = play;
  let pending = false;
  switch (step.type) {
    case 'chance':
      play.dealRound(step.outcome as readonly number[]);
      return;
    case 'discard': {
      const played = heldCardOf(table, root, step.actor, step.character);
      const offer = targetOfferOfKind(root, step.actor, played.kind);
      if (offer === TARGET_STEP || (offer !== NO_TARGET_STEP && played.namesValue)) {
        root.choosing = { character: step.character, target: offer === TARGET_STEP ? null : offer };
        return;
      }
      pending = play.playCard(step.actor, played, offer === NO_TARGET_STEP ? null : offer, null);
      break;
    }
    case 'target': {
      const choosing = root.choosing as NonNullable<Root['choosing']>;
      const effect = (table.characters.get(choosing.character) as Character).effect;
      if (step.target !== null && (root.stage === 'second-try' || namesValue(effect))) {
        root.choosing = { character: choosing.character, target: step.target };
        return;
      }
      root.choosing = null;
      pending = play.playCard(step.actor, heldCardOf(table, root, step.actor, choosing.character), step.target, null);
      break;
    }
    case 'name': {
      const choosing = root.choosing as NonNullable<Root['choosing']>;
      const target = choosing.target as PlayerId;
      root.choosing = null;
      if (root.stage === 'second-try') {
        root.stage = 'turn';
        root.missedGuess = null;
        if (!play.guess(step.actor, target, step.value, 2)) play.knockOut(step.actor, 'second-miss');
      } else {
        pending = play.playCard(step.actor, heldCardOf(table, root, step.actor, choosing.character), target, step.value);
      }
      break;
    }
    case 'undo': {
      const choosing = root.choosing as NonNullable<Root['choosing']>;
      // Back past a target that was the only one offered (it was taken with the card).
      const options =
        root.stage === 'second-try'
          ? secondGuessTargets(root, step.actor)
          : targetOptions(root, step.actor, table.characters.get(choosing.character) as Character);
      root.choosing = choosing.target === null || onlyTarget(options) !== undefined ? null : { character: choosing.character, target: null };
      return;
    }
    case 'guess-again':
      root.choosing = { character: play.lastDiscarded(step.actor), target: onlyTarget(secondGuessTargets(root, step.actor)) ?? null };
      return;
    case 'stop-guessing':
      root.stage = 'turn';
      root.missedGuess = null;
      events?.push({ type: 'second-try-declined', player: step.actor });
      break;
  }
  if (!pending) play.finishTurn();
}

/** The facts of the first card of `character` in the player's hand. */
function heldCardOf(table: CardTable, root: Root, player: PlayerId, character: string): CardFacts {
  const hand = root.seats[seatIndexOf(root.seats, player)]?.hand ?? [];
  for (let i = 0; i < hand.length; i++) {
    const facts = factsOf(table, hand[i] as CardIndex);
    if (facts.character.id === character) return facts;
  }
  throw new Error(`${player} holds no ${character}`);
}
