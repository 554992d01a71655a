// Secret Invasion at the table: one game, and the Imperial Timer as a table device when one is
// connected. The session keeps the match, applies the players' moves (a rejected move comes back
// with the rules' reason), saves after every accepted move, and sends the timer the table-mode
// commands each move calls for (PLAY buzz / chime / fanfare, TIMER <s> for the optional turn
// clock). The game never waits for the timer: a timer that refuses a command, or that is lost,
// is reported and play goes on; once the link is back, the turn clock is restarted for the
// player whose turn it is.
//
// The turn clock is a reminder only (the rulebook has no turn clock): when the timer's
// countdown runs out (EVT TIMEOUT) the session reports `turn-clock-out` for the turn player,
// and nothing in the game changes.
//
// No terminal code: the pass-and-play terminal, the JSON stream and the tests drive it alike.

import { eventsFor, type Match } from '../../engine/index.ts';
import { STANDARD_DECK, type CardId, type Deck } from '../../games/secret-invasion/deck.ts';
import { createSecretInvasion, secretInvasion, type SecretInvasionGame } from '../../games/secret-invasion/game.ts';
import type {
  PlayerId,
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionMove,
  SecretInvasionState,
  SecretInvasionView,
  CardView,
} from '../../games/secret-invasion/model.ts';
import { cardView } from '../../games/secret-invasion/view.ts';
import { openingTimerCommands, timerCommandsFor } from '../../games/secret-invasion/timer-commands.ts';
import type { DeviceEvent } from '../../link/messages.ts';
import { GameSession, type CommonUpdate, type TimerPort } from '../game-session.ts';

export type SecretInvasionMatch = Match<SecretInvasionConfig, SecretInvasionState, SecretInvasionMove>;

/** The updates of this game's own, on top of the common ones. */
type TableDeviceUpdate =
  /** A command sent to the timer (after it answered OK). */
  | { readonly kind: 'timer-command'; readonly command: string }
  /** The turn clock ran out for `player` (a reminder: the game does not change). */
  | { readonly kind: 'turn-clock-out'; readonly player: PlayerId };

/**
 * `moved` carries every event the move caused, unfiltered: front ends filter them per viewer
 * (eventFor).
 */
export type SessionUpdate = CommonUpdate<SecretInvasionMove, SecretInvasionEvent> | TableDeviceUpdate;

/** The turn clock as the timer last reported it. */
export interface TurnClock {
  /** Seconds given for each turn, or null when there is no turn clock. */
  readonly turnSeconds: number | null;
  readonly leftMs: number | null;
  /** The player the running clock belongs to. */
  readonly player: PlayerId | null;
  readonly state: 'off' | 'running' | 'out';
}

export interface SessionOptions {
  readonly match: SecretInvasionMatch;
  /** The timer at the table, or null to play without one. */
  readonly timer: TimerPort | null;
  /** Where to save after every move; null for no saving. */
  readonly savePath: string | null;
  /** Seconds on the turn clock (1..3600), or null for none. */
  readonly turnSeconds: number | null;
  /** The cards (default: the boxed deck); the game is played with this deck. */
  readonly deck?: Deck;
}

export class SecretInvasionSession extends GameSession<
  SecretInvasionConfig,
  SecretInvasionState,
  SecretInvasionMove,
  SecretInvasionView,
  SecretInvasionEvent,
  TableDeviceUpdate
> {
  declare readonly game: SecretInvasionGame;
  readonly deck: Deck;
  readonly turnSeconds: number | null;
  private clockNow: TurnClock;
  /** Commands go out one at a time, in the order the moves called for them. */
  private sending: Promise<void> = Promise.resolve();
  private timerConnected: boolean;

  constructor(private readonly options: SessionOptions) {
    super(options.deck === undefined ? secretInvasion : createSecretInvasion(options.deck), options.match, options.savePath);
    this.deck = options.deck ?? STANDARD_DECK;
    this.turnSeconds = options.turnSeconds;
    this.timerConnected = options.timer !== null;
    this.clockNow = { turnSeconds: this.turnSeconds, leftMs: null, player: null, state: 'off' };
    // Validates the turn clock's length (a RangeError naming the limits) before anything is sent.
    openingTimerCommands({ turnSeconds: this.turnSeconds });
    const timer = options.timer;
    if (timer !== null) {
      this.keep(timer.onEvent((event) => this.timerEvent(event)));
      this.keep(
        timer.onNotice((notice) => {
          if (notice.kind === 'lost') this.timerConnected = false;
          if (notice.kind === 'connected' || notice.kind === 'resumed') this.timerConnected = true;
          this.emit({ kind: 'link', notice });
          if (notice.kind === 'resumed') this.restartTurnClock();
        }),
      );
    }
    this.save();
  }

  get clock(): TurnClock {
    return this.clockNow;
  }

  /** Whether a timer is at the table and answering now. */
  get hasTimer(): boolean {
    return this.options.timer !== null && this.timerConnected;
  }

  /** The game as `viewer` may see it (their own hand, what the rules showed them, everything public). */
  view(viewer: PlayerId): SecretInvasionView {
    return this.game.view(this.state, viewer);
  }

  /** A card's name and value, for showing a card id found in an event. */
  card(id: CardId): CardView {
    return cardView(this.deck, id);
  }

  /** The player who may move now (none once the game is over). */
  playerToMove(): PlayerId | null {
    return this.game.toMove(this.state)[0] ?? null;
  }

  legalMoves(actor: PlayerId): readonly SecretInvasionMove[] {
    return this.game.legalMoves(this.state, actor);
  }

  /** The first round's opening (the face-up cards, the deal, the first draw), unfiltered like a move's events. */
  openingEvents(): SecretInvasionEvent[] {
    return this.game.openingEvents(this.match.log.config, this.match.log.seed);
  }

  /** The events as `viewer` may see them (cards they may not know replaced by null). */
  eventsFor(events: readonly SecretInvasionEvent[], viewer: PlayerId): SecretInvasionEvent[] {
    return eventsFor(this.game, events, viewer);
  }

  /**
   * The commands that bring the timer to where the game is: the current turn's clock. Sent once
   * the table is set (a new game's first turn, or a resumed game's turn in progress).
   */
  begin(): Promise<void> {
    if (this.over) return this.sending;
    return this.restartTurnClock();
  }

  /** A player's move; a rejected one changes nothing and comes back with the rules' reason. */
  play(move: SecretInvasionMove): { ok: true } | { ok: false; reason: string } {
    if (this.over) return this.reject(move, 'the game is over; start a new one');
    const step = this.record(move);
    if (!step.ok) return this.reject(move, step.reason);
    this.send(timerCommandsFor(step.events, { turnSeconds: this.turnSeconds }), this.state.turnPlayer);
    this.reportIfFinished();
    return { ok: true };
  }

  /** Resolves once every command sent so far has been answered (or reported as failed). */
  whenSent(): Promise<void> {
    return this.sending;
  }

  private reject(move: unknown, reason: string): { ok: false; reason: string } {
    this.emit({ kind: 'rejected', move, reason });
    return { ok: false, reason };
  }

  private restartTurnClock(): Promise<void> {
    if (this.turnSeconds === null || this.over) return this.sending;
    const player = this.state.turnPlayer;
    this.send(openingTimerCommands({ turnSeconds: this.turnSeconds }), player);
    return this.sending;
  }

  /** Queues `commands`; `turnPlayer` is whose turn a TIMER command times. */
  private send(commands: readonly string[], turnPlayer: PlayerId): void {
    const timer = this.options.timer;
    if (timer === null || commands.length === 0) return;
    for (const command of commands) {
      this.sending = this.sending.then(async () => {
        if (!this.timerConnected) return; // lost: the turn clock is restarted when the link is back
        try {
          await timer.request(command);
          if (command.startsWith('TIMER ')) {
            const seconds = Number(command.slice('TIMER '.length));
            this.clockNow =
              seconds === 0
                ? { ...this.clockNow, leftMs: null, player: null, state: 'off' }
                : { turnSeconds: this.turnSeconds, leftMs: seconds * 1000, player: turnPlayer, state: 'running' };
          }
          this.emit({ kind: 'timer-command', command });
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          this.emit({ kind: 'note', text: `the timer did not take "${command}" (${why}); the game goes on without it.` });
        }
      });
    }
  }

  private timerEvent(event: DeviceEvent): void {
    this.emit({ kind: 'timer', event });
    if (this.turnSeconds === null || this.clockNow.state !== 'running') return;
    if (event.name === 'TIME' || event.name === 'WARN') {
      this.clockNow = { ...this.clockNow, leftMs: event.leftMs };
    } else if (event.name === 'TIMEOUT') {
      const player = this.clockNow.player ?? this.state.turnPlayer;
      this.clockNow = { ...this.clockNow, leftMs: 0, state: 'out' };
      if (!this.over && player === this.state.turnPlayer) this.emit({ kind: 'turn-clock-out', player });
    }
  }
}
