// The pages' icon: /favicon.ico (which browsers ask for) and /favicon.svg (which every page links)
// answer with the timer's drawing, so no page load logs a 404.

import { afterEach, describe, expect, it } from 'vitest';
import { pageHtml } from '../../host/web/page-html.ts';
import type { WebServer } from '../../host/web/server.ts';
import { startTestServer } from './support.ts';

let server: WebServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("the pages' icon", () => {
  it('is served for /favicon.ico and /favicon.svg, and every page links it', async () => {
    ({ server } = await startTestServer({ saveDir: null }));
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg /);
    }
    for (const kind of ['start', 'table', 'seat', 'pass'] as const)
      expect(pageHtml(kind)).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
