// The web companion's figures: page weight (gzip), time from navigation to a usable seat page in
// Chromium (Secret Invasion, and Rebel Missions on the built-in timer), and a move's round trip
// over the live channel with 4 seats connected (p50, p95).

import { gzipSync } from 'node:zlib';
import { bundlePages } from '../../host/web/bundle.ts';
import { loadLimits } from '../../host/web/limits.ts';
import { pageHtml } from '../../host/web/page-html.ts';
import { Client, pathOf, startTestServer, wsUrl, type Message } from '../web-companion/support.ts';
import { builtInTimer, startRmServer } from '../web-companion/rm-support.ts';
import type { WebServer } from '../../host/web/server.ts';
import { chromiumMissing, launchChromium } from '../support/browser.ts';
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

async function startFourSeats() {
  const { server } = await startTestServer({ limits: FAST, saveDir: null });
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

async function roundTrips(): Promise<BenchFigure[]> {
  const times: number[] = [];
  for (let game = 0; game < 3 && times.length < 300; game++) {
    const server = await startFourSeats();
    const links = server.links();
    if (links === null) throw new Error('no links');
    const seats = await Promise.all(links.seats.map((s) => Client.open(wsUrl(server.url, `/live${pathOf(s.url)}`))));
    await Promise.all(seats.map((c) => c.next((m) => m.type === 'snapshot')));
    for (let guard = 0; guard < 2000 && !(server.match()?.finished() ?? true); guard++) {
      const turn = seats.map((seat) => ({ seat, snap: seat.snapshot() as Message })).find((t) => (t.snap['moves'] as unknown[]).length > 0);
      if (turn === undefined) {
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      const from = turn.seat.received.length;
      const t0 = performance.now();
      turn.seat.send({ type: 'choose', menu: turn.snap['menu'], n: 0 });
      await turn.seat.next((m) => m.type === 'snapshot', from);
      times.push(performance.now() - t0);
    }
    for (const c of seats) c.close();
    await server.close();
  }
  times.sort((a, b) => a - b);
  return [
    { label: 'move round trip, 4 seats connected: p50', value: `${formatNumber(quantile(times, 0.5), 2)} ms` },
    { label: 'move round trip, 4 seats connected: p95', value: `${formatNumber(quantile(times, 0.95), 2)} ms (${times.length} moves)` },
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
