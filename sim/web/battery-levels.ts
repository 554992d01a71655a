// The battery levels the firmware acts on when a game starts (firmware/README.md, "Battery"): below
// BATTERY_REFUSE_MV it refuses the game, below BATTERY_WARN_MV it warns and starts. The page marks
// them on the battery slider's scale and words its captions with them; test/web/page-model.test.ts
// checks them against the firmware itself.

export const BATTERY_REFUSE_MV = 3300;
export const BATTERY_WARN_MV = 3600;

/** Where a voltage stands: refused, warned or fine. */
export type BatteryLevel = 'flat' | 'low' | 'good';

export function batteryLevel(mv: number): BatteryLevel {
  if (mv < BATTERY_REFUSE_MV) return 'flat';
  if (mv < BATTERY_WARN_MV) return 'low';
  return 'good';
}

/** The marks drawn under the slider: voltage and words. */
export const BATTERY_MARKS: readonly { readonly mv: number; readonly label: string }[] = [
  { mv: BATTERY_REFUSE_MV, label: 'flat below 3.3 V' },
  { mv: BATTERY_WARN_MV, label: 'low below 3.6 V' },
];
