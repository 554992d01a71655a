// The browser simulation's suites in Chromium: the built page served once for the suite, and each
// test a fresh browser context (its own empty localStorage, so no settings carried over) with one
// page driven as a SimulatorPage, every wait on it limited to WAIT_MS, its errors and requests kept.

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { serveStatic, type StaticServer } from '../../sim/web/serve.ts';
import { ChromiumSession } from '../support/browser.ts';
import { SimulatorPage, WAIT_MS } from './simulator-page.ts';

/** The element id of the power switch, from the diagram. */
export const POWER_ID = `#${pageModel(hardware).power.partId}`;

export interface SimulatorSuite {
  /** The address of the served page. */
  readonly url: string;
  /** The test's page, driven as the simulator. */
  readonly sim: SimulatorPage;
  readonly page: Page;
  /** The messages of the errors the page threw, this test. */
  readonly pageErrors: readonly string[];
  /** Every address the page asked for, this test. */
  readonly requests: readonly string[];
  /** Loads the page with `seed` (switched off, its seed shown), stops its time, switches the timer on and waits for `ready`. */
  switchedOn(seed: number): Promise<void>;
}

/**
 * Inside a `describeInChromium` body: `build` makes the page (it gives the folder to serve) before
 * the suite's first test; `prepare` runs on each test's page before it is loaded (an init script).
 */
export function simulatorSuite(options: { readonly build: () => Promise<string>; readonly prepare?: (page: Page) => Promise<unknown> }): SimulatorSuite {
  const chromium = new ChromiumSession();
  let server: StaticServer | null = null;
  let sim: SimulatorPage | null = null;
  let pageErrors: string[] = [];
  let requests: string[] = [];

  beforeAll(async () => {
    server = await serveStatic({ root: await options.build() });
    await chromium.launch();
  });
  afterAll(async () => {
    await chromium.close();
    await server?.close();
  });
  beforeEach(async () => {
    pageErrors = [];
    requests = [];
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await options.prepare?.(page);
    sim = new SimulatorPage(page);
  });
  afterEach(async () => {
    await chromium.closeContexts();
    sim = null;
  });

  const current = (): SimulatorPage => {
    if (sim === null) throw new Error('no simulator page: use the suite inside its tests');
    return sim;
  };
  const url = (): string => {
    if (server === null) throw new Error('the page is not served yet: use the suite inside its tests');
    return server.url;
  };
  return {
    get url() {
      return url();
    },
    get sim() {
      return current();
    },
    get page() {
      return current().page;
    },
    get pageErrors() {
      return pageErrors;
    },
    get requests() {
      return requests;
    },
    async switchedOn(seed) {
      const page = current();
      await page.open(url(), seed);
      expect(await page.readout('state')).toBe('off');
      expect(await page.readout('seed')).toBe(String(seed));
      await page.pauseTime();
      await page.page.click(POWER_ID);
      await page.waitForLine('EVT POWER on');
      await page.waitForState('ready');
    },
  };
}
