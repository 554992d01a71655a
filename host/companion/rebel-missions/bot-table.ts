// Seats played by the engine's bots. After every change the bot table looks whether a bot
// may move and plays one move (after a short pause, so people can follow). With the virtual
// timer it also starts the countdown when every seat is a bot, and enters a requested code
// when a bot holds the dice, so a table of bots plays a whole game headless.

import { randomFrom, type Random, type RngState } from '../../engine/index.ts';
import { rebelBot, type PlayerMove } from '../../games/rebel-missions/index.ts';
import { botRngFor } from '../saved-bots.ts';
import type { RebelMissionsSession } from './session.ts';

export interface BotTableOptions {
  /** The seats ("p1", ...) the bots play. */
  readonly seats: readonly string[];
  /** Pause before each bot move, in ms (0: at once). */
  readonly delayMs: number;
  readonly seed: number;
  /** The generator state to go on from (a resumed game's saved one); default: a new game's, from the seed. */
  readonly rng?: RngState;
  /** Told when the timer refuses a command the bots sent. */
  readonly onError?: (message: string) => void;
}

export class BotTable {
  private readonly bot = rebelBot();
  private readonly rng: Random;
  private readonly seats: ReadonlySet<string>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly off: () => void;

  constructor(
    private readonly session: RebelMissionsSession,
    private readonly options: BotTableOptions,
  ) {
    this.rng = randomFrom(options.rng ?? botRngFor(options.seed));
    this.seats = new Set(options.seats);
    this.off = session.onUpdate(() => this.kick());
  }

  /** The generator state the bots draw from next (saved with every move). */
  get rngState(): RngState {
    return this.rng.state();
  }

  get allSeatsAreBots(): boolean {
    return this.session.state.seats.every((s) => this.seats.has(s.id));
  }

  /** Look again whether a bot should act (called after every change, and once to begin). */
  kick(): void {
    if (this.stopped || this.timer !== undefined || this.session.over) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.step();
    }, this.options.delayMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.off();
  }

  private step(): void {
    if (this.stopped || this.session.over) return;
    const session = this.session;
    if (session.canStartTimer && this.allSeatsAreBots) {
      this.command(() => session.startTimer());
      return;
    }
    if (session.canEnterCode && this.seats.has(session.state.turnPlayer)) {
      this.command(() => session.enterCode());
      return;
    }
    for (const actor of session.playersToMove()) {
      if (!this.seats.has(actor)) continue;
      const legal = session.legalMoves(actor);
      if (legal.length === 0) continue;
      const move = this.bot(session.view(actor), legal, this.rng);
      // The bot picks from the player's legal moves, so its move is a player move.
      session.play(move as PlayerMove);
      return;
    }
  }

  private command(action: () => Promise<void>): void {
    action().then(
      () => this.kick(),
      // No retry here: the next change on the table looks again.
      (error: unknown) => this.options.onError?.(error instanceof Error ? error.message : String(error)),
    );
  }
}
