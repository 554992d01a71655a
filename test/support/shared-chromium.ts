// One Chromium for a whole test run, started only when a suite first asks for it: the global
// set-up (test/global-setup.ts) serves a small broker on the loopback, named to the test workers in
// SHARED_CHROMIUM_ENV; the first ask launches Chromium as a browser server (playwright-core's
// `launchServer`) and every ask gets its address to `connect` to. The teardown closes it, so a run
// of files that need no browser never starts one.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserServer, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

/** The broker's address (http://127.0.0.1:port/), set by the global set-up for the workers. */
export const SHARED_CHROMIUM_ENV = 'IMPERIAL_TEST_CHROMIUM';

export interface ChromiumBroker {
  readonly url: string;
  /** Stops the broker and closes Chromium if it was launched. */
  close(): Promise<void>;
}

/** Serves the broker: each request is answered with the shared browser server's WebSocket address, launched on the first. */
export async function startChromiumBroker(): Promise<ChromiumBroker> {
  let launched: Promise<BrowserServer> | null = null;
  const server = createServer((_request, response) => {
    launched ??= chromium.launchServer({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    launched.then(
      (browser) => response.writeHead(200, { 'content-type': 'text/plain' }).end(browser.wsEndpoint()),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (launched !== null) await (await launched).close();
    },
  };
}

/** The shared browser server's WebSocket address (launching it if none asked before), or null outside a run with the broker. */
export async function sharedChromiumEndpoint(): Promise<string | null> {
  const broker = process.env[SHARED_CHROMIUM_ENV];
  if (broker === undefined) return null;
  const response = await fetch(broker);
  const text = await response.text();
  if (!response.ok) throw new Error(`the run's shared Chromium did not start: ${text}`);
  return text;
}
