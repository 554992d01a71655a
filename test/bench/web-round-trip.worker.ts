// The pages of the web companion's round-trip figure (web-companion.section.ts), in a worker
// thread of their own: four seat pages and the table page on the live channel, so a page receives
// its messages while the server (in the main thread) goes on with its work, as a browser's page
// does. The seat that may move sends its first move; the round trip ends when the last page
// received the last snapshot the server sent it for that move (the server says how many it has
// sent each page, once the mover has its own; the next move is sent after that).

import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

type Message = Readonly<Record<string, unknown>> & { readonly type: string };

interface PageLink {
  readonly id: string;
  readonly url: string;
}

interface Page {
  readonly id: string;
  readonly ws: WebSocket;
  snapshots: number;
  /** When each snapshot arrived (performance.now), in order. */
  readonly arrivals: number[];
  last: Message | null;
  /** Called with each snapshot, while a move waits on this page. */
  onSnapshot: (() => void) | null;
}

const port = parentPort;
if (port === null) throw new Error('web-round-trip.worker.ts runs as a worker thread');
const { pages: links } = workerData as { pages: readonly PageLink[] };

function open(link: PageLink): Promise<Page> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(link.url);
    const page: Page = { id: link.id, ws, snapshots: 0, arrivals: [], last: null, onSnapshot: null };
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.type !== 'snapshot') return;
      page.arrivals.push(performance.now());
      page.snapshots += 1;
      page.last = message;
      page.onSnapshot?.();
    });
    ws.once('open', () => resolve(page));
    ws.once('error', reject);
  });
}

/** Resolves once `page` has received `count` snapshots in all. */
function snapshotsReach(page: Page, count: number): Promise<void> {
  if (page.snapshots >= count) return Promise.resolve();
  return new Promise((resolve) => {
    page.onSnapshot = () => {
      if (page.snapshots < count) return;
      page.onSnapshot = null;
      resolve();
    };
  });
}

/** How many snapshots the server has sent each page so far (asked of the main thread). */
function sentCounts(): Promise<Readonly<Record<string, number>>> {
  return new Promise((resolve) => {
    port?.once('message', (counts: Readonly<Record<string, number>>) => resolve(counts));
    port?.postMessage({ type: 'counts' });
  });
}

const pages = await Promise.all(links.map(open));
await Promise.all(pages.map((p) => snapshotsReach(p, 1)));
const times: number[] = [];
for (let guard = 0; guard < 2000; guard++) {
  const seats = pages.filter((p) => p.id !== 'table');
  const mover = seats.find((p) => ((p.last?.['moves'] as unknown[] | undefined) ?? []).length > 0);
  if (mover === undefined) break; // the game is over (every page has its last snapshot: nobody has moves)
  const t0 = performance.now();
  const had = mover.snapshots;
  mover.ws.send(JSON.stringify({ type: 'choose', menu: mover.last?.['menu'], n: 0 }));
  await snapshotsReach(mover, had + 1);
  const counts = await sentCounts();
  await Promise.all(pages.map((p) => snapshotsReach(p, counts[p.id] ?? 0)));
  // Until the last page had its last snapshot (the counts may come later: the server saves first).
  const last = Math.max(...pages.map((p) => p.arrivals[(counts[p.id] ?? 0) - 1] ?? t0));
  times.push(last - t0);
}
for (const p of pages) p.ws.close();
port.postMessage({ type: 'done', times });
