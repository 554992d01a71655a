// Companion figures: how many seeded Rebel Missions games random players finish per second
// (the engine alone, headless), and the round trip of a protocol command (HELLO) over the
// pseudo-terminal and the real serialport stack, against the in-process virtual timer.
// Run alone with `npx tsx test/bench/companion.ts`; `npm run bench` includes it.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { playTable, randomTableBot } from '../../host/engine/index.ts';
import {
  randomTimerBot,
  rebelMissionsTable,
  type RebelMissionsView,
  type RebelTableMove,
  type RebelTableState,
} from '../../host/games/rebel-missions/index.ts';
import { tableBot } from '../../host/games/rebel-missions/table-game.ts';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { startPtyBridge } from '../../host/link/pty-bridge.ts';
import { SerialTransport } from '../../host/link/serial-transport.ts';
import type { Transport } from '../../host/link/transport.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const PLAYERS = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
    { name: 'Cal', profile: 'kanan' },
  ],
};
const ROUND_TRIPS = 300;

function gamesPerSecond(): BenchFigure[] {
  const player = randomTableBot<RebelTableState, RebelTableMove, RebelMissionsView>();
  const seating = { p1: player, p2: player, p3: player, timer: tableBot('timer', randomTimerBot()) };
  playTable(rebelMissionsTable, PLAYERS, 0, seating, { maxSteps: 20_000 }); // warm up
  let games = 0;
  let moves = 0;
  let finished = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    const played = playTable(rebelMissionsTable, PLAYERS, games + 1, seating, { maxSteps: 20_000 });
    games++;
    moves += played.steps;
    if (played.result.finished) finished++;
  }
  const seconds = (performance.now() - started) / 1000;
  return [
    {
      label: 'Rebel Missions games, random players',
      value: `${formatNumber(games / seconds, 1)} games/s (${games} seeded games, ${finished} finished, ${formatNumber(moves / games, 0)} moves each)`,
    },
    { label: 'Rebel Missions moves', value: `${formatNumber(moves / seconds)} moves/s` },
  ];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

async function helloRoundTrips(transport: Transport): Promise<{ median: number; p95: number }> {
  const client = new ProtocolClient(transport);
  for (let i = 0; i < 20; i++) await client.hello(); // warm up
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t0 = performance.now();
    await client.hello();
    times.push(performance.now() - t0);
  }
  await client.close();
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function roundTrips(): Promise<BenchFigure[]> {
  const inProcess = await helloRoundTrips(new VirtualTransport({ seed: 1, realTime: false }));
  const figures: BenchFigure[] = [
    {
      label: 'HELLO round trip, in-process virtual timer',
      value: `median ${formatNumber(inProcess.median, 3)} ms, p95 ${formatNumber(inProcess.p95, 3)} ms (${ROUND_TRIPS} commands)`,
    },
  ];
  if (spawnSync('socat', ['-V'], { stdio: 'ignore' }).error !== undefined) {
    figures.push({ label: 'HELLO round trip, pseudo-terminal', value: 'not measured: needs socat (apt-get install socat)' });
    return figures;
  }
  const device = new VirtualTransport({ seed: 1, realTime: false });
  const bridge = await startPtyBridge(device);
  try {
    const pty = await helloRoundTrips(await SerialTransport.open(bridge.path));
    figures.push({
      label: 'HELLO round trip, pseudo-terminal + serialport',
      value: `median ${formatNumber(pty.median, 3)} ms, p95 ${formatNumber(pty.p95, 3)} ms (${formatNumber(pty.median / inProcess.median, 0)} x the in-process median)`,
    });
  } finally {
    await bridge.close();
    await device.close();
  }
  return figures;
}

export async function companionFigures(): Promise<BenchFigure[]> {
  return [...gamesPerSecond(), ...(await roundTrips())];
}

/** Prints the companion figures, one per line. */
export async function printCompanionFigures(write: (line: string) => void = (line) => console.log(line)): Promise<void> {
  for (const figure of await companionFigures()) write(`  ${figure.label}: ${figure.value}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  printCompanionFigures().catch((error: unknown) => {
    console.error(`companion bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
