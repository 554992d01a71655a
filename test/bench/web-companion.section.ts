// The web companion's figures: page weight (gzip), time from navigation to a usable seat page in
// Chromium (Secret Invasion, and Rebel Missions on the built-in timer), and a move's round trip
// over the live channel to every page, 4 seats and the table connected, saving on (p50, p95 beside its goal).

import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { bundlePages } from '../../host/web/bundle.ts';
import { loadLimits } from '../../host/web/limits.ts';
import { pageHtml } from '../../host/web/page-html.ts';
import { Client, GAMES, pathOf, wsUrl } from '../web-companion/support.ts';
import { builtInTimer, startRmServer } from '../web-companion/rm-support.ts';
import { startWebServer, type WebServer, type WebServerOptions } from '../../host/web/server.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { chromiumMissing, launchChromium } from '../support/chromium.ts';
import { formatNumber, type BenchFigure, type BenchSection } from './section.ts';

const FAST = { ...loadLimits(), ratePerSecond: 10_000, rateBurst: 10_000 };

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function pageWeights(): Promise<BenchFigure[]> {
  const bundle = await bundlePages();
  const gz = (bytes: Uint8Array | string): number => gzipSync(bytes).length;
  const css = bundle.files.get('style.css')?.bytes ?? new Uint8Array();
  return (['start', 'table', 'seat'] as const).map((kind) => {
    const js = bundle.files.get(`${kind}.js`)?.bytes ?? new Uint8Array();
    return { label: `${kind} page weight (html + js + css, gzip)`, value: `${formatNumber((gz(pageHtml(kind)) + gz(js) + gz(css)) / 1024, 1)} KiB` };
  });
}

async function startFourSeats(saveDir: string | null = null, tap?: WebServerOptions['tap']) {
  const server = await startWebServer({ games: GAMES, limits: FAST, saveDir, ...(tap === undefined ? {} : { tap }) });
  const problem = await server.handle({
    type: 'start',
    game: 'secret-invasion',
    seats: ['Ana', 'Ben', 'Cy', 'Dee'].map((name) => ({ name, bot: null })),
    options: {},
    seed: 3,
    timer: { kind: 'none' },
  });
  if (problem !== null) throw new Error(problem);
  return server;
}

/** The goal of a move's round trip to every page (issue #22): p95 at most this (ms). */
const ROUND_TRIP_GOAL_MS = 50;

const PAGES_WORKER = new URL('./web-round-trip.worker.ts', import.meta.url).href;

/** One match's round trips, from the pages in their worker thread (web-round-trip.worker.ts). */
function roundTripsOf(server: WebServer, sent: ReadonlyMap<string, number>): Promise<number[]> {
  const links = server.links();
  if (links === null) throw new Error('no links');
  const live = (url: string): string => wsUrl(server.url, `/live${pathOf(url)}`);
  const pages = [...links.seats.map((s) => ({ id: s.id, url: live(s.url) })), { id: 'table', url: live(links.table) }];
  // A worker does not inherit tsx's loader: it registers it, then runs the pages' TypeScript.
  const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(PAGES_WORKER)}); })`;
  const worker = new Worker(script, { eval: true, workerData: { pages } });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { type: 'counts' } | { type: 'done'; times: number[] }) => {
      if (message.type === 'counts') worker.postMessage(Object.fromEntries(sent));
      else resolve(message.times);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pages' worker stopped (exit ${code}) before the match ended`)));
  });
}

/**
 * A move's round trip to every page: from a seat's move sent over its live channel until each of
 * the five pages (the four seats and the table) has received every snapshot the move brought it,
 * with saving on (a real save file in a temporary folder, written after every move). The pages
 * run in a worker thread, as browsers do beside the server. A page whose view a move did not
 * change is sent no snapshot, and none is waited for (the server's tap counts what it sent).
 */
async function roundTrips(): Promise<BenchFigure[]> {
  const times: number[] = [];
  const sent = new Map<string, number>();
  const tap: WebServerOptions['tap'] = (viewer, message) => {
    if (message.type === 'snapshot') sent.set(viewer, (sent.get(viewer) ?? 0) + 1);
  };
  for (let game = 0; game < 3 && times.length < 300; game++) {
    sent.clear();
    const server = await startFourSeats(testTempDir('bench-web-'), tap);
    try {
      times.push(...(await roundTripsOf(server, sent)));
    } finally {
      await server.close();
    }
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  const where = '4 seats and the table connected, saving on';
  return [
    { label: `move round trip to every page (${where}): p50`, value: `${formatNumber(quantile(times, 0.5), 2)} ms` },
    {
      label: `move round trip to every page (${where}): p95`,
      value: `${formatNumber(p95, 2)} ms (goal: at most ${ROUND_TRIP_GOAL_MS} ms, ${p95 <= ROUND_TRIP_GOAL_MS ? 'met' : 'not met'}; ${times.length} moves)`,
    },
  ];
}

/** Rebel Missions with four people on the built-in timer, started (so the first seat has its moves). */
async function startRebelMissions(): Promise<WebServer> {
  let started: Promise<unknown> = Promise.resolve();
  const { server } = await startRmServer(
    async () => {
      const timer = await builtInTimer(3);
      started = timer.link.request('START');
      return timer;
    },
    { limits: FAST, saveDir: null },
  );
  const problem = await server.handle({
    type: 'start',
    game: 'rebel-missions',
    seats: ['Ana', 'Ben', 'Cy', 'Dee'].map((name) => ({ name, bot: null })),
    options: {},
    seed: 3,
    timer: { kind: 'virtual' },
  });
  if (problem !== null) throw new Error(problem);
  await started;
  return server;
}

/** What a Rebel Missions seat page loads besides the page itself: its first messages (hello, history, snapshot), gzip. */
async function rebelMissionsFirstMessages(): Promise<BenchFigure[]> {
  const server = await startRebelMissions();
  try {
    const url = server.links()?.seats[0]?.url as string;
    const seat = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`));
    await seat.next((m) => m.type === 'snapshot' && (m['moves'] as unknown[]).length > 0);
    const first = seat.received.slice(0, seat.received.findIndex((m) => m.type === 'snapshot') + 1);
    seat.close();
    return [{ label: 'Rebel Missions seat page: its first messages (gzip)', value: `${formatNumber(gzipSync(JSON.stringify(first)).length / 1024, 1)} KiB` }];
  } finally {
    await server.close();
  }
}

async function timeToUsableSeat(game: string, start: () => Promise<WebServer>): Promise<BenchFigure[]> {
  if (chromiumMissing !== null) return [{ label: `${game}: time to a usable seat page`, value: `skipped: ${chromiumMissing}` }];
  const browser = await launchChromium();
  const server = await start();
  try {
    const links = server.links();
    if (links === null) throw new Error('no links');
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(links.seats[0]?.url as string);
      await page.locator('.move-list button').first().waitFor();
      times.push(performance.now() - t0);
      await context.close();
    }
    times.sort((a, b) => a - b);
    return [{ label: `${game}: navigation to a usable seat page (its moves shown), median of 5`, value: `${formatNumber(quantile(times, 0.5), 0)} ms` }];
  } finally {
    await server.close();
    await browser.close();
  }
}

const section: BenchSection = {
  title: 'web companion (host/web)',
  run: async () => [
    ...(await pageWeights()),
    ...(await rebelMissionsFirstMessages()),
    ...(await timeToUsableSeat('Secret Invasion', startFourSeats)),
    ...(await timeToUsableSeat('Rebel Missions on the built-in timer', startRebelMissions)),
    ...(await roundTrips()),
  ],
};

export default section;
