// The browser simulation end to end: the built page (build/web) served by sim/web/serve.ts, driven
// in Debian's Chromium through playwright-core, playing a game through the page's own controls.
// Each test gets a fresh browser context (so an empty localStorage) and a fresh page with a fixed
// seed, stops the page's time with its "Freeze simulation" control and moves it on with SIM ADVANCE from the
// serial monitor (test/web/simulator-page.ts): nothing depends on another test or on the wall clock.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import { buildWeb, WEB_DIR } from '../../sim/web/build.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { serveStatic, type StaticServer } from '../../sim/web/serve.ts';
import { HOLD_MS, SimulatorPage, WAIT_MS, type ClickOptions } from './simulator-page.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOT = join(WEB_DIR, '..', 'web-e2e.png');
const MISSING = `${CHROMIUM} is missing: install the Debian package \`chromium\` (apt-get install chromium)`;
/** A test's whole run may take this long on a loaded machine; each wait in it has WAIT_MS. */
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

const available = existsSync(CHROMIUM);

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
 * steps shorter than every note of those sounds let each of their notes reach it, one per step.
 */
const SOUND_CLICK: ClickOptions = {
  stepMs: Math.min(...FOLLOWED_SOUNDS.flatMap((name) => soundNotes(name).map(([, ms]) => ms))) / 2,
  afterMs: Math.max(...FOLLOWED_SOUNDS.map((name) => soundNotes(name).reduce((sum, [, ms]) => sum + ms, 0))),
};

/** The triangle's long press (firmware/README.md: held 1500 ms, debounced, pauses a running game). */
const LONG_PRESS_MS = 1500;
/** The bar's current segment is lit 150 ms of every 1000 ms (firmware/README.md, countdown and bar). */
const BLINK_PERIOD_MS = 1000;
const BLINK_STEP_MS = 100;

const model = pageModel(hardware);
/** The element id of the button for a code digit 1..4 (and 0 = triangle), from the diagram. */
const buttonId = (digit: number): string => `#${model.buttons[digit]?.partId ?? 'missing-button'}`;
const triangleId = buttonId(0);
const barId = `#${model.bar.partId}`;
const powerId = `#${model.power.partId}`;
const batteryId = `#${model.battery.partId}`;
const firstLightId = `#${model.lights[0]?.partId ?? 'missing-light'}`;

if (!available && process.env['CI'] === 'true') {
  describe('browser simulation end to end', () => {
    it('has a browser to run in', () => {
      throw new Error(`${MISSING}; in CI the browser test must run, not skip`);
    });
  });
} else {
  if (!available) console.warn(`test/web/e2e.test.ts skipped: ${MISSING}`);
  describe.skipIf(!available)('browser simulation end to end', () => {
    let server: StaticServer;
    let browser: Browser;
    let context: BrowserContext | undefined;
    let sim: SimulatorPage;
    let requests: string[];
    let pageErrors: string[];

    beforeAll(async () => {
      await buildWeb();
      server = await serveStatic({ root: WEB_DIR });
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    // A fresh context per test: its own empty localStorage (no settings carried over), its own page.
    beforeEach(async () => {
      requests = [];
      pageErrors = [];
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      page.on('request', (request) => requests.push(request.url()));
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // Records the Web Audio automation the page schedules (the buzzer), without changing it.
      await page.addInitScript(() => {
        const calls: { kind: string; value: number; atS: number }[] = [];
        (window as unknown as { audioCalls: typeof calls }).audioCalls = calls;
        const original = AudioParam.prototype.setValueAtTime;
        AudioParam.prototype.setValueAtTime = function (this: AudioParam, value: number, time: number) {
          // A gain's range is the whole float range; a frequency's ends at the Nyquist frequency.
          calls.push({ kind: this.maxValue > 1e30 ? 'gain' : 'frequency', value, atS: time });
          return original.call(this, value, time);
        };
      });
      sim = new SimulatorPage(page);
    });

    afterEach(async () => {
      await context?.close();
      context = undefined;
    });

    /** Loads the page with `seed`, stops its time, switches the timer on and waits for `ready`. */
    async function switchedOn(seed: number): Promise<void> {
      await sim.open(server.url, seed);
      expect(await sim.readout('state')).toBe('off');
      expect(await sim.readout('seed')).toBe(String(seed));
      await sim.pauseTime();
      await sim.page.click(powerId);
      await sim.waitForLine('EVT POWER on');
      await sim.waitForState('ready');
    }

    /** Nothing went wrong in the page and nothing was fetched from anywhere but the local server. */
    function expectCleanRun(): void {
      expect(pageErrors).toEqual([]);
      expect(requests.filter((url) => !url.startsWith(server.url))).toEqual([]);
    }

    const litSegments = (): Promise<number> =>
      sim.page.$eval(barId, (bar) => ((bar as HTMLElement & { values?: number[] }).values ?? []).filter((v) => v === 1).length);

    it('plays a game on the page: power, start, codes, lights, bar, mistakes', { timeout: TEST_TIMEOUT_MS }, async () => {
      await switchedOn(1);
      // Every printed code correct or decoy half and half, and no win before both kinds are seen.
      await sim.send('CONFIG correct=12 need=12');
      await sim.waitForLine('OK CONFIG');

      await sim.click(triangleId, SOUND_CLICK);
      await sim.waitForLine('EVT START');
      await sim.waitForState('running');
      await sim.waitFor(
        'a full bar (9 or 10 segments lit)',
        (id) => {
          const bar = document.querySelector(id) as (HTMLElement & { values?: number[] }) | null;
          return (bar?.values ?? []).filter((v) => v === 1).length >= 9;
        },
        barId,
      );
      const litAtStart = await litSegments();

      await sim.send('CODES');
      await sim.waitForLine('OK CODES n=24');
      const codes = (await sim.monitorLines()).flatMap((line) => /^OK CODE \d+ ([1-4]{3})$/.exec(line)?.[1] ?? []);
      expect(codes).toHaveLength(24);

      let chimes = 0;
      let decoys = 0;
      for (const code of codes) {
        const digits = [...code].map(Number);
        for (const [i, digit] of digits.entries()) {
          // The code's last symbol may start the first chime: follow its notes to the oscillator.
          await sim.click(buttonId(digit), i === digits.length - 1 && chimes === 0 ? SOUND_CLICK : {});
        }
        await sim.waitFor(
          'the answer to a complete code (EVT CHIME, FANFARE or BUZZ)',
          (n) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => /^EVT (CHIME|FANFARE|BUZZ)/.test(li.textContent ?? '')).length >= n,
          chimes + decoys + 1,
        );
        chimes = await sim.count('EVT CHIME');
        decoys = await sim.count('EVT BUZZ reason=decoy');
        if (chimes > 0 && decoys > 0) break;
      }
      expect(chimes).toBeGreaterThan(0);
      expect(decoys).toBeGreaterThan(0);
      expect(await sim.count('EVT BUZZ reason=mistake')).toBe(0);
      await sim.waitFor(
        'the first found light lit',
        (id) => (document.querySelector(id) as (HTMLElement & { value?: boolean }) | null)?.value === true,
        firstLightId,
      );

      // Five of the twelve minutes pass: the bar is down to its lower six segments. The highest of
      // them flashes, so time moves on in steps shorter than its flash until it shows lit.
      const advancesBefore = await sim.count('OK ADVANCE');
      await sim.send('SIM ADVANCE 300000');
      await sim.waitForLine('OK ADVANCE', advancesBefore + 1);
      const lowerSixLit = (): Promise<boolean> =>
        sim.page.evaluate(async (id) => {
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          const values = (document.querySelector(id) as (HTMLElement & { values?: number[] }) | null)?.values ?? [];
          return values.filter((v) => v === 1).length <= 6 && values.slice(4).every((v) => v === 1);
        }, barId);
      // A segment that flashed is shown lit a moment longer (sim/web/led-persistence.ts): wait it out.
      let lowerSix = await lowerSixLit();
      for (let steps = 0; !lowerSix && steps < (4 * BLINK_PERIOD_MS) / BLINK_STEP_MS; steps++) {
        await sim.advance(BLINK_STEP_MS);
        await sim.page.waitForTimeout(BLINK_STEP_MS);
        lowerSix = await lowerSixLit();
      }
      expect(lowerSix).toBe(true);
      expect(await litSegments()).toBeLessThan(litAtStart);

      // The first symbol of a printed code, then the same again: no printed code repeats a symbol, so an immediate BUZZ.
      const digit = Number(codes[0]?.[0] ?? '1');
      await sim.click(buttonId(digit));
      await sim.click(buttonId(digit));
      await sim.waitForLine('EVT BUZZ reason=mistake');

      // The buzzer played through Web Audio: tones (frequencies) and volume steps (gains below 1).
      const audioCalls = await sim.page.evaluate(() => (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls);
      const frequencies = audioCalls.filter((call) => call.kind === 'frequency').map((call) => call.value);
      expect(isSubsequence([...notes('start'), ...notes('chime')], frequencies)).toBe(true);
      expect(frequencies).toContain(notes('buzz')[0]);
      expect(audioCalls.some((call) => call.kind === 'gain' && call.value > 0 && call.value < 1)).toBe(true);

      await sim.page.screenshot({ path: SCREENSHOT, fullPage: true });
      // The buttons keep the names the page gave them through every press and redraw.
      for (const name of ['circle', 'square', 'diamond', 'star']) {
        expect(await sim.page.getByRole('button', { name, exact: true }).count()).toBe(1);
      }
      expectCleanRun();
      expect(requests.some((url) => url.endsWith('/firmware.wasm'))).toBe(true);
    });

    it('holds the triangle from the keyboard: 1.5 s held pauses the game, a press resumes it', { timeout: TEST_TIMEOUT_MS }, async () => {
      await switchedOn(2);
      await sim.send('START');
      await sim.waitForLine('EVT START');
      await sim.waitForState('running');

      // Nothing focused: Space is the triangle.
      await sim.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await sim.page.keyboard.down(' ');
      await sim.advance(LONG_PRESS_MS - 2 * HOLD_MS);
      expect(await sim.count('EVT PAUSE')).toBe(0);
      await sim.advance(3 * HOLD_MS);
      await sim.waitForLine('EVT PAUSE');
      await sim.page.keyboard.up(' ');
      await sim.advance(HOLD_MS);
      await sim.waitForState('paused');

      await sim.page.keyboard.down(' ');
      await sim.advance(HOLD_MS);
      await sim.waitForLine('EVT RESUME');
      await sim.page.keyboard.up(' ');
      await sim.advance(HOLD_MS);
      await sim.waitForState('running');
      expectCleanRun();
    });

    it('follows SIM POWER and SIM BATTERY from the monitor on the switch and the slider', { timeout: TEST_TIMEOUT_MS }, async () => {
      await switchedOn(3);
      const switchValue = (): Promise<string> => sim.page.$eval(powerId, (el) => String((el as HTMLElement & { value: number }).value));
      await sim.send('SIM POWER off');
      await sim.waitForLine('OK POWER');
      await sim.waitForState('off');
      await sim.waitFor(
        'the power switch moved off',
        ([id, on]) => String((document.querySelector(id) as (HTMLElement & { value?: number }) | null)?.value) !== on,
        [powerId, model.power.onValue] as const,
      );
      await sim.page.click(powerId);
      await sim.waitForLine('EVT POWER on', 2);
      expect(await switchValue()).toBe(model.power.onValue);
      await sim.waitForState('ready');

      // A battery voltage set from the monitor moves the slider; a flat battery refuses a game.
      const sliderValue = (): Promise<number> => sim.page.$eval(batteryId, (el) => Number((el as HTMLElement & { value: number }).value));
      const sliderBefore = await sliderValue();
      await sim.send('SIM BATTERY 3200');
      await sim.waitFor('the battery readout at 3.20 V', () => document.querySelector('[data-out="battery-mv"]')?.textContent === '3.20 V', undefined);
      expect(await sliderValue()).toBeLessThan(sliderBefore);
      await sim.click(triangleId);
      await sim.waitForLine('EVT LOWBAT mv=3200');
      expect(await sim.count('EVT START')).toBe(0);
      expect(await sim.readout('state')).toBe('ready');
      expectCleanRun();
    });

    /** The monitor's lines starting with `prefix`, counted. */
    const stateLight = (): Promise<string | undefined> => sim.page.$eval('[data-out="state-light"]', (el) => (el as HTMLElement).dataset['look']);
    const caption = (): Promise<string> => sim.page.locator('[data-out="sound-caption"]').innerText();

    it('switches the timer on and off from the keyboard alone, and names the switch and the slider', { timeout: TEST_TIMEOUT_MS }, async () => {
      await sim.open(server.url, 7);
      const power = sim.page.getByRole('switch', { name: 'Power switch' });
      const slider = sim.page.getByRole('slider', { name: /^Battery voltage/ });
      expect(await power.count()).toBe(1);
      expect(await slider.count()).toBe(1);
      expect(await sim.page.getByRole('button', { name: 'triangle: start, hold to pause' }).count()).toBe(1);
      expect(await sim.page.getByRole('button', { name: 'star', exact: true }).count()).toBe(1);
      // Tab from the top of the page until the switch has the focus.
      const switchFocused = (): Promise<boolean> => power.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input);
      let tabs = 0;
      while (!(await switchFocused()) && tabs < 80) {
        await sim.page.keyboard.press('Tab');
        tabs++;
      }
      expect(await switchFocused()).toBe(true);
      await sim.page.keyboard.press(' ');
      await sim.waitForLine('EVT POWER on');
      await sim.waitForState('ready');
      expect(await sim.count('EVT KEY')).toBe(0);
      await sim.page.keyboard.press('Enter');
      await sim.waitForState('off');
      await sim.page.keyboard.press('Enter');
      await sim.waitForLine('EVT POWER on', 2);
      await sim.waitForState('ready');
      // A focused page button takes Space itself: the timer gets no ▲.
      await sim.page.locator('[data-serial="clear"]').focus();
      await sim.page.keyboard.press(' ');
      await sim.page.keyboard.press('Enter');
      await sim.page.waitForTimeout(300);
      expect(await sim.count('EVT KEY')).toBe(0);
      expect(await sim.readout('state')).toBe('ready');
      // The slider says what its value means.
      expect(await slider.getAttribute('aria-valuetext')).toMatch(/^4\.50 volts, good$/);
      expectCleanRun();
    });

    it('at 60× a normal click on ▲ does not pause and a loss is heard whole', { timeout: TEST_TIMEOUT_MS }, async () => {
      await sim.open(server.url, 8);
      await sim.page.click(powerId);
      await sim.waitForState('ready');
      await sim.send('CONFIG duration=60');
      await sim.waitForLine('OK CONFIG');
      await sim.send('START');
      await sim.waitForState('running');
      await sim.setSpeed(60);
      await sim.page.waitForTimeout(400);
      // A person's click: about 150 ms of real time (9 s of virtual time at 60×, were it not for human pace).
      await sim.page.hover(triangleId);
      await sim.page.mouse.down();
      await sim.page.waitForTimeout(150);
      await sim.page.mouse.up();
      await sim.waitForLine('EVT KEY triangle');
      await sim.page.waitForTimeout(500);
      expect(await sim.count('EVT PAUSE')).toBe(0);
      await sim.waitForLine('EVT TIMEOUT');
      await sim.waitFor(
        'the lose sound scheduled to its end',
        () => {
          const calls = (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls;
          return calls.filter((c) => c.kind === 'frequency' && c.value === 440).length > 0;
        },
        undefined,
      );
      await sim.page.waitForTimeout(1000);
      const calls = await sim.page.evaluate(() => (window as unknown as { audioCalls: { kind: string; value: number; atS: number }[] }).audioCalls);
      const lose = soundNotes('lose');
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
      expect(await sim.readout('pace')).toMatch(/^60×|^1× while/);
      expect(await caption()).toBe('Time is up: the Empire wins');
      expect(await stateLight()).toBe('lost');
      expect(await sim.page.locator('[data-out="result"]').isVisible()).toBe(true);
      expect(await sim.page.locator('[data-out="result-title"]').innerText()).toBe('Time is up: the Empire wins');
      expectCleanRun();
    });

    it('enters a printed code with one click, captions its sound, and shows a win', { timeout: TEST_TIMEOUT_MS }, async () => {
      await sim.open(server.url, 9);
      expect(await stateLight()).toBe('off');
      await sim.page.click(powerId);
      await sim.waitForState('ready');
      expect(await stateLight()).toBe('ready');
      expect(await sim.page.locator('.code').count()).toBe(24);
      // Every code correct, two needed: the second code wins.
      await sim.send('CONFIG correct=24 need=2');
      await sim.waitForLine('OK CONFIG');
      await sim.click(triangleId, {});
      await sim.waitForState('running');
      await sim.page.locator('.code').nth(0).click();
      await sim.waitForLine('EVT CHIME found=1');
      expect(await sim.count('EVT KEY')).toBe(4);
      await sim.waitFor(
        'the chime captioned',
        () => document.querySelector('[data-out="sound-caption"]')?.textContent === 'CHIME — code found (1 found)',
        undefined,
      );
      expect(await sim.page.$eval('[data-out="sound-visual"]', (el) => (el as HTMLElement).dataset['sound'])).toBe('chime');
      // The same code again: already found.
      await sim.page.locator('.code').nth(0).click();
      await sim.waitForLine('EVT BUZZ reason=used');
      await sim.waitFor(
        'the used code captioned',
        () => document.querySelector('[data-out="sound-caption"]')?.textContent === 'BUZZ — code already found',
        undefined,
      );
      await sim.page.locator('.code').nth(1).click();
      await sim.waitForLine('EVT FANFARE');
      await sim.waitForState('won');
      expect(await stateLight()).toBe('won');
      expect(await sim.page.locator('[data-out="result-title"]').innerText()).toBe('Mission accomplished: the Rebels win');
      expect(await sim.count('EVT BUZZ reason=idle')).toBe(0);
      expect(await sim.count('EVT BUZZ reason=mistake')).toBe(0);
      // Frozen, the codes wait for time to run again.
      await sim.pauseTime();
      await sim.waitFor('the codes disabled while frozen', () => (document.querySelector('.code') as HTMLButtonElement | null)?.disabled === true, undefined);
      expectCleanRun();
    });

    it('keeps the game across a reload of the page', { timeout: TEST_TIMEOUT_MS }, async () => {
      await switchedOn(10);
      await sim.send('START');
      await sim.waitForState('running');
      await sim.advance(100_000);
      const digit = 1;
      await sim.click(buttonId(digit));
      const before = { left: await sim.readout('left'), clock: await sim.readout('clock'), found: await sim.readout('found') };
      expect(before.left).toBe('10:19');
      await sim.page.reload();
      await sim.page.waitForSelector('body[data-ready="true"]');
      expect(await sim.page.evaluate(() => document.body.dataset['restored'])).toBe('true');
      await sim.waitForState('running');
      expect(await sim.readout('left')).toBe(before.left);
      expect(await sim.readout('clock')).toBe(before.clock);
      expect(await sim.readout('seed')).toBe('10');
      expect(await sim.page.locator('[data-control="speed"][value="0"]').isChecked()).toBe(true);
      expect(await sim.readout('battery-mv')).toBe('4.50 V');
      await sim.waitForLine('The page was reloaded: the game was kept');
      // It goes on from there: the countdown, and the code entry (a second symbol of a printed code).
      await sim.advance(60_000);
      // The face is drawn on the page's next frame after the answer: wait for it (a busy machine is slow to draw).
      await sim.waitFor('the time left one minute on', (left) => document.querySelector('[data-out="left"]')?.textContent?.trim() === left, '09:19');
      expect(await sim.readout('left')).toBe('09:19');
      expect(await sim.count('EVT START')).toBe(1);
      expectCleanRun();
    });

    it('says to use npm start when index.html is opened from disk', { timeout: TEST_TIMEOUT_MS }, async () => {
      await sim.page.goto(pathToFileURL(join(WEB_DIR, 'index.html')).href);
      const problem = sim.page.locator('[data-problem]');
      await problem.waitFor({ state: 'visible' });
      expect(await problem.innerText()).toMatch(/npm start/);
    });

    for (const [width, height, name] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      it(`lays the page out for a ${name} (${width}×${height})`, { timeout: TEST_TIMEOUT_MS }, async () => {
        await sim.page.setViewportSize({ width, height });
        await switchedOn(11);
        await sim.send('START');
        await sim.waitForState('running');
        const box = async (selector: string) => {
          const found = await sim.page.locator(selector).first().boundingBox();
          if (!found) throw new Error(`${selector} is not shown`);
          return found;
        };
        // Nothing wider than the screen.
        expect(await sim.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The printed codes right under the symbol buttons.
        const symbols = await box('[data-slot="symbols"]');
        const codes = await box('.code-list');
        expect(codes.y - (symbols.y + symbols.height)).toBeLessThan(260);
        expect(codes.x + codes.width).toBeLessThanOrEqual(width);
        // The key legend only where there is a keyboard.
        expect(await sim.page.locator('.keys').isVisible()).toBe(name === 'desktop');
        // The monitor's hint whole inside the monitor.
        const monitor = await box('.monitor');
        const hint = await box('.monitor-hint');
        expect(hint.x).toBeGreaterThanOrEqual(monitor.x);
        expect(hint.x + hint.width).toBeLessThanOrEqual(monitor.x + monitor.width);
        expect(hint.y + hint.height).toBeLessThanOrEqual(monitor.y + monitor.height);
        expect(await sim.page.$eval('.monitor-hint', (el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // The input's placeholder hint fits its box.
        const placeholderFits = await sim.page.$eval('[data-serial="input"]', (el) => {
          const input = el as HTMLInputElement;
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return false;
          context.font = `${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        expect(placeholderFits).toBe(true);
        // The badge reads light on the dark case; the freeze control is not called a pause.
        const badge = await sim.page.$eval('.case-badge', (el) => getComputedStyle(el).color);
        const [r = 0, g = 0, b = 0] = (badge.match(/\d+/g) ?? []).map(Number);
        expect((r + g + b) / 3).toBeGreaterThan(170);
        expect(await sim.page.locator('.speeds label').first().innerText()).toMatch(/Freeze simulation/);
        // The battery scale marks the two levels.
        expect(await sim.page.locator('.scale-mark-label').allInnerTexts()).toEqual(['3.3 V', '3.6 V']);
        await sim.page.screenshot({ path: join(WEB_DIR, '..', `web-${name}.png`), fullPage: true });
        expectCleanRun();
      });
    }
  });
}
