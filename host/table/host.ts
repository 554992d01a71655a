// The one match holder of the table front end, for any `TableGame`. No terminal code: the
// terminal, the JSON stream, a web server and the tests drive it alike.
// - It holds the match (state + log) and judges every move with the engine: a refused move
//   changes nothing and is answered, to the viewer who sent it only, with the rules' reason.
// - It saves after every accepted move (the engine's atomic, checksummed save, under its lock),
//   keeping the bots' random stream and the seating beside the log, so a resumed match goes on
//   exactly as it would have.
// - It plays the bot seats (one driver: the bots the game's entry offers), samples chance from
//   the state's generator or waits for the table's own dice, and binds the timer as the entry
//   says: an external actor whose events become moves, or a table device that plays sounds and
//   runs a turn clock.
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
import type { ActorId, MoveBase } from '../engine/game.ts';
import type { GameLog } from '../engine/log.ts';
import { resolveOptions, type OptionValue } from '../engine/meta.ts';
import { isRngState, randomFrom, seedRng, type Random } from '../engine/rng.ts';
import { clearForNewGame, readSaveOrBackup, writeSave, type SaveTable } from '../engine/save.ts';
import { lockSave, type SaveLock } from '../engine/save-lock.ts';
import { v } from '../engine/schema.ts';
import { chanceAsMove, eventsSeenBy, openChance, toMove, type TableResult } from '../engine/table-game.ts';
import { samplerFor, type TableBot } from '../engine/table-play.ts';
import type { DeviceEvent } from '../link/messages.ts';
import { SYSTEM_CLOCK, type WallClock } from '../../sim/device/real-time-driver.ts';
import { WindowCountdown, type CountdownChange, type QuickCountdown } from './quick-window.ts';
import { TABLE, type TableEntry, type TimerCommand, type Viewer } from './entry.ts';
import { saveShapeOf } from './save-shape.ts';

/** Who sits at a seat: a person, or a bot of the game's (by its id). */
export interface SeatPlan {
  readonly name: string;
  /** Null for a person. */
  readonly bot: string | null;
}

/** What a table-mode timer needs to offer the host: a `TimerLink` fits. */
export interface TableTimerPort {
  request(command: string): Promise<unknown>;
  onEvent(listener: (event: DeviceEvent) => void): () => void;
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
}

/**
 * How long after a quick window's time the host waits for a connected timer's own TIMEOUT before
 * it ends the window itself (a timer that went quiet must not hold up the table).
 */
export const TIMER_TIMEOUT_GRACE_MS = 1000;

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

export type Submitted = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What the host keeps beside the log in the save file (checked when read back). */
const savedTableSchema = v.strictObject({
  seats: v.array(v.strictObject({ name: v.string(), bot: v.nullable(v.string()) })),
  botRng: v.custom<readonly [number, number, number, number]>(isRngState, 'is not a generator state (four whole numbers)'),
  chance: v.picklist(['sample', 'table']),
});

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
  private readonly lock: SaveLock | null;
  private readonly options: HostOptions;
  private readonly stopTimer: (() => void) | null;
  private timerQueue: Promise<void> = Promise.resolve();
  private running: Promise<void> = Promise.resolve();
  private kicked = false;
  private finishedSent = false;
  private closed = false;
  private lastMovers = '';
  private readonly quickWindow: WindowCountdown;

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
    const timer = options.timer ?? null;
    this.stopTimer = timer === null ? null : timer.onEvent((event) => this.timerEvent(event));
    this.lastMovers = toMove(entry.game, state).join();
    // A window open at the start (or in a resumed match) counts from its full length.
    this.quickWindow = new WindowCountdown(options.clock ?? SYSTEM_CLOCK, () => this.timeUp());
    const opened = this.quickWindow.track(null, entry.game.decisions(state), null, this.graceMs());
    if (opened === 'opened' && this.countsOnTimer()) this.sendCommand({ clock: (this.quickWindow.current as QuickCountdown).seconds });
  }

  /** A new match; the save (if any) takes the place of what was there, keeping an unfinished game under a name of its own. */
  static start<Config, State, Move extends MoveBase, View, Event>(
    entry: TableEntry<Config, State, Move, View, Event>,
    match: NewMatch,
    options: HostOptions,
  ): { host: TableHost<Config, State, Move, View, Event>; opening: readonly Event[]; notes: readonly string[] } {
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
    const opening = game.setup(config, match.seed);
    const notes: string[] = [];
    const lock = options.savePath === null ? null : lockSave(options.savePath, options.command ?? 'table');
    if (lock?.tookOverFrom) notes.push(`took over the save's lock from a program that is gone (${lock.tookOverFrom.command})`);
    try {
      if (options.savePath !== null) {
        const cleared = clearForNewGame(saveShapeOf(game), options.savePath);
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

  /** The match saved at `options.savePath`, or its backup when the save is damaged (the note says so). */
  static resume<Config, State, Move extends MoveBase, View, Event>(
    entry: TableEntry<Config, State, Move, View, Event>,
    options: HostOptions & { readonly savePath: string },
  ): { host: TableHost<Config, State, Move, View, Event>; notes: readonly string[] } {
    const lock = lockSave(options.savePath, options.command ?? 'table');
    try {
      const loaded = readSaveOrBackup(saveShapeOf(entry.game), options.savePath);
      const notes: string[] = [];
      if (lock.tookOverFrom) notes.push(`took over the save's lock from a program that is gone (${lock.tookOverFrom.command})`);
      if (loaded.source === 'backup') notes.push(`${loaded.problem ?? 'the save is damaged'}; carrying on from the backup`);
      const parsed = v.safeParse(savedTableSchema, loaded.table);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        const where = (issue?.path ?? []).map((p) => String(p.key)).join('.');
        throw new TableHostError(
          `${options.savePath} was not saved by the table front end (its table${where ? ` ${where}` : ''}: ${issue?.message ?? 'missing'}); open it with the command that saved it`,
        );
      }
      const table = parsed.output;
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
    return {
      viewer,
      view: game.view(s, viewer),
      prompt: game.prompt(s, viewer),
      moves: seat && waitingOn.includes(viewer) ? game.legalMoves(s, viewer) : [],
      waitingOn,
      dice: this.diceWanted() && (viewer === TABLE || seat) ? openChance(game, s) : null,
      countdown: this.quickWindow.current,
      result: game.result(s),
    };
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
    return this.quickWindow.leftMs();
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

  /** Stops listening to the timer and releases the save's lock (the match stays saved). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopTimer?.();
    this.quickWindow.stop();
    await this.running.catch(() => undefined);
    await this.timerQueue;
    this.lock?.release();
  }

  // ---- moves ----

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
    this.save();
    this.sendTo(move.actor, { kind: 'moved', move });
    for (const sub of this.subscribers) {
      const seen = eventsSeenBy(game, applied.events, sub.viewer);
      if (seen.length > 0) sub.listener({ kind: 'events', events: seen });
    }
    const change = this.quickWindow.track(before, game.decisions(this.stateNow), move.actor, this.graceMs());
    this.timerAfter(applied.events, change);
    for (const sub of this.subscribers) this.sendSnapshot(sub);
    const result = game.result(this.stateNow);
    if (result.finished && !this.finishedSent) {
      this.finishedSent = true;
      this.broadcast({ kind: 'finished', result });
    }
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
    if (actors.length === 0) return null;
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
      const next = this.automaticMove();
      if (next === null) return;
      if (next.bot && delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.closed) return;
      // The state may have moved on during the pause (a person answered, the timer spoke): choose again.
      const now = delay > 0 && next.bot ? this.automaticMove() : next;
      if (now === null) return;
      const problem = this.play(now.move);
      if (problem !== null) {
        this.broadcast({ kind: 'note', text: `a bot's move was refused (${problem}); the table waits for people` });
        return;
      }
    }
  }

  // ---- the timer ----

  private timerEvent(event: DeviceEvent): void {
    if (this.closed) return;
    this.broadcast({ kind: 'timer', event });
    const binding = this.entry.timer;
    if (binding === null) return;
    // The timer counting a quick window down says when its time is up (a TIMEOUT well before
    // then is an older clock's: the window's own TIMER replaced it).
    if (event.name === 'TIMEOUT' && this.countsOnTimer() && this.quickWindow.isDue(TIMER_TIMEOUT_GRACE_MS)) {
      this.timeUp();
      return;
    }
    if (binding.kind === 'external') {
      const move = binding.moveFor(event);
      if (move === null) return;
      const problem = this.play(move);
      if (problem !== null) this.broadcast({ kind: 'note', text: `the timer's ${event.name} was not taken: ${problem}` });
      else this.kick();
      return;
    }
    if (event.name === 'TIMEOUT' && (this.options.turnSeconds ?? null) !== null) {
      const movers = toMove(this.entry.game, this.stateNow).map((a) => this.names[a] ?? a);
      if (movers.length > 0)
        this.broadcast({ kind: 'note', text: `the turn clock ran out for ${movers.join(', ')} (a reminder: nothing changes in the game)` });
    }
  }

  private timerAfter(events: readonly Event[], change: CountdownChange): void {
    const binding = this.entry.timer;
    if (binding === null || binding.kind !== 'device') return;
    const commands = binding.commandsFor(events);
    const turnSeconds = this.options.turnSeconds ?? null;
    const movers = toMove(this.entry.game, this.stateNow);
    const moversKey = movers.join();
    const quick = this.quickWindow.current;
    const onTimer = this.countsOnTimer();
    if (change === 'opened' && quick !== null && onTimer) {
      // A quick window counts down on the timer, after the sounds, in place of the turn clock.
      commands.push({ clock: quick.seconds });
    } else if (change !== 'continues') {
      // (While a window stays open its countdown runs on: a pass does not restart it for the others.)
      const stopped = change === 'closed' && onTimer;
      // Closed before its time: the timer stops. (Run out: the timer has said TIMEOUT already.)
      if (stopped) commands.unshift({ clock: 0 });
      if (turnSeconds !== null && (moversKey !== this.lastMovers || change === 'closed' || change === 'ran-out')) {
        // A new decision for people starts the clock after the sounds; anything else stops it first.
        const people = movers.length > 0 && movers[0] !== CHANCE;
        if (people) commands.push({ clock: turnSeconds });
        else if (!stopped) commands.unshift({ clock: 0 });
      }
    }
    this.lastMovers = moversKey;
    for (const command of commands) this.sendCommand(command);
  }

  /** Whether quick windows count down on a connected timer (a table device), not on the host alone. */
  private countsOnTimer(): boolean {
    return this.entry.timer !== null && this.entry.timer.kind === 'device' && (this.options.timer ?? null) !== null;
  }

  private graceMs(): number {
    return this.countsOnTimer() ? TIMER_TIMEOUT_GRACE_MS : 0;
  }

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
    for (const sub of this.subscribers) this.sendSnapshot(sub);
    this.kick();
  }

  private sendCommand(command: TimerCommand): void {
    const port = this.options.timer ?? null;
    this.broadcast({ kind: 'timer-command', command });
    if (port === null) return;
    const text = 'play' in command ? `PLAY ${command.play}` : `TIMER ${command.clock}`;
    this.timerQueue = this.timerQueue.then(async () => {
      try {
        await port.request(text);
      } catch (error) {
        this.broadcast({ kind: 'note', text: `the timer did not take ${text} (${error instanceof Error ? error.message : String(error)}); play goes on` });
      }
    });
  }

  // ---- saving and sending ----

  private save(): void {
    if (this.savePath === null) return;
    const table: SaveTable = {
      seats: this.seats.map((s) => ({ name: s.name, bot: s.bot })),
      botRng: [...this.botRandom.state()],
      chance: this.chanceMode,
    };
    try {
      const report = writeSave(saveShapeOf(this.entry.game), this.savePath, this.logNow, { table });
      for (const kept of report.kept) this.broadcast({ kind: 'note', text: `an unfinished game that was saved there is kept at ${kept}` });
      if (report.damaged !== undefined) this.broadcast({ kind: 'note', text: `a damaged file at the save's place is kept at ${report.damaged}` });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.broadcast({
        kind: 'save-failed',
        message: `the game could not be saved to ${this.savePath} (${why}); play goes on, but nothing since the last save is kept`,
      });
    }
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

  private broadcast(update: TableUpdate<Move, View, Event>): void {
    for (const sub of this.subscribers) sub.listener(update);
  }
}
