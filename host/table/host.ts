// The one match holder of the table front end, for any `TableGame`. No terminal code: the
// terminal, the JSON stream, a web server and the tests drive it alike.
// - It holds the match (state + log) and judges every move with the engine: a refused move
//   changes nothing and is answered, to the viewer who sent it only, with the rules' reason.
// - It saves after every accepted move (the engine's atomic, checksummed save, under its lock),
//   keeping the bots' random stream and the seating beside the log, so a resumed match goes on
//   exactly as it would have.
// - It plays the bot seats (one driver: the bots the game's entry offers), samples chance from
//   the state's generator or waits for the table's own dice, and binds the timer as the entry
//   says (host-timer.ts: what the timer is told and what it reports): an external actor whose
//   events become moves, or a table device that plays sounds and runs a turn clock.
// - It counts the rules' "be quick" windows (decisions with a time limit: quick-window.ts), the
//   same for everyone from the moment a window opens, with `TIMER` on a connected timer; when the
//   time runs out, everyone still asked who may pass is answered with the game's pass, in seat
//   order, as logged moves.
// - It sends updates per viewer: a seat gets its own view, prompt, legal moves and the events
//   filtered for it; the table (`TABLE`) gets the public view. An update is sent to a viewer only
//   when what that viewer may see has changed, so nothing sent depends on a hand the viewer may
//   not know (bots move in seat order with a fixed pause, whatever they hold).

import { outcomeProblem, sampledChanceMove, tableMayEnter, type ChanceOutcome, type ChanceSpec } from '../engine/chance.ts';
import { CHANCE } from '../engine/decisions.ts';
import { passersAtTimeout, passFor } from '../engine/quick.ts';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import type { GameLog } from '../engine/log.ts';
import { resolveOptions, type OptionValue } from '../engine/meta.ts';
import { isRngState, randomFrom, seedRng, type Random } from '../engine/rng.ts';
import { clearForNewGame, olderFormatMessage, readSaveOrBackup, writeSave, type SaveTable } from '../engine/save.ts';
import { lockSave, type SaveLock } from '../engine/save-lock.ts';
import { v } from '../engine/schema.ts';
import { chanceAsMove, eventsSeenBy, openChance, toMove, type TableResult } from '../engine/table-game.ts';
import { samplerFor, type TableBot } from '../engine/table-play.ts';
import type { DeviceEvent } from '../link/messages.ts';
import { SYSTEM_CLOCK, type WallClock } from '../../sim/device/real-time-driver.ts';
import type { CountdownClock, DeviceAction } from './countdown.ts';
import { TABLE, type TableEntry, type TimerCommand, type Viewer } from './entry.ts';
import { HostTimer, TIMER_TIMEOUT_GRACE_MS, type TableTimerPort, type TimerTable } from './host-timer.ts';
import { WindowCountdown, type OpenWindow, type QuickCountdown } from './quick-window.ts';
import { SaveHold, SAVE_RETRY_MS } from './save-hold.ts';

// The timer's port and its grace for a quick window's TIMEOUT are part of the host's options and behaviour.
export { TIMER_TIMEOUT_GRACE_MS, type TableTimerPort };

/** Who sits at a seat: a person, or a bot of the game's (by its id). */
export interface SeatPlan {
  readonly name: string;
  /** Null for a person. */
  readonly bot: string | null;
}

export interface HostOptions {
  /** Where to save after every move; null to keep nothing (a test, a demonstration). */
  readonly savePath: string | null;
  /** Named in the save's lock, so another program trying to open it is told who holds it. */
  readonly command?: string;
  /** 'sample': chance from the state's generator; 'table': the table enters the dice it rolled (secret draws are always sampled). */
  readonly chance?: 'sample' | 'table';
  readonly timer?: TableTimerPort | null;
  /** A device timer's turn clock: the seconds given to every new decision of people (null: none). */
  readonly turnSeconds?: number | null;
  /** The pause before each bot move (the same for every bot move, whatever the bot holds). */
  readonly botDelayMs?: number;
  /** Where the quick windows' time comes from (default: the real clock; tests give a fake one). */
  readonly clock?: WallClock;
  /** The host may press the timer's buttons (a virtual timer): the device actions are offered, and bots enter their codes. */
  readonly assist?: boolean;
  /** The clock a game's countdown on the timer is counted on with between the timer's reports (ms; default performance.now; a virtual timer in virtual time passes its own). */
  readonly now?: () => number;
  /**
   * Who counts the quick windows. 'host' (the default): the host, from the moment a window opens,
   * the same for every viewer (the JSON stream, the pages: everyone sees it at once), on a
   * connected timer too, passing everyone still asked when it runs out. 'front-end': a front end
   * that shows the window to one person at a time (the pass-and-play terminal) counts each
   * person's time from when their screen shows and passes that person itself; the host then keeps
   * no countdown (none in the snapshots, no `TIMER` for a window, no time-up) and only says which
   * window is open (`openWindow`).
   */
  readonly windowClock?: 'host' | 'front-end';
  /** Record the time left this often while a countdown runs (ms), so a crash loses at most that; default only with moves and on `close`. */
  readonly checkpointEveryMs?: number;
  /** While saves fail (play is held), how often the save is tried again (ms; default SAVE_RETRY_MS). */
  readonly saveRetryMs?: number;
}

export interface NewMatch {
  readonly seats: readonly SeatPlan[];
  readonly options?: Readonly<Record<string, OptionValue>>;
  readonly seed: number;
}

/** Everything one viewer may know now. */
export interface Snapshot<Move, View> {
  readonly viewer: Viewer;
  readonly view: View;
  readonly prompt: string;
  /** The moves this viewer may make now, in the game's order (empty unless they are waited on). */
  readonly moves: readonly Move[];
  /** Whose move it is (public: from the decision stack alone). */
  readonly waitingOn: readonly ActorId[];
  /** The dice the table is to roll and enter, when the table is waited on for them (table viewer and people). */
  readonly dice: ChanceSpec | null;
  /** The open "be quick" window's countdown (public: the same for every viewer), or null. */
  readonly countdown: QuickCountdown | null;
  readonly result: TableResult;
  /** The countdown, for a game on the timer's clock (null otherwise). */
  readonly clock: CountdownClock | null;
  /** Why nothing may be played now because of the timer (paused, lost), with what to do; null when play goes on. */
  readonly held: string | null;
  /** What this viewer may ask the host to do on the timer now (the table and people; none for a bot's seat). */
  readonly actions: readonly DeviceAction[];
}

export type TableUpdate<Move, View, Event> =
  /** Events of the last move, as this viewer may see them (never empty). */
  | { readonly kind: 'events'; readonly events: readonly Event[] }
  /** To the mover's seat only: its move was taken. */
  | { readonly kind: 'moved'; readonly move: Move }
  /** What this viewer may see has changed. */
  | { readonly kind: 'snapshot'; readonly snapshot: Snapshot<Move, View> }
  /** To the sender only: the move was refused and nothing changed. */
  | { readonly kind: 'rejected'; readonly move: unknown; readonly reason: string }
  | { readonly kind: 'timer'; readonly event: DeviceEvent }
  | { readonly kind: 'timer-command'; readonly command: TimerCommand }
  | { readonly kind: 'note'; readonly text: string }
  /** A quick window's time ran out: `passing` (seat order) are answered with their pass, as the moves that follow. */
  | { readonly kind: 'time-up'; readonly window: string; readonly passing: readonly ActorId[] }
  | { readonly kind: 'save-failed'; readonly message: string }
  | { readonly kind: 'finished'; readonly result: Extract<TableResult, { finished: true }> };

/** What the host tells every viewer alike (a `watch` listener hears only these). */
export type TableWideUpdate<Move> = Extract<
  TableUpdate<Move, never, never>,
  { readonly kind: 'timer' | 'timer-command' | 'note' | 'time-up' | 'save-failed' | 'finished' }
>;

export type Submitted = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What the host keeps beside the log in the save file (checked when read back). */
const savedTableSchema = v.strictObject({
  seats: v.array(v.strictObject({ name: v.string(), bot: v.nullable(v.string()) })),
  botRng: v.custom<readonly [number, number, number, number]>(isRngState, 'is not a generator state (four whole numbers)'),
  chance: v.picklist(['sample', 'table']),
});

/** The note for a save whose lock was left by a companion that has stopped (it crashed, or its computer was switched off), in plain words. */
export function lockTakenOverNote(command: string): string {
  return `this game's save was still marked as in use by a companion that has stopped (${command}); it is carried on here now`;
}

export class TableHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableHostError';
  }
}

type Listener<Move, View, Event> = (update: TableUpdate<Move, View, Event>) => void;

interface Subscriber<Move, View, Event> {
  readonly viewer: Viewer;
  readonly listener: Listener<Move, View, Event>;
  last: string;
}

export class TableHost<Config, State, Move extends MoveBase, View, Event> {
  readonly entry: TableEntry<Config, State, Move, View, Event>;
  /** The seats, in seat order: the game's seat id, the person's or bot's name, the bot. */
  readonly seats: readonly (SeatPlan & { readonly id: ActorId })[];
  readonly names: Readonly<Record<ActorId, string>>;
  readonly chanceMode: 'sample' | 'table';
  readonly savePath: string | null;
  private stateNow: State;
  private logNow: GameLog<Config, Move>;
  private readonly botRandom: Random;
  private readonly bots: Map<ActorId, TableBot<State, Move, View>>;
  private readonly subscribers = new Set<Subscriber<Move, View, Event>>();
  /** Listeners to what everyone is told alike (`watch`). */
  private readonly watchers = new Set<(update: TableWideUpdate<Move>) => void>();
  private readonly lock: SaveLock | null;
  /** The timer: what it is told and what it reports, the countdown of a game on its clock (host-timer.ts). */
  private readonly timer: HostTimer<Config, State, Move, View, Event>;
  private readonly options: HostOptions;
  private running: Promise<void> = Promise.resolve();
  private kicked = false;
  private finishedSent = false;
  private closed = false;
  private readonly quickWindow: WindowCountdown;
  /** Who counts the quick windows (`HostOptions.windowClock`). */
  readonly windowClock: 'host' | 'front-end';
  /** The clock the quick windows are counted on (a front end counting them itself uses it too). */
  readonly clock: WallClock;
  /** Play held while the game cannot be saved (save-hold.ts). */
  private readonly saveHold: SaveHold;

  private constructor(
    entry: TableEntry<Config, State, Move, View, Event>,
    seats: readonly SeatPlan[],
    state: State,
    log: GameLog<Config, Move>,
    botRng: readonly [number, number, number, number],
    chance: 'sample' | 'table',
    options: HostOptions,
    lock: SaveLock | null,
  ) {
    this.entry = entry;
    this.options = options;
    this.stateNow = state;
    this.logNow = log;
    this.chanceMode = chance;
    this.savePath = options.savePath;
    this.lock = lock;
    this.saveHold = new SaveHold(() => this.retrySave(), options.saveRetryMs ?? SAVE_RETRY_MS);
    const ids = entry.game.players(state);
    if (ids.length !== seats.length) throw new TableHostError(`the game seats ${ids.length} players but ${seats.length} seats were given`);
    this.seats = seats.map((seat, i) => ({ ...seat, id: ids[i] as ActorId }));
    this.names = Object.fromEntries(this.seats.map((s) => [s.id, s.name]));
    this.botRandom = randomFrom(botRng);
    this.bots = new Map();
    for (const seat of this.seats) {
      if (seat.bot === null) continue;
      const choice = entry.bots.find((b) => b.id === seat.bot);
      if (!choice) throw new TableHostError(`${entry.game.meta.title} has no bot "${seat.bot}" (its bots are ${entry.bots.map((b) => b.id).join(', ')})`);
      this.bots.set(seat.id, choice.make());
    }
    this.timer = new HostTimer(entry, options, this.timerTable(), { state, moves: log.moves });
    // A window open at the start (or in a resumed match) counts from its full length.
    this.windowClock = options.windowClock ?? 'host';
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.quickWindow = new WindowCountdown(this.clock, () => this.timeUp(), this.windowClock === 'host');
    const opened = this.quickWindow.track(null, entry.game.decisions(state), null, this.timer.graceMs());
    if (opened === 'opened' && this.timer.countsWindows()) this.timer.command({ clock: (this.quickWindow.current as QuickCountdown).seconds });
  }

  /** The match as the timer's side sees it (host-timer.ts). */
  private timerTable(): TimerTable<State, Move> {
    return {
      state: () => this.stateNow,
      finished: () => this.result.finished,
      closed: () => this.closed,
      people: () => this.people,
      isBot: (actor) => this.bots.has(actor),
      nameOf: (actor) => this.names[actor] ?? actor,
      play: (move, external) => (external ? this.playExternal(move) : this.play(move)),
      tell: (news) => this.broadcast(news),
      refresh: () => this.sendSnapshots(),
      kick: () => this.kick(),
      unsaved: () => this.saveHold.reason,
      quickWindow: () => this.quickWindow.current,
      windowTimedOut: () => {
        if (!this.quickWindow.isDue(TIMER_TIMEOUT_GRACE_MS)) return false;
        this.timeUp();
        return true;
      },
    };
  }

  /** A new match; the save (if any) takes the place of what was there, keeping an unfinished game under a name of its own. */
  static start<Config, State, Move extends MoveBase, View, Event>(
    entry: TableEntry<Config, State, Move, View, Event>,
    match: NewMatch,
    options: HostOptions,
  ): { host: TableHost<Config, State, Move, View, Event>; opening: readonly Event[]; notes: readonly string[] } {
    const game = entry.game;
    const { config, opening } = TableHost.planStart(entry, match);
    const notes: string[] = [];
    const lock = options.savePath === null ? null : lockSave(options.savePath, options.command ?? 'table');
    if (lock?.tookOverFrom) notes.push(lockTakenOverNote(lock.tookOverFrom.command));
    try {
      if (options.savePath !== null) {
        const cleared = clearForNewGame(game, options.savePath);
        for (const kept of cleared.kept) notes.push(`the unfinished game that was saved at ${kept.from} is kept at ${kept.to}`);
        if (cleared.damaged !== undefined) notes.push(`a damaged file at the save's place (${cleared.damaged.why}) is kept at ${cleared.damaged.to}`);
      }
      const log: GameLog<Config, Move> = { gameId: game.meta.id, config, seed: match.seed, moves: [] };
      const botRng = seedRng((match.seed ^ 0x5bd1_e995) >>> 0);
      const host = new TableHost(entry, match.seats, opening.state, log, botRng, options.chance ?? 'sample', options, lock);
      host.save();
      return { host, opening: opening.events, notes };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  /**
   * What `start` checks before it touches anything (the bots, the options, the seats, the set-up):
   * throws what it would refuse with, else gives the new match's config and opening. No lock, no save.
   */
  static planStart<Config, State, Move extends MoveBase, View, Event>(
    entry: TableEntry<Config, State, Move, View, Event>,
    match: NewMatch,
  ): { config: Config; opening: ReturnType<TableEntry<Config, State, Move, View, Event>['game']['setup']> } {
    const game = entry.game;
    for (const seat of match.seats) {
      if (seat.bot !== null && !entry.bots.some((b) => b.id === seat.bot)) {
        throw new TableHostError(`${game.meta.title} has no bot "${seat.bot}" (its bots are ${entry.bots.map((b) => b.id).join(', ')})`);
      }
    }
    const chosen = resolveOptions(game.meta, match.options ?? {});
    const config = entry.configFor(
      match.seats.map((s) => s.name),
      chosen,
    );
    return { config, opening: game.setup(config, match.seed) };
  }

  /**
   * What `resume` reads and checks of the save at `savePath` (or its backup), without its lock and
   * without writing: throws what it would refuse with (a SaveError, a TableHostError).
   */
  static checkResume<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, savePath: string): void {
    TableHost.readResumable(entry, savePath);
  }

  private static readResumable<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, savePath: string) {
    const loaded = readSaveOrBackup(entry.game, savePath);
    const parsed = v.safeParse(savedTableSchema, loaded.table);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const where = (issue?.path ?? []).map((p) => String(p.key)).join('.');
      throw new TableHostError(olderFormatMessage(savePath, `its table part${where ? ` ${where}` : ''}: ${issue?.message ?? 'missing'}`));
    }
    return { loaded, table: parsed.output };
  }

  /** The match saved at `options.savePath`, or its backup when the save is damaged (the note says so). */
  static resume<Config, State, Move extends MoveBase, View, Event>(
    entry: TableEntry<Config, State, Move, View, Event>,
    options: HostOptions & { readonly savePath: string },
  ): { host: TableHost<Config, State, Move, View, Event>; notes: readonly string[] } {
    const lock = lockSave(options.savePath, options.command ?? 'table');
    try {
      const notes: string[] = [];
      const { loaded, table } = TableHost.readResumable(entry, options.savePath);
      if (lock.tookOverFrom) notes.push(lockTakenOverNote(lock.tookOverFrom.command));
      if (loaded.source === 'backup') notes.push(`${loaded.problem ?? 'the save is damaged'}; carrying on from the backup`);
      const host = new TableHost(entry, table.seats, loaded.state, loaded.log, table.botRng, options.chance ?? table.chance, options, lock);
      return { host, notes };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  get state(): State {
    return this.stateNow;
  }

  get log(): GameLog<Config, Move> {
    return this.logNow;
  }

  get result(): TableResult {
    return this.entry.game.result(this.stateNow);
  }

  /** The seats played by people (the rest are bots), in seat order. */
  get people(): readonly ActorId[] {
    return this.seats.filter((s) => s.bot === null).map((s) => s.id);
  }

  isSeat(viewer: Viewer): boolean {
    return this.seats.some((s) => s.id === viewer);
  }

  /** Everything `viewer` may know now: a seat's own view, prompt and moves, or the table's public view. */
  snapshot(viewer: Viewer): Snapshot<Move, View> {
    const game = this.entry.game;
    const s = this.stateNow;
    const waitingOn = toMove(game, s);
    const seat = this.isSeat(viewer);
    const held = this.heldBecause;
    return {
      viewer,
      view: game.view(s, viewer),
      prompt: held ?? game.prompt(s, viewer),
      moves: seat && held === null && waitingOn.includes(viewer) ? game.legalMoves(s, viewer) : [],
      waitingOn,
      dice: this.diceWanted() && (viewer === TABLE || seat) ? openChance(game, s) : null,
      countdown: this.windowClock === 'host' ? this.quickWindow.current : null,
      result: game.result(s),
      clock: this.timer.clock,
      held,
      actions: viewer === TABLE || this.people.includes(viewer) ? this.deviceActions() : [],
    };
  }

  // ---- the timer ----

  /**
   * Why nothing may be played now, or null: the game cannot be saved (save-hold.ts), or it is
   * under way on the timer's countdown and the countdown is not running (paused, or lost). Says
   * what to do.
   */
  get heldBecause(): string | null {
    return this.saveHold.reason ?? this.timer.heldReason();
  }

  /** The device actions the host can carry out now (only when it may press the timer's buttons). */
  deviceActions(): DeviceAction[] {
    return this.timer.deviceActions();
  }

  /**
   * A person (or the table) asks the host to press the timer for them: the protocol command goes
   * out, and the timer's answering events become the timer's moves as usual. Refused (to that
   * viewer alone) when it cannot be done now, with what to do instead.
   */
  async deviceAction(viewer: Viewer, action: DeviceAction): Promise<Submitted> {
    const refuse = (reason: string): Submitted => {
      this.sendTo(viewer, { kind: 'rejected', move: { action }, reason });
      return { ok: false, reason };
    };
    if (viewer !== TABLE && !this.people.includes(viewer)) return refuse('only the table or a person may use the timer');
    const problem = await this.timer.press(action);
    return problem === null ? { ok: true } : refuse(problem);
  }

  /** Catches up with the timer's STATUS (after connecting, resuming a save, or the link coming back). */
  syncTimer(): Promise<void> {
    return this.timer.syncTimer();
  }

  /**
   * Records the time left from the timer's STATUS (for the moment the table leaves); `close` does it
   * too. Never more than the countdown the table was shown.
   */
  checkpoint(): Promise<void> {
    return this.timer.checkpoint();
  }

  /**
   * Every event of the match so far as `viewer` may see it: the opening, then each move's (the
   * log replayed). What a front end shows a viewer who joins late, or after a resume.
   */
  historyFor(viewer: Viewer): Event[] {
    const game = this.entry.game;
    const opening = game.setup(this.logNow.config, this.logNow.seed);
    const out = eventsSeenBy(game, opening.events, viewer);
    let state = opening.state;
    for (const move of this.logNow.moves) {
      const applied = game.apply(state, move);
      if (!applied.ok) break; // the log was judged when it was made and when it was loaded
      out.push(...eventsSeenBy(game, applied.events, viewer));
      state = applied.state;
    }
    return out;
  }

  /** Milliseconds left of the open quick window now (null when none is open): for front ends drawing its countdown. */
  countdownLeftMs(): number | null {
    return this.windowClock === 'host' ? this.quickWindow.leftMs() : null;
  }

  /**
   * The open quick window (public: the top decision's kind and limit), whoever counts it, with its
   * number (a window opened afresh, even of the same kind, has a new one): what a front end
   * counting each person's time itself (`windowClock: 'front-end'`) starts a person's countdown for.
   */
  openWindow(): OpenWindow | null {
    return this.quickWindow.opened;
  }

  /** Whether the table is waited on for the dice it rolled. */
  diceWanted(): boolean {
    const spec = openChance(this.entry.game, this.stateNow);
    return spec !== null && this.chanceMode === 'table' && tableMayEnter(spec);
  }

  /** Listens to what `viewer` may see; the current snapshot is sent at once. Returns the unsubscribe. */
  subscribe(viewer: Viewer, listener: Listener<Move, View, Event>): () => void {
    if (viewer !== TABLE && !this.isSeat(viewer))
      throw new TableHostError(`"${viewer}" is not a seat of this game (its seats are ${this.seats.map((s) => s.id).join(', ')}) nor the table`);
    const sub: Subscriber<Move, View, Event> = { viewer, listener, last: '' };
    this.subscribers.add(sub);
    this.sendSnapshot(sub);
    return () => this.subscribers.delete(sub);
  }

  /** Listens to what the host tells everyone alike (notes, the timer, a failed save with its whole reason, the end), without a view. Returns the unsubscribe. */
  watch(listener: (update: TableWideUpdate<Move>) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /**
   * A move sent by `viewer` (a seat identity: a seat may only move for itself, and only a seat
   * played by a person). Refused moves change nothing; the reason goes to `viewer` alone.
   */
  submit(viewer: Viewer, move: unknown): Submitted {
    const refuse = (reason: string): Submitted => {
      this.sendTo(viewer, { kind: 'rejected', move, reason });
      return { ok: false, reason };
    };
    if (this.closed) return refuse('the table is closed');
    if (!this.isSeat(viewer)) return refuse(`the ${viewer === TABLE ? 'table' : `viewer "${viewer}"`} has no seat to move for; moves come from a seat`);
    if (this.bots.has(viewer)) return refuse(`${this.names[viewer]} (${viewer}) is played by a bot`);
    if (typeof move !== 'object' || move === null || Array.isArray(move)) return refuse('a move is a JSON object with "actor" and "type"');
    const record = move as Record<string, unknown>;
    if (record['actor'] !== viewer) return refuse(`seat ${viewer} may only make its own moves (this one is for ${JSON.stringify(record['actor'])})`);
    if (typeof record['type'] !== 'string') return refuse('a move needs a "type"');
    this.retrySave();
    const held = this.heldBecause;
    if (held !== null) return refuse(held);
    // The time that passed since the timer's last report counts: it is recorded with the move.
    if (this.timer.onCountdown && this.judged(move as Move) === null) this.timer.beforeMove();
    const problem = this.play(move as Move);
    if (problem !== null) return refuse(problem);
    this.kick();
    return { ok: true };
  }

  /** The dice the table rolled, for the open chance decision (table dice mode); from the table or any person's seat. */
  enterDice(viewer: Viewer, outcome: unknown): Submitted {
    const refuse = (reason: string): Submitted => {
      this.sendTo(viewer, { kind: 'rejected', move: { dice: outcome }, reason });
      return { ok: false, reason };
    };
    if (viewer !== TABLE && !this.people.includes(viewer)) return refuse('only the table or a person may enter the dice');
    this.retrySave();
    const held = this.heldBecause;
    if (held !== null) return refuse(held);
    if (!this.diceWanted()) return refuse('no dice are waiting to be entered now');
    const spec = openChance(this.entry.game, this.stateNow) as ChanceSpec;
    const problem = outcomeProblem(spec, outcome);
    if (problem !== null) return refuse(`the dice: ${problem}`);
    const played = this.play(chanceAsMove<Move>({ actor: CHANCE, type: 'chance', outcome: outcome as ChanceOutcome }));
    if (played !== null) return refuse(played);
    this.kick();
    return { ok: true };
  }

  /** Plays bots and sampled chance until people (or the timer, or the table's dice) are waited on. */
  settled(): Promise<void> {
    this.kick();
    return this.running;
  }

  /**
   * A device timer's turn clock for whoever is waited on now, as after a move: a new match's
   * first decision, a resumed match's, or a timer that came back after it was lost.
   */
  startTurnClock(options: { readonly again?: boolean } = {}): void {
    this.timer.startTurnClock(options);
  }

  /** Stops listening to the timer and releases the save's lock (the match stays saved). */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.timer.close(() => {
      this.closed = true;
    });
    this.saveHold.stop();
    this.quickWindow.stop();
    await this.running.catch(() => undefined);
    await this.timer.sent();
    this.lock?.release();
  }

  // ---- moves ----

  /** The game's judge, for a move from outside (a move that makes the game's code throw is no move of it). */
  private judged(move: Move): string | null {
    try {
      return this.entry.game.judge(this.stateNow, move);
    } catch (error) {
      return `not a move of ${this.entry.game.meta.title} (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  /**
   * An external actor's move (the timer's event, a catch-up with its STATUS): played; when refused
   * while a chance decision the host draws itself is open (a set-up shuffle not drawn yet), that
   * draw is made first, as the runner would have made it, and the move played after it.
   */
  private playExternal(move: Move): string | null {
    const problem = this.play(move);
    if (problem === null) return null;
    let drawn = false;
    for (let guard = 0; guard < 100; guard++) {
      const s = this.stateNow;
      const spec = toMove(this.entry.game, s)[0] === CHANCE ? openChance(this.entry.game, s) : null;
      if (spec === null || this.diceWanted()) break;
      if (this.play(chanceAsMove<Move>(sampledChanceMove(spec, this.entry.game.rng(s)))) !== null) break;
      drawn = true;
    }
    return drawn ? this.play(move) : problem;
  }

  /** Judges and plays one move; null when taken, else the reason. */
  private play(move: Move): string | null {
    const game = this.entry.game;
    const before = game.decisions(this.stateNow);
    let applied;
    try {
      applied = game.apply(this.stateNow, move);
    } catch (error) {
      return `not a move of ${game.meta.title} (${error instanceof Error ? error.message : String(error)})`;
    }
    if (!applied.ok) return applied.reason;
    this.stateNow = applied.state;
    this.logNow = { ...this.logNow, moves: [...this.logNow.moves, move] };
    this.sendTo(move.actor, { kind: 'moved', move });
    for (const sub of this.subscribers) {
      const seen = eventsSeenBy(game, applied.events, sub.viewer);
      if (seen.length > 0) sub.listener({ kind: 'events', events: seen });
    }
    const change = this.quickWindow.track(before, game.decisions(this.stateNow), move.actor, this.timer.graceMs());
    this.timer.afterMove(applied.events, change);
    this.sendSnapshots();
    const result = game.result(this.stateNow);
    if (result.finished && !this.finishedSent) {
      this.finishedSent = true;
      this.broadcast({ kind: 'finished', result });
    }
    // Saved once everyone has been sent the move: the pages never wait on the disk (a crash during
    // the write loses this one move, as it always could; a failed save holds play from here on).
    this.save();
    return null;
  }

  private kick(): void {
    if (this.kicked || this.closed) return;
    this.kicked = true;
    this.running = this.running.then(async () => {
      this.kicked = false;
      await this.runAutomatic();
    });
  }

  /** The next move nobody at the table has to make: a bot's (seat order) or a sampled chance draw; null when people are waited on. */
  private automaticMove(): { move: Move; bot: boolean } | null {
    const game = this.entry.game;
    const s = this.stateNow;
    const actors = toMove(game, s);
    if (actors.length === 0 || this.heldBecause !== null) return null;
    if (actors[0] === CHANCE) {
      const spec = openChance(game, s);
      if (spec === null || this.diceWanted()) return null;
      return { move: chanceAsMove<Move>(sampledChanceMove(spec, game.rng(s))), bot: false };
    }
    for (const actor of actors) {
      const bot = this.bots.get(actor);
      if (!bot) continue;
      const legalMoves = game.legalMoves(s, actor);
      if (legalMoves.length === 0) continue;
      const move = bot.choose({ actor, view: game.view(s, actor), legalMoves, random: this.botRandom, sample: samplerFor(game, s, actor) });
      return { move, bot: true };
    }
    return null;
  }

  private async runAutomatic(): Promise<void> {
    const delay = this.options.botDelayMs ?? 0;
    for (let guard = 0; guard < 100_000 && !this.closed; guard++) {
      const before = this.stateNow;
      const next = this.automaticMove();
      if (next === null) {
        await this.timer.botsUseTimer(delay);
        return;
      }
      if (next.bot && delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.closed) return;
      // The state may have moved on during the pause (a person answered, the timer spoke), or the
      // table be held (the countdown paused): then choose again. Else the choice stands, so the
      // bots' random stream (and so their moves) does not depend on the pause.
      const now = this.stateNow === before && this.heldBecause === null ? next : this.automaticMove();
      if (now === null) return;
      const problem = this.play(now.move);
      if (problem !== null) {
        this.broadcast({ kind: 'note', text: `a bot's move was refused (${problem}); the table waits for people` });
        return;
      }
    }
  }

  // ---- quick windows ----

  /**
   * A quick window's time is up: everyone it still waits on who may pass is answered with their
   * pass (the game's one "pass" move), one logged move each in seat order, as if they had sent it.
   */
  private timeUp(): void {
    const window = this.quickWindow.current;
    if (this.closed || window === null || this.quickWindow.expiring) return;
    const game = this.entry.game;
    const passing = passersAtTimeout(game.decisions(this.stateNow));
    this.quickWindow.startRunOut();
    try {
      this.broadcast({ kind: 'time-up', window: window.window, passing });
      for (const actor of passing) {
        if (this.quickWindow.current !== window) break; // closed (or replaced) by the passes so far
        const pass = passFor(game.legalMoves(this.stateNow, actor), actor);
        const problem = 'problem' in pass ? pass.problem : this.play(pass.move);
        if (problem !== null) {
          this.broadcast({
            kind: 'note',
            text: `the ${window.window} window's time ran out but ${this.names[actor] ?? actor} could not be passed (${problem}); it waits on them`,
          });
          break;
        }
      }
    } finally {
      this.quickWindow.finishRunOut();
    }
    // A window still waiting on someone who may not pass goes on untimed: its countdown goes from every page.
    this.sendSnapshots();
    this.kick();
  }

  // ---- saving and sending ----

  private save(): void {
    if (this.savePath === null) return;
    const table: SaveTable = {
      seats: this.seats.map((s) => ({ name: s.name, bot: s.bot })),
      botRng: [...this.botRandom.state()],
      chance: this.chanceMode,
    };
    let report;
    try {
      report = writeSave(this.entry.game, this.savePath, this.logNow, { table });
    } catch (error) {
      // Nothing more is played until a save succeeds: a crash would lose every move acknowledged meanwhile.
      const newly = this.saveHold.reason === null;
      this.saveHold.fail(error);
      if (newly) {
        const why = (error instanceof Error ? error.message : String(error)).replace(/[.\s]+$/, '');
        this.broadcast({
          kind: 'save-failed',
          message: `the game could not be saved to ${this.savePath} (${why}); play is held until it can be saved (the last move is kept, not yet saved)`,
        });
        this.sendSnapshots();
      }
      return;
    }
    for (const kept of report.kept) this.broadcast({ kind: 'note', text: `an unfinished game that was saved there is kept at ${kept}` });
    if (report.damaged !== undefined) this.broadcast({ kind: 'note', text: `a damaged file at the save's place is kept at ${report.damaged}` });
    if (this.saveHold.release()) {
      this.broadcast({ kind: 'note', text: `the game is saved again (${this.savePath}): play goes on` });
      this.sendSnapshots();
      this.kick();
    }
  }

  /** While play is held for a failed save: the save tried again (releasing play when it succeeds). */
  private retrySave(): void {
    if (this.closed || this.saveHold.reason === null) return;
    this.save();
  }

  private sendSnapshots(): void {
    for (const sub of this.subscribers) this.sendSnapshot(sub);
  }

  private sendSnapshot(sub: Subscriber<Move, View, Event>): void {
    const snapshot = this.snapshot(sub.viewer);
    const json = JSON.stringify(snapshot);
    if (json === sub.last) return;
    sub.last = json;
    sub.listener({ kind: 'snapshot', snapshot });
  }

  private sendTo(viewer: Viewer, update: TableUpdate<Move, View, Event>): void {
    for (const sub of this.subscribers) if (sub.viewer === viewer) sub.listener(update);
  }

  private broadcast(update: TableWideUpdate<Move>): void {
    for (const sub of this.subscribers) sub.listener(update);
    for (const watcher of this.watchers) watcher(update);
  }
}
