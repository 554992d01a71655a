// `companion flash`: a new image onto the timer through its link. Checks the UF2 (uf2.ts), asks
// the running timer its firmware version, sends BOOTSEL (firmware/PROTOCOL.md) so it restarts
// as the RP2040's boot drive, waits for the drive (boot-drive.ts), copies the UF2 to it, waits
// for the timer to answer again and checks it runs the image's version. With no timer
// answering, a boot drive already there is used; without one, it says how to enter BOOTSEL by
// hand. Every step reports through `say`; a failure throws a FlashError saying what to do.
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FlashLayout } from '../../hw/pico/flash-layout.ts';
import { type BootDrive, DRIVE_LABEL, mountAdvice } from './boot-drive.ts';
import { parseUf2 } from './uf2.ts';

export class FlashError extends Error {
  override name = 'FlashError';
}

/** The running timer, as the flash needs it. */
export interface FlashTimer {
  /** The `fw=` of its HELLO. */
  readonly firmware: string;
  /** Sends BOOTSEL; resolves on its OK, rejects with the timer's refusal. */
  bootsel(): Promise<void>;
  close(): Promise<void>;
}

export interface FlashDeps {
  readonly layout: FlashLayout;
  /** Opens the timer on `port` and reads its HELLO; rejects when none answers. */
  readonly openTimer: (port: string) => Promise<FlashTimer>;
  readonly findDrive: () => BootDrive;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly say: (text: string) => void;
}

export interface FlashRequest {
  readonly uf2File: string;
  /** The timer's serial port; without it only a boot drive already there is used. */
  readonly port: string | undefined;
  /** How long to wait for the boot drive after BOOTSEL (ms). */
  readonly driveTimeoutMs: number;
  /** How long to wait for the timer to answer after the copy (ms). */
  readonly returnTimeoutMs: number;
  readonly pollMs: number;
}

export const BOOTSEL_BY_HAND =
  'To put the timer in boot mode by hand: unplug its USB cable (and switch it off), hold the BOOTSEL button on the Pico ' +
  `while you plug the cable back in, then let go: the Pico shows up as the drive ${DRIVE_LABEL}. Then run flash again.`;

/** The timer's refusal of BOOTSEL (its ERR line, firmware/PROTOCOL.md) in words. */
export function bootselRefusal(line: string): string {
  if (line === 'ERR not-flashable') {
    return "this timer cannot be flashed through its link: it is the built-in virtual timer (or a device without the Pico's boot ROM), not a Pico";
  }
  const state = /^ERR state (running|paused)$/.exec(line)?.[1];
  if (state !== undefined) return `a game is ${state} on it: let it end, or reset the timer, then run flash again (${line})`;
  if (line === 'ERR unknown BOOTSEL') return `its firmware is older than flashing through the link, so flash it by hand this once. ${BOOTSEL_BY_HAND}`;
  return `it answered ${line}`;
}

export interface FlashResult {
  readonly drive: string;
  readonly version: string | undefined;
  /** The version the timer answers after the flash, when it was checked. */
  readonly answered: string | undefined;
}

export async function flashTimer(request: FlashRequest, deps: FlashDeps): Promise<FlashResult> {
  const { layout, say } = deps;
  let bytes: Buffer;
  try {
    bytes = readFileSync(request.uf2File);
  } catch (error) {
    throw new FlashError(`cannot read ${request.uf2File} (${(error as Error).message}); build the image with npm run build:pico, or give the UF2's path`);
  }
  const uf2 = parseUf2(bytes, layout, request.uf2File);
  if (uf2.version === undefined) {
    throw new FlashError(
      `${request.uf2File} is an RP2040 image, but not the Imperial Timer's (it has no image id line); build the timer's with npm run build:pico`,
    );
  }
  say(`${request.uf2File}: firmware ${uf2.version}, ${uf2.endOffset} bytes of flash (the settings and the loaded pack are kept)`);

  let drive = deps.findDrive();
  if (drive.kind === 'none') {
    if (request.port === undefined) throw new FlashError(`no timer port given (--port PATH) and no ${DRIVE_LABEL} drive found. ${BOOTSEL_BY_HAND}`);
    let timer: FlashTimer;
    try {
      timer = await deps.openTimer(request.port);
    } catch (error) {
      throw new FlashError(`no timer answers on ${request.port} (${(error as Error).message}). ${BOOTSEL_BY_HAND}`);
    }
    try {
      say(`the timer on ${request.port} runs firmware ${timer.firmware}; restarting it into boot mode (BOOTSEL)`);
      await timer.bootsel();
    } catch (error) {
      throw new FlashError(`the timer refused to restart into boot mode: ${(error as Error).message}`);
    } finally {
      await timer.close().catch(() => undefined);
    }
    drive = await waitForDrive(request, deps);
  }
  if (drive.kind === 'unmounted') throw new FlashError(mountAdvice(drive.device));
  if (drive.kind === 'none') throw new FlashError(`no ${DRIVE_LABEL} drive appeared within ${request.driveTimeoutMs / 1000} s. ${BOOTSEL_BY_HAND}`);

  const target = join(drive.path, basename(request.uf2File));
  say(`copying to ${target}`);
  try {
    const fd = openSync(target, 'w');
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new FlashError(`cannot write ${target} (${(error as Error).message}); the timer stays in boot mode: run flash again`);
  }

  if (request.port === undefined) {
    say(`copied: the timer restarts with firmware ${uf2.version}. Pass --port PATH next time to check it answers`);
    return { drive: drive.path, version: uf2.version, answered: undefined };
  }
  const answered = await waitForTimer(request.port, request, deps);
  if (answered !== uf2.version) {
    throw new FlashError(
      `the timer came back with firmware ${answered}, not the image's ${uf2.version}: copy the UF2 again (flash with the timer in boot mode)`,
    );
  }
  say(`done: the timer on ${request.port} runs firmware ${answered}`);
  return { drive: drive.path, version: uf2.version, answered };
}

async function waitForDrive(request: FlashRequest, deps: FlashDeps): Promise<BootDrive> {
  const deadline = deps.now() + request.driveTimeoutMs;
  let drive = deps.findDrive();
  while (drive.kind !== 'mounted' && deps.now() < deadline) {
    await deps.sleep(request.pollMs);
    drive = deps.findDrive();
  }
  return drive;
}

async function waitForTimer(port: string, request: FlashRequest, deps: FlashDeps): Promise<string> {
  const deadline = deps.now() + request.returnTimeoutMs;
  let last = '';
  for (;;) {
    try {
      const timer = await deps.openTimer(port);
      await timer.close().catch(() => undefined);
      return timer.firmware;
    } catch (error) {
      last = (error as Error).message;
    }
    if (deps.now() >= deadline) {
      throw new FlashError(
        `the UF2 was copied, but no timer answered on ${port} within ${request.returnTimeoutMs / 1000} s (${last}). ` +
          `Unplug and plug in the timer; if it still does not answer, the copy did not take: ${BOOTSEL_BY_HAND}`,
      );
    }
    await deps.sleep(request.pollMs);
  }
}
