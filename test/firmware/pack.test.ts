// Loading a pack of printed codes onto the timer (firmware/PROTOCOL.md, "Packs"): all or nothing,
// each code checked, kept in the store across power cycles, a corrupt record reported and replaced
// by the built-in pack, and games played with the loaded codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NvStore, type VirtualDevice } from '../../sim/device/index.ts';
import { enterCode, firmwareDevice, outcomes, PRINTED_CODES } from '../support/firmware-device.ts';
import { crc16, packLines, packSum, type PackCode } from '../support/pack-sum.ts';

const PACK: PackCode[] = [
  { digits: '121', id: 'P01' },
  { digits: '234', id: 'P02' },
  { digits: '342', id: 'Hoth-7' },
  { digits: '413' },
  { digits: '214', id: 'x_y' },
  { digits: '431', id: 'ABCDEFGH' },
];
const BUILTIN: PackCode[] = PRINTED_CODES.map((digits) => ({ digits }));
const PACK_OFFSET = 64;
const PACK_RECORD = 270;

function load(device: VirtualDevice, codes: readonly PackCode[] = PACK): string[] {
  return packLines(codes).flatMap((line) => device.send(line));
}

function codesOf(device: VirtualDevice): string[] {
  return device.send('CODES');
}

const listing = (codes: readonly PackCode[]) => [
  ...codes.map(({ digits, id }, i) => `OK CODE ${i + 1} ${digits}${id === undefined ? '' : ` id=${id}`}`),
  `OK CODES n=${codes.length}`,
];

describe('the pack in play', () => {
  it('is the built-in pack on a blank store, with its sum', () => {
    const device = firmwareDevice();
    expect(crc16(new TextEncoder().encode('123456789')).toString(16)).toBe('29b1');
    expect(device.send('PACK')).toEqual([`OK PACK source=builtin n=24 sum=${packSum(BUILTIN)}`]);
    expect(codesOf(device)).toEqual(listing(BUILTIN));
  });
});

describe('loading a pack', () => {
  it('takes every code, stores it with one commit, and CODES then lists it with its ids', () => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    expect(load(device)).toEqual(['OK PACK BEGIN n=6', ...PACK.map((_, i) => `OK PACK CODE i=${i + 1}`), `OK PACK END n=6 sum=${packSum(PACK)}`]);
    expect(store.commits).toBe(1);
    expect(codesOf(device)).toEqual(listing(PACK));
    expect(device.send('PACK')).toEqual([`OK PACK source=loaded n=6 sum=${packSum(PACK)}`]);
  });

  it('keeps the loaded pack across a power cycle', () => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    load(device);
    device.setPower(false);
    expect(device.setPower(true)).toEqual(['EVT POWER on']);
    expect(codesOf(device)).toEqual(listing(PACK));
    expect(device.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
  });

  it('takes the codes in any order, and a code sent again replaces the first', () => {
    const device = firmwareDevice();
    device.send('PACK BEGIN 2');
    expect(device.send('PACK CODE 2 212 B')).toEqual(['OK PACK CODE i=2']);
    expect(device.send('PACK CODE 1 343')).toEqual(['OK PACK CODE i=1']);
    expect(device.send('PACK CODE 2 141')).toEqual(['OK PACK CODE i=2']);
    const codes = [{ digits: '343' }, { digits: '141' }];
    expect(device.send('PACK END')).toEqual([`OK PACK END n=2 sum=${packSum(codes)}`]);
    expect(codesOf(device)).toEqual(listing(codes));
  });

  it.each<[string, string, string]>([
    ['two symbols', 'PACK CODE 2 12', 'ERR bad-value code reason=length'],
    ['four symbols', 'PACK CODE 2 1234', 'ERR bad-value code reason=length'],
    ['a symbol 5', 'PACK CODE 2 152', 'ERR bad-value code reason=symbol'],
    ['a symbol 0', 'PACK CODE 2 102', 'ERR bad-value code reason=symbol'],
    ['a letter', 'PACK CODE 2 1a2', 'ERR bad-value code reason=symbol'],
    ['a symbol twice in a row', 'PACK CODE 2 122', 'ERR bad-value code reason=double'],
    ['a code already in the pack', 'PACK CODE 2 121', 'ERR bad-value code reason=repeat of=1'],
    ['an index past n', 'PACK CODE 7 123', 'ERR bad-value i'],
    ['index 0', 'PACK CODE 0 123', 'ERR bad-value i'],
    ['an id of 9 characters', 'PACK CODE 2 123 ABCDEFGHI', 'ERR bad-value id'],
    ['an id with a dot', 'PACK CODE 2 123 M.1', 'ERR bad-value id'],
  ])('refuses %s with the reason, and stores nothing: END names the code missing', (_kind, line, answer) => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    const lines = packLines(PACK.slice(0, 6));
    device.send(lines[0] ?? '');
    device.send(lines[1] ?? '');
    expect(device.send(line)).toEqual([answer]);
    for (const more of lines.slice(3, -1)) expect(device.send(more)[0]).toMatch(/^OK PACK CODE i=\d$/);
    expect(device.send('PACK END')).toEqual(['ERR bad-value code i=2 reason=missing']);
    expect(store.commits).toBe(0);
    expect(store.isBlank()).toBe(true);
    expect(codesOf(device)).toEqual(listing(BUILTIN));
    expect(device.send('PACK END')).toEqual(['ERR pack-closed']);
  });

  it('keeps the pack in play when a new transfer fails', () => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    load(device);
    device.send('PACK BEGIN 3');
    device.send('PACK CODE 1 123');
    device.send('PACK CODE 3 131');
    expect(device.send('PACK END')).toEqual(['ERR bad-value code i=2 reason=missing']);
    expect(store.commits).toBe(1);
    expect(codesOf(device)).toEqual(listing(PACK));
  });

  it('answers the shape, state and value errors of each subcommand', () => {
    const device = firmwareDevice();
    expect(device.send('PACK FOO')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK BEGIN')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK BEGIN 2 3')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK END now')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK CODE 1')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK CODE 1 123 A B')).toEqual(['ERR bad-args PACK']);
    expect(device.send('PACK BEGIN 0')).toEqual(['ERR bad-value n']);
    expect(device.send('PACK BEGIN 25')).toEqual(['ERR bad-value n']);
    expect(device.send('PACK BEGIN two')).toEqual(['ERR bad-value n']);
    expect(device.send('PACK CODE 1 123')).toEqual(['ERR pack-closed']);
    expect(device.send('PACK END')).toEqual(['ERR pack-closed']);
    expect(device.send('pack begin 1')).toEqual(['OK PACK BEGIN n=1']);
    expect(device.send('pack code 1 123')).toEqual(['OK PACK CODE i=1']);
    expect(device.send('PACK CANCEL')).toEqual(['OK PACK CANCEL']);
    expect(device.send('PACK END')).toEqual(['ERR pack-closed']);
    expect(device.send('PACK CANCEL')).toEqual(['OK PACK CANCEL']);
  });

  it('is refused while a game runs or is paused, and RESET drops a transfer', () => {
    const device = firmwareDevice();
    device.send('PACK BEGIN 1');
    device.send('START');
    expect(device.send('PACK CODE 1 123')).toEqual(['ERR state running']);
    expect(device.send('PACK BEGIN 1')).toEqual(['ERR state running']);
    expect(device.send('PACK BUILTIN')).toEqual(['ERR state running']);
    device.send('PAUSE');
    expect(device.send('PACK END')).toEqual(['ERR state paused']);
    expect(device.send('PACK')).toEqual([`OK PACK source=builtin n=24 sum=${packSum(BUILTIN)}`]);
    device.send('RESET');
    expect(device.send('PACK CODE 1 123')).toEqual(['ERR pack-closed']);
  });
});

describe('the built-in pack again', () => {
  it('PACK BUILTIN blanks the stored pack (one commit, none when already built-in)', () => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    expect(device.send('PACK BUILTIN')).toEqual([`OK PACK BUILTIN n=24 sum=${packSum(BUILTIN)}`]);
    expect(store.commits).toBe(0);
    load(device);
    expect(device.send('PACK BUILTIN')).toEqual([`OK PACK BUILTIN n=24 sum=${packSum(BUILTIN)}`]);
    expect(store.commits).toBe(2);
    expect(store.isBlank()).toBe(true);
    expect(codesOf(device)).toEqual(listing(BUILTIN));
    device.setPower(false);
    device.setPower(true);
    expect(device.send('PACK')).toEqual([`OK PACK source=builtin n=24 sum=${packSum(BUILTIN)}`]);
  });
  it('PACK BUILTIN is refused while a transfer is open, and changes nothing: the transfer stays open, the pack in play stays', () => {
    const store = new NvStore();
    const device = firmwareDevice({ store });
    load(device);
    device.send('PACK BEGIN 2');
    device.send('PACK CODE 1 123');
    expect(device.send('PACK BUILTIN')).toEqual(['ERR state receiving']);
    expect(store.commits).toBe(1);
    expect(codesOf(device)).toEqual(listing(PACK));
    // The transfer goes on where it was: its code 1 is kept.
    expect(device.send('PACK CODE 2 124')).toEqual(['OK PACK CODE i=2']);
    const two: PackCode[] = [{ digits: '123' }, { digits: '124' }];
    expect(device.send('PACK END')).toEqual([`OK PACK END n=2 sum=${packSum(two)}`]);
    // Closed (or cancelled), PACK BUILTIN works again.
    device.send('PACK BEGIN 1');
    expect(device.send('PACK CANCEL')).toEqual(['OK PACK CANCEL']);
    expect(device.send('PACK BUILTIN')).toEqual([`OK PACK BUILTIN n=24 sum=${packSum(BUILTIN)}`]);
    expect(codesOf(device)).toEqual(listing(BUILTIN));
  });
});

describe('a corrupt stored pack', () => {
  function loadedImage(): Uint8Array {
    const store = new NvStore();
    load(firmwareDevice({ store }));
    return store.bytes();
  }

  it('gives the built-in pack and says so at power-on', () => {
    const image = loadedImage();
    image[PACK_OFFSET + 10] = (image[PACK_OFFSET + 10] ?? 0) ^ 0x01;
    const device = firmwareDevice({ store: new NvStore(image) });
    expect(device.takeLines()).toEqual(['EVT POWER on', 'EVT STORE part=pack reason=corrupt']);
    expect(codesOf(device)).toEqual(listing(BUILTIN));
    expect(device.send('PACK')[0]).toMatch(/^OK PACK source=builtin n=24 /);
    expect(device.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
  });

  it('names another format version', () => {
    const image = loadedImage();
    image[PACK_OFFSET + 2] = 2;
    expect(firmwareDevice({ store: new NvStore(image) }).takeLines()).toEqual(['EVT POWER on', 'EVT STORE part=pack reason=version']);
  });

  it('is reported for every damaged record, and a good one is never refused', () => {
    const good = loadedImage();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PACK_RECORD - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const image = Uint8Array.from(good);
        image[PACK_OFFSET + at] = (image[PACK_OFFSET + at] ?? 0) ^ flip;
        const device = firmwareDevice({ store: new NvStore(image) });
        const reason = at === 2 && ((good[PACK_OFFSET + 2] ?? 0) ^ flip) !== 1 ? 'version' : 'corrupt';
        expect(device.takeLines()).toEqual(['EVT POWER on', `EVT STORE part=pack reason=${reason}`]);
        expect(codesOf(device)).toEqual(listing(BUILTIN));
      }),
      { numRuns: 300, seed: 14 },
    );
    expect(firmwareDevice({ store: new NvStore(good) }).takeLines()).toEqual(['EVT POWER on']);
  });

  it('reports a record that is well-formed but breaks a rule (a checksum fixed over a repeated code)', () => {
    const image = loadedImage();
    image.set([1, 2, 1], PACK_OFFSET + 4 + 3); // code 2 := code 1
    const crc = crc16(image.subarray(PACK_OFFSET, PACK_OFFSET + 268));
    image[PACK_OFFSET + 268] = crc & 0xff;
    image[PACK_OFFSET + 269] = crc >> 8;
    expect(firmwareDevice({ store: new NvStore(image) }).takeLines()).toEqual(['EVT POWER on', 'EVT STORE part=pack reason=corrupt']);
  });
});

describe('a game with a loaded pack', () => {
  it('is won with the loaded codes: the correct ones are drawn among them', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const device = firmwareDevice({ seed });
      load(device);
      device.send('CONFIG correct=3 need=2');
      device.send('START');
      const results = PACK.map(({ digits }) => ({ digits, events: outcomes(enterCode(device, digits)) }));
      const chimed = results.filter(({ events }) => events[0]?.startsWith('EVT CHIME') || events[0] === 'EVT FANFARE');
      expect(chimed.map(({ events }) => events[0])).toEqual(['EVT CHIME found=1', 'EVT FANFARE']);
      for (const { events } of results) {
        if (events.length > 0) expect(events[0]).toMatch(/^EVT (CHIME found=1|FANFARE|BUZZ reason=decoy)$/);
        if (events[0] === 'EVT FANFARE') break;
      }
      expect(device.state).toBe('won');
    }
  });

  it('buzzes a built-in code that the loaded pack does not print', () => {
    const device = firmwareDevice();
    load(device);
    device.send('START');
    const notInPack = PRINTED_CODES.find((code) => !PACK.some(({ digits }) => digits === code)) ?? '';
    expect(notInPack).not.toBe('');
    expect(outcomes(enterCode(device, notInPack))).toEqual(['EVT BUZZ reason=mistake']);
  });

  it('needs at most as many codes as the pack holds: every code correct when correct exceeds them', () => {
    const device = firmwareDevice();
    const two = [{ digits: '131' }, { digits: '242' }];
    load(device, two);
    expect(device.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
    expect(device.send('STATUS')).toEqual(['OK STATUS state=ready left=0 found=0 need=2 entry=-']);
    device.send('START');
    expect(outcomes(enterCode(device, '242'))).toEqual(['EVT CHIME found=1']);
    expect(outcomes(enterCode(device, '131'))).toEqual(['EVT FANFARE']);
    expect(device.send('STATUS')[0]).toMatch(/^OK STATUS state=won left=\d+ found=2 need=2 entry=-$/);
  });
});
