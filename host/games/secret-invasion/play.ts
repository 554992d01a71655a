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
import { randomFrom, stateAfterShuffle, type RngState } from '../../engine/rng.ts';
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
import { openSeatBits, seatBit } from './table.ts';
import {
  type CardIndex,
  type Choosing,
  type DiscardCause,
  type Knowledge,
  type KnowledgeSource,
  NO_CARD,
  type NoEffectReason,
  type OutReason,
  type PlayerId,
  type RoundEnd,
  type RoundEndReason,
  type RoundResult,
  type SecretInvasionEvent,
  type SecretInvasionState,
  type SecretInvasionStep,
} from './model.ts';

/** The state being written: deeply writable but for the generator, the deck (read from `deckTop`), the face-up cards, the knowledge, the last round's result and the choice in steps, which are replaced whole. */
export type Root = Omit<Mutable<SecretInvasionState>, 'rng' | 'deck' | 'faceUp' | 'knowledge' | 'lastRound' | 'choosing'> & {
  deck: SecretInvasionState['deck'];
  faceUp: SecretInvasionState['faceUp'];
  knowledge: SecretInvasionState['knowledge'];
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
  /** The character's id (what a step names it by). */
  readonly characterId: string;
  readonly value: number;
  /** The character's place in the deck's list of characters. */
  readonly characterIndex: number;
  /** How the character's effect picks its target. */
  readonly kind: TargetKind;
  /** Whether the effect names a value once it has a target (Stormtrooper, Boba Fett). */
  readonly namesValue: boolean;
  /** Whether discarding it, for any reason, puts its holder out (Princess Leia). */
  readonly outWhenDiscarded: boolean;
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
  /** Each card's value, by its index (the comparisons, guesses and round totals read only that). */
  readonly values: readonly number[];
  /** The tokens that win the game and the cards set aside face up, by the number of players (undefined for a table the rules do not seat). */
  readonly tokensToWin: readonly (number | undefined)[];
  readonly faceUpCount: readonly (number | undefined)[];
  /** Each character's place in the deck's list of characters, by character id. */
  readonly characterIndexById: ReadonlyMap<string, number>;
  /**
   * The choices in steps made so far, shared (a choice is never changed, only replaced): by the
   * character's place, then 0 before a target is chosen, 1 + the target's seat after.
   */
  readonly choices: (Choosing | undefined)[][];
}

const tables = new WeakMap<Deck, CardTable>();

export function cardTableOf(deck: Deck): CardTable {
  let table = tables.get(deck);
  if (table === undefined) {
    const characters = new Map(deck.characters.map((c) => [c.id, c]));
    const facts = deck.cards.map((card, index): CardFacts => {
      const characterIndex = deck.characters.findIndex((c) => c.id === card.character);
      const character = deck.characters[characterIndex] as Character;
      return {
        card,
        index,
        character,
        characterId: character.id,
        value: card.value,
        characterIndex,
        kind: targetKindOf(character.effect),
        namesValue: namesValue(character.effect),
        outWhenDiscarded: character.effect === 'out-when-discarded',
      };
    });
    const guessValues: number[] = [];
    for (let v = deck.rules.guess.min; v <= deck.rules.guess.max; v++) guessValues.push(v);
    const ids = deck.cards.map((c) => c.id);
    const indexById = new Map(ids.map((id, i) => [id, i]));
    const characterIndexById = new Map(deck.characters.map((c, i) => [c.id, i]));
    const choices = deck.characters.map((): (Choosing | undefined)[] => []);
    const values = deck.cards.map((c) => c.value);
    const bySeats = (numbers: Readonly<Record<number, number>>): (number | undefined)[] => {
      const list: (number | undefined)[] = [];
      for (let n = 0; n <= deck.rules.players.max; n++) list.push(numbers[n]);
      return list;
    };
    table = {
      deck,
      ids,
      facts,
      indexById,
      characters,
      guessValues,
      indexes: deck.cards.map((_, i) => i),
      values,
      tokensToWin: bySeats(deck.rules.tokensToWin),
      faceUpCount: bySeats(deck.rules.faceUpSetAside),
      characterIndexById,
      choices,
    };
    tables.set(deck, table);
  }
  return table;
}

export function factsOf(table: CardTable, card: CardIndex): CardFacts {
  const found = table.facts[card];
  if (found === undefined) throw unknownCard(card);
  return found;
}

// The errors of a state the rules never make (a bug, or a state laid out by hand), made by
// functions of their own: a message built in a hot function would count against the budget V8
// inlines its callees with.

function unknownCard(card: CardIndex): RangeError {
  return new RangeError(`unknown card ${card}`);
}

function unknownCharacter(character: number | string): RangeError {
  return new RangeError(`unknown character ${character}`);
}

function noSeatFor(player: PlayerId): Error {
  return new Error(`no seat for ${player}`);
}

function notOneCard(player: PlayerId): Error {
  return new Error(`${player} should hold exactly one card`);
}

function notHeld(player: PlayerId, what: CardIndex | string): Error {
  return new Error(`${player} holds no ${what}`);
}

/**
 * The choice of the character at `characterIndex` with `target` (null: not chosen yet), made
 * once and shared: "p<n>" is kept at 1 + its seat n-1; any other id is made anew.
 */
export function choiceOf(table: CardTable, characterIndex: number, target: PlayerId | null): Choosing {
  const kept = table.choices[characterIndex];
  if (kept === undefined) throw unknownCharacter(characterIndex);
  const at = target === null ? 0 : target.charCodeAt(1) - 48;
  const made = kept[at];
  if (made !== undefined && made.target === target) return made;
  return newChoice(table, kept, characterIndex, target, at);
}

/** A choice not made before (`choiceOf`'s slow path, a function of its own), kept at `at` when that is its place. */
function newChoice(table: CardTable, kept: (Choosing | undefined)[], characterIndex: number, target: PlayerId | null, at: number): Choosing {
  const choice: Choosing = { character: (table.deck.characters[characterIndex] as Character).id, target };
  if (at >= 0 && at <= table.deck.rules.players.max && (target === null || target === `p${at}`)) kept[at] = choice;
  return choice;
}

/** A character's place in the deck's list of characters. */
export function characterIndexOf(table: CardTable, character: string): number {
  const at = table.characterIndexById.get(character);
  if (at === undefined) throw unknownCharacter(character);
  return at;
}

/** A card's id (as events and views name it). */
export function idOf(table: CardTable, card: CardIndex): string {
  const id = table.ids[card];
  if (id === undefined) throw unknownCard(card);
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
  seatAt(index: number): Seat {
    const seats = this.seats();
    return this.inPlace ? (seats[index] as Seat) : this.writer.own(seats, index);
  }

  /** The top card of the deck, drawn (the read position moves on: the deck's list is never changed), or undefined when the deck is empty. */
  private draw(): CardIndex | undefined {
    const root = this.root;
    if (root.deckTop >= root.deck.length) return undefined;
    return root.deck[root.deckTop++];
  }

  indexOf(player: PlayerId): number {
    const at = seatIndexOf(this.root.seats, player);
    if (at < 0) throw noSeatFor(player);
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

  /** The one card the seat holds. */
  onlyCard(seat: Seat): CardIndex {
    const hand = seat.hand;
    if (hand.length !== 1) throw notOneCard(seat.id);
    return hand[0] as CardIndex;
  }

  private id(card: CardIndex): string {
    return idOf(this.table, card);
  }

  value(card: CardIndex): number {
    const value = this.table.values[card];
    if (value === undefined) throw unknownCard(card);
    return value;
  }

  // ---- knowledge ----
  // Entries are never changed: a change writes a new list (the old one may be shared with the
  // state a copy-on-write move started from). Loops, not closures: most discards find nothing to drop.

  /** Whether `k` is dropped for `drop` (`character`: a character's place, for SEEN_OF_CHARACTER). */
  private drops(k: Knowledge, drop: Drop, player: PlayerId, character: number): boolean {
    if (drop === SEEN_OF_CHARACTER) return k.subject === player && factsOf(this.table, k.card).characterIndex === character;
    return k.subject === player || (drop === SEEN_OF_OR_BY && k.viewer === player);
  }

  /** The knowledge without the entries `drop` marks (a new list), or the same list when it marks none. */
  private dropKnowledge(drop: Drop, player: PlayerId, character: number): void {
    const known = this.root.knowledge;
    let at = 0;
    while (at < known.length && !this.drops(known[at] as Knowledge, drop, player, character)) at++;
    if (at === known.length) return;
    const kept = known.slice(0, at);
    for (let i = at + 1; i < known.length; i++) {
      const k = known[i] as Knowledge;
      if (!this.drops(k, drop, player, character)) kept.push(k);
    }
    this.root.knowledge = kept;
  }

  learn(viewer: PlayerId, subject: PlayerId, card: CardIndex, source: KnowledgeSource): void {
    if (viewer === subject) return;
    const known = this.root.knowledge;
    const learnt: Knowledge = { viewer, subject, card, source };
    let at = 0;
    while (at < known.length && !((known[at] as Knowledge).viewer === viewer && (known[at] as Knowledge).subject === subject)) at++;
    // Most of the time nothing is replaced: the list made at its size at once (pushed one by one from empty, a list takes room for sixteen).
    if (at === known.length) {
      this.root.knowledge = [...known, learnt];
      return;
    }
    const next = known.slice(0, at);
    for (let i = at + 1; i < known.length; i++) next.push(known[i] as Knowledge);
    next.push(learnt);
    this.root.knowledge = next;
  }

  /** What anyone saw of `subject`'s card of the character at `character` (its place in the deck's characters) is dropped. */
  private forgetOnDiscard(subject: PlayerId, character: number): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.dropKnowledge(SEEN_OF_CHARACTER, subject, character);
  }

  private forgetHand(subject: PlayerId): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.dropKnowledge(SEEN_OF_HAND, subject, -1);
  }

  private forgetPlayer(player: PlayerId): void {
    if (this.root.knowledge.length === 0) return; // most of the time: nothing known to forget
    this.dropKnowledge(SEEN_OF_OR_BY, player, -1);
  }

  /** After a Vader swap between `a` and `b`: each learns the card the other now holds, and what anyone else knew follows the card. */
  private followSwap(a: PlayerId, b: PlayerId, aNow: CardIndex, bNow: CardIndex): void {
    const next: Knowledge[] = [];
    for (const k of this.root.knowledge) {
      // Each of the two knew their own old card; what they knew of the other is now in their own hand.
      if (k.viewer === a || k.viewer === b) {
        if (k.subject !== a && k.subject !== b) next.push(k);
      } else if (k.subject === a) next.push({ viewer: k.viewer, subject: b, card: k.card, source: k.source });
      else if (k.subject === b) next.push({ viewer: k.viewer, subject: a, card: k.card, source: k.source });
      else next.push(k);
    }
    // What `learn` adds (nothing of a about b, or of b about a, is left to replace).
    next.push({ viewer: a, subject: b, card: bNow, source: 'swap' }, { viewer: b, subject: a, card: aNow, source: 'swap' });
    this.root.knowledge = next;
  }

  // ---- discards and effects ----

  /** Whether the seat at `at` is out of the round. */
  isOut(at: number): boolean {
    return (this.root.outSeats & seatBit(at)) !== 0;
  }

  /** The seat at `at` is out of the round. */
  knockOut(at: number, reason: OutReason): void {
    if (this.isOut(at)) return;
    const root = this.root;
    const seat = this.seatAt(at);
    const player = seat.id;
    root.outSeats |= seatBit(at);
    root.protectedSeats &= ~seatBit(at);
    this.forgetPlayer(player);
    this.events?.push({ type: 'player-out', player, reason });
    // Each card left, front first (discard takes it out of the hand).
    while (seat.hand.length > 0) this.discard(at, seat.hand[0] as CardIndex, 'out');
  }

  /** Moves `card` from the hand of the seat at `at` to its discards, face up, without its effect. */
  discard(at: number, card: CardIndex, cause: DiscardCause): void {
    const seat = this.seatAt(at);
    const player = seat.id;
    const hand = this.hand(seat);
    // Where the card is, read in a loop (a hand holds one or two cards: cheaper than indexOf's call).
    let place = 0;
    while (place < hand.length && hand[place] !== card) place++;
    if (place === hand.length) throw notHeld(player, card);
    // The card taken out where it is (a hand holds one or two cards: cheaper than a splice).
    for (let i = place + 1; i < hand.length; i++) hand[i - 1] = hand[i] as CardIndex;
    hand.pop();
    this.discards(seat).push(card);
    this.events?.push({ type: 'card-discarded', player, card: this.id(card), cause });
    const facts = factsOf(this.table, card);
    this.forgetOnDiscard(player, facts.characterIndex);
    if (facts.outWhenDiscarded && !this.isOut(at)) this.knockOut(at, 'leia-discarded');
  }

  /** A Stormtrooper or Boba Fett guess against `target`; true when it hit. */
  guess(player: PlayerId, target: PlayerId, guess: number, attempt: 1 | 2): boolean {
    const targetAt = this.indexOf(target);
    const hit = this.value(this.onlyCard(this.root.seats[targetAt] as Seat)) === guess;
    this.events?.push({ type: 'guessed', player, target, guess, hit, attempt });
    if (hit) this.knockOut(targetAt, 'guessed');
    return hit;
  }

  /** Whether anyone but the seat at `at` may be targeted (in the round, not protected). */
  private hasTargets(at: number): boolean {
    return (openSeatBits(this.root) & ~seatBit(at)) !== 0;
  }

  private noEffect(player: PlayerId, character: string, reason: NoEffectReason): false {
    this.events?.push({ type: 'no-effect', player, character, reason });
    return false;
  }

  /** The turn player (at seat `at`) discards `played` (a card they hold) and its effect happens; true while a Boba Fett second try is pending. */
  playCard(at: number, played: CardFacts, target: PlayerId | null, guess: number | null): boolean {
    const seat = this.seatAt(at);
    const player = seat.id;
    const character = played.character;
    const characterId = character.id;
    this.discard(at, played.index, 'played');
    if (this.isOut(at)) return false; // Leia
    const effect = character.effect;
    switch (effect) {
      case 'out-when-discarded':
      case 'none':
        return this.noEffect(player, characterId, 'no-effect');
      case 'protect':
        this.root.protectedSeats |= seatBit(at);
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
        if (target === null) return this.noEffect(player, characterId, this.hasTargets(at) ? 'declined' : 'all-protected');
        const seen = this.onlyCard(this.seat(target));
        this.learn(player, target, seen, 'han');
        this.events?.push({ type: 'han-looked', player, target, card: this.id(seen) });
        return false;
      }
      case 'compare-lower-out':
      case 'compare-higher-out': {
        if (target === null) return this.noEffect(player, characterId, 'all-protected');
        const otherAt = this.indexOf(target);
        const mine = this.onlyCard(seat);
        const theirs = this.onlyCard(this.root.seats[otherAt] as Seat);
        const difference = this.value(mine) - this.value(theirs);
        const higher = difference > 0 ? player : difference < 0 ? target : null;
        const lower = difference > 0 ? target : difference < 0 ? player : null;
        const loser = effect === 'compare-lower-out' ? lower : higher;
        this.events?.push({ type: 'droids-compared', player, target, effect, playerCard: this.id(mine), targetCard: this.id(theirs), loser });
        if (loser === null) {
          this.learn(player, target, theirs, 'droids');
          this.learn(target, player, mine, 'droids');
        } else {
          this.knockOut(loser === player ? at : otherAt, 'compared');
        }
        return false;
      }
      case 'swap': {
        if (target === null) return this.noEffect(player, characterId, 'all-protected');
        const other = this.seat(target);
        const mine = this.onlyCard(seat);
        const theirs = this.onlyCard(other);
        this.hand(seat)[0] = theirs;
        this.hand(other)[0] = mine;
        this.followSwap(player, target, theirs, mine);
        this.events?.push({ type: 'hands-swapped', player, target, playerCard: this.id(theirs), targetCard: this.id(mine) });
        return false;
      }
      case 'redraw': {
        if (target === null) throw new Error('Luke Skywalker always has a target');
        const redrawingAt = this.indexOf(target);
        const redrawing = this.seatAt(redrawingAt);
        this.events?.push({ type: 'luke-redraw', player, target });
        this.discard(redrawingAt, this.onlyCard(redrawing), 'luke');
        if (this.isOut(redrawingAt)) return false;
        this.forgetHand(target);
        const fromDeck = this.draw();
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
    root.rng = stateAfterShuffle(root.rng, this.table.indexes.length); // `shuffleFrom(table, rng).next`, without the order
    const firstPlayer = root.roundStarter;
    const faceUpCount = this.table.faceUpCount[root.seats.length] ?? 0;
    // The order holds card indexes: place 0 is set aside, the next ones face up, then one dealt to each seat; the rest is the deck.
    root.setAside = order[0] ?? null;
    const faceUp = faceUpCount === 0 ? NO_CARDS : order.slice(1, 1 + faceUpCount);
    root.faceUp = faceUp;
    root.round += 1;
    root.turn = 0;
    root.knowledge = NO_KNOWLEDGE;
    root.missedGuess = null;
    root.choosing = null;
    root.outSeats = 0;
    root.protectedSeats = 0;
    const seats = this.seats();
    let next = 1 + faceUpCount;
    this.events?.push({
      type: 'round-started',
      round: root.round,
      firstPlayer,
      faceUp: idsOf(this.table, faceUp),
      deckCount: order.length - next - seats.length,
    });
    for (let i = 0; i < seats.length; i++) {
      const seat = this.seatAt(i);
      const card = order[next++];
      if (card === undefined) throw new Error('the deck ran out while dealing');
      if (this.inPlace) {
        // The seat's own lists, emptied and refilled where they are (no new lists each round).
        emptied(seat.hand).push(card);
        emptied(seat.discards);
      } else {
        seat.hand = [card];
        seat.discards = [];
      }
    }
    if (this.events !== null) for (const seat of seats) this.events.push({ type: 'card-dealt', player: seat.id, card: this.id(seat.hand[0] as CardIndex) });
    // The deck is the rest of the order, read from the first card after those dealt.
    root.deck = order;
    root.deckTop = next;
    this.startTurn(this.indexOf(firstPlayer));
  }

  /** The turn of the player at seat `at` begins: their Chewbacca protection ends and they draw the top card. */
  startTurn(at: number): void {
    const root = this.root;
    const seat = this.seatAt(at);
    const player = seat.id;
    root.protectedSeats &= ~seatBit(at);
    root.turn += 1;
    root.turnPlayer = player;
    root.stage = 'turn';
    root.missedGuess = null;
    this.events?.push({ type: 'turn-started', player, round: root.round, turn: root.turn });
    const card = this.draw();
    if (card === undefined) throw new Error('a turn started with an empty deck');
    this.hand(seat).push(card);
    this.events?.push({ type: 'card-drawn', player, card: this.id(card), from: 'deck' });
  }

  /**
   * After a turn (`at`: the turn player's seat): the round ends when one player is left or the
   * deck is empty; otherwise the turn passes to the next seat still in the round (read from the
   * seat bits: the seats in the round after `at`, else those from the first seat).
   */
  finishTurn(at: number): void {
    const root = this.root;
    const inRound = (seatBit(root.seats.length) - 1) & ~root.outSeats;
    // Two players are still in: more than one bit.
    if ((inRound & (inRound - 1)) === 0) this.endRound('last-standing');
    else if (root.deckTop >= root.deck.length) this.endRound('deck-empty');
    else {
      const after = inRound & ~(seatBit(at + 1) - 1);
      const next = after !== 0 ? after : inRound;
      this.startTurn(31 - Math.clz32(next & -next));
    }
  }

  private endRound(reason: RoundEndReason): void {
    const root = this.root;
    const count = root.seats.length;
    const shaped = byCount(count);
    const totals = shaped.zeros.slice();
    const revealed = shaped.noCards.slice();
    // Who gains a token, bit i for seat i: the one left, or the highest card still held, a tie going to the highest discard total (all of those tied on both win).
    let winning = 0;
    let best = 0;
    let bestTotal = 0;
    for (let i = 0; i < count; i++) {
      const s = root.seats[i] as Seat;
      let total = 0;
      for (const c of s.discards) total += this.value(c);
      totals[i] = total;
      if ((root.outSeats & seatBit(i)) !== 0) continue;
      if (reason === 'last-standing') {
        winning |= seatBit(i);
        continue;
      }
      const card = s.hand[0];
      if (card === undefined) throw new Error(`${s.id} is in the round with no card`);
      revealed[i] = card;
      const value = this.value(card);
      if (value > best || (value === best && total > bestTotal)) {
        best = value;
        bestTotal = total;
        winning = 0;
      }
      if (value === best && total === bestTotal) winning |= seatBit(i);
    }
    if (winning === 0) throw new Error('nobody won the round');
    const seats = this.seats();
    for (let i = 0; i < count; i++) if ((winning & seatBit(i)) !== 0) this.seatAt(i).tokens += 1;
    const end: RoundEnd = { round: root.round, reason, winners: winning, revealed, discardTotals: totals };
    root.lastRound = end;
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
      this.events.push({ type: 'round-ended', result: roundResultOf(this.table, seats, end), tokens });
    }
    const target = this.table.tokensToWin[seats.length];
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
      const at = (start + step) % seats.length;
      if ((winning & (1 << at)) !== 0) first = (seats[at] as Seat).id;
    }
    if (first === null) throw new Error(`the round's winners (seat bits ${winning}) are not at the table`);
    // The next round is shuffled and dealt by a chance move of its own.
    root.roundStarter = first;
    root.stage = 'deal';
    root.missedGuess = null;
  }

  /** The facts of the card the player discarded last (the Boba Fett whose guess missed). */
  lastDiscarded(player: PlayerId): CardFacts {
    const discards = this.root.seats[this.indexOf(player)]?.discards ?? [];
    const card = discards[discards.length - 1];
    if (card === undefined) throw new Error(`${player} has discarded nothing`);
    return factsOf(this.table, card);
  }
}

/** The cards' ids (a function of its own: a closure in `dealRound` would make every deal allocate the scope it captures). */
function idsOf(table: CardTable, cards: readonly CardIndex[]): string[] {
  return cards.map((c) => idOf(table, c));
}

/** Lists of a table's size, made once and copied: every seat at 0, every seat with `NO_CARD`. */
interface CountShaped {
  readonly zeros: readonly number[];
  readonly noCards: readonly CardIndex[];
}

const countShaped: (CountShaped | undefined)[] = [];

/** The lists of `count` seats (a copy of a list made at its size is made at once; pushed one by one, a list grows on the way). */
function byCount(count: number): CountShaped {
  let made = countShaped[count];
  if (made === undefined) {
    made = { zeros: new Array<number>(count).fill(0), noCards: new Array<CardIndex>(count).fill(NO_CARD) };
    countShaped[count] = made;
  }
  return made;
}

/** The round's end as views and events tell it: players by id (in seat order), cards by id. */
export function roundResultOf(table: CardTable, seats: readonly { readonly id: PlayerId }[], end: RoundEnd): RoundResult {
  const winners: PlayerId[] = [];
  const revealed: { player: PlayerId; card: string }[] = [];
  const discardTotals: Record<PlayerId, number> = {};
  for (let i = 0; i < seats.length; i++) {
    const player = (seats[i] as { readonly id: PlayerId }).id;
    if ((end.winners & seatBit(i)) !== 0) winners.push(player);
    const card = end.revealed[i] ?? NO_CARD;
    if (card !== NO_CARD) revealed.push({ player, card: idOf(table, card) });
    discardTotals[player] = end.discardTotals[i] ?? 0;
  }
  return { round: end.round, reason: end.reason, winners, revealed, discardTotals };
}

/** No cards: the face-up cards of a table that sets none aside, shared (the face-up cards are never changed, only replaced at a deal). */
const NO_CARDS: readonly CardIndex[] = Object.freeze([]);

/** No knowledge: the list a round starts with, shared (knowledge lists are never changed, only replaced). */
const NO_KNOWLEDGE: readonly Knowledge[] = Object.freeze([]);

/** The list emptied where it is (popped: cheaper than setting its length). */
function emptied(cards: CardIndex[]): CardIndex[] {
  while (cards.length > 0) cards.pop();
  return cards;
}

/**
 * Which knowledge entries a change drops: what was seen of a player's card of one character (they
 * discarded a card of it), of their hand (they redrew), or what was seen of or by them (they are out).
 */
const SEEN_OF_CHARACTER = 0;
const SEEN_OF_HAND = 1;
const SEEN_OF_OR_BY = 2;
type Drop = typeof SEEN_OF_CHARACTER | typeof SEEN_OF_HAND | typeof SEEN_OF_OR_BY;

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
/** The one of them used last, at hand without a lookup: a playout plays one card table at every step. */
let lastQuietPlay: Play | null = null;

/** `playStep` in place, without building its events (for playouts and search, which never read them). */
export function advanceStep(table: CardTable, root: Root, step: SecretInvasionStep): void {
  let play = lastQuietPlay;
  if (play === null || play.table !== table) play = quietPlayOf(table, root);
  play.root = root;
  carryOut(play, step);
}

/** The quiet `Play` of a card table not played last, found or made (a function of its own: what V8 inlines of `advanceStep` into a playout's loop stays small). */
function quietPlayOf(table: CardTable, root: Root): Play {
  const play = quietPlays.get(table) ?? new Play(table, root, inPlaceWriter(), null);
  quietPlays.set(table, play);
  lastQuietPlay = play;
  return play;
}

function carryOut(play: Play, step: SecretInvasionStep): void {
  const { table, root, events } = play;
  if (step.type === 'chance') {
    play.dealRound(step.outcome as readonly number[]);
    return;
  }
  // Every other step is the turn player's: their seat, found once.
  const at = play.indexOf(step.actor);
  let pending = false;
  switch (step.type) {
    case 'discard': {
      const played = heldCardOf(table, root.seats[at] as Seat, step.character);
      const offer = targetOfferOfKind(root, at, played.kind);
      if (offer === TARGET_STEP || (offer !== NO_TARGET_STEP && played.namesValue)) {
        root.choosing = choiceOf(table, played.characterIndex, offer === TARGET_STEP ? null : offer);
        return;
      }
      pending = play.playCard(at, played, offer === NO_TARGET_STEP ? null : offer, null);
      break;
    }
    case 'target': {
      const choosing = root.choosing as NonNullable<Root['choosing']>;
      if (step.target !== null && root.stage === 'second-try') {
        root.choosing = choiceOf(table, characterIndexOf(table, choosing.character), step.target);
        return;
      }
      const played = heldCardOf(table, root.seats[at] as Seat, choosing.character);
      if (step.target !== null && played.namesValue) {
        root.choosing = choiceOf(table, played.characterIndex, step.target);
        return;
      }
      root.choosing = null;
      pending = play.playCard(at, played, step.target, null);
      break;
    }
    case 'name': {
      const choosing = root.choosing as NonNullable<Root['choosing']>;
      const target = choosing.target as PlayerId;
      root.choosing = null;
      if (root.stage === 'second-try') {
        root.stage = 'turn';
        root.missedGuess = null;
        if (!play.guess(step.actor, target, step.value, 2)) play.knockOut(at, 'second-miss');
      } else {
        pending = play.playCard(at, heldCardOf(table, root.seats[at] as Seat, choosing.character), target, step.value);
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
      root.choosing = choosing.target === null || onlyTarget(options) !== undefined ? null : choiceOf(table, characterIndexOf(table, choosing.character), null);
      return;
    }
    case 'guess-again': {
      // The one opponent left to guess at is taken with the step (guess again is offered only while there is one).
      const only = targetOfferOfKind(root, at, 'opponent');
      root.choosing = choiceOf(table, play.lastDiscarded(step.actor).characterIndex, typeof only === 'string' ? only : null);
      return;
    }
    case 'stop-guessing':
      root.stage = 'turn';
      root.missedGuess = null;
      events?.push({ type: 'second-try-declined', player: step.actor });
      break;
  }
  if (!pending) play.finishTurn(at);
}

/** The facts of the first card of `character` in the seat's hand. */
function heldCardOf(table: CardTable, seat: Seat, character: string): CardFacts {
  const hand = seat.hand;
  for (let i = 0; i < hand.length; i++) {
    const facts = factsOf(table, hand[i] as CardIndex);
    if (facts.characterId === character) return facts;
  }
  throw notHeld(seat.id, character);
}
