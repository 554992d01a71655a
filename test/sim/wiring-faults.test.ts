// The virtual device built wrong, as a bring-up check meets a freshly soldered timer: an LED that
// never lights, a button on another button's pin, a button on no pin.
import { describe, expect, it } from 'vitest';
import { VirtualDevice, type WiringFaults } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';

const device = (wiring?: WiringFaults): VirtualDevice => VirtualDevice.create({ seed: 11, firmware: loadFirmwareModule(), ...(wiring ? { wiring } : {}) });

/** Every LED mask the timer's face showed during a started countdown's first minute. */
function litDuringAMinute(dev: VirtualDevice): number {
  dev.sendLine(new TextEncoder().encode('START'));
  let seen = dev.leds;
  for (let i = 0; i < 60; i++) {
    dev.advance(1000);
    seen |= dev.leds;
  }
  return seen;
}

describe('wiring faults', () => {
  it('a dark LED is driven by the firmware but never shows', () => {
    const right = litDuringAMinute(device());
    expect(right & 0b100).toBe(0b100);
    const wrong = device({ darkLeds: 0b100 });
    const seen = litDuringAMinute(wrong);
    expect(seen & 0b100).toBe(0);
    expect(seen).toBe(right & ~0b100);
    expect(wrong.ledTimeline.every((c) => (c.mask & 0b100) === 0)).toBe(true);
  });

  it('a dark LED stays dark when SHOW lights it, the others of the face light', () => {
    const dev = device({ darkLeds: (1 << 2) | (1 << 11) });
    const show = (face: string): string[] => dev.sendLine(new TextEncoder().encode(`SHOW ${face}`));
    expect(show('..#.......|....')).toEqual(['OK SHOW']);
    expect(dev.leds).toBe(0);
    expect(show('.###......|.##.')).toEqual(['OK SHOW']);
    expect(dev.leds).toBe(0b1010 | (1 << 12));
    expect(dev.ledTimeline.every((c) => (c.mask & ((1 << 2) | (1 << 11))) === 0)).toBe(true);
  });

  it("a button on another button's pin is seen as that button; one on no pin is not seen at all", () => {
    const dev = device({ buttons: { circle: 'square', star: null } });
    const keys = (button: Parameters<VirtualDevice['press']>[0]): string[] => dev.press(button).filter((l) => l.startsWith('EVT KEY'));
    dev.sendLine(new TextEncoder().encode('START'));
    expect(keys('circle')).toEqual(['EVT KEY square']);
    expect(keys('star')).toEqual([]);
    expect(keys('diamond')).toEqual(['EVT KEY diamond']);
  });

  it('refuses a mask that is not LEDs', () => {
    expect(() => device({ darkLeds: 1 << 14 })).toThrow(/wiring\.darkLeds must be a mask of bits 0\.\.13, got 16384/);
  });
});
