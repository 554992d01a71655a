// Debian's Chromium for the browser tests (test/support/chromium.ts): a suite that needs it, and its
// browser: the run's shared one (test/support/shared-chromium.ts), or one of its own for a suite
// that asks for arguments of its own. Where Chromium is missing the suite is skipped with a message
// naming the Debian package, except in CI (CI=true), where a missing browser is a failure (as
// test/support/debian-tool.ts has it for the other packages).

import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { sharedChromiumEndpoint } from './shared-chromium.ts';

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

/**
 * The browser of a suite's tests, and the contexts they open (closed with `closeContexts`): without
 * `extraArgs` a connection to the run's shared Chromium (each suite its own contexts, so no suite
 * sees another's pages), with them a Chromium of its own.
 */
export class ChromiumSession {
  private launched: Browser | null = null;
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly extraArgs: readonly string[] = []) {}

  async launch(): Promise<void> {
    const shared = this.extraArgs.length === 0 ? await sharedChromiumEndpoint() : null;
    this.launched = shared === null ? await launchChromium(this.extraArgs) : await chromium.connect(shared);
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

  /** Closes the contexts, then the browser of its own, or the connection to the shared one (which stays up for the other suites). */
  async close(): Promise<void> {
    await this.closeContexts();
    await this.launched?.close();
    this.launched = null;
  }
}

/**
 * Inside a `describeInChromium` body: Chromium (the shared one, or with `extraArgs` its own)
 * reached before the suite's first test and let go after its last. The suite closes the contexts its tests open (`closeContexts`) where it wants.
 */
export function useChromium(extraArgs: readonly string[] = []): ChromiumSession {
  const session = new ChromiumSession(extraArgs);
  beforeAll(() => session.launch());
  afterAll(() => session.close());
  return session;
}
