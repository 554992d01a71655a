// The virtual clock near the end of what a number counts exactly (2^53 ms): a game runs there
// as anywhere, and an advance beyond is refused, never a silent stop or a trap.
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_MS, VirtualDevice } from '../../sim/device/index.ts';
import { firmwareDevice } from '../support/firmware-device.ts';

describe('the end of the virtual clock', () => {
  it('runs a whole game in the last hour before 2^53 ms, then refuses to go past the limit', () => {
    const device = firmwareDevice({ startMs: MAX_CLOCK_MS - 3_600_000 });
    device.send('CONFIG duration=60 sleep=0');
    device.send('START');
    const lines = device.send('SIM ADVANCE 60000');
    expect(lines.at(-1)).toBe(`OK ADVANCE now=${MAX_CLOCK_MS - 3_540_000}`);
    expect(lines).toContain('EVT TIMEOUT');
    expect(device.state).toBe('lost');
    device.send('START');
    expect(device.send('SIM ADVANCE 3540001')).toEqual(['ERR bad-value ms']);
    expect(device.now).toBe(MAX_CLOCK_MS - 3_540_000);
    expect(device.send('SIM ADVANCE 3540000').at(-1)).toBe(`OK ADVANCE now=${MAX_CLOCK_MS}`);
    expect(device.state).toBe('lost');
    expect(device.send('STATUS')).toEqual(['OK STATUS state=lost left=0 found=0 need=4 entry=-']);
  });

  it('moves the clock by every single ms up to the limit', () => {
    const device = firmwareDevice({ startMs: MAX_CLOCK_MS - 3 });
    expect(device.send('SIM ADVANCE 1')).toEqual([`OK ADVANCE now=${MAX_CLOCK_MS - 2}`]);
    expect(device.send('SIM ADVANCE 2')).toEqual([`OK ADVANCE now=${MAX_CLOCK_MS}`]);
    expect(device.send('SIM ADVANCE 1')).toEqual(['ERR bad-value ms']);
    expect(() => device.advance(1)).toThrow(/past 9007199254740991 ms/);
    expect(device.send('HELLO')[0]).toMatch(/^OK HELLO /);
  });

  it('refuses a start time past the limit', () => {
    expect(() => firmwareDevice({ startMs: 2 ** 54 })).toThrow(RangeError);
    expect(() => firmwareDevice({ startMs: MAX_CLOCK_MS + 1 })).toThrow(/startMs must be a whole number of ms 0\.\.9007199254740991/);
    expect(VirtualDevice).toBeDefined();
  });
});
