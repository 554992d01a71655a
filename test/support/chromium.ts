// Debian's Chromium for the browser tests and the figures (playwright-core, never a browser
// download): where it is, its arguments, and a launch of its own. No vitest here, so the global
// set-up (test/global-setup.ts, the run's shared Chromium) uses it as the suites do.

import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
