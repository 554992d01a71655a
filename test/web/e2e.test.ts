// The browser simulation end to end: the built page (build/web) served by sim/web/serve.ts, driven
// in Debian's Chromium through playwright-core, playing a game through the page's own controls.
// Each test gets a fresh browser context (so an empty localStorage) and a fresh page with a fixed
// seed, stops the page's time with its "Freeze simulation" control and moves it on with SIM ADVANCE from the
// serial monitor (test/web/simulator-page.ts): nothing depends on another test or on the wall clock.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import { buildWeb, WEB_DIR } from '../../sim/web/build.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { describeInChromium } from '../support/browser.ts';
import { HOLD_MS, WAIT_MS, type ClickOptions } from './simulator-page.ts';
import { POWER_ID, simulatorSuite } from './simulator-suite.ts';

const SCREENSHOT = join(WEB_DIR, '..', 'web-e2e.png');
/** A test's whole run may take this long on a loaded machine; each wait in it has WAIT_MS. */
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

const SOUNDS = (
  JSON.parse(readFileSync(new URL('../../firmware/sounds.json', import.meta.url), 'utf8')) as {
    sounds: Record<string, [number, number][]>;
  }
).sounds;
const soundNotes = (name: string): [number, number][] => {
  const found = SOUNDS[name];
  if (!found) throw new Error(`firmware/sounds.json has no sound "${name}"`);
  return found;
};
/** The sounding notes (Hz) of a firmware sound, in order. */
const notes = (name: string): number[] => soundNotes(name).flatMap(([hz]) => (hz > 0 ? [hz] : []));
const isSubsequence = (wanted: readonly number[], seen: readonly number[]): boolean => {
  let i = 0;
  for (const value of seen) if (value === wanted[i]) i++;
  return i === wanted.length;
};

/** The sounds followed note by note to the oscillator: the start of a game and a found code. */
const FOLLOWED_SOUNDS = ['start', 'chime'] as const;
/**
 * While time is paused the page hands the oscillator the buzzer's latest state after each step, so
 * steps shorter than every sounding note of those sounds let each of their notes reach it, one per
 * step (a silence between two notes may be stepped over: only the notes are followed).
 */
const SOUND_CLICK: ClickOptions = {
  stepMs: Math.min(...FOLLOWED_SOUNDS.flatMap((name) => soundNotes(name).flatMap(([hz, ms]) => (hz > 0 ? [ms] : [])))) / 2,
  afterMs: Math.max(...FOLLOWED_SOUNDS.map((name) => soundNotes(name).reduce((sum, [, ms]) => sum + ms, 0))),
};

/** The triangle's long press (firmware/README.md: held 1500 ms, debounced, pauses a running game). */
const LONG_PRESS_MS = 1500;
/** The bar's current segment is lit 150 ms of every 1000 ms (firmware/README.md, countdown and bar). */
const BLINK_PERIOD_MS = 1000;
const BLINK_STEP_MS = 100;

/** The screens the page is laid out for, phone first (the page is loaded at the first). */
const LAYOUTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const model = pageModel(hardware);
/** The element id of the button for a code digit 1..4 (and 0 = triangle), from the diagram. */
const buttonId = (digit: number): string => `#${model.buttons[digit]?.partId ?? 'missing-button'}`;
const triangleId = buttonId(0);
const barId = `#${model.bar.partId}`;
const batteryId = `#${model.battery.partId}`;
const firstLightId = `#${model.lights[0]?.partId ?? 'missing-light'}`;

describeInChromium('browser simulation end to end', () => {
  const suite = simulatorSuite({
    build: async () => {
      await buildWeb();
      return WEB_DIR;
    },
    // Records the Web Audio automation the page schedules (the buzzer), without changing it.
    prepare: (page) =>
      page.addInitScript(() => {
        const calls: { kind: string; value: number; atS: number }[] = [];
        (window as unknown as { audioCalls: typeof calls }).audioCalls = calls;
        const original = AudioParam.prototype.setValueAtTime;
        AudioParam.prototype.setValueAtTime = function (this: AudioParam, value: number, time: number) {
          // A gain's range is the whole float range; a frequency's ends at the Nyquist frequency.
          calls.push({ kind: this.maxValue > 1e30 ? 'gain' : 'frequency', value, atS: time });
          return original.call(this, value, time);
        };
      }),
  });
  const { switchedOn } = suite;

  /** Nothing went wrong in the page and nothing was fetched from anywhere but the local server. */
  function expectCleanRun(): void {
    expect(suite.pageErrors).toEqual([]);
    expect(suite.requests.filter((url) => !url.startsWith(suite.url))).toEqual([]);
  }

  const litSegments = (): Promise<number> =>
    suite.page.$eval(barId, (bar) => ((bar as HTMLElement & { values?: number[] }).values ?? []).filter((v) => v === 1).length);

  it('plays a game on the page: power, start, codes, lights, bar, mistakes', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(1);
    // Every printed code correct or decoy half and half, and no win before both kinds are seen.
    await suite.sim.send('CONFIG correct=12 need=12');
    await suite.sim.waitForLine('OK CONFIG');

    await suite.sim.click(triangleId, SOUND_CLICK);
    await suite.sim.waitForLine('EVT START');
    await suite.sim.waitForState('running');
    await suite.sim.waitFor(
      'a full bar (9 or 10 segments lit)',
      (id) => {
        const bar = document.querySelector(id) as (HTMLElement & { values?: number[] }) | null;
        return (bar?.values ?? []).filter((v) => v === 1).length >= 9;
      },
      barId,
    );
    const litAtStart = await litSegments();

    await suite.sim.send('CODES');
    await suite.sim.waitForLine('OK CODES n=24');
    const codes = (await suite.sim.monitorLines()).flatMap((line) => /^OK CODE \d+ ([1-4]{3})$/.exec(line)?.[1] ?? []);
    expect(codes).toHaveLength(24);

    let chimes = 0;
    let decoys = 0;
    for (const code of codes) {
      const digits = [...code].map(Number);
      for (const [i, digit] of digits.entries()) {
        // The code's last symbol may start the first chime: follow its notes to the oscillator.
        await suite.sim.click(buttonId(digit), i === digits.length - 1 && chimes === 0 ? SOUND_CLICK : {});
      }
      await suite.sim.waitFor(
        'the answer to a complete code (EVT CHIME, FANFARE or BUZZ)',
        (n) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => /^EVT (CHIME|FANFARE|BUZZ)/.test(li.textContent ?? '')).length >= n,
        chimes + decoys + 1,
      );
      chimes = await suite.sim.count('EVT CHIME');
      decoys = await suite.sim.count('EVT BUZZ reason=decoy');
      if (chimes > 0 && decoys > 0) break;
    }
    expect(chimes).toBeGreaterThan(0);
    expect(decoys).toBeGreaterThan(0);
    expect(await suite.sim.count('EVT BUZZ reason=mistake')).toBe(0);
    await suite.sim.waitFor(
      'the first found light lit',
      (id) => (document.querySelector(id) as (HTMLElement & { value?: boolean }) | null)?.value === true,
      firstLightId,
    );

    // Five of the twelve minutes pass: the bar is down to its lower six segments. The highest of
    // them flashes, so time moves on in steps shorter than its flash until it shows lit.
    const advancesBefore = await suite.sim.count('OK ADVANCE');
    await suite.sim.send('SIM ADVANCE 300000');
    await suite.sim.waitForLine('OK ADVANCE', advancesBefore + 1);
    const lowerSixLit = (): Promise<boolean> =>
      suite.page.evaluate(async (id) => {
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        const values = (document.querySelector(id) as (HTMLElement & { values?: number[] }) | null)?.values ?? [];
        return values.filter((v) => v === 1).length <= 6 && values.slice(4).every((v) => v === 1);
      }, barId);
    // A segment that flashed is shown lit a moment longer (sim/web/led-persistence.ts, real time):
    // the upper four, which flashed as the advance went through them, go out once it is over.
    await suite.sim.waitFor(
      'the upper four segments out',
      (id) => ((document.querySelector(id) as (HTMLElement & { values?: number[] }) | null)?.values ?? []).slice(0, 4).every((v) => v !== 1),
      barId,
    );
    // Time stands still between the steps: one that ends inside the flash leaves it lit.
    let lowerSix = await lowerSixLit();
    for (let steps = 0; !lowerSix && steps < (2 * BLINK_PERIOD_MS) / BLINK_STEP_MS; steps++) {
      await suite.sim.advance(BLINK_STEP_MS);
      lowerSix = await lowerSixLit();
    }
    expect(lowerSix).toBe(true);
    expect(await litSegments()).toBeLessThan(litAtStart);

    // The first symbol of a printed code, then the same again: no printed code repeats a symbol, so an immediate BUZZ.
    const digit = Number(codes[0]?.[0] ?? '1');
    await suite.sim.click(buttonId(digit));
    await suite.sim.click(buttonId(digit));
    await suite.sim.waitForLine('EVT BUZZ reason=mistake');

    // The buzzer played through Web Audio: tones (frequencies) and volume steps (gains below 1).
    const audioCalls = await suite.page.evaluate(() => (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls);
    const frequencies = audioCalls.filter((call) => call.kind === 'frequency').map((call) => call.value);
    expect(isSubsequence([...notes('start'), ...notes('chime')], frequencies)).toBe(true);
    expect(frequencies).toContain(notes('buzz')[0]);
    expect(audioCalls.some((call) => call.kind === 'gain' && call.value > 0 && call.value < 1)).toBe(true);

    await suite.page.screenshot({ path: SCREENSHOT, fullPage: true });
    // The buttons keep the names the page gave them through every press and redraw.
    for (const name of ['circle', 'square', 'diamond', 'star']) {
      expect(await suite.page.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expectCleanRun();
    expect(suite.requests.some((url) => url.endsWith('/firmware.wasm'))).toBe(true);
  });

  it('holds the triangle from the keyboard: 1.5 s held pauses the game, a press resumes it', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(2);
    await suite.sim.send('START');
    await suite.sim.waitForLine('EVT START');
    await suite.sim.waitForState('running');

    // Nothing focused: Space is the triangle.
    await suite.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await suite.page.keyboard.down(' ');
    await suite.sim.advance(LONG_PRESS_MS - 2 * HOLD_MS);
    expect(await suite.sim.count('EVT PAUSE')).toBe(0);
    await suite.sim.advance(3 * HOLD_MS);
    await suite.sim.waitForLine('EVT PAUSE');
    await suite.page.keyboard.up(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.sim.waitForState('paused');

    await suite.page.keyboard.down(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.sim.waitForLine('EVT RESUME');
    await suite.page.keyboard.up(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.sim.waitForState('running');
    expectCleanRun();
  });

  it('Space is ▲ after a mouse click on the power switch or a page button: the timer stays on and the game goes on', { timeout: TEST_TIMEOUT_MS }, async () => {
    // switchedOn clicks the switch with the mouse, and it keeps the focus (inside its Wokwi element).
    await switchedOn(4);
    const power = suite.page.getByRole('switch', { name: 'Power switch' });
    expect(await power.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
    await suite.page.keyboard.down(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.page.keyboard.up(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.sim.waitForLine('EVT START');
    await suite.sim.waitForState('running');
    // A page button clicked with the mouse (it empties the monitor) keeps the focus too: Space is still ▲ (a short press: no pause).
    await suite.page.locator('[data-serial="clear"]').click();
    await suite.page.keyboard.down(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.page.keyboard.up(' ');
    await suite.sim.advance(HOLD_MS);
    await suite.sim.waitForLine('EVT KEY triangle');
    expect(await suite.sim.count('EVT POWER off')).toBe(0);
    expect(await suite.sim.readout('state')).toBe('running');
    expectCleanRun();
  });

  it('follows SIM POWER and SIM BATTERY from the monitor on the switch and the slider', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(3);
    const switchValue = (): Promise<string> => suite.page.$eval(POWER_ID, (el) => String((el as HTMLElement & { value: number }).value));
    await suite.sim.send('SIM POWER off');
    await suite.sim.waitForLine('OK POWER');
    await suite.sim.waitForState('off');
    await suite.sim.waitFor(
      'the power switch moved off',
      ([id, on]) => String((document.querySelector(id) as (HTMLElement & { value?: number }) | null)?.value) !== on,
      [POWER_ID, model.power.onValue] as const,
    );
    await suite.page.click(POWER_ID);
    await suite.sim.waitForLine('EVT POWER on', 2);
    expect(await switchValue()).toBe(model.power.onValue);
    await suite.sim.waitForState('ready');

    // A battery voltage set from the monitor moves the slider; a flat battery refuses a game.
    const sliderValue = (): Promise<number> => suite.page.$eval(batteryId, (el) => Number((el as HTMLElement & { value: number }).value));
    const sliderBefore = await sliderValue();
    await suite.sim.send('SIM BATTERY 3200');
    await suite.sim.waitFor('the battery readout at 3.20 V', () => document.querySelector('[data-out="battery-mv"]')?.textContent === '3.20 V', undefined);
    expect(await sliderValue()).toBeLessThan(sliderBefore);
    await suite.sim.click(triangleId);
    await suite.sim.waitForLine('EVT LOWBAT mv=3200');
    expect(await suite.sim.count('EVT START')).toBe(0);
    expect(await suite.sim.readout('state')).toBe('ready');
    expectCleanRun();
  });

  /** The monitor's lines starting with `prefix`, counted. */
  const stateLight = (): Promise<string | undefined> => suite.page.$eval('[data-out="state-light"]', (el) => (el as HTMLElement).dataset['look']);
  const caption = (): Promise<string> => suite.page.locator('[data-out="sound-caption"]').innerText();

  it('switches the timer on and off from the keyboard alone, and names the switch and the slider', { timeout: TEST_TIMEOUT_MS }, async () => {
    await suite.sim.open(suite.url, 7);
    const power = suite.page.getByRole('switch', { name: 'Power switch' });
    const slider = suite.page.getByRole('slider', { name: /^Battery voltage/ });
    expect(await power.count()).toBe(1);
    expect(await slider.count()).toBe(1);
    expect(await suite.page.getByRole('button', { name: 'triangle: start, hold to pause' }).count()).toBe(1);
    expect(await suite.page.getByRole('button', { name: 'star', exact: true }).count()).toBe(1);
    // Tab from the top of the page until the switch has the focus.
    const switchFocused = (): Promise<boolean> => power.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input);
    let tabs = 0;
    while (!(await switchFocused()) && tabs < 80) {
      await suite.page.keyboard.press('Tab');
      tabs++;
    }
    expect(await switchFocused()).toBe(true);
    // Enter toggles the focused switch (Space is ▲ whatever has the focus).
    await suite.page.keyboard.press('Enter');
    await suite.sim.waitForLine('EVT POWER on');
    await suite.sim.waitForState('ready');
    expect(await suite.sim.count('EVT KEY')).toBe(0);
    await suite.page.keyboard.press('Enter');
    await suite.sim.waitForState('off');
    await suite.page.keyboard.press('Enter');
    await suite.sim.waitForLine('EVT POWER on', 2);
    await suite.sim.waitForState('ready');
    // Enter on a focused page button is that button's: the timer gets no ▲.
    await suite.page.locator('[data-serial="clear"]').focus();
    await suite.page.keyboard.press('Enter');
    await suite.sim.advance(HOLD_MS);
    expect(await suite.sim.count('EVT KEY')).toBe(0);
    expect(await suite.sim.readout('state')).toBe('ready');
    // The slider says what its value means.
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^4\.50 volts, good$/);
    expectCleanRun();
  });

  it('at 60× a normal click on ▲ does not pause and a loss is heard whole', { timeout: TEST_TIMEOUT_MS }, async () => {
    await suite.sim.open(suite.url, 8);
    await suite.page.click(POWER_ID);
    await suite.sim.waitForState('ready');
    await suite.sim.send('CONFIG duration=60');
    await suite.sim.waitForLine('OK CONFIG');
    await suite.sim.send('START');
    await suite.sim.waitForState('running');
    await suite.sim.setSpeed(60);
    // The game runs at 60× for a few virtual seconds before the click.
    await suite.sim.waitFor(
      'the countdown at 60×, under 55 s left',
      () => /^00:([0-4]\d|5[0-4])$/.test(document.querySelector('[data-out="left"]')?.textContent?.trim() ?? ''),
      undefined,
    );
    // A person's click: about 150 ms of real time (9 s of virtual time at 60×, were it not for human pace).
    await suite.page.hover(triangleId);
    await suite.page.mouse.down();
    await suite.page.waitForTimeout(150);
    await suite.page.mouse.up();
    await suite.sim.waitForLine('EVT KEY triangle');
    // The countdown ran out: no pause stopped it, then or later.
    await suite.sim.waitForLine('EVT TIMEOUT');
    expect(await suite.sim.count('EVT PAUSE')).toBe(0);
    await suite.sim.waitFor(
      'the lose sound scheduled to its end',
      () => {
        const calls = (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls;
        return calls.filter((c) => c.kind === 'frequency' && c.value === 440).length > 0;
      },
      undefined,
    );
    const lose = soundNotes('lose');
    // Every note of it, counted from its first.
    await suite.sim.waitFor(
      'every note of the lose sound scheduled',
      ([first, length]) => {
        const calls = (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls;
        const from = calls.findLastIndex((c) => c.kind === 'frequency' && c.value === first);
        return from >= 0 && calls.slice(from).filter((c) => c.kind === 'frequency').length >= length;
      },
      [lose[0]?.[0] ?? 0, lose.length] as const,
    );
    const calls = await suite.page.evaluate(() => (window as unknown as { audioCalls: { kind: string; value: number; atS: number }[] }).audioCalls);
    const firstAt = calls.findLastIndex((c) => c.kind === 'frequency' && c.value === lose[0]?.[0]);
    const loseCalls = calls
      .slice(firstAt)
      .filter((c) => c.kind === 'frequency')
      .slice(0, lose.length);
    expect(loseCalls.map((c) => c.value)).toEqual(lose.map(([hz]) => hz));
    // The notes keep their lengths in audio time (at 60× they would take a 60th of it); a margin
    // for a loaded machine, where a stalled page may pile a change or two at "now".
    const span = (loseCalls.at(-1)?.atS ?? 0) - (loseCalls[0]?.atS ?? 0);
    const written = lose.slice(0, -1).reduce((sum, [, ms]) => sum + ms, 0) / 1000;
    expect(span).toBeGreaterThan(written * 0.7);
    expect(await suite.sim.readout('pace')).toMatch(/^60×|^1× while/);
    // Drawn on the page's next frames after the loss.
    await expect.poll(caption).toBe('Time is up: the Empire wins');
    await expect.poll(stateLight).toBe('lost');
    await expect.poll(() => suite.page.locator('[data-out="result"]').isVisible()).toBe(true);
    expect(await suite.page.locator('[data-out="result-title"]').innerText()).toBe('Time is up: the Empire wins');
    expectCleanRun();
  });

  it('enters a printed code with one click, captions its sound, and shows a win', { timeout: TEST_TIMEOUT_MS }, async () => {
    await suite.sim.open(suite.url, 9);
    expect(await stateLight()).toBe('off');
    await suite.page.click(POWER_ID);
    await suite.sim.waitForState('ready');
    expect(await stateLight()).toBe('ready');
    expect(await suite.page.locator('.code').count()).toBe(24);
    // Every code correct, two needed: the second code wins.
    await suite.sim.send('CONFIG correct=24 need=2');
    await suite.sim.waitForLine('OK CONFIG');
    await suite.sim.click(triangleId, {});
    await suite.sim.waitForState('running');
    await suite.page.locator('.code').nth(0).click();
    await suite.sim.waitForLine('EVT CHIME found=1');
    expect(await suite.sim.count('EVT KEY')).toBe(4);
    await suite.sim.waitFor(
      'the chime captioned',
      () => document.querySelector('[data-out="sound-caption"]')?.textContent === 'CHIME — code found (1 found)',
      undefined,
    );
    expect(await suite.page.$eval('[data-out="sound-visual"]', (el) => (el as HTMLElement).dataset['sound'])).toBe('chime');
    // The same code again: already found.
    await suite.page.locator('.code').nth(0).click();
    await suite.sim.waitForLine('EVT BUZZ reason=used');
    await suite.sim.waitFor(
      'the used code captioned',
      () => document.querySelector('[data-out="sound-caption"]')?.textContent === 'BUZZ — code already found',
      undefined,
    );
    await suite.page.locator('.code').nth(1).click();
    await suite.sim.waitForLine('EVT FANFARE');
    await suite.sim.waitForState('won');
    expect(await stateLight()).toBe('won');
    expect(await suite.page.locator('[data-out="result-title"]').innerText()).toBe('Mission accomplished: the Rebels win');
    expect(await suite.sim.count('EVT BUZZ reason=idle')).toBe(0);
    expect(await suite.sim.count('EVT BUZZ reason=mistake')).toBe(0);
    // Frozen, the codes wait for time to run again.
    await suite.sim.pauseTime();
    await suite.sim.waitFor(
      'the codes disabled while frozen',
      () => (document.querySelector('.code') as HTMLButtonElement | null)?.disabled === true,
      undefined,
    );
    expectCleanRun();
  });

  it('keeps the game across a reload of the page', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(10);
    await suite.sim.send('START');
    await suite.sim.waitForState('running');
    await suite.sim.advance(100_000);
    const digit = 1;
    await suite.sim.click(buttonId(digit));
    const before = { left: await suite.sim.readout('left'), clock: await suite.sim.readout('clock'), found: await suite.sim.readout('found') };
    expect(before.left).toBe('10:19');
    await suite.page.reload();
    await suite.page.waitForSelector('body[data-ready="true"]');
    expect(await suite.page.evaluate(() => document.body.dataset['restored'])).toBe('true');
    await suite.sim.waitForState('running');
    expect(await suite.sim.readout('left')).toBe(before.left);
    expect(await suite.sim.readout('clock')).toBe(before.clock);
    expect(await suite.sim.readout('seed')).toBe('10');
    expect(await suite.page.locator('[data-control="speed"][value="0"]').isChecked()).toBe(true);
    expect(await suite.sim.readout('battery-mv')).toBe('4.50 V');
    await suite.sim.waitForLine('The page was reloaded: the game was kept');
    // It goes on from there: the countdown, and the code entry (a second symbol of a printed code).
    await suite.sim.advance(60_000);
    // The face is drawn on the page's next frame after the answer: wait for it (a busy machine is slow to draw).
    await suite.sim.waitFor('the time left one minute on', (left) => document.querySelector('[data-out="left"]')?.textContent?.trim() === left, '09:19');
    expect(await suite.sim.readout('left')).toBe('09:19');
    expect(await suite.sim.count('EVT START')).toBe(1);
    expectCleanRun();
  });

  it('says to use npm start when index.html is opened from disk', { timeout: TEST_TIMEOUT_MS }, async () => {
    await suite.page.goto(pathToFileURL(join(WEB_DIR, 'index.html')).href);
    const problem = suite.page.locator('[data-problem]');
    await problem.waitFor({ state: 'visible' });
    expect(await problem.innerText()).toMatch(/npm start/);
  });

  it('lays the page out for a phone (390×844) and a desktop (1280×800)', { timeout: TEST_TIMEOUT_MS }, async () => {
    await suite.page.setViewportSize(LAYOUTS[0].viewport);
    await switchedOn(11);
    await suite.sim.send('START');
    await suite.sim.waitForState('running');
    const box = async (selector: string) => {
      const found = await suite.page.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return found;
    };
    // One running game, laid out for each screen in turn (the layout is the stylesheet's alone).
    for (const { name, viewport } of LAYOUTS) {
      const { width } = viewport;
      await suite.page.setViewportSize(viewport);
      // Nothing wider than the screen.
      expect(await suite.page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
      // The printed codes right under the symbol buttons.
      const symbols = await box('[data-slot="symbols"]');
      const codes = await box('.code-list');
      expect(codes.y - (symbols.y + symbols.height), name).toBeLessThan(260);
      expect(codes.x + codes.width, name).toBeLessThanOrEqual(width);
      // The key legend only where there is a keyboard.
      expect(await suite.page.locator('.keys').isVisible(), name).toBe(name === 'desktop');
      // The monitor's hint whole inside the monitor.
      const monitor = await box('.monitor');
      const hint = await box('.monitor-hint');
      expect(hint.x, name).toBeGreaterThanOrEqual(monitor.x);
      expect(hint.x + hint.width, name).toBeLessThanOrEqual(monitor.x + monitor.width);
      expect(hint.y + hint.height, name).toBeLessThanOrEqual(monitor.y + monitor.height);
      expect(await suite.page.$eval('.monitor-hint', (el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
      // The input's placeholder hint fits its box.
      const placeholderFits = await suite.page.$eval('[data-serial="input"]', (el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return false;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      });
      expect(placeholderFits, name).toBe(true);
      // The badge reads light on the dark case; the freeze control is not called a pause.
      const badge = await suite.page.$eval('.case-badge', (el) => getComputedStyle(el).color);
      const [r = 0, g = 0, b = 0] = (badge.match(/\d+/g) ?? []).map(Number);
      expect((r + g + b) / 3, name).toBeGreaterThan(170);
      expect(await suite.page.locator('.speeds label').first().innerText(), name).toMatch(/Freeze simulation/);
      // The battery scale marks the two levels.
      expect(await suite.page.locator('.scale-mark-label').allInnerTexts(), name).toEqual(['3.3 V', '3.6 V']);
      await suite.page.screenshot({ path: join(WEB_DIR, '..', `web-${name}.png`), fullPage: true });
    }
    expectCleanRun();
  });
});
