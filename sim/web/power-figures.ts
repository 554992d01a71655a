// The power panel's figures from the virtual device's power meter (hw/power.json's model). Pure.

import { averageCurrentMa, batteryLife, type EnergyReading, type PowerSpec } from '../device/index.ts';

export interface PowerFigures {
  readonly wakeups: number;
  readonly uah: number;
  /** Average current since the boot; undefined until some time has passed. */
  readonly averageMa: number | undefined;
  /** Battery life at that average, e.g. "5.2 days"; undefined with no average. */
  readonly life: string | undefined;
}

/** Figures since the boot at `bootAtMs` (the meter restarts at each boot). */
export function powerFigures(spec: PowerSpec, bootAtMs: number, reading: EnergyReading): PowerFigures {
  const start: EnergyReading = { atMs: bootAtMs, uah: 0, wakeups: 0, awakeMs: 0 };
  const averageMa = reading.atMs > bootAtMs ? averageCurrentMa(start, reading) : undefined;
  return {
    wakeups: reading.wakeups,
    uah: reading.uah,
    averageMa,
    life: averageMa === undefined ? undefined : formatHours(batteryLife(spec, averageMa).hours),
  };
}

/** A duration in hours as the largest sensible unit: "40 min", "7.5 h", "12 days", "1.4 years". */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours)) return 'unlimited';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${oneDecimal(hours)} h`;
  const days = hours / 24;
  if (days < 365.25) return `${oneDecimal(days)} days`;
  return `${oneDecimal(days / 365.25)} years`;
}

function oneDecimal(value: number): string {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/** A current in mA with a sensible precision: "1.82 mA", "0.904 mA", "12.4 mA". */
export function formatMa(ma: number): string {
  return `${ma.toPrecision(3)} mA`;
}
