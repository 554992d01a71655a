// Debian's Chromium for the browser tests and the figures (playwright-core, never a browser
// download): where it is, how it is launched, and a suite that needs it. Where Chromium is missing
// the suite is skipped with a message naming the Debian package, except in CI (CI=true), where a
// missing browser is a failure (as test/support/debian-tool.ts has it for the other packages).

import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** Headless in a container without a GPU, and nothing fetched but what a page asks of the test's own server. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why Chromium cannot run here (what to install), or null when it can. */
export const chromiumMissing: string | null = existsSync(CHROMIUM)
  ? null
  : `${CHROMIUM} is missing: install the Debian package chromium (apt-get install chromium)`;

/** Chromium with `CHROMIUM_ARGS` and any `extraArgs` after them. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A `describe` whose tests need Chromium: run where it is; where it is missing, skipped with a
 * warning naming the package, or under CI=true a failing test in its place.
 */
export function describeInChromium(name: string, body: () => void): void {
  if (chromiumMissing === null) {
    describe(name, body);
  } else if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('has a browser to run in', () => {
        throw new Error(`${chromiumMissing}; in CI the browser test must run, not skip`);
      });
    });
  } else {
    console.warn(`skipping "${name}": ${chromiumMissing}`);
    describe.skip(name, body);
  }
}

/** One browser for the tests of a suite, and the contexts they open (closed with `closeContexts`). */
export class ChromiumSession {
  private launched: Browser | null = null;
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly extraArgs: readonly string[] = []) {}

  async launch(): Promise<void> {
    this.launched = await launchChromium(this.extraArgs);
  }

  get browser(): Browser {
    if (this.launched === null) throw new Error('Chromium is not launched: use the session inside a describeInChromium suite, after its beforeAll');
    return this.launched;
  }

  /** A fresh context (its own storage), closed by `closeContexts`. */
  async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext(options);
    this.contexts.push(context);
    return context;
  }

  /** Closes every context opened since the last call. */
  async closeContexts(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close();
  }

  async close(): Promise<void> {
    await this.closeContexts();
    await this.launched?.close();
    this.launched = null;
  }
}

/**
 * Inside a `describeInChromium` body: Chromium launched before the suite's first test and closed
 * after its last. The suite closes the contexts its tests open (`closeContexts`) where it wants.
 */
export function useChromium(extraArgs: readonly string[] = []): ChromiumSession {
  const session = new ChromiumSession(extraArgs);
  beforeAll(() => session.launch());
  afterAll(() => session.close());
  return session;
}
