// Runs a parsed SIM command on the virtual device and gives its one answer line
// (the parsing, and the ERR answers to malformed lines, are in sim-command.ts).
import type { EnergyReading } from './power-model.ts';
import type { SimCommand } from './sim-command.ts';
import type { PinLevel } from './bounce.ts';
import type { ButtonName } from './names.ts';

/** The virtual clock's last value: the largest whole number of ms a JavaScript number holds exactly (2^53 - 1). */
export const MAX_CLOCK_MS = Number.MAX_SAFE_INTEGER;

/** What the SIM commands drive: the device, seen through the few members they need. */
export interface SimTarget {
  readonly now: number;
  readonly leds: number;
  readonly tone: { hz: number; volume: number };
  /** Moves the clock to `t` (at most MAX_CLOCK_MS), running everything due on the way. */
  runUntil(t: number): void;
  setPin(button: ButtonName, level: PinLevel): void;
  setPower(on: boolean): void;
  setBattery(mv: number): void;
  energy(): EnergyReading;
}

export function answerSim(device: SimTarget, command: SimCommand): string {
  switch (command.kind) {
    case 'advance': {
      // Past 2^53 ms a number no longer counts every ms: refuse rather than not move the clock.
      if (device.now + command.ms > MAX_CLOCK_MS) return 'ERR bad-value ms';
      device.runUntil(device.now + command.ms);
      return `OK ADVANCE now=${device.now}`;
    }
    case 'pin':
      device.setPin(command.button, command.level);
      return 'OK PIN';
    case 'power':
      device.setPower(command.on);
      return 'OK POWER';
    case 'battery':
      device.setBattery(command.mv);
      return 'OK BATTERY';
    case 'energy': {
      const { uah, wakeups, awakeMs } = device.energy();
      return `OK ENERGY uah=${Math.round(uah)} wakeups=${wakeups} awake_ms=${awakeMs}`;
    }
    case 'outputs':
      return `OK OUTPUTS leds=${device.leds} buzzer=${device.tone.hz}`;
  }
}
