// A tiny static file server for the built page: GET and HEAD only, files under one folder, the MIME
// types the page needs (application/wasm for the firmware), bound to 127.0.0.1.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, normalize, resolve, sep } from 'node:path';

export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeType(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file a request path names inside `root`, or undefined when it would leave the folder or is
 * malformed. `/` and paths ending in `/` name their index.html.
 */
export function fileForPath(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (path.includes('\0') || !path.startsWith('/')) return undefined;
  if (path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, normalize(`.${path}`));
  return file.startsWith(base + sep) ? file : undefined;
}

export interface StaticServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

export interface ServeOptions {
  root: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

function send(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

async function handle(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, 405, 'only GET and HEAD are served\n');
    return;
  }
  const file = fileForPath(root, request.url ?? '/');
  if (file === undefined) {
    send(response, 400, 'bad path\n');
    return;
  }
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    send(response, 404, `not found: ${request.url ?? '/'}\n`);
    return;
  }
  response.writeHead(200, {
    'Content-Type': mimeType(file),
    'Content-Length': size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

/** Serves `root` on host:port (default 127.0.0.1 and a free port). */
export async function serveStatic(options: ServeOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    handle(root, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'internal error\n');
      else response.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    port,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
