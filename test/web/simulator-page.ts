// The simulator page (sim/web) driven from a test with its virtual time paused: the firmware lives
// only through the SIM ADVANCE lines the test submits to the serial monitor, so what the page shows
// depends on the test's own inputs and never on how fast a loaded machine runs the browser.
// Every wait is on something the page shows (monitor lines, readouts, element properties).

import type { Page } from 'playwright-core';
import { MIN_HOLD_MS } from '../../sim/web/minimum-hold.ts';

/** The longest any single wait on the page may take (a loaded 2-core CI machine included). */
export const WAIT_MS = 60_000;

/** Virtual ms a button is held and then left open: the page's shortest contact, past the firmware's debounce. */
export const HOLD_MS = MIN_HOLD_MS;

/** How many monitor lines a failed wait quotes. */
const TAIL_LINES = 20;

export interface ClickOptions {
  /** Virtual time passes in SIM ADVANCE steps of this many ms (default: HOLD_MS, one step). */
  stepMs?: number;
  /** Virtual ms that pass after the release (default HOLD_MS), e.g. to play a sound out. */
  afterMs?: number;
}

/** The lengths of `total` ms cut into steps of at most `step` ms. */
export function stepSizes(total: number, step: number): number[] {
  if (!(total > 0) || !(step > 0)) throw new RangeError(`advance by a positive time in positive steps, got ${total} ms in ${step} ms steps`);
  const sizes: number[] = [];
  for (let done = 0; done < total; done += step) sizes.push(Math.min(step, total - done));
  return sizes;
}

export class SimulatorPage {
  constructor(readonly page: Page) {}

  /** The serial monitor's lines, oldest first. */
  monitorLines(): Promise<string[]> {
    return this.page.locator('[data-serial="lines"] li').allInnerTexts();
  }

  /** How many monitor lines start with `prefix` (counted in the page, as `waitForLine` counts them). */
  count(prefix: string): Promise<number> {
    return this.page.evaluate(
      (text) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith(text)).length,
      prefix,
    );
  }

  /** The text of a readout (`data-out`). */
  readout(name: string): Promise<string> {
    return this.page.locator(`[data-out="${name}"]`).innerText();
  }

  /**
   * Waits until `predicate(arg)` holds in the page. On a timeout the error says what was awaited
   * and quotes the serial monitor's last lines, which tell what the firmware did instead.
   */
  async waitFor<A>(what: string, predicate: (arg: A) => boolean, arg: A): Promise<void> {
    try {
      // The predicate runs in the page on the serialised `arg`, which is what its parameter says it gets.
      await this.page.waitForFunction(predicate as (arg: unknown) => boolean, arg, { timeout: WAIT_MS });
    } catch (error) {
      const tail = await this.monitorLines().then(
        (lines) => lines.slice(-TAIL_LINES).join('\n  '),
        (reason: unknown) => `(the monitor could not be read: ${String(reason)})`,
      );
      throw new Error(`waited ${WAIT_MS / 1000} s for ${what}; the serial monitor's last lines:\n  ${tail}`, { cause: error });
    }
  }

  /** Waits until at least `atLeast` monitor lines start with `prefix`. */
  waitForLine(prefix: string, atLeast = 1): Promise<void> {
    return this.waitFor(
      `${atLeast} monitor line(s) starting "${prefix}"`,
      ([text, n]) => [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith(text)).length >= n,
      [prefix, atLeast] as const,
    );
  }

  /** Waits until the page shows the device in `state` (its `body[data-device-state]`). */
  waitForState(state: string): Promise<void> {
    return this.waitFor(`the device state "${state}"`, (wanted) => document.body.dataset['deviceState'] === wanted, state);
  }

  /** Loads the page with a fixed seed and waits until the device is playable (still switched off). */
  async open(baseUrl: string, seed: number): Promise<void> {
    await this.page.goto(`${baseUrl}?seed=${seed}`);
    await this.page.waitForSelector('body[data-ready="true"]', { timeout: WAIT_MS });
  }

  /** Stops the page's virtual time with its own "Freeze simulation" control. */
  async pauseTime(): Promise<void> {
    await this.page.locator('.speeds label', { hasText: 'Freeze simulation' }).click();
    const radio = this.page.locator('[data-control="speed"][value="0"]');
    if (!(await radio.isChecked())) throw new Error("the Freeze control did not take: the page's speed radios changed?");
  }

  /** Chooses a speed of the simulation (1, 10 or 60) with its radio. */
  async setSpeed(speed: 1 | 10 | 60): Promise<void> {
    await this.page.locator('.speeds label', { hasText: new RegExp(`^${speed}×$`) }).click();
  }

  /** Types a line into the serial monitor's input and presses Enter, as a person does. */
  async send(line: string): Promise<void> {
    const input = this.page.locator('[data-serial="input"]');
    await input.fill(line);
    await input.press('Enter');
  }

  /**
   * Moves virtual time on by `ms` with SIM ADVANCE lines of at most `stepMs` each, submitted through
   * the monitor's form one at a time (the page handles each, sound included, before the next), and
   * waits for all their answers. The keyboard focus stays where it is.
   */
  async advance(ms: number, stepMs = ms): Promise<void> {
    await this.waitForLine('OK ADVANCE', await this.submitAdvance(ms, stepMs));
  }

  /** Submits the SIM ADVANCE lines of `advance`; how many `OK ADVANCE` lines there are once all are answered. */
  private async submitAdvance(ms: number, stepMs: number): Promise<number> {
    const sizes = stepSizes(ms, stepMs);
    // The answers already shown are counted in the same step of the page as the lines are submitted.
    const answered = await this.page.evaluate(async (steps) => {
      const form = document.querySelector<HTMLFormElement>('[data-serial="form"]');
      const input = document.querySelector<HTMLInputElement>('[data-serial="input"]');
      if (!form || !input) throw new Error('the page lacks the serial monitor\'s form ([data-serial="form"], [data-serial="input"])');
      const before = [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith('OK ADVANCE')).length;
      for (const size of steps) {
        input.value = `SIM ADVANCE ${size}`;
        form.requestSubmit();
        // A task boundary: the page finishes this step (its sound is scheduled) before the next.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return before;
    }, sizes);
    return answered + sizes.length;
  }

  /**
   * Presses a button with the mouse for HOLD_MS of virtual time, waits for the firmware's `EVT KEY`,
   * releases it and lets time pass (`afterMs`) so the release settles before any next press.
   */
  async click(selector: string, options: ClickOptions = {}): Promise<void> {
    const stepMs = options.stepMs ?? HOLD_MS;
    // The keys and edges counted so far, read in one step of the page.
    const { keys, edges } = await this.page.evaluate(() => ({
      keys: [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith('EVT KEY')).length,
      edges: Number(document.querySelector('[data-out="edges"]')?.textContent),
    }));
    await this.page.hover(selector);
    await this.page.mouse.down();
    // Each wait is for time's answers and the firmware's count together, one look at the page.
    await this.waitFor(
      `the press of ${selector} held and answered by an EVT KEY (${keys + 1})`,
      ([advances, n]) => {
        const lines = [...document.querySelectorAll('[data-serial="lines"] li')].map((li) => li.textContent ?? '');
        return lines.filter((line) => line.startsWith('OK ADVANCE')).length >= advances && lines.filter((line) => line.startsWith('EVT KEY')).length >= n;
      },
      [await this.submitAdvance(HOLD_MS, stepMs), keys + 1] as const,
    );
    await this.page.mouse.up();
    await this.waitFor(
      `the press and release of ${selector} counted as raw edges (${edges + 2})`,
      ([advances, n]) =>
        [...document.querySelectorAll('[data-serial="lines"] li')].filter((li) => li.textContent?.startsWith('OK ADVANCE')).length >= advances &&
        Number(document.querySelector('[data-out="edges"]')?.textContent) >= n,
      [await this.submitAdvance(options.afterMs ?? HOLD_MS, stepMs), edges + 2] as const,
    );
  }
}
