// The browser simulation end to end: the built page (build/web) served by sim/web/serve.ts, driven
// in Debian's Chromium through playwright-core, playing a game through the page's own controls.
// Each test gets a fresh browser context (so an empty localStorage) and a fresh page with a fixed
// seed, stops the page's time with its Pause control and moves it on with SIM ADVANCE from the
// serial monitor (test/web/simulator-page.ts): nothing depends on another test or on the wall clock.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import { buildWeb, WEB_DIR } from '../../sim/web/build.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { serveStatic, type StaticServer } from '../../sim/web/serve.ts';
import { HOLD_MS, SimulatorPage, WAIT_MS, type ClickOptions } from './simulator-page.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const SCREENSHOT = join(WEB_DIR, '..', 'web-e2e.png');
const MISSING = `${CHROMIUM} is missing: install the Debian package \`chromium\` (apt-get install chromium)`;
/** A test's whole run may take this long on a loaded machine; each wait in it has WAIT_MS. */
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

const available = existsSync(CHROMIUM);

const SOUNDS = (JSON.parse(readFileSync(new URL('../../firmware/sounds.json', import.meta.url), 'utf8')) as {
  sounds: Record<string, [number, number][]>;
}).sounds;
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
        const calls: { kind: string; value: number }[] = [];
        (window as unknown as { audioCalls: typeof calls }).audioCalls = calls;
        const original = AudioParam.prototype.setValueAtTime;
        AudioParam.prototype.setValueAtTime = function (this: AudioParam, value: number, time: number) {
          // A gain's range is the whole float range; a frequency's ends at the Nyquist frequency.
          calls.push({ kind: this.maxValue > 1e30 ? 'gain' : 'frequency', value });
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
      await sim.waitFor('a full bar (9 or 10 segments lit)', (id) => {
        const bar = document.querySelector(id) as (HTMLElement & { values?: number[] }) | null;
        return (bar?.values ?? []).filter((v) => v === 1).length >= 9;
      }, barId);
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
      await sim.waitFor('the first found light lit', (id) => (document.querySelector(id) as (HTMLElement & { value?: boolean }) | null)?.value === true, firstLightId);

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
  });
}
