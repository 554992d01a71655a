// The data of a Secret Invasion game: configuration, state, moves, events and views, all plain
// JSON. Seated players are "p1".."p4" in seat order; the turn passes from a seat to the next
// ("to the left"). In the state a card is its place in the deck data's card list (a small
// integer, `CardIndex`: the rules look its facts up in an array); events and views name it by
// its card id ("stormtrooper-3"), see deck.ts. The deck is the round's shuffle, read from a
// position that moves on as cards are dealt and drawn (`deckTop`): the list is never changed.
// Players out of the round or protected are seat bits (bit i for the seat at i), as are the
// winners of the last round, which the state keeps by seat (`RoundEnd`) and views and events
// tell as a `RoundResult`.

import type { ChanceMove } from '../../engine/chance.ts';
import type { RngState } from '../../engine/rng.ts';
import type { CardId, CharacterId, Effect } from './deck.ts';

export type PlayerId = string;

/** A card in the state: its place in the deck's `cards` list (0..16 for the boxed deck). */
export type CardIndex = number;

export interface SecretInvasionConfig {
  /** Seat order, youngest player first: the first seat takes the first turn of the game. */
  readonly players: readonly { readonly name: string }[];
}

/**
 * deal: the round's cards are to be shuffled and dealt (a chance move); before the first
 *   round and after every round that did not end the game.
 * turn: the turn player holds two cards and must discard one.
 * second-try: a Boba Fett guess missed; the turn player may guess once more or stop.
 * over: someone has won the game.
 */
export type Stage = 'deal' | 'turn' | 'second-try' | 'over';

/**
 * The discard (or Boba Fett's second guess) the turn player is choosing in steps: the card
 * chosen (the Boba Fett discarded, for a second guess), then the target once chosen (null
 * until then). Private to the turn player until the last step plays it.
 */
export interface Choosing {
  readonly character: CharacterId;
  readonly target: PlayerId | null;
}

/** How a player came to know another player's card. */
export type KnowledgeSource = 'han' | 'droids' | 'swap';

/** `viewer` knows that `subject` holds `card` now (kept true as cards move; dropped when the rules no longer let the viewer know). */
export interface Knowledge {
  readonly viewer: PlayerId;
  readonly subject: PlayerId;
  readonly card: CardIndex;
  readonly source: KnowledgeSource;
}

export interface Seat {
  readonly id: PlayerId;
  readonly name: string;
  /** Victory tokens won so far in this game. */
  readonly tokens: number;
  /** The secret hand: one card, two during the player's own turn, none when out of the round. */
  readonly hand: readonly CardIndex[];
  /** This round's discards, oldest first, face up in front of the player. */
  readonly discards: readonly CardIndex[];
}

export type RoundEndReason = 'deck-empty' | 'last-standing';

export interface RoundResult {
  readonly round: number;
  readonly reason: RoundEndReason;
  /** Who gained a victory token: one player, or several when a tie remains after the discard totals. */
  readonly winners: readonly PlayerId[];
  /** The hands revealed at the end (deck empty): players still in the round. Empty when one was left. */
  readonly revealed: readonly { readonly player: PlayerId; readonly card: CardId }[];
  /** The total value of each player's discards this round, the tie-break. */
  readonly discardTotals: Readonly<Record<PlayerId, number>>;
}

/** A card place of `RoundEnd.revealed` that holds none (the seat revealed nothing). */
export const NO_CARD = -1;

/**
 * How the last round ended, as the state keeps it: players by seat, cards as indexes. Views and
 * events tell it as the `RoundResult` it stands for (play.ts, `roundResultOf`).
 */
export interface RoundEnd {
  readonly round: number;
  readonly reason: RoundEndReason;
  /** Who gained a victory token: bit i for the seat at i. */
  readonly winners: number;
  /** By seat: the card revealed at the end (deck empty, still in the round), or `NO_CARD`. */
  readonly revealed: readonly CardIndex[];
  /** By seat: the total value of its discards this round, the tie-break. */
  readonly discardTotals: readonly number[];
}

export interface SecretInvasionState {
  readonly game: 'secret-invasion';
  readonly seats: readonly Seat[];
  /** Who is out of the round: bit i for the seat at i (`seatBit`); none at a deal. */
  readonly outSeats: number;
  /** Who is protected by Chewbacca until the start of their next turn: bit i for the seat at i. */
  readonly protectedSeats: number;
  readonly stage: Stage;
  /** Rounds started, 1 during the first round. */
  readonly round: number;
  /** Turns started in this round, 1 during its first turn. */
  readonly turn: number;
  readonly turnPlayer: PlayerId;
  /** The player who took the first turn of this round. */
  readonly roundStarter: PlayerId;
  /**
   * The round's shuffle, never changed: the cards from `deckTop` on are the face-down deck (the
   * top first); those before it were set aside, dealt or drawn.
   */
  readonly deck: readonly CardIndex[];
  /** Where the deck is read from: the next card drawn is `deck[deckTop]`; the deck is empty at `deck.length`. */
  readonly deckTop: number;
  /** The card set aside unseen; null once Luke Skywalker's effect has taken it. */
  readonly setAside: CardIndex | null;
  /** Cards set aside face up (two-player games), out of play this round. */
  readonly faceUp: readonly CardIndex[];
  readonly knowledge: readonly Knowledge[];
  /** The missed first guess of a Boba Fett while its second try is pending. */
  readonly missedGuess: { readonly target: PlayerId; readonly guess: number } | null;
  readonly lastRound: RoundEnd | null;
  readonly winner: PlayerId | null;
  /** The choice being made in steps, or null between moves. */
  readonly choosing: Choosing | null;
  readonly rng: RngState;
}

/**
 * A whole move, as the saves written before the discard was chosen in steps have it (refused as
 * an older format), and as the tracking bot scores a choice and the rule tests read a rule. discard: discard `character` from your two cards and apply its
 * effect. `target` is the player the effect acts on (null for cards without a target, for Han
 * Solo when you choose not to look, and when every opponent is protected); `guess` is the value
 * named with a Stormtrooper or Boba Fett (null otherwise).
 * guess-again: Boba Fett's second try. stop-guessing: decline it.
 */
export type SecretInvasionMove =
  | {
      readonly actor: PlayerId;
      readonly type: 'discard';
      readonly character: CharacterId;
      readonly target: PlayerId | null;
      readonly guess: number | null;
    }
  | { readonly actor: PlayerId; readonly type: 'guess-again'; readonly target: PlayerId; readonly guess: number }
  | { readonly actor: PlayerId; readonly type: 'stop-guessing' };

/**
 * A move of the table game: one small step of a choice, or the round's shuffle.
 * - discard: choose the card to discard; played at once when it needs no target.
 * - target: choose the player the card acts on (null: Han Solo's "no one"); played at once
 *   unless a value is to be named.
 * - name: name a value for a Stormtrooper or a Boba Fett guess; plays the move.
 * - undo: take back the last step of the choice being made.
 * - guess-again: take Boba Fett's second try (then its target and value); stop-guessing: decline it.
 * - chance: the round's shuffle, `outcome` the new order of the 17 cards as indexes into the
 *   deck data's card list (always drawn by the engine: it is secret).
 */
export type SecretInvasionStep =
  | { readonly actor: PlayerId; readonly type: 'discard'; readonly character: CharacterId }
  | { readonly actor: PlayerId; readonly type: 'target'; readonly target: PlayerId | null }
  | { readonly actor: PlayerId; readonly type: 'name'; readonly value: number }
  | { readonly actor: PlayerId; readonly type: 'undo' }
  | { readonly actor: PlayerId; readonly type: 'guess-again' }
  | { readonly actor: PlayerId; readonly type: 'stop-guessing' }
  | ChanceMove;

export type DiscardCause = 'played' | 'luke' | 'out';

export type OutReason = 'leia-discarded' | 'guessed' | 'compared' | 'second-miss';

/** Why a card's effect did nothing. */
export type NoEffectReason = 'all-protected' | 'declined' | 'no-effect';

/**
 * Events. Fields holding a card another player may not see are null in the copy that player
 * receives (see view.ts, eventFor).
 */
export type SecretInvasionEvent =
  | {
      readonly type: 'round-started';
      readonly round: number;
      readonly firstPlayer: PlayerId;
      readonly faceUp: readonly CardId[];
      readonly deckCount: number;
    }
  | { readonly type: 'card-dealt'; readonly player: PlayerId; readonly card: CardId | null }
  | { readonly type: 'turn-started'; readonly player: PlayerId; readonly round: number; readonly turn: number }
  | { readonly type: 'card-drawn'; readonly player: PlayerId; readonly card: CardId | null; readonly from: 'deck' | 'set-aside' }
  | { readonly type: 'card-discarded'; readonly player: PlayerId; readonly card: CardId; readonly cause: DiscardCause }
  | { readonly type: 'no-effect'; readonly player: PlayerId; readonly character: CharacterId; readonly reason: NoEffectReason }
  | { readonly type: 'protected'; readonly player: PlayerId }
  | {
      readonly type: 'guessed';
      readonly player: PlayerId;
      readonly target: PlayerId;
      readonly guess: number;
      readonly hit: boolean;
      readonly attempt: 1 | 2;
    }
  | { readonly type: 'second-try-offered'; readonly player: PlayerId }
  | { readonly type: 'second-try-declined'; readonly player: PlayerId }
  | { readonly type: 'han-looked'; readonly player: PlayerId; readonly target: PlayerId; readonly card: CardId | null }
  | {
      readonly type: 'droids-compared';
      readonly player: PlayerId;
      readonly target: PlayerId;
      readonly effect: Extract<Effect, 'compare-lower-out' | 'compare-higher-out'>;
      readonly playerCard: CardId | null;
      readonly targetCard: CardId | null;
      readonly loser: PlayerId | null;
    }
  | {
      readonly type: 'hands-swapped';
      readonly player: PlayerId;
      readonly target: PlayerId;
      /** The card the player holds now (it came from the target). */
      readonly playerCard: CardId | null;
      /** The card the target holds now (it came from the player). */
      readonly targetCard: CardId | null;
    }
  | { readonly type: 'luke-redraw'; readonly player: PlayerId; readonly target: PlayerId }
  | { readonly type: 'player-out'; readonly player: PlayerId; readonly reason: OutReason }
  | { readonly type: 'round-ended'; readonly result: RoundResult; readonly tokens: Readonly<Record<PlayerId, number>> }
  | { readonly type: 'game-won'; readonly winner: PlayerId; readonly tokens: number };

export interface CardView {
  readonly id: CardId;
  readonly character: CharacterId;
  readonly name: string;
  readonly value: number;
  /** What the card does, in one short line (from the deck data). */
  readonly summary: string;
}

export interface SecretInvasionView {
  readonly viewer: string;
  readonly stage: Stage;
  readonly round: number;
  readonly turn: number;
  readonly turnPlayer: PlayerId;
  readonly tokensToWin: number;
  readonly players: readonly {
    readonly id: PlayerId;
    readonly name: string;
    readonly tokens: number;
    readonly inRound: boolean;
    readonly protected: boolean;
    readonly handCount: number;
    readonly discards: readonly CardView[];
  }[];
  /** The viewer's own hand (empty for an onlooker or a player out of the round). */
  readonly hand: readonly CardView[];
  /** Cards the viewer knows other players hold now, as the rules showed them. */
  readonly known: readonly { readonly player: PlayerId; readonly card: CardView; readonly source: KnowledgeSource }[];
  readonly deckCount: number;
  /** 1 while the unseen set-aside card is there, 0 once Luke Skywalker's effect took it. */
  readonly setAsideCount: number;
  readonly faceUp: readonly CardView[];
  readonly missedGuess: { readonly target: PlayerId; readonly guess: number } | null;
  readonly lastRound: RoundResult | null;
  readonly winner: PlayerId | null;
  /** The viewer's own choice being made in steps (null for everybody else). */
  readonly choosing: Choosing | null;
}
