// The table host's side of the Imperial Timer: what the timer is told and what it reports, as the
// game's entry binds it (`TimerBinding`).
// - A table device (`device`): after each move the sounds (`PLAY <sound>`), the turn clock
//   (`TIMER <s>` for a new decision of people, `TIMER 0` for anything else), a quick window's
//   countdown on the timer; its TIMEOUT of the turn clock a reminder note, of a window the window's end.
// - An external actor (`external`): each event becomes the timer's move; with `CountdownRules`
//   (a game on the timer's countdown, Rebel Missions) the countdown between the timer's reports
//   (`countdown.ts`), play held while it is paused or lost, the time left recorded (checkpoints),
//   catching up with STATUS, and the device actions the host may carry out on a timer it may press
//   (start, resume, pause, enter the code).
// The match itself (its state, judging, saving, the viewers) stays the host's: it hands this side
// what it needs as `TimerTable`.

import { CHANCE } from '../engine/decisions.ts';
import type { ActorId, MoveBase } from '../engine/table-game.ts';
import { toMove } from '../engine/table-game.ts';
import type { DeviceEvent } from '../link/messages.ts';
import type { TimerStatus } from '../link/protocol-client.ts';
import type { LinkNotice } from '../link/timer-link.ts';
import { Countdown, type CountdownClock, type DeviceAction } from './countdown.ts';
import type { CountdownRules, TableEntry, TimerCommand } from './entry.ts';
import type { CountdownChange, QuickCountdown } from './quick-window.ts';

/** What a timer needs to offer the host: a `TimerLink` fits. `status` and `onNotice` serve a game on the timer's countdown. */
export interface TableTimerPort {
  request(command: string): Promise<unknown>;
  onEvent(listener: (event: DeviceEvent) => void): () => void;
  status?(): Promise<TimerStatus>;
  onNotice?(listener: (notice: LinkNotice) => void): () => void;
}

/**
 * How long after a quick window's time the host waits for a connected timer's own TIMEOUT before
 * it ends the window itself (a timer that went quiet must not hold up the table).
 */
export const TIMER_TIMEOUT_GRACE_MS = 1000;

/** A recorded time left differs from the game's by at least this much before it is recorded (ms). */
const RECORD_STEP_MS = 1000;

const PRESS_TRIANGLE = 'press the triangle button on the timer';

/** What the timer's side is told about the timer and the table (the host's options). */
export interface HostTimerOptions {
  readonly timer?: TableTimerPort | null;
  readonly turnSeconds?: number | null;
  readonly assist?: boolean;
  readonly now?: () => number;
  readonly checkpointEveryMs?: number;
  readonly windowClock?: 'host' | 'front-end';
}

/** What the timer tells everyone at the table (the host broadcasts it as it is). */
export type TimerNews =
  | { readonly kind: 'timer'; readonly event: DeviceEvent }
  | { readonly kind: 'timer-command'; readonly command: TimerCommand }
  | { readonly kind: 'note'; readonly text: string };

/** The match as the timer's side sees it: the host's state and what it may ask the host to do. */
export interface TimerTable<State, Move> {
  state(): State;
  finished(): boolean;
  closed(): boolean;
  /** The seats played by people, and whether a seat is a bot's. */
  people(): readonly ActorId[];
  isBot(actor: ActorId): boolean;
  nameOf(actor: ActorId): string;
  /** Judges and plays a move (null: taken, else the reason); `external`: an external actor's, drawing a pending set-up draw first. */
  play(move: Move, external: boolean): string | null;
  tell(news: TimerNews): void;
  /** Every viewer is sent its snapshot again (when what it may see changed). */
  refresh(): void;
  /** Bots and chance go on (after a change the timer brought). */
  kick(): void;
  /** Why play is held for a failed save (null: it is not). */
  unsaved(): string | null;
  /** The open quick window's countdown, when the host counts one. */
  quickWindow(): QuickCountdown | null;
  /** The timer said TIMEOUT: the open quick window ends when its time is (about) up; false when it is not its TIMEOUT. */
  windowTimedOut(): boolean;
}

/** The link's news in words, told to the table as a note (null: nothing worth saying). */
function noticeText(notice: LinkNotice): string | null {
  switch (notice.kind) {
    case 'connected':
      return null;
    case 'lost':
      return `the link to the timer was lost (${notice.reason}); the game is kept, and the link keeps trying to reach the timer`;
    case 'retrying':
      return notice.attempt === 1 ? null : `still trying to reach the timer (attempt ${notice.attempt}): ${notice.reason}`;
    case 'resumed':
      return `the timer answers again (${notice.description}): the game carries on`;
    case 'problem':
      return `timer link: ${notice.text}`;
    case 'timer-warning':
      return notice.text;
  }
}

export class HostTimer<Config, State, Move extends MoveBase, View, Event> {
  /** A game on the timer's countdown: its rules and the clock between reports (null otherwise). */
  private readonly rules: CountdownRules<State, Move> | null;
  private readonly countdown: Countdown | null;
  private readonly checkpointTimer: ReturnType<typeof setInterval> | undefined;
  /** Codes found before the timer's countdown was restarted (its own count starts again at 0). */
  private foundOffset = 0;
  /** A code being pressed on the timer. */
  private entering: Promise<void> | undefined;
  private readonly stopListening: (() => void) | null;
  private queue: Promise<void> = Promise.resolve();
  /** Whose decision the last move left (the turn clock starts again when it changes). */
  private lastMovers = '';
  /** Whose decision the turn clock was last started for (null: stopped or never started). */
  private clockMovers: string | null = null;

  constructor(
    private readonly entry: TableEntry<Config, State, Move, View, Event>,
    private readonly options: HostTimerOptions,
    private readonly table: TimerTable<State, Move>,
    start: { readonly state: State; readonly moves: readonly Move[] },
  ) {
    const binding = entry.timer;
    this.rules = binding?.kind === 'external' ? (binding.countdown ?? null) : null;
    const rules = this.rules;
    if (rules !== null) {
      const over = entry.game.result(start.state).finished;
      this.countdown = new Countdown(options.now ?? (() => performance.now()), {
        leftMs: rules.recordedLeftMs(start.state),
        totalMs: rules.lengthFrom(start.moves),
        state: rules.awaitingStart(start.state) ? 'waiting' : over ? 'stopped' : 'running',
      });
    } else this.countdown = null;
    if (rules !== null && options.checkpointEveryMs !== undefined) {
      this.checkpointTimer = setInterval(() => this.recordTimeLeft(), options.checkpointEveryMs);
      this.checkpointTimer.unref?.();
    }
    const port = options.timer ?? null;
    const stops: (() => void)[] = [];
    if (port !== null) {
      stops.push(port.onEvent((event) => this.onEvent(event)));
      if (port.onNotice)
        stops.push(
          port.onNotice((notice) => {
            if (this.table.closed()) return;
            const text = noticeText(notice);
            if (text !== null) this.table.tell({ kind: 'note', text });
            if (notice.kind === 'resumed') {
              this.syncWith(notice.status);
              // A device timer back after a loss lost its turn clock: started again for whoever is to move.
              this.startTurnClock({ again: true });
            }
          }),
        );
    }
    this.stopListening = stops.length === 0 ? null : () => stops.forEach((stop) => stop());
    this.lastMovers = toMove(entry.game, start.state).join();
  }

  /** Whether the game runs on the timer's countdown (an external timer with `CountdownRules`). */
  get onCountdown(): boolean {
    return this.rules !== null;
  }

  /** The countdown for a snapshot (null: the game is not on the timer's clock). */
  get clock(): CountdownClock | null {
    return this.countdown?.clock ?? null;
  }

  /** Whether quick windows count down on a connected timer (a table device), not on the host alone. */
  countsWindows(): boolean {
    const binding = this.entry.timer;
    return (this.options.windowClock ?? 'host') === 'host' && binding !== null && binding.kind === 'device' && (this.options.timer ?? null) !== null;
  }

  /** How long past a window's time the host waits for the timer's own TIMEOUT (ms). */
  graceMs(): number {
    return this.countsWindows() ? TIMER_TIMEOUT_GRACE_MS : 0;
  }

  /**
   * Why nothing may be played now because of the timer, or null: the game is under way on its
   * countdown but the countdown is not running (paused, or lost). Says what to do.
   */
  heldReason(): string | null {
    const rules = this.rules;
    const countdown = this.countdown;
    const s = this.table.state();
    if (rules === null || countdown === null || !rules.underWay(s) || rules.codeToEnter(s) !== null) return null;
    const assist = this.options.assist ?? false;
    if (countdown.lost) {
      return `the timer's countdown is not running (it lost it): nothing is played until it runs again. ${
        assist ? 'Choose "Start the timer" to carry on with the time that was left' : `${PRESS_TRIANGLE} to start it again and carry on`
      }.`;
    }
    if (countdown.state === 'paused') {
      return `the timer is paused: nothing is played until it runs again. ${assist ? 'Choose "Resume the timer", or ' : ''}${PRESS_TRIANGLE} to resume.`;
    }
    return null;
  }

  /** The device actions the host can carry out now (only when it may press the timer's buttons). */
  deviceActions(): DeviceAction[] {
    const rules = this.rules;
    const countdown = this.countdown;
    if (rules === null || countdown === null || !(this.options.assist ?? false) || (this.options.timer ?? null) === null || this.table.closed()) return [];
    const s = this.table.state();
    if (this.table.finished()) return [];
    const actions: DeviceAction[] = [];
    if (rules.awaitingStart(s) || countdown.lost) actions.push('start-timer');
    if (countdown.state === 'paused' && !countdown.lost) actions.push('resume-timer');
    if (rules.codeToEnter(s) !== null && countdown.running && this.entering === undefined) actions.push('enter-code');
    if (rules.underWay(s) && countdown.running) actions.push('pause-timer');
    // While the game cannot be saved nothing is played; the countdown may still be paused.
    if (this.table.unsaved() !== null) return actions.filter((a) => a === 'pause-timer');
    return actions;
  }

  /**
   * Presses the timer for a person or the table: the protocol command goes out, and the timer's
   * answering events become the timer's moves as usual. Null when done, else why it cannot be
   * done now, with what to do instead.
   */
  async press(action: DeviceAction): Promise<string | null> {
    if (this.rules === null) return `${this.entry.game.meta.title} does not run on the timer's countdown`;
    if (!(this.options.assist ?? false) || (this.options.timer ?? null) === null) {
      return `the host cannot press this timer's buttons: ${action === 'enter-code' ? 'enter the code on the timer' : `${PRESS_TRIANGLE}`}`;
    }
    const unsaved = this.table.unsaved();
    if (unsaved !== null && action !== 'pause-timer') return unsaved;
    if (!this.deviceActions().includes(action)) return this.actionUnavailable(action);
    try {
      if (action === 'start-timer') await this.startTimer();
      else if (action === 'resume-timer') await this.port().request('RESUME');
      else if (action === 'pause-timer') await this.port().request('PAUSE');
      else await this.enterCode();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return null;
  }

  /** Catches up with the timer's STATUS (after connecting, resuming a save, or the link coming back). */
  async syncTimer(): Promise<void> {
    const port = this.options.timer ?? null;
    if (this.rules === null || port?.status === undefined) return;
    this.syncWith(await port.status());
  }

  /**
   * Records the time left from the timer's STATUS (for the moment the table leaves). Never more
   * than the countdown the table was shown: a timer whose clock fell behind the table's (a
   * built-in timer on a busy computer) must not give time back when the game is resumed.
   */
  async checkpoint(): Promise<void> {
    const countdown = this.countdown;
    const port = this.options.timer ?? null;
    if (countdown === null || !countdown.running || this.table.finished()) return;
    try {
      if (port?.status === undefined) throw new Error('no STATUS');
      const status = await port.status();
      const shown = countdown.leftMs();
      if (status.state === 'running' && !this.table.finished()) this.recordTimeLeft(shown === null ? status.leftMs : Math.min(status.leftMs, shown));
    } catch {
      this.recordTimeLeft();
    }
  }

  /** A person's move is about to be played: on the timer's countdown, the time since its last report is recorded with it. */
  beforeMove(): void {
    if (this.rules !== null) this.recordTimeLeft();
  }

  /**
   * After a move: the sounds its events make on a table device, then the quick window's countdown
   * or the turn clock (`change`: what the move did to the quick window).
   */
  afterMove(events: readonly Event[], change: CountdownChange): void {
    const binding = this.entry.timer;
    if (binding === null || binding.kind !== 'device') return;
    const commands = binding.commandsFor(events);
    const turnSeconds = this.options.turnSeconds ?? null;
    const movers = toMove(this.entry.game, this.table.state());
    const moversKey = movers.join();
    const quick = this.table.quickWindow();
    const onTimer = this.countsWindows();
    if (change === 'opened' && quick !== null && onTimer) {
      // A quick window counts down on the timer, after the sounds, in place of the turn clock.
      commands.push({ clock: quick.seconds });
      this.clockMovers = null;
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
        this.clockMovers = people ? moversKey : null;
      }
    }
    this.lastMovers = moversKey;
    for (const command of commands) this.command(command);
  }

  /**
   * A device timer's turn clock for whoever is waited on now, as after a move: a new match's
   * first decision, a resumed match's, or a timer that came back after it was lost.
   */
  startTurnClock(options: { readonly again?: boolean } = {}): void {
    const movers = toMove(this.entry.game, this.table.state());
    if (this.table.closed() || movers.length === 0 || movers[0] === CHANCE) return; // nobody at the table to time
    // Once per decision: unless asked to start it again (the timer lost it), a clock already started for these movers stands.
    if (options.again !== true && this.clockMovers === movers.join()) return;
    this.lastMovers = '';
    this.afterMove([], 'none');
  }

  /** A command for the timer: told to everyone, then sent (one at a time; one refused is a note, and play goes on). */
  command(command: TimerCommand): void {
    const port = this.options.timer ?? null;
    this.table.tell({ kind: 'timer-command', command });
    if (port === null) return;
    const text = 'play' in command ? `PLAY ${command.play}` : `TIMER ${command.clock}`;
    this.queue = this.queue.then(async () => {
      try {
        await port.request(text);
      } catch (error) {
        this.table.tell({ kind: 'note', text: `the timer did not take ${text} (${error instanceof Error ? error.message : String(error)}); play goes on` });
      }
    });
  }

  /**
   * On a timer the host may press (a virtual timer): a table of bots alone starts the countdown (a
   * new game's, or a resumed game's that the timer lost), and a bot whose mission asks for a code
   * enters it, after the same pause as any bot move.
   */
  async botsUseTimer(delay: number): Promise<void> {
    const rules = this.rules;
    if (rules === null || !(this.options.assist ?? false) || (this.options.timer ?? null) === null) return;
    const actions = this.deviceActions();
    const s = this.table.state();
    const code = rules.codeToEnter(s);
    const allBots = this.table.people().length === 0;
    // A new game's countdown, or a resumed game's on a timer that lost it (a fresh built-in timer): started as a new game's is.
    const mayStart = rules.awaitingStart(s) || (this.countdown?.lost ?? false);
    const want: DeviceAction | null =
      actions.includes('start-timer') && allBots && mayStart
        ? 'start-timer'
        : actions.includes('enter-code') && code !== null && this.table.isBot(code.by)
          ? 'enter-code'
          : null;
    if (want === null) return;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (this.table.closed() || !this.deviceActions().includes(want)) return;
    try {
      if (want === 'start-timer') await this.startTimer();
      else await this.enterCode();
    } catch (error) {
      this.table.tell({ kind: 'note', text: `a bot could not use the timer (${error instanceof Error ? error.message : String(error)}); the table waits` });
    }
  }

  /** Records the time left, stops listening to the timer and waits for the commands sent to it. `closing` runs between (the host marks itself closed). */
  async close(closing: () => void): Promise<void> {
    await this.checkpoint().catch(() => undefined);
    closing();
    clearInterval(this.checkpointTimer);
    this.stopListening?.();
  }

  /** The commands sent to the timer have gone out (or failed). */
  sent(): Promise<void> {
    return this.queue;
  }

  // ---- what the timer reports ----

  private onEvent(event: DeviceEvent): void {
    if (this.table.closed()) return;
    const rules = this.rules;
    const countdown = this.countdown;
    const s = this.table.state();
    countdown?.onEvent(event, rules?.awaitingStart(s) ?? false);
    this.table.tell({ kind: 'timer', event });
    const binding = this.entry.timer;
    if (binding === null) return;
    // The timer counting a quick window down says when its time is up (a TIMEOUT well before
    // then is an older clock's: the window's own TIMER replaced it).
    if (event.name === 'TIMEOUT' && this.countsWindows() && this.table.windowTimedOut()) return;
    if (binding.kind === 'external') {
      const over = this.table.finished();
      if (rules !== null && countdown !== null && !over && rules.underWay(s)) {
        if (event.name === 'KEY' && event.button !== 'triangle' && (countdown.lost || countdown.state === 'paused')) {
          const stopped = countdown.lost ? 'ready' : 'paused';
          this.table.tell({
            kind: 'note',
            text: `the timer's countdown is not running (${stopped === 'paused' ? 'paused' : 'it lost it'}), so it does not judge codes: that press counts for nothing. ${this.startWhat(stopped)}, then enter the code again.`,
          });
        }
        if (event.name === 'START') {
          // A new countdown for a game under way (the timer lost its own): carry on; the timer counts codes from zero again.
          this.foundOffset = rules.codesFound(s);
          if (countdown.lost) this.table.tell({ kind: 'note', text: 'the timer started a new countdown: the game carries on.' });
          countdown.lost = false;
        }
      }
      const move = over ? null : binding.moveFor(event, s, this.foundOffset);
      if (move !== null) {
        const problem = this.table.play(move, true);
        if (problem !== null) this.table.tell({ kind: 'note', text: `the timer's ${event.name} was not taken: ${problem}` });
      }
      if (this.table.finished()) countdown?.stop();
      this.table.refresh();
      this.table.kick();
      return;
    }
    if (event.name === 'TIMEOUT' && (this.options.turnSeconds ?? null) !== null) {
      const movers = toMove(this.entry.game, this.table.state()).map((a) => this.table.nameOf(a));
      if (movers.length > 0)
        this.table.tell({ kind: 'note', text: `the turn clock ran out for ${movers.join(', ')} (a reminder: nothing changes in the game)` });
    }
  }

  private syncWith(status: TimerStatus): void {
    const rules = this.rules;
    const countdown = this.countdown;
    if (rules === null || countdown === null) return;
    const plan = rules.reconcile(this.table.state(), status, this.options.assist ?? false);
    for (const text of plan.notes) this.table.tell({ kind: 'note', text });
    for (const move of plan.moves) {
      if (this.table.finished()) break;
      const problem = this.table.play(move, true);
      if (problem !== null)
        this.table.tell({ kind: 'note', text: `could not catch up with the timer (${String((move as { type?: unknown }).type)}): ${problem}` });
    }
    countdown.onStatus(status, plan.countdownLost, rules.recordedLeftMs(this.table.state()));
    if (this.table.finished()) countdown.stop();
    this.table.refresh();
    this.table.kick();
  }

  // ---- pressing the timer's buttons ----

  private port(): TableTimerPort {
    const port = this.options.timer ?? null;
    if (port === null) throw new Error('no timer');
    return port;
  }

  private actionUnavailable(action: DeviceAction): string {
    const s = this.table.state();
    const rules = this.rules as CountdownRules<State, Move>;
    const countdown = this.countdown as Countdown;
    if (this.table.finished()) return 'the game is over';
    switch (action) {
      case 'start-timer':
        return 'the timer has already started this game';
      case 'resume-timer':
        return 'the timer is not paused';
      case 'pause-timer':
        return 'the countdown is not running: there is nothing to pause';
      case 'enter-code':
        if (rules.codeToEnter(s) === null) return 'no code is waiting to be entered';
        if (this.entering !== undefined) return 'the code is being entered';
        return `the timer is ${countdown.lost ? 'not running' : countdown.state}: it judges a code only while its countdown runs, so the code was not entered. ${this.startWhat(countdown.lost ? 'ready' : countdown.state)}, then enter the code.`;
    }
  }

  /** What to do to get the countdown running from the timer's `state`. */
  private startWhat(state: string): string {
    const assist = this.options.assist ?? false;
    if (state === 'paused') return assist ? 'Choose "Resume the timer" (or press the triangle button)' : 'Press the triangle button on the timer to resume';
    return assist ? 'Choose "Start the timer"' : 'Press the triangle button on the timer to start it';
  }

  /**
   * START, as pressing the triangle does. When the timer lost this game's countdown, it is first
   * set to the time left and the codes still needed, and after START its clock is moved on to
   * exactly the time that was left (a duration is whole seconds and at least a minute).
   */
  private async startTimer(): Promise<void> {
    const port = this.port();
    const rules = this.rules as CountdownRules<State, Move>;
    const countdown = this.countdown as Countdown;
    let aheadMs = 0;
    if (countdown.lost) {
      const settings: string[] = [];
      const left = rules.recordedLeftMs(this.table.state());
      if (left !== null) {
        const seconds = Math.min(3600, Math.max(60, Math.ceil(left / 1000)));
        settings.push(`duration=${seconds}`);
        aheadMs = seconds * 1000 - left;
      }
      if (countdown.need !== null) settings.push(`need=${Math.max(1, countdown.need - rules.codesFound(this.table.state()))}`);
      if (settings.length > 0) await port.request(`CONFIG ${settings.join(' ')}`);
    }
    await port.request('START');
    if (aheadMs > 0) {
      await port.request(`SIM ADVANCE ${aheadMs}`);
      await this.syncTimer();
    }
  }

  /**
   * Presses the requested code's symbols (PRESS d each); the timer's CHIME, BUZZ or FANFARE
   * arrives as an event. A half-made entry is first cleared the rulebook's way: the last symbol
   * again, which buzzes at once. Refused while the countdown does not run (it would judge nothing).
   */
  private enterCode(): Promise<void> {
    const rules = this.rules as CountdownRules<State, Move>;
    const port = this.port();
    const code = rules.codeToEnter(this.table.state());
    if (code === null) return Promise.reject(new Error('no code is waiting to be entered'));
    if (this.entering) return this.entering;
    const run = async (): Promise<void> => {
      const status = port.status ? await port.status() : null;
      if (status !== null && status.state !== 'running') {
        throw new Error(
          `the timer is ${status.state}: it judges a code only while its countdown runs, so the code was not entered. ${this.startWhat(status.state)}, then enter the code.`,
        );
      }
      const last = status?.entry.slice(-1) ?? '';
      if (last !== '') await port.request(`PRESS ${last}`);
      for (const digit of code.digits) {
        if (rules.codeToEnter(this.table.state()) === null) return;
        await port.request(`PRESS ${digit}`);
      }
    };
    this.entering = run().finally(() => {
      this.entering = undefined;
      this.table.refresh();
    });
    this.table.refresh();
    return this.entering;
  }

  /** Records the time left (the timer's reading, or the count since its last report) as the timer's move, when it moved on by a second or more. */
  private recordTimeLeft(leftMs: number | null = this.countdown?.leftMs() ?? null): void {
    const rules = this.rules;
    const countdown = this.countdown;
    if (rules === null || countdown === null || this.table.closed() || leftMs === null || !countdown.running) return;
    const s = this.table.state();
    const recorded = rules.recordedLeftMs(s);
    if (!rules.underWay(s) || recorded === null || recorded - leftMs < RECORD_STEP_MS) return;
    this.table.play(rules.timeMove(Math.max(0, Math.round(leftMs))), false);
  }
}
