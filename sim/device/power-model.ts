// The power model: what the timer draws from its battery, from the figures in hw/power.json.
//
// Charge (mA·ms) = Σ over time of (I_mcu_sleep + I_buzzer + I_leds) · Δt + awake_ms · (awake_ma − sleep_ma)
//   I_mcu_sleep = deep_sleep_ma while the firmware is in deep sleep (sleep(1)), else sleep_ma
//   I_buzzer    = buzzer_ma[volume] while the tone is > 0 Hz
//   I_leds      = led_ma.bar per lit bar bit (0..9) + led_ma.found per lit found bit (10..13)
//   awake_ms    = the union of [t, t + wake_cost_ms) over every call into the firmware at t
// µAh = mA·ms / 3600.

import { BAR_MASK, FOUND_MASK, countBits } from './names.ts';

export const POWER_FORMAT = 'imperial-timer-power/1';

export interface PowerSpec {
  battery: { cells: number; chemistry: string; capacityMah: number; nominalMv: number };
  mcu: { awakeMa: number; sleepMa: number; deepSleepMa: number; wakeCostMs: number };
  /** Buzzer current by volume setting 0..3 (index 0 is unused: volume 0 never sounds). */
  buzzerMa: readonly [number, number, number, number];
  ledMa: { bar: number; found: number };
}

export class PowerSpecError extends Error {
  override name = 'PowerSpecError';
}

/** Validates the parsed contents of a power file; errors name `source` and the bad field. */
export function parsePowerSpec(json: unknown, source: string): PowerSpec {
  const root = object(json, source, '(top level)');
  if (root.format !== POWER_FORMAT) {
    throw new PowerSpecError(`${source}: field "format" must be "${POWER_FORMAT}", got ${JSON.stringify(root.format)}`);
  }
  const battery = object(root.battery, source, 'battery');
  const mcu = object(root.mcu, source, 'mcu');
  const led = object(root.led_ma, source, 'led_ma');
  const buzzer = root.buzzer_ma;
  if (!Array.isArray(buzzer) || buzzer.length !== 4) {
    throw new PowerSpecError(`${source}: field "buzzer_ma" must be a list of 4 currents in mA (volume 0..3), got ${JSON.stringify(buzzer)}`);
  }
  const chemistry = battery.chemistry;
  if (typeof chemistry !== 'string') {
    throw new PowerSpecError(`${source}: field "battery.chemistry" must be a string, got ${JSON.stringify(chemistry)}`);
  }
  return {
    battery: {
      cells: number(battery.cells, source, 'battery.cells', { positive: true }),
      chemistry,
      capacityMah: number(battery.capacity_mah, source, 'battery.capacity_mah', { positive: true }),
      nominalMv: number(battery.nominal_mv, source, 'battery.nominal_mv', { positive: true }),
    },
    mcu: {
      awakeMa: number(mcu.awake_ma, source, 'mcu.awake_ma'),
      sleepMa: number(mcu.sleep_ma, source, 'mcu.sleep_ma'),
      deepSleepMa: number(mcu.deep_sleep_ma, source, 'mcu.deep_sleep_ma'),
      wakeCostMs: number(mcu.wake_cost_ms, source, 'mcu.wake_cost_ms'),
    },
    buzzerMa: [
      number(buzzer[0], source, 'buzzer_ma[0]'),
      number(buzzer[1], source, 'buzzer_ma[1]'),
      number(buzzer[2], source, 'buzzer_ma[2]'),
      number(buzzer[3], source, 'buzzer_ma[3]'),
    ],
    ledMa: {
      bar: number(led.bar, source, 'led_ma.bar'),
      found: number(led.found, source, 'led_ma.found'),
    },
  };
}

function object(value: unknown, source: string, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PowerSpecError(`${source}: field "${field}" must be an object, got ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

function number(value: unknown, source: string, field: string, opts: { positive?: boolean } = {}): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && (opts.positive ? value > 0 : value >= 0);
  if (!ok) {
    const kind = opts.positive ? 'a number > 0' : 'a number >= 0';
    throw new PowerSpecError(`${source}: field "${field}" must be ${kind}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** What the meter has counted up to `atMs`. */
export interface EnergyReading {
  atMs: number;
  /** Charge drawn, in µAh (fractional). */
  uah: number;
  wakeups: number;
  awakeMs: number;
}

/** Integrates the charge drawn by the timer over virtual time. Times are ms and never go back. */
export class PowerMeter {
  private atMs: number;
  private chargeMaMs = 0;
  private wakeups = 0;
  private awakeMs = 0;
  private awakeUntil = -Infinity;
  private deepSleep = false;
  private buzzerMa = 0;
  private ledsMa = 0;

  constructor(
    readonly spec: PowerSpec,
    startMs: number,
  ) {
    this.atMs = startMs;
  }

  /** The firmware was called at `t`: the MCU is awake for wake_cost_ms (overlapping calls merge). */
  wake(t: number): void {
    this.advanceTo(t);
    const end = t + this.spec.mcu.wakeCostMs;
    if (t >= this.awakeUntil) this.wakeups++;
    const added = end - Math.max(t, this.awakeUntil);
    if (added > 0) {
      this.awakeMs += added;
      this.chargeMaMs += added * (this.spec.mcu.awakeMa - this.spec.mcu.sleepMa);
      this.awakeUntil = end;
    }
  }

  setDeepSleep(t: number, deep: boolean): void {
    this.advanceTo(t);
    this.deepSleep = deep;
  }

  setTone(t: number, hz: number, volume: number): void {
    this.advanceTo(t);
    this.buzzerMa = hz > 0 ? (this.spec.buzzerMa[volume] ?? 0) : 0;
  }

  setLeds(t: number, mask: number): void {
    this.advanceTo(t);
    this.ledsMa = countBits(mask & BAR_MASK) * this.spec.ledMa.bar + countBits(mask & FOUND_MASK) * this.spec.ledMa.found;
  }

  /** Integrates the present currents up to `t`. */
  advanceTo(t: number): void {
    if (t <= this.atMs) return;
    const mcuMa = this.deepSleep ? this.spec.mcu.deepSleepMa : this.spec.mcu.sleepMa;
    this.chargeMaMs += (t - this.atMs) * (mcuMa + this.buzzerMa + this.ledsMa);
    this.atMs = t;
  }

  reading(t: number): EnergyReading {
    this.advanceTo(t);
    return { atMs: this.atMs, uah: this.chargeMaMs / 3600, wakeups: this.wakeups, awakeMs: this.awakeMs };
  }
}

/** Average current in mA between two readings of the same meter. */
export function averageCurrentMa(from: EnergyReading, to: EnergyReading): number {
  const ms = to.atMs - from.atMs;
  if (ms <= 0) throw new RangeError('averageCurrentMa needs a later second reading');
  return ((to.uah - from.uah) * 3600) / ms;
}

export interface BatteryLife {
  hours: number;
  years: number;
}

/** How long the battery's capacity lasts at a constant average current. */
export function batteryLife(spec: PowerSpec, averageMa: number): BatteryLife {
  const hours = averageMa > 0 ? spec.battery.capacityMah / averageMa : Infinity;
  return { hours, years: hours / (24 * 365.25) };
}
