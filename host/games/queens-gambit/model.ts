// The Queen's Gambit on the engine: the state, the moves and the events (README, "The rules as
// the engine implements them"). The rules that change the state are in rules.ts; the game
// object (views, secrets, the sampler) in table-game.ts.

import type { ChanceMove } from '../../engine/chance.ts';
import type { Decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import type { RngState } from '../../engine/rng.ts';
import type { Selection } from '../../engine/steps.ts';
import type { DeckId } from './load.ts';
import type { DeckKind, Role, Side, UnitOrder } from './schema.ts';

/** A unit the companion names (Battlefield groups and characters, the Palace and Pit characters). */
export interface UnitState {
  /** G1, BD3, AAT2 on the Battlefield; the unit id for a one-of-a-kind character ("qui-gon"). */
  id: string;
  unit: string;
  figures: number;
  damage: number;
  /** The duelists: still in the Melting Pit. */
  inPit: boolean;
}

/** Where the pieces of one kind are that are not on the board. */
export interface OffBoard {
  /** Left in the box at set-up (droids only: the reserve an MTT activates). */
  box: number;
  /** Eliminated in play (droids may be activated again). */
  eliminated: number;
  /** Out of the game: lost at the staging spaces, removed by the Droid Control Ship. */
  outOfGame: number;
}

export interface Plan extends Selection {
  /** Bonus cards slid beneath (the side's bonus holder only). */
  bonus: number;
}

export interface PileCard {
  card: string;
  bonus: boolean;
}

export interface SeatInfo {
  side: Side;
  /** The battles this seat controls: both with two players, one with four (§12). */
  roles: Role[];
}

/** The attack in progress: who attacks whom with which dice. */
export interface AttackData {
  /** A named unit id, or a counted Palace unit id ("palace-guard"). */
  attacker: string;
  attackerSide: Side;
  target: string;
  /** The attack dice by colour. */
  pool: Record<string, number>;
}

export type QgData =
  | { readonly at: 'queen'; readonly player: ActorId }
  | { readonly at: 'plan'; readonly turn: number }
  | { readonly at: 'action'; readonly player: ActorId; readonly card: string }
  | {
      readonly at: 'activate';
      readonly player: ActorId;
      readonly card: string;
      readonly side: Side;
      readonly orders: readonly UnitOrder[];
      readonly windowLedge: boolean;
      readonly doubleAttack: boolean;
      /** Named units that have acted, and counted Palace figures by unit. */
      readonly used: readonly string[];
      readonly counted: Readonly<Record<string, number>>;
      /** The unit acting now: its movement, and for a duelist the dice left and the target chosen. */
      readonly current: { readonly unit: string; readonly move: number; readonly dice: number | null; readonly target: string | null } | null;
    }
  | ({ readonly at: 'attack-roll' } & AttackData)
  | ({ readonly at: 'defense-roll'; readonly hits: number } & AttackData)
  | { readonly at: 'draws'; readonly player: ActorId; readonly side: Side; readonly pending: readonly DeckKind[] }
  | { readonly at: 'bonus'; readonly player: ActorId; readonly side: Side; readonly count: number }
  | { readonly at: 'droids-to-palace'; readonly player: ActorId; readonly max: number; readonly group: string | null; readonly count: number | null }
  | {
      readonly at: 'activate-droids';
      readonly player: ActorId;
      readonly groups: readonly { readonly unit: string; readonly count: number }[];
      readonly index: number;
      readonly made: number;
    }
  | { readonly at: 'starfighter'; readonly player: ActorId; readonly card: string; readonly left: number }
  | { readonly at: 'grey-roll'; readonly player: ActorId; readonly layer: string }
  | { readonly at: 'place-dice'; readonly player: ActorId; readonly layer: string; readonly left: number; readonly placed: readonly number[] }
  | { readonly at: 'anakin-roll'; readonly layer: string; readonly placed: readonly number[] }
  | { readonly at: 'throne-claim'; readonly player: ActorId }
  | { readonly at: 'throne-confirm'; readonly player: ActorId };

export type QgDecision = Decision<QgData>;

export interface QgState {
  game: 'queens-gambit';
  players: ActorId[];
  /** The players' names, in seat order: the prompts name the seats waited on by them. */
  names: string[];
  seats: SeatInfo[];
  /** Options as chosen (README §2.7, §3.5, §8.2, §13). */
  deckOut: 'reshuffle' | 'stop';
  droidPool: 'box-and-eliminated' | 'eliminated';
  planningSeconds: number;
  /** Each deck's draw pile (index 0 the top) and discard pile. */
  decks: Record<DeckId, { draw: string[]; discard: string[] }>;
  hands: string[][];
  /** Each side's bonus pile, face down: index 0 the bottom (the oldest). */
  bonus: Record<Side, string[]>;
  plans: Plan[];
  piles: PileCard[][];
  marker: number;
  /** The seat to turn over next during the reveal. */
  next: number;
  turn: number;
  units: UnitState[];
  /** Counted Palace figures by unit (palace-guard, battle-droid, destroyer-droid, viceroy). */
  palace: Record<string, number>;
  offBoard: Record<string, OffBoard>;
  /** The next number for a new Battlefield group by mark (BD9, DD4). */
  nextNumber: Record<string, number>;
  /** The real Queen as a token (`real-queen:red-queen`), secret from the Trade Federation until revealed; null before the choice. */
  realQueen: string | null;
  queenRevealed: boolean;
  realQueenDead: boolean;
  anakin: number;
  /** The Starfighter cards stacked on each grid (last is the top). */
  stacks: string[][];
  starfighterDeck: string[];
  starfightersGone: string[];
  shieldUp: boolean;
  droidsDeactivated: boolean;
  /** Whether Naboo was already asked about the throne room after the card just carried out. */
  claimAsked: boolean;
  winner: Side | null;
  over: boolean;
  summary: string;
  stack: QgDecision[];
  rng: RngState;
}

export type QgMove =
  | { readonly actor: ActorId; readonly type: 'pick'; readonly card: string }
  | { readonly actor: ActorId; readonly type: 'undo' }
  | { readonly actor: ActorId; readonly type: 'slide-bonus' }
  | { readonly actor: ActorId; readonly type: 'take-back-bonus' }
  | { readonly actor: ActorId; readonly type: 'commit' }
  /** Every other choice: one of the options the decision on top offers (README prompts name them). */
  | { readonly actor: ActorId; readonly type: 'choose'; readonly option: string }
  | ChanceMove;

export type QgEvent =
  | {
      readonly type: 'drew';
      readonly player: ActorId;
      readonly deck: DeckId;
      readonly cards: readonly string[] | null;
      readonly count: number;
      readonly seenBy: readonly ActorId[];
    }
  | { readonly type: 'reshuffled'; readonly deck: DeckId; readonly cards: number }
  | { readonly type: 'queen-chosen'; readonly player: ActorId; readonly token: string | null; readonly seenBy: readonly ActorId[] }
  | { readonly type: 'turn-started'; readonly turn: number; readonly marker: ActorId }
  | { readonly type: 'planned'; readonly player: ActorId; readonly move: QgMove; readonly seenBy: readonly ActorId[] }
  | { readonly type: 'committed'; readonly player: ActorId }
  | { readonly type: 'plans-laid'; readonly piles: Readonly<Record<ActorId, { readonly cards: number; readonly bonus: number }>> }
  | { readonly type: 'turned-over'; readonly player: ActorId; readonly card: string; readonly bonus: boolean }
  | { readonly type: 'drawn-and-played'; readonly player: ActorId; readonly card: string }
  | { readonly type: 'action-chosen'; readonly player: ActorId; readonly card: string; readonly action: number | null }
  | { readonly type: 'unit-acts'; readonly unit: string; readonly move: number; readonly windowLedge: boolean }
  | { readonly type: 'rolled'; readonly for: string; readonly dice: readonly string[]; readonly faces: readonly string[] }
  | {
      readonly type: 'attack';
      readonly attacker: string;
      readonly target: string;
      readonly hits: number;
      readonly blocks: number;
      readonly through: number;
      readonly riposte: number;
    }
  | { readonly type: 'damage'; readonly unit: string; readonly figuresLost: number; readonly damage: number; readonly eliminated: boolean }
  | { readonly type: 'shield-down' }
  | { readonly type: 'queen-revealed'; readonly real: string; readonly realQueenDead: boolean }
  | { readonly type: 'left-pit'; readonly unit: string }
  | { readonly type: 'bonus-earned'; readonly side: Side; readonly cards: number }
  | { readonly type: 'bonus-drawn'; readonly side: Side; readonly deck: DeckId | null }
  | { readonly type: 'healed'; readonly unit: string; readonly damage: number }
  | { readonly type: 'droids-to-palace'; readonly group: string; readonly moved: number; readonly arrived: number; readonly lost: number }
  | { readonly type: 'droids-activated'; readonly group: string; readonly unit: string; readonly figures: number }
  | { readonly type: 'nothing-happens'; readonly why: string }
  | { readonly type: 'starfighter-drawn'; readonly card: string }
  | { readonly type: 'starfighter-placed'; readonly card: string; readonly grid: number }
  | { readonly type: 'die-placed'; readonly layer: string; readonly space: number }
  | { readonly type: 'anakin'; readonly layer: string; readonly total: number; readonly crossed: boolean; readonly at: number }
  | { readonly type: 'starfighter-crossed'; readonly card: string }
  | { readonly type: 'droid-control-ship'; readonly removed: number }
  | { readonly type: 'throne-claim'; readonly claimed: boolean }
  | { readonly type: 'throne-confirm'; readonly confirmed: boolean }
  | { readonly type: 'marker-passed'; readonly to: ActorId }
  /** A line for the Imperial Timer in table mode (protocol v1): `TIMER 60`, `TIMER 0`, `PLAY chime`, `PLAY fanfare`. */
  | { readonly type: 'device'; readonly line: string }
  | { readonly type: 'game-over'; readonly winner: Side | null; readonly summary: string };
