import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../support/temp-dir.ts';
import { fileForPath, mimeType, serveStatic, type StaticServer } from '../../sim/web/serve.ts';

const root = testTempDir('serve-');
let server: StaticServer;

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(root, 'firmware.wasm'), Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
  server = await serveStatic({ root });
});
afterAll(async () => server.close());

describe('static server', () => {
  it('binds to 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves index.html for / and the firmware as application/wasm', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>t</title>');
    const wasm = await fetch(`${server.url}firmware.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await wasm.arrayBuffer()).length).toBe(8);
  });

  it('answers 404 for a missing file and 405 for other methods', async () => {
    expect((await fetch(`${server.url}nope.js`)).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('never serves a file outside its folder', async () => {
    expect(fileForPath(root, '/../etc/passwd')).toBeUndefined();
    expect(fileForPath(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(fileForPath(root, '/sub/../index.html')).toBe(join(root, 'index.html'));
    expect(fileForPath(root, '/a%00b')).toBeUndefined();
    expect(fileForPath(root, '/%E0%A4%A')).toBeUndefined();
    expect(fileForPath(root, '/')).toBe(join(root, 'index.html'));
    expect((await fetch(`${server.url}..%2f..%2fetc%2fpasswd`)).status).toBe(400);
  });

  it('knows the MIME types of the page files', () => {
    expect(['a.js', 'a.css', 'a.svg', 'a.map', 'a.bin'].map(mimeType)).toEqual([
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
      'image/svg+xml',
      'application/json; charset=utf-8',
      'application/octet-stream',
    ]);
  });
});
