// The state of a game of Stolen Plans, its moves, events and views (plain data), and the small
// readers the rules, the views and the bots share.

import type { ChanceMove } from '../../engine/chance.ts';
import type { Decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import type { RngState } from '../../engine/rng.ts';
import { CARDS } from './cards.ts';
import type { GameRules } from './deck.ts';

/** Where R2-D2 may be, as a player sees it: a seat, or the draw pile. */
export type Place = ActorId | 'pile';

/** The open decisions' own data (what each resolves into). */
export type SpData =
  | { readonly at: 'turn'; readonly player: ActorId }
  /** Food's extra play (T5): a card or a set from hand, nothing else (no draw, no resource, no pass). */
  | { readonly at: 'extra-play'; readonly player: ActorId }
  | { readonly at: 'turn-start'; readonly player: ActorId; readonly quickSeconds: number }
  | {
      readonly at: 'target-response';
      /** Who played the cards answered (the attacker, the thief, the striker). */
      readonly attacker: ActorId;
      readonly target: ActorId;
      /** The cards played (face up: already on the discard pile). */
      readonly attack: readonly string[];
      /** What the play does: an Attack of `value`, a steal of `value` cards, a loss of `value` cards (`discard`), another effect (`other`: `value` 0). */
      readonly effect: 'attack' | 'steal' | 'discard' | 'other';
      readonly value: number;
      /** Crush the Rebellion was played with the Attack: no Defend cards (A1, B8). */
      readonly crush: boolean;
      /** Rogue One: the squad cards an elimination of one player's cards aims at (RO2), when that is the play. */
      readonly squads?: readonly string[];
    }
  | {
      readonly at: 'defend-played';
      readonly attacker: ActorId;
      readonly target: ActorId;
      readonly value: number;
      readonly defends: readonly string[];
      readonly cancelled: readonly string[];
    }
  | { readonly at: 'attack-failed'; readonly attacker: ActorId; readonly target: ActorId; readonly value: number; readonly defence: number }
  | { readonly at: 'heroes-played'; readonly thief: ActorId; readonly heroes: readonly string[]; readonly victims: readonly ActorId[] }
  | { readonly at: 'choose-discards'; readonly player: ActorId; readonly remaining: number }
  /** A chance pick of one card of `victims[0]`'s hand (the cards already picked for this victim are hidden state: `stealing`). */
  | { readonly at: 'steal'; readonly thief: ActorId; readonly victims: readonly ActorId[] }
  /** ST5: the cards picked from `victim` (a count: which cards is secret) may be peeked at with a Tracking Beacon. */
  | {
      readonly at: 'steal-peek';
      readonly thief: ActorId;
      readonly victim: ActorId;
      readonly count: number;
      /** The steal's picks still to come after these cards. */
      readonly rest: readonly ActorId[];
      /** The players who peeked so far (public: the Beacon's flip is). */
      readonly seen: readonly ActorId[];
    }
  /** E1, B16: the last card is taken (`drawer` took it); Continue Play may be revealed, or the game ends. */
  | { readonly at: 'last-card'; readonly drawer: ActorId }
  /** E3: the discard pile is shuffled (chance) for the new draw pile. */
  | { readonly at: 'continue-shuffle'; readonly drawer: ActorId; readonly size: number }
  /** B26: after the first target's part, the attacker may name a second target beside them (or pass). */
  | { readonly at: 'assault-beside'; readonly attacker: ActorId; readonly first: ActorId; readonly cards: readonly string[]; readonly value: number }
  /** T5: after the turn player's play, Food may give another play. */
  | { readonly at: 'after-play'; readonly player: ActorId }
  /** T4: after the turn player's draw, Water may draw one more. */
  | { readonly at: 'after-draw'; readonly player: ActorId }
  /** X2: Scout is played; before the hands are looked at, Evade Scout may cancel it (quick). */
  | { readonly at: 'scout-played'; readonly player: ActorId; readonly card: string; readonly quickSeconds: number }
  /** X1: every other player holding a card gives the collector one card of their choice (each answers, in any order). */
  | { readonly at: 'friendly-gesture'; readonly collector: ActorId }
  /** X3: the target puts the cards that cannot be discarded face down on the draw pile, in the order they choose (first: the top). */
  | { readonly at: 'vicious-order'; readonly player: ActorId; readonly count: number }
  | { readonly at: 'mind-trick'; readonly player: ActorId; readonly target: ActorId }
  | { readonly at: 'force-vision'; readonly player: ActorId; readonly count: number }
  /** Search (B3) and Scavenger's search (B15): take cards of your choice from the discard pile, one at a time. */
  | { readonly at: 'search'; readonly player: ActorId; readonly remaining: number }
  | { readonly at: 'scout'; readonly player: ActorId }
  // ---- Rogue One: the Cargo Ship (RO6) ----
  /** L3, RO6: `player` has lost `count` cards; the Cargo Ship's `owner` looks at them and loads any, one at a time, while `room` is left. */
  | { readonly at: 'discarding'; readonly player: ActorId; readonly owner: ActorId; readonly count: number; readonly room: number }
  // ---- Rogue One: the squad cards (rules-squads.ts, rules-eliminations.ts) ----
  /**
   * RO2, H3: `owner` may save their targeted squad cards (`squads`: every card this elimination aims at, all owners), one
   * Rebel Hero each; `saved` so far; `owners`: the owners still to be asked after this one, from the eliminator's left.
   */
  | {
      readonly at: 'elimination';
      readonly player: ActorId;
      readonly owner: ActorId;
      readonly squads: readonly string[];
      readonly saved: readonly string[];
      readonly owners: readonly ActorId[];
    }
  /** RO4, A2: `player`, nominated with Defection, plays `move` (its cards lie on the table): the owner may draw first. */
  | { readonly at: 'imperial-played'; readonly player: ActorId; readonly cards: readonly string[]; readonly move: SpMove }
  /** RO4, D22: `player`, nominated with Gather Intelligence, drew `count` cards this turn: its owner may peek at them (quick). */
  | { readonly at: 'drawn'; readonly player: ActorId; readonly count: number; readonly quickSeconds: number }
  /** RO5: the squad cards that moved to `player` with the U-Wing and nominate a player (`cards`) are nominated anew. */
  | { readonly at: 'nominate'; readonly player: ActorId; readonly cards: readonly string[] };

export type SpDecision = Decision<SpData>;

/** A Rebel Hero marked by a Capture: it goes to `by` instead of the discard pile once used (A4, ST3). */
export interface Capture {
  readonly card: string;
  readonly by: ActorId;
}

/** A Starting Resource in front of its owner (`<type>@<seat>`, e.g. `binocs@2`): public, Active or Inactive (R1). */
export interface Resource {
  readonly card: string;
  readonly owner: ActorId;
  active: boolean;
}

/** A step still to come in the current play once its windows and losses are over (the Assault's second target, Food's window). */
export type SpStep =
  | { readonly step: 'assault-beside'; readonly attacker: ActorId; readonly first: ActorId; readonly cards: readonly string[]; readonly value: number }
  | { readonly step: 'after-play'; readonly player: ActorId }
  /** W7, H2: a hero steal's victims are asked in turn (target-response: Saw Gerrera) before the steal; `asked` so far. Dropped if cancelled. */
  | {
      readonly step: 'hero-steal';
      readonly thief: ActorId;
      readonly heroes: readonly string[];
      readonly victims: readonly ActorId[];
      readonly asked: readonly ActorId[];
    };

// ---- Rogue One: the Cargo Ship and the AT-ACT (RO6, RO7) ----

/** A card on the Cargo Ship, face down, with the player who discarded it (who knows it went there: D19). */
export interface CargoCard {
  readonly card: string;
  readonly from: ActorId;
}

/** The Cargo Ship beside the discard pile (RO6): public, with its owner; its cargo is face down (the count is public). */
export interface CargoShip {
  readonly card: string;
  readonly owner: ActorId;
  readonly hold: readonly CargoCard[];
}

/** Cards a player is losing while another player's Cargo Ship may take them (L3, RO6): seen by that player and the ship's owner alone. */
export interface Discarding {
  readonly player: ActorId;
  readonly cards: readonly string[];
}

/** The AT-ACT's moving attack under way (A7): what its last loser was told to lose beyond what they could discard goes on to the left. */
export interface MovingAttack {
  readonly attacker: ActorId;
  /** What is still to lose once the current loss is over. */
  readonly remainder: number;
  /** The player losing now (the remainder goes on from their left). */
  readonly last: ActorId;
}

/** `viewer` knows that `holder` (a seat, or the draw pile) holds `card`. */
export interface Known {
  viewer: ActorId;
  holder: Place;
  card: string;
}

/** A public "cannot be discarded" declaration (L2, D23). */
export interface Declaration {
  readonly player: ActorId;
  readonly count: number;
  readonly turn: number;
}

export interface SpState {
  game: 'stolen-plans';
  players: ActorId[];
  names: string[];
  /** The chosen option sets (deckFor's `sets`) and the rules they bring. */
  sets: string[];
  rules: GameRules;
  /** Every physical card of the game (deck and beside the discard pile), for the accounting check. */
  allCards: string[];
  /** Secret hands, by seat. */
  hands: string[][];
  /** Face down; index 0 is the top. */
  drawPile: string[];
  /** Face up; the last is the top. */
  discard: string[];
  /** Cards in play in front of a player (the Jedi, squad cards): public; `nominee`: the player a squad card nominates (RO4). */
  inPlay: { card: string; owner: ActorId; nominee?: ActorId }[];
  /** The cards the turn player drew on this turn (secret: never in a view; Gather Intelligence's peek, D22). */
  drawnThisTurn: string[];
  /** Cards being played, face up, until their play resolves (Defend cards under a Protection or a Capture). */
  onTable: string[];
  /** Heroes on the table marked by a Capture this play (public). */
  captures: Capture[];
  /** Losses still to come in this play, in order (Burn Cards: each other player from the left). */
  lossQueue: { player: ActorId; count: number }[];
  /** Removed from play face up (Remove Jedi): public. */
  removed: string[];
  /** Remove Jedi was played: no Jedi card can be placed and Jedi Only cards do nothing (J3). */
  jediRemoved: boolean;
  /** Removed from play face down (Continue Play's extra cards: E3): only their number is public. */
  removedFaceDown: string[];
  /** The Starting Resources in front of the players (R1), public. */
  resources: Resource[];
  /** A resource was used (or reactivated) on this turn: one per turn (T6). */
  resourceUsed: boolean;
  /** What is still to come in this play after its windows and losses (SpStep), in order. */
  pending: SpStep[];
  /** The cards picked so far by the steal in progress from its current victim (secret: never in a view; ST4, ST5). */
  stealing: string[];
  /**
   * The cards the Search under way (B3, B15) has taken so far, in order, each with its place in the discard pile
   * before it was taken: what its Back puts back (public: every take was told to all). Empty outside a search.
   */
  searched: { card: string; at: number }[];
  /** Beside the discard pile from set-up (New Ruling): public. */
  beside: string[];
  known: Known[];
  /** For each seat, where R2-D2 may be from what that player knows (public facts and their own view). */
  r2Could: Record<ActorId, Place[]>;
  declarations: Declaration[];
  // ---- Rogue One: the Cargo Ship and the AT-ACT ----
  /** The Cargo Ship beside the discard pile, or null (RO6). */
  cargo: CargoShip | null;
  /** The cards of a loss the Cargo Ship's owner may still load (the discarding window), or null. */
  discarding: Discarding | null;
  /** The AT-ACT's moving attack in progress (A7), or null. */
  moving: MovingAttack | null;
  stack: SpDecision[];
  turn: number;
  /** Turns passed in a row (There is another!: every player passing once in a row ends the game). */
  passesInRow: number;
  winners: ActorId[] | null;
  summary: string | null;
  rng: RngState;
}

export type SpMove =
  | { readonly actor: ActorId; readonly type: 'draw' }
  | { readonly actor: ActorId; readonly type: 'pass' }
  | { readonly actor: ActorId; readonly type: 'attack'; readonly card: string; readonly target: ActorId; readonly with?: readonly string[] }
  /**
   * A reaction card played in a window (`on`: the card it acts on: the Defend a Protection cancels, the hero a Capture takes;
   * `with`: the cards it is revealed with: Continue Play's Darth Vader Attack). A resource's card (`tracking-beacon@3`,
   * `food@1`, `water@1`) answers its window the same way.
   */
  | { readonly actor: ActorId; readonly type: 'react'; readonly card: string; readonly on?: string; readonly with?: readonly string[] }
  /** `with`: the Steal Bonus played with Boba Fett (every card of the target: B7). */
  | { readonly actor: ActorId; readonly type: 'steal'; readonly card: string; readonly target: ActorId; readonly with?: readonly string[] }
  | { readonly actor: ActorId; readonly type: 'strike'; readonly card: string; readonly target: ActorId }
  | { readonly actor: ActorId; readonly type: 'hero-steal'; readonly cards: readonly [string, string]; readonly victims: readonly [ActorId, ActorId] }
  | { readonly actor: ActorId; readonly type: 'place-jedi'; readonly card: string }
  /**
   * A bonus card's action on one's own turn (Support, Traitor, End Game, Advantage, Counter, Remove Jedi, Search, Discard All,
   * Burn Cards, Scout, Movement, Scavenger, Friendly Gesture's collection, Vicious Attack, Defensive, Explosives, Detonator).
   * `way`: the play's id in cards.json when the card has more than one way (Scavenger: `steal-each` or `search`).
   */
  | {
      readonly actor: ActorId;
      readonly type: 'action';
      readonly card: string;
      readonly with?: readonly string[];
      readonly target?: ActorId;
      readonly way?: string;
    }
  /** Pass a Card or Friendly Gesture's second way: give `gift`, a card of your hand, to `target` (B21, X1). */
  | { readonly actor: ActorId; readonly type: 'give'; readonly card: string; readonly target: ActorId; readonly gift: string }
  /** An Imperial or Rebel Assault at `target` (B26); the second target beside them is chosen afterwards (`beside`). */
  | { readonly actor: ActorId; readonly type: 'assault'; readonly card: string; readonly target: ActorId }
  /** The Assault's second target (a neighbour of the first, not the attacker), in `assault-beside`; `pass` names none. */
  | { readonly actor: ActorId; readonly type: 'beside'; readonly target: ActorId }
  /** Binocs (look at `target`'s hand) or Data Pad (a random card of `target`'s): a Starting Resource used for the whole turn (R1). */
  | { readonly actor: ActorId; readonly type: 'resource'; readonly card: string; readonly target: ActorId }
  /** Flip an Inactive resource of yours back to Active for the whole turn, discarding its reactivateCost cards (R2). */
  | { readonly actor: ActorId; readonly type: 'reactivate'; readonly card: string }
  /** In `friendly-gesture`: the card of your hand you give the collector (X1). */
  | { readonly actor: ActorId; readonly type: 'hand-over'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'mind-trick'; readonly card: string; readonly target: ActorId }
  | { readonly actor: ActorId; readonly type: 'force-vision'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'jedi-wisdom'; readonly card: string; readonly take: string }
  | { readonly actor: ActorId; readonly type: 'defend'; readonly cards: readonly string[] }
  | { readonly actor: ActorId; readonly type: 'discard'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'take'; readonly card: string }
  /** In a Search (B3, B15): put the card last taken back where it was in the discard pile, to choose again (the search goes on). */
  | { readonly actor: ActorId; readonly type: 'back' }
  /** Force Vision's cards back on the pile, or Vicious Attack's kept cards onto it (first: the top). */
  | { readonly actor: ActorId; readonly type: 'order'; readonly cards: readonly string[] }
  // ---- Rogue One: the Cargo Ship (RO6, T3, D33) ----
  /** Unload the Cargo Ship (`card`) into your hand: a free action on your turn and in any window you are asked in; the ship is discarded. */
  | { readonly actor: ActorId; readonly type: 'unload'; readonly card: string }
  // ---- Rogue One: the squad cards ----
  /** RO3: a squad card in front of you used for the whole turn: Locate Plans at `target`'s hand, Reprogram taking `take` from the discard pile. */
  | { readonly actor: ActorId; readonly type: 'use-squad'; readonly card: string; readonly target?: ActorId; readonly take?: string }
  /**
   * RO2: an elimination: Orson Krennic `with` the Death Trooper (every squad card in play), the Death Trooper at `target` (all
   * of theirs), the Sand or Shore Trooper at `target`'s `squad` card.
   */
  | {
      readonly actor: ActorId;
      readonly type: 'eliminate';
      readonly card: string;
      readonly with?: readonly string[];
      readonly target?: ActorId;
      readonly squad?: string;
    }
  /** RO5: in `nominate`, the player `card` (a squad card that moved to you) nominates from now on. */
  | { readonly actor: ActorId; readonly type: 'nominate'; readonly card: string; readonly target: ActorId }
  | ChanceMove;

export type SpEvent =
  | { readonly type: 'dealt'; readonly player: ActorId; readonly cards: readonly string[] | null; readonly count: number }
  | { readonly type: 'turn-started'; readonly player: ActorId; readonly turn: number }
  | { readonly type: 'drew'; readonly player: ActorId; readonly card: string | null; readonly left: number }
  | { readonly type: 'played'; readonly player: ActorId; readonly as: string; readonly cards: readonly string[]; readonly targets: readonly ActorId[] }
  | { readonly type: 'passed'; readonly player: ActorId; readonly window: string }
  | { readonly type: 'reacted'; readonly player: ActorId; readonly card: string; readonly window: string; readonly on: string | null }
  | { readonly type: 'hands-passed'; readonly by: ActorId }
  | { readonly type: 'turn-missed'; readonly player: ActorId; readonly by: ActorId }
  | { readonly type: 'cancelled'; readonly player: ActorId; readonly cards: readonly string[] }
  | { readonly type: 'defended'; readonly player: ActorId; readonly cards: readonly string[]; readonly total: number }
  | {
      readonly type: 'attack-resolved';
      readonly attacker: ActorId;
      readonly target: ActorId;
      readonly attack: number;
      readonly defence: number;
      readonly loser: ActorId | null;
      readonly cards: number;
    }
  | { readonly type: 'discarded'; readonly player: ActorId; readonly card: string }
  | { readonly type: 'cannot-discard'; readonly player: ActorId; readonly count: number }
  | { readonly type: 'stolen'; readonly thief: ActorId; readonly victim: ActorId; readonly card: string | null }
  /** A hand shown to `viewer` alone (Scout, Jedi Mind Trick, Binocs: `seconds`, how long the front end may show it, R1). */
  | { readonly type: 'hand-shown'; readonly viewer: ActorId; readonly holder: ActorId; readonly cards: readonly string[] | null; readonly seconds?: number }
  | { readonly type: 'took'; readonly player: ActorId; readonly from: Place | 'discard'; readonly card: string | null }
  /** Search's Back: `player` put `card`, taken from the discard pile in this search, back where it was (public, as the take was). */
  | { readonly type: 'put-back'; readonly player: ActorId; readonly card: string }
  | { readonly type: 'pile-seen'; readonly player: ActorId; readonly cards: readonly string[] | null }
  | { readonly type: 'pile-ordered'; readonly player: ActorId; readonly count: number }
  /** A card given (Pass a Card, Friendly Gesture): the card is seen by the two players alone. */
  | { readonly type: 'given'; readonly from: ActorId; readonly to: ActorId; readonly card: string | null }
  /** A Tracking Beacon showed `viewer` the cards `thief` is taking from `victim` (ST5): seen by the viewer alone. */
  | { readonly type: 'steal-seen'; readonly viewer: ActorId; readonly thief: ActorId; readonly victim: ActorId; readonly cards: readonly string[] | null }
  /** A resource flipped (R1, R2, R3): public. */
  | { readonly type: 'resource-flipped'; readonly card: string; readonly owner: ActorId; readonly active: boolean }
  /** Vicious Attack: `count` cards that cannot be discarded go face down on top of the draw pile (X3): the count is public, the cards the player's. */
  | { readonly type: 'put-on-pile'; readonly player: ActorId; readonly cards: readonly string[] | null; readonly count: number }
  /** Continue Play (E3): a new draw pile of `pile` cards; `removed` go out of play face down. */
  | { readonly type: 'play-continues'; readonly player: ActorId; readonly pile: number; readonly removed: number }
  // ---- Rogue One: the Cargo Ship (RO6, D19, HI2) ----
  /** A card `player` loses, set aside for the Cargo Ship's `owner` to look at (seen by the two of them alone; others: null). */
  | { readonly type: 'set-aside'; readonly player: ActorId; readonly owner: ActorId; readonly card: string | null }
  /** `owner` puts a card `from` lost face down on the Cargo Ship (seen by the two; others: null); `cargo`: the cards on it now. */
  | { readonly type: 'loaded'; readonly owner: ActorId; readonly from: ActorId; readonly card: string | null; readonly cargo: number }
  /** `owner` takes the cargo into their hand (the cards seen by the owner alone); the Cargo Ship (`ship`) is discarded. */
  | { readonly type: 'unloaded'; readonly owner: ActorId; readonly ship: string; readonly cards: readonly string[] | null; readonly count: number }
  // ---- Rogue One: the AT-ACT (A7, RO7) ----
  /** The AT-ACT's remainder: `player` must lose `count` cards (public). */
  | { readonly type: 'remainder'; readonly player: ActorId; readonly count: number }
  /** The AT-ACT destroyed the Cargo Ship: it and its `count` cards of cargo are removed from play (the cargo face down: HI3). */
  | { readonly type: 'cargo-destroyed'; readonly player: ActorId; readonly owner: ActorId; readonly ship: string; readonly count: number }
  // ---- Rogue One: the squad cards ----
  /** RO2: the squad cards not saved are removed from play (public). */
  | { readonly type: 'eliminated'; readonly player: ActorId; readonly cards: readonly string[] }
  /** RO5: the U-Wing moved `from`'s squad cards in front of `to` (public). */
  | { readonly type: 'squads-moved'; readonly from: ActorId; readonly to: ActorId; readonly cards: readonly string[] }
  /** RO5: a squad card nominates another player (public: said aloud). */
  | { readonly type: 'nominated'; readonly player: ActorId; readonly card: string; readonly nominee: ActorId }
  /** RO4, D22: Gather Intelligence showed `viewer` the cards `player` drew this turn (seen by the viewer alone). */
  | { readonly type: 'drawn-seen'; readonly viewer: ActorId; readonly player: ActorId; readonly cards: readonly string[] | null }
  | { readonly type: 'game-over'; readonly winners: readonly ActorId[]; readonly r2d2: ActorId | null; readonly summary: string };

export interface SpPlayerView {
  readonly id: ActorId;
  readonly name: string;
  readonly cards: number;
  /** The cards of this hand the viewer knows of (empty for the viewer's own entry). */
  readonly known: readonly string[];
  /** The Jedi card in front of this player, or null. */
  readonly jedi: string | null;
}

export interface SpView {
  readonly viewer: ActorId;
  readonly hand: readonly string[];
  readonly players: readonly SpPlayerView[];
  readonly drawPile: number;
  /** Cards of the draw pile the viewer knows, top first, by position (Force Vision); null where unknown. */
  readonly pileKnown: readonly (string | null)[];
  readonly discard: readonly string[];
  readonly onTable: readonly string[];
  readonly beside: readonly string[];
  readonly removed: readonly string[];
  /** How many cards are removed from play face down (E3). */
  readonly removedFaceDown: number;
  /** The Starting Resources in front of the players, Active or not. */
  readonly resources: readonly { readonly card: string; readonly owner: ActorId; readonly active: boolean }[];
  /** Whether the turn player has used a resource this turn (T6). */
  readonly resourceUsed: boolean;
  readonly inPlay: readonly { readonly card: string; readonly owner: ActorId; readonly nominee?: ActorId }[];
  readonly jediRemoved: boolean;
  readonly declarations: readonly Declaration[];
  /** Where R2-D2 may be, from what the viewer knows. */
  readonly r2d2Could: readonly Place[];
  readonly rules: GameRules;
  readonly turn: number;
  readonly turnPlayer: ActorId;
  readonly decisions: readonly { readonly kind: string; readonly asked: readonly ActorId[]; readonly answered: readonly ActorId[]; readonly data: SpData }[];
  readonly winners: readonly ActorId[] | null;
  /** The Cargo Ship beside the discard pile (RO6): its owner, how many cards it holds, the ones the viewer knows (the owner: all). */
  readonly cargo: { readonly card: string; readonly owner: ActorId; readonly count: number; readonly known: readonly string[] } | null;
  /** A loss the Cargo Ship's owner is looking through: whose, how many cards, and the cards (for that player and the owner; else null). */
  readonly discarding: { readonly player: ActorId; readonly count: number; readonly cards: readonly string[] | null } | null;
}

// ---- readers ----

/**
 * The seats' ids, one string each for every game (literals, so V8 holds them interned: a seat's id made
 * anew each game, then interned on its first use as a key, met code compiled for the other kind and undid it).
 */
export const SEATS: readonly ActorId[] = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
if (CARDS.catalog.table.players.max > SEATS.length)
  throw new Error(`state.ts: SEATS names ${SEATS.length} seats; table.json allows ${CARDS.catalog.table.players.max}`);

export const seatOf = (s: SpState, p: ActorId): number => s.players.indexOf(p);
export const handOf = (s: SpState, p: ActorId): string[] => s.hands[seatOf(s, p)] ?? [];
export const R2D2 = 'r2-d2-1';

/** The player whose turn it is (the bottom decision). */
export function turnPlayer(s: SpState): ActorId {
  const bottom = s.stack[0];
  return bottom !== undefined && bottom.data.at === 'turn' ? bottom.data.player : (s.players[0] as ActorId);
}

/** The other players, in seat order from the left of `p`. */
export function othersFrom(s: SpState, p: ActorId): ActorId[] {
  const players = s.players;
  const n = players.length;
  const i = players.indexOf(p);
  const others: ActorId[] = [];
  for (let k = 1; k < n; k++) others.push(players[(i + k) % n] as ActorId);
  return others;
}

/** The player on the left of `p` (the next seat: T7). */
export function leftOf(s: SpState, p: ActorId): ActorId {
  return s.players[(seatOf(s, p) + 1) % s.players.length] as ActorId;
}

/** The cards `viewer` knows `holder` holds now. */
export function knownBy(s: SpState, viewer: ActorId, holder: ActorId): string[] {
  const hand = handOf(s, holder);
  return s.known.filter((k) => k.viewer === viewer && k.holder === holder && hand.includes(k.card)).map((k) => k.card);
}

export const jediOf = (s: SpState, p: ActorId): string | null => s.inPlay.find((c) => c.owner === p && CARDS.has(c.card, 'jedi-card'))?.card ?? null;
