// The Raspberry Pi Pico image: its size, and how it runs in emulation (rp2040js at the 12 MHz
// the runtime sets): wall time per emulated minute, and wake-ups per minute, awake and asleep.
import { spawnSync } from 'node:child_process';

import { deepSleepMinute } from '../pico/harness/power.ts';
import { Presser, bootPico, bootPicoOnUsb, command } from '../pico/harness/session.ts';
import { DEBIAN_PACKAGES, ELF_FILE, buildPicoImage, buildPicoVariant, missingTools } from '../pico/harness/toolchain.ts';
import { formatNumber, type BenchFigure, type BenchSection } from './section.ts';

interface ImageSize {
  flash: number;
  ramData: number;
  ramBss: number;
  stack: number;
  linearMemory: number;
}

/** Section sizes from `arm-none-eabi-size -A` of build/imperial-timer.elf. */
function imageSize(): ImageSize {
  const result = spawnSync('arm-none-eabi-size', ['-A', ELF_FILE], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`arm-none-eabi-size failed: ${result.stderr}`);
  const sections = new Map<string, number>();
  for (const line of result.stdout.split('\n')) {
    const match = /^(\.\S+)\s+(\d+)\s+\d+/.exec(line);
    if (match?.[1] !== undefined) sections.set(match[1], Number(match[2]));
  }
  const size = (name: string): number => sections.get(name) ?? 0;
  const nm = spawnSync('arm-none-eabi-nm', ['-S', ELF_FILE], { encoding: 'utf8' });
  const memory = /^[0-9a-f]+ ([0-9a-f]+) b linear_memory$/m.exec(nm.stdout)?.[1];
  return {
    flash: size('.boot2') + size('.text') + size('.ARM.exidx') + size('.data'),
    ramData: size('.data'),
    ramBss: size('.bss'),
    stack: size('.stack'),
    linearMemory: memory === undefined ? 0 : parseInt(memory, 16),
  };
}

function kib(bytes: number): string {
  return `${formatNumber(bytes / 1024, 1)} KiB`;
}

/** The figures of the Pico image; explains itself when the Debian tools are missing. */
export function picoFigures(): BenchFigure[] {
  const missing = missingTools();
  if (missing.length > 0) {
    return [{ label: 'skipped', value: `needs ${missing.join(', ')} (Debian packages: ${DEBIAN_PACKAGES.join(' ')})` }];
  }
  buildPicoImage();
  const size = imageSize();
  const figures: BenchFigure[] = [
    { label: 'flash (boot2, code, constants, .data image)', value: `${kib(size.flash)} of 2044 KiB` },
    { label: 'RAM: .data + .bss', value: `${kib(size.ramData + size.ramBss)} (of which the WASM linear memory ${kib(size.linearMemory)})` },
    { label: 'RAM: stack reserved', value: kib(size.stack) },
  ];

  // One minute of a running game: a code entered every 5 s on bouncy buttons.
  const game = bootPico({ seed: 7 });
  command(game, 'CONFIG duration=600');
  const presser = new Presser(game);
  presser.press('triangle');
  const before = { ...game.stats };
  const started = performance.now();
  const end = game.nowMs + 60_000;
  while (game.nowMs < end - 5_000) {
    presser.enterCode('123');
    game.runUntilMs(Math.min(end, game.nowMs + 5_000 - 3 * 200));
  }
  game.runUntilMs(end);
  const wallMs = performance.now() - started;
  figures.push({ label: 'RAM: stack used in that game (high-water mark)', value: `${formatNumber(game.stackHighWater(size.stack))} bytes` });
  const running = { wakeups: game.stats.wakeups - before.wakeups, awakeMs: (game.stats.awakeNanos - before.awakeNanos) / 1e6 };
  figures.push(
    { label: 'wall time to emulate 1 min of a game', value: `${formatNumber(wallMs)} ms (${formatNumber(60_000 / wallMs, 1)} x real time)` },
    { label: 'wake-ups per minute, game running', value: `${formatNumber(running.wakeups)} (core awake ${formatNumber(running.awakeMs, 1)} ms of 60 000)` },
  );

  // Deep sleep: the idle timer goes DORMANT after `sleep` seconds.
  const idle = bootPico({ seed: 8 });
  command(idle, 'CONFIG sleep=30');
  idle.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
  idle.run(10);
  const asleep = { ...idle.stats };
  idle.run(60_000);
  figures.push({
    label: 'wake-ups per minute, deep sleep',
    value: `${formatNumber(idle.stats.wakeups - asleep.wakeups)} (DORMANT ${formatNumber((idle.stats.dormantNanos - asleep.dormantNanos) / 1e9, 1)} s of 60)`,
  });

  // How long the 12 MHz core takes to answer a command, from its '\n' to the answer's.
  const pico = bootPico({ seed: 9 });
  pico.sendLine('STATUS');
  const sentAt = pico.nowMs;
  const answer = pico.runUntilLine((text) => text.startsWith('OK STATUS'), 100);
  figures.push({
    label: 'STATUS answer sent whole after its newline',
    value: `${formatNumber(answer.ms - sentAt, 2)} ms (emulated, 12 MHz; the 52 bytes take 4.5 ms at 115200 baud)`,
  });
  figures.push(...serialInputFigures(), ...usbFigures());
  return figures;
}

/** USB: the round trip of HELLO from the computer on the USB port, and deep sleep on batteries with and without the USB code. */
function usbFigures(): BenchFigure[] {
  const pico = bootPicoOnUsb({ seed: 9 });
  const host = pico.usbHost;
  const trips: number[] = [];
  for (let i = 0; i < 20; i++) {
    const from = host.lines.length;
    const sentAt = pico.nowMs;
    host.send('HELLO\n');
    while (!host.lines.slice(from).some((line) => line.text.startsWith('OK HELLO'))) pico.runUntilMs(pico.nowMs + 0.05);
    trips.push((host.lines.at(-1)?.ms ?? sentAt) - sentAt);
    pico.run(10);
  }
  trips.sort((a, b) => a - b);
  const median = trips[Math.floor(trips.length / 2)] ?? 0;
  const sleep = (uf2File?: string): string => {
    const idle = bootPico({ seed: 8, ...(uf2File === undefined ? {} : { uf2File }) });
    const minute = deepSleepMinute(idle, (line) => command(idle, line));
    return `${formatNumber(minute.currentMa, 3)} mA (DORMANT ${formatNumber(minute.dormantS, 1)} s of 60, ${formatNumber(minute.wakeups)} wake-ups)`;
  };
  return [
    {
      label: 'USB: HELLO round trip, computer to computer',
      value: `${formatNumber(median, 2)} ms median of 20 (emulated: rp2040js's USB timing, clk_sys 48 MHz)`,
    },
    { label: 'deep sleep on batteries, USB unplugged (hw/power.json figures)', value: sleep() },
    { label: 'deep sleep on batteries, image without the USB code', value: sleep(buildPicoVariant('imperial-timer-no-usb', ['--no-usb'])) },
  ];
}

/** Core cycles (at 12 MHz) per unit of input sent back to back at 115200 baud, until the line is quiet. */
function cyclesPer(text: string, units: number): { cycles: number; answers: number } {
  const pico = bootPico({ seed: 9 });
  pico.run(50);
  const awake = pico.stats.awakeNanos;
  const from = pico.lines.length;
  pico.sendBytes(text);
  pico.runUntilQuiet(20, 60_000);
  return { cycles: ((pico.stats.awakeNanos - awake) * pico.rp2040.clkSys) / 1e9 / units, answers: pico.lines.length - from };
}

/**
 * Receiving at 115200 baud: a byte every 86.8 us, 1042 cycles at 12 MHz. What the core spends
 * per byte and per line, now and (recorded, same harness and method) before the receive ring
 * (commit 9b9ed7b: an event per byte, 64-bit divisions, wasm2c's memcpy loads at -Os).
 */
function serialInputFigures(): BenchFigure[] {
  const perByte = (cycles: number): string => `${formatNumber(cycles)} cycles (${formatNumber(cycles / 12, 1)} us of the 86.8 us a byte takes)`;
  const long = cyclesPer(`${'x'.repeat(4_000)}\n`, 4_001);
  const empty = cyclesPer('\n'.repeat(2_000), 2_000);
  const status = cyclesPer('STATUS\n'.repeat(150), 150);
  return [
    { label: 'serial: cycles per byte of an over-long line', value: `${perByte(long.cycles)}; before: ${perByte(BEFORE.longLineByte)}` },
    { label: 'serial: cycles per empty line', value: `${perByte(empty.cycles)}; before: ${perByte(BEFORE.emptyLine)}` },
    {
      label: 'serial: cycles per STATUS line, 150 pasted',
      value: `${formatNumber(status.cycles)} (${formatNumber(status.cycles / 12_000, 2)} ms; its 52-byte answer takes 4.5 ms on the wire), ${status.answers} of 150 answered; before: ${formatNumber(BEFORE.statusLine)} per line answered, ${BEFORE.statusAnswered} of 150 answered`,
    },
  ];
}

/**
 * Measured with cyclesPer on the runtime of commit 9b9ed7b. The STATUS figure is per line
 * answered: 60 of the 150 were, the others lost with the bytes the event queue dropped.
 */
const BEFORE = { longLineByte: 1_097, emptyLine: 1_150, statusLine: 38_126, statusAnswered: 60 };

const section: BenchSection = {
  title: 'Raspberry Pi Pico image (rp2040js)',
  run: picoFigures,
};

export default section;
