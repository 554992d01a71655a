// The browser simulation end to end: the built page (build/web) served by sim/web/serve.ts, driven
// in Debian's Chromium through playwright-core, playing a game through the page's own controls.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import { buildWeb, WEB_DIR } from '../../sim/web/build.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { serveStatic, type StaticServer } from '../../sim/web/serve.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const SCREENSHOT = join(WEB_DIR, '..', 'web-e2e.png');
const MISSING = `${CHROMIUM} is missing: install the Debian package \`chromium\` (apt-get install chromium)`;

const available = existsSync(CHROMIUM);

const SOUNDS = (JSON.parse(readFileSync(new URL('../../firmware/sounds.json', import.meta.url), 'utf8')) as {
  sounds: Record<string, [number, number][]>;
}).sounds;
/** The sounding notes (Hz) of a firmware sound, in order. */
const notes = (name: string): number[] => (SOUNDS[name] ?? []).flatMap(([hz]) => (hz > 0 ? [hz] : []));
const isSubsequence = (wanted: readonly number[], seen: readonly number[]): boolean => {
  let i = 0;
  for (const value of seen) if (value === wanted[i]) i++;
  return i === wanted.length;
};
const model = pageModel(hardware);
/** The element id of the button for a code digit 1..4 (and 0 = triangle), from the diagram. */
const buttonId = (digit: number): string => `#${model.buttons[digit]?.partId ?? 'missing-button'}`;
const [triangle] = model.buttons;
const barId = `#${model.bar.partId}`;
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
    let page: Page;
    const requests: string[] = [];
    const pageErrors: string[] = [];

    beforeAll(async () => {
      await buildWeb();
      server = await serveStatic({ root: WEB_DIR });
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    const monitorLines = (): Promise<string[]> => page.locator('[data-serial="lines"] li').allInnerTexts();
    const count = async (prefix: string): Promise<number> => (await monitorLines()).filter((l) => l.startsWith(prefix)).length;
    const waitForLine = (prefix: string, atLeast = 1): Promise<unknown> =>
      page.waitForFunction(
        ([text, n]) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith(text)).length >= n,
        [prefix, atLeast] as const,
      );
    const readout = (name: string): Promise<string> => page.locator(`[data-out="${name}"]`).innerText();

    async function send(line: string): Promise<void> {
      await page.locator('[data-serial="input"]').fill(line);
      await page.locator('[data-serial="input"]').press('Enter');
    }

    /** Clicks a button and waits until the firmware took the press and the contact opened again. */
    async function click(id: string): Promise<void> {
      const keys = await count('EVT KEY');
      const edges = Number(await readout('edges'));
      await page.click(id);
      await waitForLine('EVT KEY', keys + 1);
      await page.waitForFunction((n) => Number(document.querySelector('[data-out="edges"]')?.textContent) >= n, edges + 2);
      // Leave the contact open a moment, as a finger does: a re-press within the firmware's 20 ms
      // debounce window would merge with the release (virtual time follows real time at 1×).
      await page.waitForTimeout(50);
    }

    const litSegments = (): Promise<number> =>
      page.$eval(barId, (bar) => ((bar as HTMLElement & { values: number[] }).values ?? []).filter((v) => v === 1).length);

    it('plays a game on the page: power, start, codes, lights, bar, mistakes', async () => {
      await page.goto(`${server.url}?seed=1`);
      await page.waitForSelector('body[data-ready="true"]');
      expect(await readout('state')).toBe('off');

      await page.click(`#${model.power.partId}`);
      await waitForLine('EVT POWER on');
      // Every printed code correct or decoy half and half, and no win before both kinds are seen.
      await send('CONFIG correct=12 need=12');
      await waitForLine('OK CONFIG');

      await click(`#${triangle?.partId ?? 'missing'}`);
      await waitForLine('EVT START');
      await page.waitForFunction(() => document.body.dataset['deviceState'] === 'running');
      await page.waitForFunction((id) => {
        const bar = document.querySelector(id) as (HTMLElement & { values?: number[] }) | null;
        return (bar?.values ?? []).filter((v) => v === 1).length >= 9;
      }, barId);
      const litAtStart = await litSegments();

      await send('CODES');
      await waitForLine('OK CODES n=24');
      const codes = (await monitorLines()).flatMap((line) => /^OK CODE \d+ ([1-4]{3})$/.exec(line)?.[1] ?? []);
      expect(codes).toHaveLength(24);

      let chimes = 0;
      let decoys = 0;
      for (const code of codes) {
        for (const digit of code) await click(buttonId(Number(digit)));
        await page.waitForFunction(
          (n) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => /^EVT (CHIME|FANFARE|BUZZ)/.test(li.textContent ?? '')).length >= n,
          chimes + decoys + 1,
        );
        chimes = await count('EVT CHIME');
        decoys = await count('EVT BUZZ reason=decoy');
        if (chimes > 0 && decoys > 0) break;
      }
      expect(chimes).toBeGreaterThan(0);
      expect(decoys).toBeGreaterThan(0);
      expect(await count('EVT BUZZ reason=mistake')).toBe(0);
      await page.waitForFunction((id) => (document.querySelector(id) as (HTMLElement & { value?: boolean }) | null)?.value === true, firstLightId);

      // Five of the twelve minutes pass: the bar is down to its lower six segments.
      await send('SIM ADVANCE 300000');
      await waitForLine('OK ADVANCE');
      await page.waitForFunction((id) => {
        const bar = document.querySelector(id) as (HTMLElement & { values?: number[] }) | null;
        const values = bar?.values ?? [];
        return values.filter((v) => v === 1).length <= 6 && values.slice(4).every((v) => v === 1);
      }, barId);
      expect(await litSegments()).toBeLessThan(litAtStart);

      // The first symbol of a printed code, then the same again: no printed code repeats a symbol, so an immediate BUZZ.
      const digit = Number(codes[0]?.[0] ?? '1');
      await click(buttonId(digit));
      await click(buttonId(digit));
      await waitForLine('EVT BUZZ reason=mistake');

      // The buzzer played through Web Audio: tones (frequencies) and volume steps (gains below 1).
      const audioCalls = await page.evaluate(() => (window as unknown as { audioCalls: { kind: string; value: number }[] }).audioCalls);
      const frequencies = audioCalls.filter((call) => call.kind === 'frequency').map((call) => call.value);
      expect(isSubsequence([...notes('start'), ...notes('chime')], frequencies)).toBe(true);
      expect(frequencies).toContain(notes('buzz')[0]);
      expect(audioCalls.some((call) => call.kind === 'gain' && call.value > 0 && call.value < 1)).toBe(true);

      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(pageErrors).toEqual([]);
      const foreign = requests.filter((url) => !url.startsWith(server.url));
      expect(foreign).toEqual([]);
      expect(requests.some((url) => url.endsWith('/firmware.wasm'))).toBe(true);
    });

    it('holds the triangle from the keyboard: 1.5 s held pauses the game, a press resumes it', async () => {
      // Focus on a control that is not a text field (the bounce box): the keys still go to the timer.
      await page.locator('[data-control="bounce"]').focus();
      await page.keyboard.down(' ');
      await waitForLine('EVT PAUSE');
      await page.keyboard.up(' ');
      await page.waitForFunction(() => document.body.dataset['deviceState'] === 'paused');
      await page.keyboard.down(' ');
      await waitForLine('EVT RESUME');
      await page.keyboard.up(' ');
      await page.waitForFunction(() => document.body.dataset['deviceState'] === 'running');
      expect(await page.locator('[data-control="bounce"]').isChecked()).toBe(false);
    });

    it('follows SIM POWER and SIM BATTERY from the monitor on the switch and the slider', async () => {
      const powerId = `#${model.power.partId}`;
      const switchValue = (): Promise<string> => page.$eval(powerId, (el) => String((el as HTMLElement & { value: number }).value));
      await send('SIM POWER off');
      await waitForLine('OK POWER');
      await page.waitForFunction(() => document.body.dataset['deviceState'] === 'off');
      await page.waitForFunction(([id, on]) => String((document.querySelector(id) as (HTMLElement & { value?: number }) | null)?.value) !== on, [powerId, model.power.onValue] as const);
      await page.click(powerId);
      await waitForLine('EVT POWER on', 2);
      expect(await switchValue()).toBe(model.power.onValue);
      await page.waitForFunction(() => document.body.dataset['deviceState'] === 'ready');

      // A battery voltage set from the monitor moves the slider; a flat battery refuses a game.
      const sliderBefore = await page.$eval(`#${model.battery.partId}`, (el) => Number((el as HTMLElement & { value: number }).value));
      await send('SIM BATTERY 3200');
      await page.waitForFunction(() => document.querySelector('[data-out="battery-mv"]')?.textContent === '3.20 V');
      const sliderAfter = await page.$eval(`#${model.battery.partId}`, (el) => Number((el as HTMLElement & { value: number }).value));
      expect(sliderAfter).toBeLessThan(sliderBefore);
      await click(`#${triangle?.partId ?? 'missing'}`);
      await waitForLine('EVT LOWBAT mv=3200');
      expect(await readout('state')).toBe('ready');
    });
  });
}
