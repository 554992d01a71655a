// `companion flash` against a fake boot drive (a temp folder with INFO_UF2.TXT, listed in a fake
// mount table) and a fake timer on a port: the UF2's checks, BOOTSEL, the copy, the version check,
// and each way it can go wrong (a drive not mounted, a timer that never comes back, none answering).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { findBootDrive, type DriveSearch } from '../../host/flash/boot-drive.ts';
import { bootselRefusal, type FlashDeps, type FlashRequest, type FlashTimer, flashTimer } from '../../host/flash/flash.ts';
import { parseUf2 } from '../../host/flash/uf2.ts';
import { flashImage, uf2Of } from './uf2-support.ts';

const layout = readFlashLayout();
const INFO = 'UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n';
const PORT = '/dev/ttyACM0';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flash-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A timer on PORT that becomes a boot drive on BOOTSEL and comes back running what was copied to it. */
class FakeBoard {
  mode: 'running' | 'boot' | 'gone' = 'running';
  firmware = '0.0.9';
  /** After the copy: 'new' runs the copied image's version, 'old' keeps the old one, 'never' never answers. */
  comesBack: 'new' | 'old' | 'never' = 'new';
  /** The drive appears as a block device only, nothing mounts it. */
  automount = true;
  refuse: string | undefined;
  bootsels = 0;
  readonly drive: string;
  readonly search: DriveSearch;

  constructor(root: string) {
    this.drive = join(root, 'media', 'RPI RP2');
    this.search = { mountsFile: join(root, 'mounts'), mountRoots: [], byLabelDir: join(root, 'by-label') };
    writeFileSync(this.search.mountsFile, 'proc /proc proc rw 0 0\n');
  }

  becomeDrive(): void {
    this.mode = 'boot';
    mkdirSync(this.search.byLabelDir, { recursive: true });
    writeFileSync(join(this.search.byLabelDir, 'RPI-RP2'), '');
    if (!this.automount) return;
    mkdirSync(this.drive, { recursive: true });
    writeFileSync(join(this.drive, 'INFO_UF2.TXT'), INFO);
    writeFileSync(this.search.mountsFile, `proc /proc proc rw 0 0\n/dev/sdb1 ${this.drive.replace(/ /g, '\\040')} vfat rw 0 0\n`);
  }

  private copied(): string | undefined {
    if (!existsSync(this.drive)) return undefined;
    const file = readdirSync(this.drive).find((f) => f.endsWith('.uf2'));
    return file === undefined ? undefined : join(this.drive, file);
  }

  async open(port: string): Promise<FlashTimer> {
    if (port !== PORT) throw new Error(`no such port ${port}`);
    if (this.mode === 'boot') {
      const file = this.copied();
      if (file === undefined || this.comesBack === 'never') throw new Error(`cannot open ${port}: no such file`);
      if (this.comesBack === 'new') this.firmware = parseUf2(readFileSync(file), layout).version ?? '';
      this.mode = 'running';
    }
    if (this.mode !== 'running') throw new Error(`cannot open ${port}: no such file`);
    return {
      firmware: this.firmware,
      bootsel: async () => {
        this.bootsels++;
        if (this.refuse !== undefined) throw new Error(this.refuse);
        this.becomeDrive();
      },
      close: async () => {},
    };
  }
}

function deps(board: FakeBoard, said: string[]): FlashDeps {
  let clock = 0;
  return {
    layout,
    openTimer: (port) => board.open(port),
    findDrive: () => findBootDrive(board.search),
    sleep: async (ms) => void (clock += ms),
    now: () => clock,
    say: (text) => void said.push(text),
  };
}

function request(uf2File: string): FlashRequest {
  return { uf2File, port: PORT, driveTimeoutMs: 5_000, returnTimeoutMs: 5_000, pollMs: 250 };
}

function writeUf2(name: string, version: string, bytes = 20_000): string {
  const file = join(dir, name);
  writeFileSync(file, uf2Of(flashImage(version, bytes), layout));
  return file;
}

describe('companion flash', () => {
  it('reboots the timer into BOOTSEL, copies the UF2 to its drive and checks the new version', async () => {
    const board = new FakeBoard(dir);
    const file = writeUf2('imperial-timer.uf2', '0.2.0');
    const said: string[] = [];
    const result = await flashTimer(request(file), deps(board, said));
    expect(board.bootsels).toBe(1);
    expect(readFileSync(join(board.drive, 'imperial-timer.uf2'))).toEqual(readFileSync(file));
    expect(result).toEqual({ drive: board.drive, version: '0.2.0', answered: '0.2.0' });
    expect(said.join('\n')).toContain('runs firmware 0.0.9');
    expect(said.at(-1)).toBe(`done: the timer on ${PORT} runs firmware 0.2.0`);
  });

  it('fails when the timer comes back with another version', async () => {
    const board = new FakeBoard(dir);
    board.comesBack = 'old';
    await expect(flashTimer(request(writeUf2('new.uf2', '0.2.0')), deps(board, []))).rejects.toThrow(
      "the timer came back with firmware 0.0.9, not the image's 0.2.0",
    );
  });

  it('says so when the timer never comes back after the copy', async () => {
    const board = new FakeBoard(dir);
    board.comesBack = 'never';
    await expect(flashTimer(request(writeUf2('new.uf2', '0.2.0')), deps(board, []))).rejects.toThrow(
      /the UF2 was copied, but no timer answered on \/dev\/ttyACM0 within 5 s .*hold the BOOTSEL button/,
    );
  });

  it('says how to mount the drive when it appears but is not mounted', async () => {
    const board = new FakeBoard(dir);
    board.automount = false;
    const device = join(board.search.byLabelDir, 'RPI-RP2');
    await expect(flashTimer(request(writeUf2('new.uf2', '0.2.0')), deps(board, []))).rejects.toThrow(
      `is plugged in (${device}) but not mounted. Mount it, then run flash again: udisksctl mount -b ${device}`,
    );
  });

  it('refuses an image that would write into the settings store, before touching the timer', async () => {
    const board = new FakeBoard(dir);
    const file = join(dir, 'big.uf2');
    writeFileSync(file, uf2Of(flashImage('0.2.0', layout.storeOffset + 256), layout));
    await expect(flashTimer(request(file), deps(board, []))).rejects.toThrow(/settings and the loaded placard pack .*flashing it would erase them/);
    expect(board.bootsels).toBe(0);
  });

  it('without a timer answering, says how to enter BOOTSEL by hand', async () => {
    const board = new FakeBoard(dir);
    board.mode = 'gone';
    await expect(flashTimer(request(writeUf2('new.uf2', '0.2.0')), deps(board, []))).rejects.toThrow(
      /no timer answers on \/dev\/ttyACM0 .*hold the BOOTSEL button on the Pico while you plug the cable back in/,
    );
  });

  it('copies to a boot drive already there, without a port', async () => {
    const board = new FakeBoard(dir);
    board.becomeDrive();
    const file = writeUf2('new.uf2', '0.2.0');
    const result = await flashTimer({ ...request(file), port: undefined }, deps(board, []));
    expect(result).toEqual({ drive: board.drive, version: '0.2.0', answered: undefined });
    expect(readFileSync(join(board.drive, 'new.uf2'))).toEqual(readFileSync(file));
    expect(board.bootsels).toBe(0);
  });

  it('passes on the timer refusing BOOTSEL (a game running)', async () => {
    const board = new FakeBoard(dir);
    board.refuse = 'ERR state running';
    await expect(flashTimer(request(writeUf2('new.uf2', '0.2.0')), deps(board, []))).rejects.toThrow(
      'the timer refused to restart into boot mode: ERR state running',
    );
    expect(existsSync(board.drive)).toBe(false);
  });
});

describe('bootselRefusal', () => {
  it("puts the timer's refusals in words", () => {
    expect(bootselRefusal('ERR not-flashable')).toMatch(/^this timer cannot be flashed through its link/);
    expect(bootselRefusal('ERR state paused')).toBe('a game is paused on it: let it end, or reset the timer, then run flash again (ERR state paused)');
    expect(bootselRefusal('ERR unknown BOOTSEL')).toMatch(
      /^its firmware is older than flashing through the link, so flash it by hand this once\. To put the timer in boot mode by hand/,
    );
    expect(bootselRefusal('ERR bad-args BOOTSEL')).toBe('it answered ERR bad-args BOOTSEL');
  });
});
