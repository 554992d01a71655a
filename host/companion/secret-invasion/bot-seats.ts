// Seats played by bots. After every change the bot seats look whether it is a bot's turn and
// play one move (after a short pause, so people at the table can follow). A bot sees only its
// own view, as a person in its seat would.

import { randomFrom, type Bot, type Random, type RngState } from '../../engine/index.ts';
import type { PlayerId, SecretInvasionMove, SecretInvasionView } from '../../games/secret-invasion/model.ts';
import { botRngFor } from '../saved-bots.ts';
import type { SecretInvasionSession } from './session.ts';

export type SecretInvasionBot = Bot<SecretInvasionView, SecretInvasionMove>;

export interface BotSeatsOptions {
  /** The seats ("p1", ...) the bot plays. */
  readonly seats: readonly PlayerId[];
  readonly bot: SecretInvasionBot;
  /** Pause before each bot move, in ms (0: at once, on the next turn of the event loop). */
  readonly delayMs: number;
  readonly seed: number;
  /** The generator state to go on from (a resumed game's saved one); default: a new game's, from the seed. */
  readonly rng?: RngState;
}

export class BotSeats {
  private readonly rng: Random;
  private readonly seats: ReadonlySet<PlayerId>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly off: () => void;

  constructor(
    private readonly session: SecretInvasionSession,
    private readonly options: BotSeatsOptions,
  ) {
    this.rng = randomFrom(options.rng ?? botRngFor(options.seed));
    this.seats = new Set(options.seats);
    this.off = session.onUpdate((u) => {
      if (u.kind === 'moved') this.kick();
    });
  }

  /** The generator state the bots draw from next (saved with every move). */
  get rngState(): RngState {
    return this.rng.state();
  }

  /** Whether `player` is played by a bot. */
  plays(player: PlayerId): boolean {
    return this.seats.has(player);
  }

  /** Look again whether a bot should move (called after every move, and once to begin). */
  kick(): void {
    if (this.stopped || this.timer !== undefined || this.session.over) return;
    const actor = this.session.playerToMove();
    if (actor === null || !this.seats.has(actor)) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.step();
    }, this.options.delayMs);
  }

  /** Plays the bot's move now if a bot is to move; returns whether it moved. */
  step(): boolean {
    if (this.stopped || this.session.over) return false;
    const actor = this.session.playerToMove();
    if (actor === null || !this.seats.has(actor)) return false;
    const legal = this.session.legalMoves(actor);
    if (legal.length === 0) return false;
    return this.session.play(this.options.bot(this.session.view(actor), legal, this.rng)).ok;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.off();
  }
}
