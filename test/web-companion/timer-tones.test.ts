// The built-in timer's sound as the pages are sent it (host/web/timer-tones.ts), with the real
// firmware: every buzzer change in order, batched per run of the firmware, each sound the firmware
// started named once at its instant, and the notes those of firmware/sounds.json; the gains per
// volume are the simulator's.

import { describe, expect, it } from 'vitest';
import sounds from '../../firmware/sounds.json' with { type: 'json' };
import { VirtualDevice } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import { hardware } from '../../hw/hardware.ts';
import { fundamentalGain } from '../../sim/web/page-model.ts';
import { TIMER_GAINS, watchTimerTones, type TimerTones } from '../../host/web/timer-tones.ts';

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("the built-in timer's sound for the pages", () => {
  it('START: one batch per firmware run; the start sound named once, its notes those of sounds.json', async () => {
    const device = VirtualDevice.create({ seed: 1, firmware: loadFirmwareModule() });
    device.advance(3000);
    const batches: TimerTones[] = [];
    const stop = watchTimerTones(device, (t) => batches.push(t));
    device.send('START');
    await settle();
    device.advance(1000);
    await settle();
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.every((b) => b.type === 'timer-tones')).toBe(true);
    const named = batches.flatMap((b) => b.sounds.map((s) => s.sound));
    expect(named[0]).toBe('start');
    expect(named.filter((s) => s === 'start')).toHaveLength(1);
    const notes = batches
      .flatMap((b) => b.changes)
      .filter((c) => c.hz > 0)
      .map((c) => c.hz);
    expect(notes.slice(0, 2)).toEqual(sounds.sounds.start.map(([hz]) => hz));
    // The batch carries the device's clock after it.
    expect(batches[0]?.nowMs).toBe(batches[0]?.changes.at(-1)?.t);
    stop();
    device.send('PAUSE');
    await settle();
    const count = batches.length;
    device.advance(2000);
    await settle();
    expect(batches.length).toBe(count);
  });

  it('a code: clicks for the keys, then the CHIME or the BUZZ, each named', async () => {
    const device = VirtualDevice.create({ seed: 2, firmware: loadFirmwareModule() });
    device.advance(3000);
    device.send('START');
    device.advance(2000);
    const batches: TimerTones[] = [];
    watchTimerTones(device, (t) => batches.push(t));
    const code = '312';
    for (const digit of code) {
      device.press(({ '1': 'circle', '2': 'square', '3': 'diamond', '4': 'star' } as const)[digit as '1']);
      await settle();
    }
    device.advance(2000);
    await settle();
    const named = batches.flatMap((b) => b.sounds.map((s) => s.sound));
    const verdict = device.lines.find((l) => /^EVT (CHIME|BUZZ)/.test(l));
    expect(verdict).toBeDefined();
    expect(named).toContain(verdict?.startsWith('EVT CHIME') ? 'chime' : 'buzz');
    expect(named.filter((s) => s === 'click').length).toBeGreaterThanOrEqual(2);
  });

  it("the gain of each volume is the simulator's (the buzzer's PWM duty in the pin map)", () => {
    expect(TIMER_GAINS).toEqual(hardware.buzzer.dutyByVolume.map((d) => 0.2 * fundamentalGain(d)));
    expect(TIMER_GAINS[0]).toBe(0);
  });
});
