import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../support/temp-dir.ts';
import { NvStore, STORE_SIZE } from '../../sim/device/index.ts';
import { openStoreFile } from '../../sim/device/node/store-file.ts';

describe('NvStore', () => {
  it('starts blank and reads persisted bytes only after a commit', () => {
    const store = new NvStore();
    expect(store.isBlank()).toBe(true);
    store.write(3, 0x12);
    expect(store.read(3)).toBe(0xff);
    store.commit();
    expect(store.read(3)).toBe(0x12);
    expect(store.commits).toBe(1);
    store.write(4, 1);
    store.discardUncommitted();
    store.commit();
    expect(store.read(4)).toBe(0xff);
  });

  it('rejects out-of-range offsets and bytes, naming the call', () => {
    const store = new NvStore();
    expect(() => store.read(512)).toThrow('nvRead(512): the offset must be 0..511');
    expect(() => store.write(-1, 0)).toThrow('nvWrite(-1)');
    expect(() => store.write(0, 256)).toThrow('nvWrite(0, 256): the byte must be 0..255');
    expect(() => new NvStore(new Uint8Array(10))).toThrow('exactly 512 bytes (or 64 from an older store)');
  });
});

describe('a store image from before packs (64 bytes)', () => {
  it('loads with the bytes past 64 blank', () => {
    const store = new NvStore(Uint8Array.from({ length: 64 }, (_, i) => i));
    expect(store.read(63)).toBe(63);
    expect(store.read(64)).toBe(0xff);
    expect(store.bytes()).toHaveLength(STORE_SIZE);
  });

  it('is read from a store file and saved back whole at the next commit', () => {
    const path = join(testTempDir('legacy-'), 'old.bin');
    writeFileSync(
      path,
      Uint8Array.from({ length: 64 }, () => 7),
    );
    const warnings: string[] = [];
    const store = openStoreFile(path, (m) => warnings.push(m));
    expect(store.read(10)).toBe(7);
    store.write(100, 1);
    store.commit();
    const saved = readFileSync(path);
    expect(saved).toHaveLength(STORE_SIZE);
    expect([saved[10], saved[64], saved[100]]).toEqual([7, 0xff, 1]);
    expect(warnings).toEqual([]);
  });
});

describe('openStoreFile', () => {
  const dir = testTempDir('store-');

  it('starts blank without a file and saves the image at each commit', () => {
    const path = join(dir, 'sub', 'store.bin');
    const warnings: string[] = [];
    const store = openStoreFile(path, (m) => warnings.push(m));
    expect(store.isBlank()).toBe(true);
    store.write(0, 7);
    store.commit();
    expect([...readFileSync(path)].slice(0, 2)).toEqual([7, 0xff]);
    expect(openStoreFile(path, (m) => warnings.push(m)).read(0)).toBe(7);
    expect(warnings).toEqual([]);
  });

  it('warns and starts blank when the file is corrupt', () => {
    const path = join(dir, 'short.bin');
    writeFileSync(path, 'not a store');
    const warnings: string[] = [];
    const store = openStoreFile(path, (m) => warnings.push(m));
    expect(store.isBlank()).toBe(true);
    expect(warnings).toEqual([expect.stringContaining(`holds 11 bytes, not ${STORE_SIZE}`)]);
  });

  it('never writes over a file that is not a store: it is kept aside whole at the first commit, and said where', () => {
    const sub = testTempDir('store-aside-');
    const path = join(sub, 'notes.txt');
    writeFileSync(path, 'my notes, given to --store by mistake');
    writeFileSync(`${path}.not-a-store`, 'an earlier one');
    const warnings: string[] = [];
    const store = openStoreFile(path, (m) => warnings.push(m));
    expect(warnings).toEqual([
      expect.stringMatching(/holds 37 bytes, .*left as it is until the timer first stores something, then kept as .*notes\.txt\.not-a-store-2;/),
    ]);
    expect(readFileSync(path, 'utf8')).toBe('my notes, given to --store by mistake');
    store.write(0, 3);
    store.commit();
    expect(readFileSync(`${path}.not-a-store-2`, 'utf8')).toBe('my notes, given to --store by mistake');
    expect(readFileSync(`${path}.not-a-store`, 'utf8')).toBe('an earlier one');
    expect(readFileSync(path)).toHaveLength(STORE_SIZE);
    expect(warnings[1]).toMatch(
      /^the store file .*notes\.txt was not a timer store: it is kept as .*notes\.txt\.not-a-store-2, and .*notes\.txt now holds the timer's store$/,
    );
    store.write(0, 4);
    store.commit();
    expect(warnings).toHaveLength(2);
    expect(openStoreFile(path, (m) => warnings.push(m)).read(0)).toBe(4);
  });

  it('keeps working in memory and warns at each commit when the file cannot be written', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const path = join(file, 'store.bin'); // a folder that is a file: nothing can be written under it
    const warnings: string[] = [];
    const store = openStoreFile(path, (m) => warnings.push(m));
    store.write(0, 9);
    expect(() => store.commit()).not.toThrow();
    expect(store.read(0)).toBe(9);
    store.commit();
    expect(warnings).toEqual([
      expect.stringContaining('cannot read the store file'),
      expect.stringMatching(/^cannot write the store file .*store\.bin \(.*\); the device goes on with the changed store in memory/),
      expect.stringContaining('cannot write the store file'),
    ]);
  });

  it('neither reads nor replaces a pipe or a device: a blank store in memory, and a warning', () => {
    // A FIFO: reading it would wait forever for a writer (as /dev/full never ends), and a commit
    // must not rename a file over it.
    const fifo = join(dir, 'a-pipe');
    execFileSync('mkfifo', [fifo]);
    const warnings: string[] = [];
    const store = openStoreFile(fifo, (m) => warnings.push(m));
    expect(store.isBlank()).toBe(true);
    store.write(0, 5);
    expect(() => store.commit()).not.toThrow();
    expect(store.read(0)).toBe(5);
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(warnings).toEqual([
      expect.stringMatching(/^the store file .*a-pipe is not a file \(a device or a pipe\); the device starts with a blank store kept in memory/),
    ]);
  });

  it('warns and starts blank when the path cannot be read', () => {
    const warnings: string[] = [];
    expect(openStoreFile(dir, (m) => warnings.push(m)).isBlank()).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('cannot read the store file')]);
  });
});
