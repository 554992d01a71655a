import { describe, expect, it } from 'vitest';
import { DEFAULT_POWER_SPEC, PowerMeter, PowerSpecError, averageCurrentMa, batteryLife, parsePowerSpec, type PowerSpec } from '../../sim/device/index.ts';
import powerData from '../../hw/power.json';

const SPEC: PowerSpec = {
  battery: { cells: 3, chemistry: 'alkaline AA', capacityMah: 2500, nominalMv: 4500 },
  mcu: { awakeMa: 6, sleepMa: 1.5, deepSleepMa: 0.5, wakeCostMs: 2 },
  buzzerMa: [0, 6, 12, 20],
  ledMa: { bar: 1, found: 2 },
};

describe('parsePowerSpec', () => {
  it('reads hw/power.json', () => {
    expect(parsePowerSpec(powerData, 'hw/power.json')).toEqual(DEFAULT_POWER_SPEC);
    expect(DEFAULT_POWER_SPEC.buzzerMa).toHaveLength(4);
  });

  const broken = (edit: (data: Record<string, any>) => void) => {
    const data = structuredClone(powerData) as Record<string, any>;
    edit(data);
    return () => parsePowerSpec(data, 'hw/power.json');
  };

  it('names the file and the field that is wrong', () => {
    expect(broken((d) => (d.format = 'v2'))).toThrow(/^hw\/power.json: field "format" must be "imperial-timer-power\/1"/);
    expect(broken((d) => (d.mcu.awake_ma = '6'))).toThrow('hw/power.json: field "mcu.awake_ma" must be a number >= 0, got "6"');
    expect(broken((d) => (d.mcu.sleep_ma = -1))).toThrow('field "mcu.sleep_ma"');
    expect(broken((d) => (d.battery.capacity_mah = 0))).toThrow('field "battery.capacity_mah" must be a number > 0');
    expect(broken((d) => (d.buzzer_ma = [0, 1]))).toThrow('field "buzzer_ma" must be a list of 4');
    expect(broken((d) => (d.buzzer_ma[2] = null))).toThrow('field "buzzer_ma[2]"');
    expect(broken((d) => delete d.led_ma)).toThrow('field "led_ma" must be an object');
    expect(() => parsePowerSpec([], 'x.json')).toThrow(PowerSpecError);
  });
});

describe('PowerMeter', () => {
  it('integrates light sleep, awake windows, the buzzer and the LEDs', () => {
    const meter = new PowerMeter(SPEC, 0);
    meter.wake(0); // awake 0..2
    meter.setLeds(0, 0b11 | (1 << 10)); // 2 bar + 1 found = 4 mA
    meter.setTone(100, 440, 3); // 20 mA from 100
    meter.setTone(300, 0, 0);
    const reading = meter.reading(1000);
    // sleep 1.5 mA·1000 ms + LEDs 4·1000 + buzzer 20·200 + awake 2 ms·(6 − 1.5)
    const maMs = 1500 + 4000 + 4000 + 9;
    expect(reading.uah).toBeCloseTo(maMs / 3600, 9);
    expect(reading).toMatchObject({ atMs: 1000, wakeups: 1, awakeMs: 2 });
  });

  it('merges calls inside one awake window and draws deep-sleep current while asleep', () => {
    const meter = new PowerMeter(SPEC, 0);
    meter.wake(10);
    meter.wake(10);
    meter.wake(11); // inside 10..12: extends to 13
    meter.wake(13); // a new window
    expect(meter.reading(13)).toMatchObject({ wakeups: 2, awakeMs: 5 });
    meter.setDeepSleep(20, true);
    const before = meter.reading(1000);
    const after = meter.reading(11_000);
    expect(averageCurrentMa(before, after)).toBeCloseTo(0.5, 9);
  });

  it('turns an average current into battery life', () => {
    expect(batteryLife(SPEC, 25)).toEqual({ hours: 100, years: 100 / (24 * 365.25) });
    expect(batteryLife(SPEC, 0).hours).toBe(Infinity);
  });
});
