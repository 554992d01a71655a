// The web server's HTTP side: the pages (the start page to this machine only; the table, seat and
// pass-and-play pages by their link's token), the bundled scripts and style under /app/, and the
// icon. Every answer carries the security headers; a request under a host name this server does
// not answer to (DNS rebinding), or naming two hosts, is refused (421).
//
//   GET /                 the start page            (only to this machine: see `isLocal`)
//   GET /table/<token>    the table page            (the public view; the seat links and QR codes)
//   GET /seat/<token>     a seat page               (that seat's view and moves)
//   GET /pass/<token>     pass-and-play on one screen (the table's token: it opens every person's seat)
//   GET /app/<file>       the bundled scripts and style
//   GET /favicon.svg, /favicon.ico

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { PageBundle } from './bundle.ts';
import { pageFor, pageRefusal, type CurrentMatch } from './current-match.ts';
import { pageHtml } from './page-html.ts';

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Nothing is loaded from outside this server; the tokens in the URL never travel as a referrer.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** The pages' icon: the simulator's (one drawing of the timer for both), answered for /favicon.svg and the /favicon.ico browsers ask for. */
const FAVICON = readFileSync(new URL('../../sim/web/favicon.svg', import.meta.url));

/** A connection from this machine, arriving on its loopback interface: the start page's only audience. */
export function isLocal(socket: Socket): boolean {
  const loopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  return loopback(socket.remoteAddress) && loopback(socket.localAddress);
}

/** The request's Host header, when it has exactly one (a request naming two hosts is refused like an unknown one). */
export function hostOf(request: IncomingMessage): string | undefined {
  const hosts: string[] = [];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
    if (request.rawHeaders[i]?.toLowerCase() === 'host') hosts.push(request.rawHeaders[i + 1] as string);
  return hosts.length === 1 ? hosts[0] : undefined;
}

/** The names a server answers to on `port` (a page reached by another name, as after DNS rebinding, is refused). */
export function knownHost(host: string | undefined, port: number, lanHost: string | undefined): boolean {
  const names = ['127.0.0.1', 'localhost', '[::1]', ...(lanHost === undefined ? [] : [lanHost.includes(':') ? `[${lanHost}]` : lanHost])];
  return host !== undefined && names.some((name) => host === `${name}:${port}`);
}

function send(response: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  send(response, status, 'text/plain; charset=utf-8', `${text}\n`);
}

export interface RouteContext {
  readonly bundle: PageBundle;
  readonly port: () => number;
  readonly lanHost: string | undefined;
  readonly current: () => CurrentMatch | null;
}

/** The HTTP request handler. */
export function httpRoutes(context: RouteContext): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const port = context.port();
    if (!knownHost(hostOf(request), port, context.lanHost))
      return sendText(response, 421, `this server answers to 127.0.0.1:${port}${context.lanHost === undefined ? '' : ` and ${context.lanHost}:${port}`} only`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      sendText(response, 405, 'only GET and HEAD are served');
      return;
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const asset = /^\/app\/([a-z-]+\.(?:js|css))$/.exec(path);
    if (asset !== null) {
      const file = context.bundle.files.get(asset[1] as string);
      if (file === undefined) return sendText(response, 404, 'no such file');
      return send(response, 200, file.type, file.bytes);
    }
    if (path === '/favicon.ico' || path === '/favicon.svg') return send(response, 200, 'image/svg+xml', FAVICON);
    const current = context.current();
    const page = pageFor(path, current);
    if (page === null)
      return sendText(
        response,
        404,
        'no such page: a seat or table link is only valid for the match it was made for; ask for the link again on the table page',
      );
    if (page.kind === 'start' && !isLocal(request.socket)) return sendText(response, 403, 'the start page is only served to this machine (open it there)');
    const refused = pageRefusal(page.kind, current);
    if (refused !== null) return sendText(response, 404, refused);
    send(response, 200, 'text/html; charset=utf-8', pageHtml(page.kind));
  };
}
