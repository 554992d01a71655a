// Figures of the browser simulation: the size of the built page (raw and gzip) and the time from
// navigation to a playable device in headless Chromium (median of a few fresh page loads).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, WEB_DIR } from '../../sim/web/build.ts';
import { serveStatic } from '../../sim/web/serve.ts';
import { chromiumMissing, launchChromium } from '../support/chromium.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const LOADS = 5;
/** Set by sim/web/main.ts once the device is playable. */
const READY_MARK = 'imperial-timer-ready';

function kib(bytes: number): string {
  return `${formatNumber(bytes / 1024, 1)} KiB`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

function sizeFigures(): BenchFigure[] {
  const files = readdirSync(WEB_DIR)
    .filter((name) => !name.endsWith('.map'))
    .sort();
  let raw = 0;
  let zipped = 0;
  const figures = files.map((name) => {
    const bytes = readFileSync(join(WEB_DIR, name));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    zipped += gzip;
    return { label: name, value: `${kib(bytes.length)} (gzip ${kib(gzip)})` };
  });
  figures.push({ label: 'page total', value: `${kib(raw)} (gzip ${kib(zipped)})` });
  return figures;
}

/** ms from navigation start to the ready mark, for `LOADS` fresh browser contexts. */
async function readyTimes(): Promise<number[]> {
  const server = await serveStatic({ root: WEB_DIR });
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}?seed=1`);
      await page.waitForSelector('body[data-ready="true"]');
      times.push(await page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? NaN, READY_MARK));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The web section's figures (builds build/web first). */
export async function webFigures(): Promise<BenchFigure[]> {
  await buildWeb();
  const figures = sizeFigures();
  if (chromiumMissing !== null) {
    figures.push({ label: 'navigation to playable', value: `not measured: ${chromiumMissing}` });
    return figures;
  }
  const times = await readyTimes();
  figures.push({
    label: 'navigation to playable',
    value: `${formatNumber(median(times), 0)} ms median of ${LOADS} loads (headless Chromium, ${formatNumber(Math.min(...times), 0)}..${formatNumber(Math.max(...times), 0)} ms)`,
  });
  return figures;
}
