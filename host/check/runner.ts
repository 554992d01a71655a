// The bring-up check of a freshly built timer: runs the walkthrough of steps.json against a timer
// over its link, asking the person through a Prompter (the pack walkthrough's shape): the
// protocol checks that are safe on a real timer, then each light, each sound, each button, the
// battery reading, the power switch, deep sleep and waking. Every failure gets its likely cause
// from the pin map. The settings read at the start are put back at the end, also when the person
// stops half way (q, Ctrl-C, the input ending) or a step fails; a link that goes ends the check
// with the report of what ran.

import { CommandError, LinkError } from '../link/protocol-client.ts';
import type { ButtonName, DeviceEvent } from '../link/messages.ts';
import type { Prompter } from '../pack/walkthrough.ts';
import type { CheckClock, CheckHands, CheckLink } from './check-timer.ts';
import { batteryFacts, batteryRange, BUZZER_GPIO, buttonGpio, DARK_FACE, LIT_FACE, lightFacts, POWER_SWITCH } from './pin-facts.ts';
import { REPORT_FORMAT, type CheckEnd, type CheckItem, type CheckReport } from './report.ts';
import { capital, fill, type CheckSteps, type SectionId } from './steps.ts';

export interface CheckOptions {
  readonly steps: CheckSteps;
  readonly link: CheckLink;
  readonly prompter: Prompter;
  /** The clock the time limits run on. */
  readonly clock: CheckClock;
  /** On a virtual timer: its buttons and switch worked for the person. */
  readonly hands?: CheckHands | undefined;
  /** On a virtual timer: what it shows and sounds now, told beside each question. */
  readonly observe?: (() => Promise<string>) | undefined;
  /** Resolves when the person stops the check (Ctrl-C, SIGTERM). */
  readonly stop?: Promise<void> | undefined;
  /** The timer in words for the report ("the timer on /dev/ttyACM0"). */
  readonly timer: string;
  readonly firmware: string;
  readonly now?: (() => Date) | undefined;
}

/** The person stopped the check. */
class Stopped extends Error {}
/** The link to the timer went. */
class Lost extends Error {}
/** A section cannot go on (a command it needs was refused); the rest of it is not run. */
class SectionRefused extends Error {
  constructor(
    readonly item: CheckItem,
    message: string,
  ) {
    super(message);
  }
}

/** The words of a refusal: an older firmware, or a timer in the wrong state. */
function refusalCause(error: CommandError): string {
  if (error.reason === 'unknown')
    return `the timer does not know ${error.command.split(' ')[0]} (${error.line}): its firmware is older than this check; flash the new image (companion flash) and run check again`;
  return `the timer refused ${error.command} (${error.line}): end its game (switch it off and on) and run check again`;
}

class CheckRun {
  private readonly items: CheckItem[] = [];
  private readonly events: DeviceEvent[] = [];
  private lostWhy: string | undefined;
  private stopWhy: string | undefined;
  private readonly steps: CheckSteps;

  constructor(private readonly options: CheckOptions) {
    this.steps = options.steps;
    void options.stop?.then(() => {
      this.stopWhy ??= 'interrupted (Ctrl-C)';
    });
  }

  async run(): Promise<CheckReport> {
    const now = this.options.now ?? (() => new Date());
    const startedAt = now().toISOString();
    const offEvent = this.options.link.onEvent((event) => this.events.push(event));
    const offNotice = this.options.link.onNotice((notice) => {
      if (notice.kind === 'lost') this.lostWhy ??= notice.reason;
    });
    let end: CheckEnd = { kind: 'finished' };
    let settings = '';
    let restored = false;
    let current: SectionId | undefined;
    try {
      settings = await this.readSettings();
      for (const section of this.steps.order) {
        current = section;
        this.options.prompter.say(`\n— ${this.steps[section].title} —`);
        try {
          await this.section(section);
        } catch (error) {
          if (!(error instanceof SectionRefused)) throw error;
          this.record(error.item);
          this.notRun(section, error.message);
        }
      }
    } catch (error) {
      if (error instanceof Stopped) end = { kind: 'stopped', why: error.message };
      else if (error instanceof Lost) end = { kind: 'link-lost', why: error.message };
      else throw error;
      if (current !== undefined) this.notRun(current, 'the check ended in it');
      const reached = new Set(this.items.map((i) => i.section));
      for (const section of this.steps.order) if (!reached.has(section)) this.notRun(section, 'the check ended before it', true);
    } finally {
      offEvent();
      offNotice();
    }
    if (settings !== '' && end.kind !== 'link-lost') restored = await this.restore(settings);
    const passed = this.items.filter((i) => i.outcome === 'passed').length;
    const failed = this.items.filter((i) => i.outcome === 'failed').length;
    return {
      format: REPORT_FORMAT,
      timer: this.options.timer,
      firmware: this.options.firmware,
      startedAt,
      endedAt: now().toISOString(),
      end,
      settingsRestored: restored,
      settings,
      items: this.items,
      passed,
      failed,
    };
  }

  private section(section: SectionId): Promise<void> {
    switch (section) {
      case 'protocol':
        return this.protocol();
      case 'battery':
        return this.battery();
      case 'lights':
        return this.lights();
      case 'sounds':
        return this.sounds();
      case 'buttons':
        return this.buttons();
      case 'power':
        return this.power();
      case 'sleep':
        return this.sleep();
    }
  }

  // --- the timer -------------------------------------------------------------------------

  /** Sends a command; a refusal is a CommandError, a gone link ends the check. */
  private async send(command: string): Promise<string> {
    return (await this.onTimer(() => this.options.link.request(command))).line;
  }

  /** Sends a command the section needs; a refusal ends the section with that item failed. */
  private async need(section: SectionId, id: string, title: string, command: string): Promise<string> {
    try {
      return await this.send(command);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      const cause = refusalCause(error);
      throw new SectionRefused({ section, id, title, outcome: 'failed', seen: error.line, cause }, `${command} was refused`);
    }
  }

  private async readSettings(): Promise<string> {
    try {
      const line = await this.send('CONFIG');
      return line.replace(/^OK CONFIG\s*/, '');
    } catch (error) {
      if (error instanceof CommandError) return '';
      throw error;
    }
  }

  private async restore(settings: string): Promise<boolean> {
    try {
      await this.options.link.request(`CONFIG ${settings}`);
      await this.options.link.request('RESET');
      return true;
    } catch {
      return false;
    }
  }

  /** Something done on the timer (a command, its clock, its hands, its eyes): a gone link ends the check; a refusal passes on. */
  private async onTimer<T>(work: () => Promise<T>): Promise<T> {
    this.checkGoingOn();
    try {
      return await work();
    } catch (error) {
      if (error instanceof LinkError) throw new Lost(this.lostWhy ?? error.message);
      throw error;
    }
  }

  private checkGoingOn(): void {
    if (this.lostWhy !== undefined) throw new Lost(this.lostWhy);
    if (this.stopWhy !== undefined) throw new Stopped(this.stopWhy);
  }

  /** Lets the timer's clock run until `done` says so or `limitMs` passed; resolves with the ms waited. */
  private async waitUntil(done: (waitedMs: number) => boolean, limitMs: number): Promise<number> {
    let waited = 0;
    for (;;) {
      this.checkGoingOn();
      if (done(waited) || waited >= limitMs) return waited;
      const slice = Math.min(this.steps.pollMs, limitMs - waited);
      await this.onTimer(() => this.options.clock.wait(slice));
      waited += slice;
    }
  }

  /** The events from now on. */
  private watch(): { seen: () => DeviceEvent[] } {
    const from = this.events.length;
    return { seen: () => this.events.slice(from) };
  }

  // --- the person ------------------------------------------------------------------------

  private record(item: CheckItem): void {
    this.items.push(item);
    const p = this.options.prompter;
    if (item.outcome === 'passed') p.say(`  ✓ ${item.title}${item.seen === undefined ? '' : ` (${item.seen})`}`);
    else if (item.outcome === 'failed') p.say(`  ✗ ${item.title}: ${item.cause ?? 'failed'}`);
  }

  /** The rest of a section that was cut short, or (`whole`) one never reached. */
  private notRun(section: SectionId, why: string, whole = false): void {
    const title = this.steps[section].title;
    this.items.push({ section, id: whole ? section : `${section}-rest`, title: whole ? title : `the rest of ${title}`, outcome: 'not-run', seen: why });
  }

  /** Asks a yes/no question; `again` (r) shows or plays it again. */
  private async yesNo(question: string, again?: () => Promise<void>): Promise<boolean> {
    const a = this.steps.answers;
    for (;;) {
      this.checkGoingOn();
      const observe = this.options.observe;
      if (observe !== undefined) this.options.prompter.say(`  (${await this.onTimer(observe)})`);
      const answer = await this.options.prompter.ask(question);
      if (answer === null) throw new Stopped(this.stopWhy ?? 'the input ended (or Ctrl-C)');
      const word = answer.trim().toLowerCase();
      if (a.yes.includes(word)) return true;
      if (a.no.includes(word)) return false;
      if (a.quit.includes(word)) throw new Stopped(`${word} was typed`);
      if (again !== undefined && a.again.includes(word)) {
        await again();
        continue;
      }
      this.options.prompter.say(a.retry);
    }
  }

  // --- the sections ----------------------------------------------------------------------

  private async protocol(): Promise<void> {
    const answers = new Map<string, string>();
    for (const check of this.steps.protocol.checks) {
      let line: string;
      try {
        line = await this.send(check.send);
      } catch (error) {
        if (!(error instanceof CommandError)) throw error;
        line = error.line;
      }
      answers.set(check.id, line);
      const expected = check.sameAs === undefined ? undefined : answers.get(check.sameAs);
      const ok = check.expect !== undefined ? new RegExp(check.expect).test(line) : line === expected;
      this.record({
        section: 'protocol',
        id: check.id,
        title: check.title,
        outcome: ok ? 'passed' : 'failed',
        seen: line,
        ...(ok ? {} : { cause: check.cause }),
      });
    }
  }

  private async battery(): Promise<void> {
    const b = this.steps.battery;
    let line: string;
    try {
      line = await this.send('BATTERY');
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      this.record({ section: 'battery', id: 'battery', title: 'the battery reading', outcome: 'failed', seen: error.line, cause: refusalCause(error) });
      return;
    }
    const mv = Number(/\bmv=(\d+)\b/.exec(line)?.[1] ?? 'NaN');
    const { minMv, maxMv } = batteryRange(this.steps);
    const values = { ...batteryFacts(), mv, minMv, maxMv };
    const title = fill(b.question, values);
    if (!Number.isInteger(mv)) {
      this.record({
        section: 'battery',
        id: 'battery',
        title,
        outcome: 'failed',
        seen: line,
        cause: 'the answer to BATTERY is not "OK BATTERY mv=<n>": flash the new image (companion flash)',
      });
      return;
    }
    const template = mv < b.noneBelowMv ? b.none : mv < minMv ? b.low : mv > maxMv ? b.high : undefined;
    this.record({
      section: 'battery',
      id: 'battery',
      title: `the battery reading is within ${minMv}..${maxMv} mV`,
      outcome: template === undefined ? 'passed' : 'failed',
      seen: `mv=${mv}`,
      ...(template === undefined ? {} : { cause: capital(fill(template, values)) }),
    });
  }

  private async lights(): Promise<void> {
    const l = this.steps.lights;
    const show = (id: string, title: string, face: string): Promise<string> => this.need('lights', id, title, `SHOW ${face}`);
    const ask = async (id: string, title: string, face: string, question: string, cause: string): Promise<void> => {
      await show(id, title, face);
      await this.waitUntil(() => false, l.lookMs);
      const yes = await this.yesNo(question, async () => {
        await show(id, title, face);
      });
      this.record({
        section: 'lights',
        id,
        title,
        outcome: yes ? 'passed' : 'failed',
        seen: `answered ${yes ? 'y' : 'n'}`,
        ...(yes ? {} : { cause: capital(cause) }),
      });
    };
    this.options.prompter.say(l.intro);
    await ask('dark', l.dark.title, DARK_FACE, l.dark.question, l.dark.cause);
    for (const light of lightFacts(this.steps)) {
      const values = { light: light.name, gpio: light.gpio, resistor: light.resistor, ohms: light.ohms };
      await ask(`light-${light.bit}`, `${light.name} (GP${light.gpio})`, light.face, fill(l.each.question, values), fill(l.each.cause, values));
    }
    await ask('lit', l.all.title, LIT_FACE, l.all.question, l.all.cause);
  }

  private async sounds(): Promise<void> {
    const s = this.steps.sounds;
    await this.need('sounds', 'volume', `volume ${s.volume} for the sounds`, `CONFIG volume=${s.volume}`);
    for (const [sound, tune] of Object.entries(s.tunes)) {
      const values = { sound, tune, gpio: BUZZER_GPIO };
      const play = async (): Promise<void> => {
        await this.need('sounds', sound, `the ${sound}`, `PLAY ${sound}`);
      };
      await play();
      const yes = await this.yesNo(fill(s.question, values), play);
      this.record({
        section: 'sounds',
        id: sound,
        title: `the ${sound}`,
        outcome: yes ? 'passed' : 'failed',
        seen: `answered ${yes ? 'y' : 'n'}`,
        ...(yes ? {} : { cause: capital(fill(s.cause, values)) }),
      });
    }
  }

  private async buttons(): Promise<void> {
    const b = this.steps.buttons;
    // Ready: a symbol button is only its EVT KEY there; the triangle starts a game, ended after.
    await this.need('buttons', 'ready', 'the timer ready for the buttons', 'RESET');
    for (const button of b.order) {
      const gpio = buttonGpio(button);
      const values = { button, gpio, seconds: Math.round(b.timeLimitMs / 1000) };
      const watch = this.watch();
      const keys = (): ButtonName[] => watch.seen().flatMap((e) => (e.name === 'KEY' ? [e.button] : []));
      this.options.prompter.say(fill(b.prompt, values));
      const hands = this.options.hands;
      if (hands !== undefined) {
        this.options.prompter.say('  (the built-in timer: the companion presses it)');
        await this.onTimer(() => hands.press(button));
      }
      let firstAt: number | undefined;
      await this.waitUntil((waited) => {
        if (firstAt === undefined && keys().length > 0) firstAt = waited;
        return firstAt === undefined ? waited >= b.timeLimitMs : waited - firstAt >= b.settleMs;
      }, b.timeLimitMs + b.settleMs);
      const seen = keys();
      const title = `the ${button} button (GP${gpio})`;
      const other = seen.find((k) => k !== button);
      const count = seen.length;
      let cause: string | undefined;
      if (count === 0) cause = fill(b.none, values);
      else if (other !== undefined) cause = fill(b.other, { ...values, seen: other, seenGpio: buttonGpio(other) });
      else if (count > 1 && b.morePresses === 'fail') cause = fill(b.more, { ...values, count });
      const words = count === 0 ? 'no EVT KEY' : seen.map((k) => `EVT KEY ${k}`).join(', ');
      const note = cause === undefined && count > 1 ? `${words}: counted as one` : words;
      this.record({
        section: 'buttons',
        id: button,
        title,
        outcome: cause === undefined ? 'passed' : 'failed',
        seen: note,
        ...(cause === undefined ? {} : { cause: capital(cause) }),
      });
    }
    await this.need('buttons', 'reset', 'the game the triangle started ended', 'RESET');
  }

  /**
   * The battery read while the switch is worked: its millivolts, or `silent` when no answer came
   * (the timer lost its power: it runs on the cells, behind a serial adapter).
   */
  private async probeBattery(): Promise<number | 'silent'> {
    this.checkGoingOn();
    try {
      const line = (await this.options.link.request('BATTERY')).line;
      return Number(/\bmv=(\d+)\b/.exec(line)?.[1] ?? 'NaN');
    } catch (error) {
      if (error instanceof CommandError) return Number.NaN;
      if (error instanceof LinkError && this.lostWhy === undefined) return 'silent';
      if (error instanceof LinkError) throw new Lost(this.lostWhy ?? error.message);
      throw error;
    }
  }

  /** Reads the battery every probeMs until `done` says so or the time limit passed; the last reading. */
  private async probeUntil(done: (reading: number | 'silent') => boolean): Promise<number | 'silent'> {
    const p = this.steps.power;
    let reading = await this.probeBattery();
    let waited = 0;
    while (!done(reading) && waited < p.timeLimitMs) {
      await this.waitUntil(() => false, p.probeMs);
      waited += p.probeMs;
      reading = await this.probeBattery();
    }
    return reading;
  }

  /**
   * The switch off, then on. A timer on its cells alone goes silent when off and says EVT POWER on
   * when on; a timer powered by its USB cable keeps answering, and the switch shows in the battery
   * reading instead (the divider is after the switch).
   */
  private async power(): Promise<void> {
    const p = this.steps.power;
    const b = this.steps.battery;
    const { minMv } = batteryRange(this.steps);
    const values = { seconds: Math.round(p.timeLimitMs / 1000), switch: POWER_SWITCH, top: batteryFacts()['top'] ?? '' };
    const hands = this.options.hands;
    this.options.prompter.say(fill(p.off, values));
    let supply: 'cells' | 'usb';
    if (hands !== undefined) {
      this.options.prompter.say('  (the built-in timer: the companion works its switch)');
      await this.onTimer(() => hands.switch(false));
      supply = 'cells';
    } else {
      const off = await this.probeUntil((r) => r === 'silent' || r < b.noneBelowMv);
      if (off !== 'silent' && !(off < b.noneBelowMv)) {
        const mv = Number.isNaN(off) ? 'no' : off;
        this.record({
          section: 'power',
          id: 'off',
          title: `the power switch (${POWER_SWITCH}) cuts the cells`,
          outcome: 'failed',
          seen: `mv=${mv}`,
          cause: capital(fill(p.notOff, { ...values, mv })),
        });
        return;
      }
      supply = off === 'silent' ? 'cells' : 'usb';
      this.record({
        section: 'power',
        id: 'off',
        title: `the power switch (${POWER_SWITCH}) cuts the cells`,
        outcome: 'passed',
        seen: supply === 'cells' ? 'the timer went silent' : `on USB power, mv=${off}`,
      });
    }
    const watch = this.watch();
    const poweredOn = (): boolean => watch.seen().some((e) => e.name === 'POWER' && e.on);
    this.options.prompter.say(fill(p.on, values));
    if (hands !== undefined) await this.onTimer(() => hands.switch(true));
    if (supply === 'cells') {
      await this.waitUntil(poweredOn, p.timeLimitMs);
      const ok = poweredOn();
      this.record({
        section: 'power',
        id: 'on',
        title: `the timer starts when switched on (${POWER_SWITCH})`,
        outcome: ok ? 'passed' : 'failed',
        seen: ok ? 'EVT POWER on' : 'no EVT POWER on',
        ...(ok ? {} : { cause: capital(fill(p.notOnCells, values)) }),
      });
      return;
    }
    const on = await this.probeUntil((r) => r !== 'silent' && r >= minMv);
    const ok = on !== 'silent' && on >= minMv;
    const mv = on === 'silent' || Number.isNaN(on) ? 'no' : on;
    this.record({
      section: 'power',
      id: 'on',
      title: `the power switch (${POWER_SWITCH}) connects the cells again`,
      outcome: ok ? 'passed' : 'failed',
      seen: `mv=${mv}`,
      ...(ok ? {} : { cause: capital(fill(p.notOnUsb, { ...values, mv })) }),
    });
  }

  private async sleep(): Promise<void> {
    const s = this.steps.sleep;
    await this.need('sleep', 'sleep-setting', `sleep after ${s.sleepS} s`, `CONFIG sleep=${s.sleepS}`);
    await this.need('sleep', 'sleep-ready', 'the timer ready to fall asleep', 'RESET');
    const asleep = this.watch();
    const slept = (): boolean => asleep.seen().some((e) => e.name === 'SLEEP');
    this.options.prompter.say(fill(s.wait, { seconds: s.sleepS }));
    await this.waitUntil(slept, s.sleepS * 1000 + s.slackMs);
    if (!slept()) {
      this.record({
        section: 'sleep',
        id: 'sleep',
        title: 'deep sleep',
        outcome: 'failed',
        seen: 'no EVT SLEEP',
        cause: capital(fill(s.none, { seconds: s.sleepS })),
      });
      this.notRun('sleep', 'the timer did not fall asleep');
      return;
    }
    this.record({ section: 'sleep', id: 'sleep', title: `deep sleep after ${s.sleepS} s`, outcome: 'passed', seen: 'EVT SLEEP' });
    const gpio = buttonGpio(s.button);
    const values = { button: s.button, gpio, seconds: Math.round(s.wakeLimitMs / 1000) };
    const awake = this.watch();
    const woke = (): boolean => awake.seen().some((e) => e.name === 'WAKE');
    this.options.prompter.say(fill(s.wake, values));
    const hands = this.options.hands;
    if (hands !== undefined) {
      this.options.prompter.say('  (the built-in timer: the companion presses it)');
      await this.onTimer(() => hands.press(s.button));
    }
    await this.waitUntil(woke, s.wakeLimitMs);
    const ok = woke();
    this.record({
      section: 'sleep',
      id: 'wake',
      title: `waking by the ${s.button} button (GP${gpio})`,
      outcome: ok ? 'passed' : 'failed',
      seen: ok ? 'EVT WAKE' : 'no EVT WAKE',
      ...(ok ? {} : { cause: capital(fill(s.noWake, values)) }),
    });
  }
}

/** Runs the check; resolves with its report (also when stopped half way or the link went). */
export function runCheck(options: CheckOptions): Promise<CheckReport> {
  return new CheckRun(options).run();
}
