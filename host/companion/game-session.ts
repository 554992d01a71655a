// What every game's session at the table does alike: it keeps the match, records each accepted
// move and saves at once (a save that cannot be written is reported, and the game goes on),
// reports every change to its listeners, and reports the end of the game once. Each game's
// session adds its own timer handling and the questions its front ends ask.

import { playMove, writeSave, type Game, type Match, type MoveBase, type Outcome } from '../engine/index.ts';
import type { SaveTable } from '../engine/save.ts';
import type { DeviceEvent } from '../link/messages.ts';
import type { OkAnswer, TimerStatus } from '../link/protocol-client.ts';
import type { LinkNotice } from '../link/timer-link.ts';

/** What a session needs of its timer: a TimerLink, or anything that behaves like one. */
export interface TimerPort {
  request(command: string): Promise<OkAnswer>;
  status(): Promise<TimerStatus>;
  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void;
  onNotice(listener: (notice: LinkNotice) => void): () => void;
}

/** The updates every session reports; a game's session may report more kinds of its own. */
export type CommonUpdate<Move, Event> =
  /** An accepted move and every event it caused. */
  | { readonly kind: 'moved'; readonly move: Move; readonly events: readonly Event[] }
  | { readonly kind: 'rejected'; readonly move: unknown; readonly reason: string }
  | { readonly kind: 'timer'; readonly event: DeviceEvent }
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'link'; readonly notice: LinkNotice }
  | { readonly kind: 'save-failed'; readonly message: string }
  | { readonly kind: 'finished'; readonly outcome: Extract<Outcome, { finished: true }> };

/** The result of recording a move: the events it caused, or the rules' reason for refusing it. */
export type RecordedMove<Event> = { readonly ok: true; readonly events: readonly Event[] } | { readonly ok: false; readonly reason: string };

/**
 * The match, its save file and its listeners. `Extra` is the game's own kinds of update, on top
 * of the common ones.
 */
export abstract class GameSession<Config, State, Move extends MoveBase, View, Event, Extra extends { readonly kind: string } = never> {
  readonly game: Game<Config, State, Move, View, Event>;
  private current: Match<Config, State, Move>;
  private readonly savePath: string | null;
  private readonly listeners = new Set<(update: CommonUpdate<Move, Event> | Extra) => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private finishedReported = false;
  private tableState: (() => SaveTable | undefined) | undefined;

  /** `savePath`: where to save after every move, or null for no saving. */
  protected constructor(game: Game<Config, State, Move, View, Event>, match: Match<Config, State, Move>, savePath: string | null) {
    this.game = game;
    this.current = match;
    this.savePath = savePath;
  }

  onUpdate(listener: (update: CommonUpdate<Move, Event> | Extra) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get match(): Match<Config, State, Move> {
    return this.current;
  }

  get state(): State {
    return this.current.state;
  }

  get over(): boolean {
    return this.game.result(this.current.state).finished;
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.listeners.clear();
  }

  /** What the table keeps in the save beside the log (the bots' seats and random state), asked for at every save. */
  saveTableWith(provider: () => SaveTable | undefined): void {
    this.tableState = provider;
  }

  /** Keeps a subscription (to the timer's events or notices) until the session is closed. */
  protected keep(off: () => void): void {
    this.unsubscribe.push(off);
  }

  /**
   * Applies `move` by the rules; an accepted one is recorded, saved at once and reported as
   * `moved`. A refused one changes nothing and is not reported: the caller says why.
   */
  protected record(move: Move): RecordedMove<Event> {
    const step = playMove(this.game, this.current, move);
    if (!step.ok) return step;
    this.current = step.match;
    this.save();
    this.emit({ kind: 'moved', move, events: step.events });
    return { ok: true, events: step.events };
  }

  /** Reports `finished` with the outcome, once, when the game is over. */
  protected reportIfFinished(): void {
    const outcome = this.game.result(this.current.state);
    if (outcome.finished && !this.finishedReported) {
      this.finishedReported = true;
      this.emit({ kind: 'finished', outcome });
    }
  }

  protected save(): void {
    if (this.savePath === null) return;
    try {
      const table = this.tableState?.();
      const report = writeSave(this.game, this.savePath, this.current.log, table === undefined ? {} : { table });
      for (const kept of report.kept)
        this.emit({
          kind: 'note',
          text: `An unfinished game that was in the backup of ${this.savePath} is kept as ${kept}; continue it later with --resume --save ${kept}.`,
        });
      if (report.damaged !== undefined)
        this.emit({ kind: 'note', text: `The file at ${this.savePath} was damaged; it is kept as ${report.damaged}, and the game is saved there again.` });
    } catch (error) {
      this.emit({
        kind: 'save-failed',
        message: `could not save the game to ${this.savePath}: ${error instanceof Error ? error.message : String(error)}. The game goes on; check the disk and the folder's permissions.`,
      });
    }
  }

  protected emit(update: CommonUpdate<Move, Event> | Extra): void {
    for (const listener of [...this.listeners]) listener(update);
  }
}
