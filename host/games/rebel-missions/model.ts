// The data of a Rebel Missions game: configuration, state, moves, events and views. All of
// it is plain JSON. Seated players are "p1".."p5" in seat order (p1 is the oldest player and
// starts); the Imperial Timer is the external actor "timer".

import type { ChanceMove } from '../../engine/chance.ts';
import type { RngState } from '../../engine/rng.ts';
import type { Placard } from './load.ts';
import type { DieFace } from './schema.ts';

export const TIMER = 'timer';
export type PlayerId = string;

/** A user's own pack of placards a game is dealt from (absent: the built-in placards). */
export interface PackIdentity {
  /** The pack's name and file, for messages. */
  readonly name: string;
  readonly file: string;
  /** A checksum of its placards (codes, ids, names, needs), so a saved game is resumed with the same ones. */
  readonly sum: string;
}

export interface RebelMissionsConfig {
  /** Seat order, oldest player first: the first seat takes the dice. */
  readonly players: readonly { readonly name: string; readonly profile: string }[];
  readonly pack?: PackIdentity;
}

/**
 * awaiting-start: set up, waiting for the timer's START.
 * roll: the turn player must roll both dice.       choose: the turn player picks one die.
 * drawn: tokens drawn; roll again or end the turn. play: the turn player plays, then finishes.
 * all-play: every player may play until each has finished.
 * enter-code: a coded mission is complete; waiting for the timer's answer to the code.
 * won / lost: over.
 */
export type Stage = 'awaiting-start' | 'roll' | 'choose' | 'drawn' | 'play' | 'all-play' | 'enter-code' | 'won' | 'lost';

export interface Seat {
  readonly id: PlayerId;
  readonly name: string;
  readonly profile: string;
  /** Token ids collected and not yet played. */
  readonly hand: readonly string[];
}

export interface AbilityUse {
  readonly player: PlayerId;
  readonly resource: string;
}

export interface CodeRequest {
  readonly kind: 'enter-code';
  readonly placard: string;
  /** The printed code as digits, as the protocol writes it ("312"). */
  readonly code: string;
  readonly symbols: readonly string[];
}

export interface RebelMissionsState {
  readonly game: 'rebel-missions';
  readonly seats: readonly Seat[];
  readonly stage: Stage;
  /** The player holding the dice. */
  readonly turnPlayer: PlayerId;
  /** Turns started so far (1 during the first turn, 0 before the timer starts). */
  readonly turnNumber: number;
  /** The faces of the last roll while it is being chosen from, else null. */
  readonly dice: readonly DieFace[] | null;
  /** Players who used their special ability toward a mission this turn. */
  readonly abilityUsedBy: readonly PlayerId[];
  /** During All Play: the players who have not finished yet, in seat order. */
  readonly allPlayWaiting: readonly PlayerId[];
  /** Face-down resource tokens; index 0 is the top. */
  readonly tokenPile: readonly string[];
  readonly tokenDiscard: readonly string[];
  /** Face-down placards; index 0 is the top. */
  readonly placardPile: readonly string[];
  readonly placardDiscard: readonly string[];
  /**
   * The face-up mission placard. On the table game before the set-up has shuffled the placards
   * (`pending` set-up), the first placard of the catalog, not yet face up (views show none).
   */
  readonly placard: string;
  /** Tokens played on the face-up placard; they stay until the mission is completed. */
  readonly placardTokens: readonly string[];
  /** Abilities counted toward the face-up placard this turn; they lapse when the turn ends. */
  readonly placardAbilities: readonly AbilityUse[];
  readonly codeRequest: CodeRequest | null;
  /** Correct codes found, as the timer reports them. */
  readonly codesFound: number;
  /** Time left in ms from the timer's last START or TIME event; null before the start. */
  readonly timeLeftMs: number | null;
  readonly rng: RngState;
}

/**
 * On the table-game shape (table-game.ts, play.ts): the chance decision the table waits on, above
 * the turn. `set-up-tokens`, then `set-up-placards`: the set-up (the tokens mixed face down, then
 * the placards shuffled and the top one turned over), from the piles in catalog order: the first
 * moves of every game. `roll`: the turn player's two Rebel dice (the table may roll its own). `token-shuffle`:
 * a draw found the pile empty, so the discarded tokens are shuffled into a new pile (`drawn`: the
 * tokens of this draw already in the hand; the draw goes on after the shuffle). `placard-shuffle`:
 * a placard was resolved with the placard pile empty, so the discards and the face-up placard are
 * shuffled into a new pile (the next placard is turned over after it). Shuffles are the engine's
 * own, never entered by the table.
 */
export type PendingChance =
  | { readonly kind: 'set-up-tokens' }
  | { readonly kind: 'set-up-placards' }
  | { readonly kind: 'roll'; readonly player: PlayerId }
  | { readonly kind: 'token-shuffle'; readonly player: PlayerId; readonly wanted: number; readonly drawn: readonly string[] }
  | { readonly kind: 'placard-shuffle' };

/** A Rebel Missions state on the table-game shape: the older state plus the chance decision waited on. */
export interface RebelTableState extends RebelMissionsState {
  readonly pending: PendingChance | null;
}

export type PlayerMove =
  | { readonly actor: PlayerId; readonly type: 'roll' }
  | { readonly actor: PlayerId; readonly type: 'choose'; readonly die: number }
  | { readonly actor: PlayerId; readonly type: 'end-turn' }
  | { readonly actor: PlayerId; readonly type: 'play-token'; readonly token: string }
  | { readonly actor: PlayerId; readonly type: 'use-ability' }
  | { readonly actor: PlayerId; readonly type: 'finish' };

export const BUZZ_REASONS = ['decoy', 'used', 'mistake', 'idle'] as const;
export type BuzzReason = (typeof BUZZ_REASONS)[number];

/** The timer's events, fed in by the companion (protocol EVT START/TIME/CHIME/BUZZ/FANFARE/TIMEOUT). */
export type TimerMove =
  | { readonly actor: typeof TIMER; readonly type: 'start'; readonly leftMs: number }
  | { readonly actor: typeof TIMER; readonly type: 'time'; readonly leftMs: number }
  | { readonly actor: typeof TIMER; readonly type: 'chime'; readonly found: number }
  | { readonly actor: typeof TIMER; readonly type: 'buzz'; readonly reason: BuzzReason }
  | { readonly actor: typeof TIMER; readonly type: 'fanfare' }
  | { readonly actor: typeof TIMER; readonly type: 'timeout' };

export type RebelMissionsMove = PlayerMove | TimerMove;

/** A move on the table-game shape: a player's, the timer's, or chance's (the dice faces, a shuffle). */
export type RebelTableMove = RebelMissionsMove | ChanceMove;

export type TurnEndReason = 'ended' | 'double-empire' | 'empire-chosen' | 'played' | 'all-played' | 'mission-resolved';

export type RebelMissionsEvent =
  /** Set-up (the table game's first two moves): the tokens mixed face down, the placards shuffled (`placard-flipped` follows). */
  | { readonly type: 'set-up-shuffled'; readonly pile: 'tokens' | 'placards'; readonly count: number }
  | { readonly type: 'game-started'; readonly leftMs: number }
  | { readonly type: 'turn-started'; readonly player: PlayerId; readonly turnNumber: number }
  | { readonly type: 'dice-rolled'; readonly player: PlayerId; readonly faces: readonly DieFace[] }
  | { readonly type: 'die-chosen'; readonly player: PlayerId; readonly face: DieFace }
  | { readonly type: 'tokens-drawn'; readonly player: PlayerId; readonly tokens: readonly string[]; readonly wanted: number }
  | { readonly type: 'token-pile-reshuffled'; readonly count: number }
  | { readonly type: 'token-played'; readonly player: PlayerId; readonly token: string; readonly kind: string }
  | { readonly type: 'ability-used'; readonly player: PlayerId; readonly resource: string }
  | { readonly type: 'all-play-opened'; readonly players: readonly PlayerId[] }
  | { readonly type: 'player-finished'; readonly player: PlayerId }
  | { readonly type: 'mission-completed'; readonly placard: string; readonly byChopper: boolean }
  | { readonly type: 'code-requested'; readonly request: CodeRequest }
  | { readonly type: 'code-accepted'; readonly placard: string; readonly found: number }
  | { readonly type: 'code-rejected'; readonly placard: string; readonly reason: 'decoy' | 'used' }
  | { readonly type: 'code-retry'; readonly placard: string; readonly reason: 'mistake' | 'idle' }
  | { readonly type: 'placard-discarded'; readonly placard: string; readonly tokens: readonly string[] }
  | { readonly type: 'placard-pile-reshuffled'; readonly count: number }
  | { readonly type: 'placard-flipped'; readonly placard: string; readonly inquisitor: boolean }
  | { readonly type: 'inquisitor-discard'; readonly discarded: readonly { readonly player: PlayerId; readonly tokens: readonly string[] }[] }
  /** The turn ended with abilities counted toward a mission not completed: they lapse (the tokens played stay). */
  | { readonly type: 'abilities-lapsed'; readonly placard: string; readonly abilities: readonly AbilityUse[] }
  | { readonly type: 'turn-ended'; readonly player: PlayerId; readonly reason: TurnEndReason }
  | { readonly type: 'time-left'; readonly leftMs: number }
  | { readonly type: 'game-won'; readonly found: number }
  | { readonly type: 'game-lost'; readonly reason: 'timeout' };

export interface TokenView {
  readonly id: string;
  readonly kind: string;
}

export type PlacardView = Placard & {
  readonly tokens: readonly TokenView[];
  readonly abilities: readonly AbilityUse[];
  /** Resources still missing, by type (0 when met). */
  readonly missing: Readonly<Record<string, number>>;
};

export interface RebelMissionsView {
  readonly viewer: string;
  readonly stage: Stage;
  readonly turnPlayer: PlayerId;
  readonly turnNumber: number;
  readonly players: readonly {
    readonly id: PlayerId;
    readonly name: string;
    readonly profile: string;
    readonly profileName: string;
    readonly ability: { readonly name: string; readonly text: string; readonly countsAs: string };
    readonly abilityUsedThisTurn: boolean;
    readonly hand: readonly TokenView[];
  }[];
  /** The face-up mission; null until the set-up has shuffled the placards and turned the top one over. */
  readonly placard: PlacardView | null;
  readonly dice: readonly DieFace[] | null;
  readonly allPlayWaiting: readonly PlayerId[];
  /** How many tokens are face down (their order is hidden). */
  readonly tokenPileCount: number;
  readonly tokenDiscard: readonly TokenView[];
  /** How many placards are face down (all of them until the set-up has turned the first over). */
  readonly placardPileCount: number;
  readonly placardDiscard: readonly string[];
  /** What the companion must ask for now: the code to enter on the timer. */
  readonly request: CodeRequest | null;
  readonly codesFound: number;
  readonly timeLeftMs: number | null;
}
