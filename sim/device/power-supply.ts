// The power part of the virtual device: the slide switch, the battery the firmware reads, the
// boot count and the power meter (restarted at each boot, its last reading held while off).
import { PowerMeter, type EnergyReading, type PowerSpec } from './power-model.ts';

/** The highest battery voltage the device takes, in mV (the ABI returns an i32). */
export const MAX_BATTERY_SETTING_MV = 0x7fff_ffff;

export class PowerSupply {
  private on = false;
  private mv: number;
  private boots = 0;
  private currentMeter: PowerMeter;
  private offReading: EnergyReading | undefined;

  constructor(
    readonly spec: PowerSpec,
    batteryMv: number,
    startMs: number,
  ) {
    this.mv = checkMv(batteryMv);
    this.currentMeter = new PowerMeter(spec, startMs);
  }

  get switchOn(): boolean {
    return this.on;
  }

  /** Turns the switch on at t: a new boot (returns its number, 0 for the first), the meter restarted. */
  switchedOn(t: number): number {
    this.on = true;
    this.offReading = undefined;
    this.currentMeter = new PowerMeter(this.spec, t);
    return this.boots++;
  }

  /** Turns the switch off at t: the meter's reading is held. */
  switchedOff(t: number): void {
    this.on = false;
    this.offReading = this.currentMeter.reading(t);
  }

  /** A boot that failed (the firmware could not be instantiated): the switch is off again. */
  bootFailed(): void {
    this.on = false;
  }

  get bootCount(): number {
    return this.boots;
  }

  get batteryMv(): number {
    return this.mv;
  }

  setBattery(mv: number): void {
    this.mv = checkMv(mv);
  }

  /** The meter of the current boot. */
  get meter(): PowerMeter {
    return this.currentMeter;
  }

  /** What the meter has counted since the last boot, at t (held while the power is off). */
  energy(t: number): EnergyReading {
    return this.offReading ?? this.currentMeter.reading(t);
  }
}

function checkMv(mv: number): number {
  if (!Number.isInteger(mv) || mv < 0 || mv > MAX_BATTERY_SETTING_MV) {
    throw new RangeError(`battery voltage must be a whole number of mV >= 0, got ${mv}`);
  }
  return mv;
}
