// The settings store: format, persistence across power cycles, and every kind of corruption.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirmwareHarness } from '../support/firmware-harness.ts';
import { firmwareDevice } from '../support/firmware-device.ts';
import { NvStore } from '../../sim/device/index.ts';

const DEFAULTS = 'OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2';

/** CRC-8, polynomial 0x07, initial value 0 (the store's checksum). */
function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

interface Fields {
  duration: number;
  correct: number;
  need: number;
  sleep: number;
  volume: number;
}

/** A store image as the firmware writes it (magic "IT", version 1, fields, CRC-8). */
function storeImage(fields: Fields, tweak: (record: number[]) => void = () => {}): Uint8Array {
  const record = [
    0x49,
    0x54,
    1,
    fields.duration & 0xff,
    fields.duration >> 8,
    fields.correct,
    fields.need,
    fields.sleep & 0xff,
    fields.sleep >> 8,
    fields.volume,
  ];
  record.push(crc8(record));
  tweak(record);
  const image = new Uint8Array(512).fill(0xff);
  image.set(record);
  return image;
}

const GOOD: Fields = { duration: 300, correct: 8, need: 3, sleep: 60, volume: 1 };

/** The test's own reading of a settings record (the oracle): its fields, 'blank', or why it is not used. */
function decodeRecord(image: Uint8Array): Fields | 'blank' | 'corrupt' | 'version' {
  const record = [...image.subarray(0, 11)];
  if (record.every((byte) => byte === 0xff)) return 'blank';
  if (record[0] !== 0x49 || record[1] !== 0x54) return 'corrupt';
  if (record[2] !== 1) return 'version';
  if (crc8(record.slice(0, 10)) !== record[10]) return 'corrupt';
  const fields = {
    duration: record[3]! | (record[4]! << 8),
    correct: record[5]!,
    need: record[6]!,
    sleep: record[7]! | (record[8]! << 8),
    volume: record[9]!,
  };
  const valid =
    fields.duration >= 60 &&
    fields.duration <= 3600 &&
    fields.correct >= 1 &&
    fields.correct <= 24 &&
    fields.need >= 1 &&
    fields.need <= fields.correct &&
    (fields.sleep === 0 || (fields.sleep >= 30 && fields.sleep <= 3600)) &&
    fields.volume <= 3;
  return valid ? fields : 'corrupt';
}

function powerOnLines(store: Uint8Array): string[] {
  return new FirmwareHarness({ store }).lines.map((line) => line.text);
}

function configOf(store: Uint8Array): string | undefined {
  return new FirmwareHarness({ store }).send('CONFIG')[0];
}

describe('settings store', () => {
  it('reads the defaults from a blank store', () => {
    expect(configOf(new Uint8Array(64).fill(0xff))).toBe(DEFAULTS);
  });

  it('reads a valid record', () => {
    expect(configOf(storeImage(GOOD))).toBe('OK CONFIG duration=300 correct=8 need=3 sleep=60 volume=1');
  });

  it('writes the record with one commit, only when CONFIG changes something', () => {
    const fw = new FirmwareHarness();
    fw.send('CONFIG duration=720 volume=2');
    expect(fw.callsOf('nvCommit')).toHaveLength(0);
    fw.send('CONFIG duration=300 correct=8 need=3 sleep=60 volume=1');
    expect(fw.callsOf('nvCommit')).toHaveLength(1);
    expect([...fw.store]).toEqual([...storeImage(GOOD)]);
    fw.send('CONFIG duration=300');
    expect(fw.callsOf('nvCommit')).toHaveLength(1);
  });

  it('keeps the settings across a power cycle (a new instance on the same store)', () => {
    const dev = firmwareDevice();
    dev.send('CONFIG duration=90 sleep=0 volume=0');
    dev.setPower(false);
    dev.setPower(true);
    dev.takeLines();
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=90 correct=12 need=4 sleep=0 volume=0']);
    expect(dev.send('START')).toEqual(['EVT START left=90000', 'OK START']);
  });

  it.each<[string, (record: number[]) => void]>([
    [
      'another magic',
      (r) => {
        r[0] = 0x41;
      },
    ],
    [
      'another format version',
      (r) => {
        r[2] = 2;
      },
    ],
    [
      'a bad checksum',
      (r) => {
        r[10] = (r[10]! + 1) & 0xff;
      },
    ],
    [
      'a changed field (checksum no longer matching)',
      (r) => {
        r[9] = 3;
      },
    ],
  ])('gives the defaults for %s', (_kind, tweak) => {
    expect(configOf(storeImage(GOOD, tweak))).toBe(DEFAULTS);
  });

  it.each<[string, Partial<Fields>]>([
    ['duration below 60', { duration: 59 }],
    ['duration above 3600', { duration: 3601 }],
    ['correct 0', { correct: 0 }],
    ['correct above 24', { correct: 25 }],
    ['need 0', { need: 0 }],
    ['need above correct', { correct: 3, need: 4 }],
    ['sleep between 1 and 29', { sleep: 29 }],
    ['sleep above 3600', { sleep: 3601 }],
    ['volume above 3', { volume: 4 }],
  ])('gives the defaults for a well-formed record with %s', (_kind, change) => {
    expect(configOf(storeImage({ ...GOOD, ...change }))).toBe(DEFAULTS);
  });

  it('says nothing at power-on about a blank store or a good record', () => {
    expect(powerOnLines(new Uint8Array(64).fill(0xff))).toEqual(['EVT POWER on']);
    expect(powerOnLines(storeImage(GOOD))).toEqual(['EVT POWER on']);
  });

  it.each<[string, (record: number[]) => void, string]>([
    [
      'another magic',
      (r) => {
        r[0] = 0x41;
      },
      'corrupt',
    ],
    [
      'a bad checksum',
      (r) => {
        r[10] = (r[10]! + 1) & 0xff;
      },
      'corrupt',
    ],
    [
      'a changed field',
      (r) => {
        r[9] = 3;
      },
      'corrupt',
    ],
    [
      'a record of zeros',
      (r) => {
        r.fill(0);
      },
      'corrupt',
    ],
    [
      'another format version',
      (r) => {
        r[2] = 2;
      },
      'version',
    ],
  ])('reports %s at power-on with EVT STORE, before any command uses the defaults', (_kind, tweak, reason) => {
    const fw = new FirmwareHarness({ store: storeImage(GOOD, tweak) });
    expect(fw.lines.map((line) => line.text)).toEqual(['EVT POWER on', `EVT STORE part=settings reason=${reason}`]);
    expect(fw.send('CONFIG')).toEqual([DEFAULTS]);
  });

  it('reports a corrupt store at every power-on until CONFIG writes a good record', () => {
    const store = new NvStore(
      storeImage(GOOD, (r) => {
        r[4] = 0x7f;
      }),
    );
    const dev = firmwareDevice({ store });
    expect(dev.takeLines()).toEqual(['EVT POWER on', 'EVT STORE part=settings reason=corrupt']);
    dev.setPower(false);
    expect(dev.setPower(true)).toEqual(['EVT POWER on', 'EVT STORE part=settings reason=corrupt']);
    dev.send('CONFIG volume=1');
    dev.setPower(false);
    expect(dev.setPower(true)).toEqual(['EVT POWER on']);
  });

  it('falls back to the defaults and says so for every corrupt image, and only for those', () => {
    const config = /^OK CONFIG duration=(\d+) correct=(\d+) need=(\d+) sleep=(\d+) volume=(\d+)$/;
    const damaged = fc.tuple(fc.uint8Array({ minLength: 11, maxLength: 11 }), fc.boolean()).map(([noise, keepMagic]) => {
      const image = storeImage(GOOD);
      noise.forEach((byte, i) => {
        image[i] = (image[i]! ^ byte) & 0xff;
      });
      if (keepMagic) {
        image[0] = 0x49;
        image[1] = 0x54;
      }
      return image;
    });
    fc.assert(
      fc.property(fc.oneof(damaged, fc.uint8Array({ minLength: 64, maxLength: 64 })), (image) => {
        const fw = new FirmwareHarness({ store: image });
        const lines = fw.lines.map((line) => line.text);
        const answer = fw.send('CONFIG')[0] ?? '';
        const expected = decodeRecord(image);
        if (expected === 'blank') {
          expect(lines).toEqual(['EVT POWER on']);
          expect(answer).toBe(DEFAULTS);
        } else if (typeof expected === 'string') {
          expect(lines).toEqual(['EVT POWER on', `EVT STORE part=settings reason=${expected}`]);
          expect(answer).toBe(DEFAULTS);
        } else {
          expect(lines).toEqual(['EVT POWER on']);
          const [duration, correct, need, sleep, volume] = (config.exec(answer) ?? []).slice(1).map(Number);
          expect({ duration, correct, need, sleep, volume }).toEqual(expected);
        }
      }),
      { numRuns: 1000, seed: 20 },
    );
  });

  it('never traps and always holds settings in range, whatever the store holds', () => {
    const line = /^OK CONFIG duration=(\d+) correct=(\d+) need=(\d+) sleep=(\d+) volume=(\d+)$/;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        const match = line.exec(configOf(bytes) ?? '');
        expect(match).not.toBeNull();
        const [duration, correct, need, sleep, volume] = (match ?? []).slice(1).map(Number) as number[];
        expect(duration).toBeGreaterThanOrEqual(60);
        expect(duration).toBeLessThanOrEqual(3600);
        expect(need).toBeLessThanOrEqual(correct!);
        expect(correct).toBeLessThanOrEqual(24);
        expect(sleep === 0 || (sleep! >= 30 && sleep! <= 3600)).toBe(true);
        expect(volume).toBeLessThanOrEqual(3);
      }),
      { numRuns: 500 },
    );
  });
});
