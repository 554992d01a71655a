// What the emulated Pico would draw from its batteries, from the core's time awake, in light
// sleep and in DORMANT, with the figures of hw/power.json (the virtual device's power model):
// awake_ma while the core runs, sleep_ma in light sleep (WFI), deep_sleep_ma in DORMANT. LEDs and
// the buzzer are left out (off in the deep-sleep figures), and so is USB: the figures hold only
// with the USB block, PLL_USB and clk_usb off, which usbBlockState tells.
import { DEFAULT_POWER_SPEC } from '../../../sim/device/default-power.ts';
import type { CoreStats, EmulatedPico } from './emulated-pico.ts';

/** Mean battery current in mA between two readings of the core's counters `windowMs` apart. */
export function batteryCurrentMa(before: CoreStats, after: CoreStats, windowMs: number): number {
  const { awakeMa, sleepMa, deepSleepMa } = DEFAULT_POWER_SPEC.mcu;
  const window = windowMs * 1e6;
  const awake = after.awakeNanos - before.awakeNanos;
  const dormant = after.dormantNanos - before.dormantNanos;
  const light = Math.max(0, window - awake - dormant);
  return (awake * awakeMa + light * sleepMa + dormant * deepSleepMa) / window;
}

/** The registers that say whether USB, its PLL and its clock draw anything, and the clocks kept in light sleep. */
export function usbBlockState(pico: EmulatedPico): Record<string, number> {
  const read = (address: number): number => pico.rp2040.readUint32(address) >>> 0;
  return {
    clk_sys_hz: pico.rp2040.clkSys,
    CLK_SYS_CTRL: read(0x4000_803c),
    CLK_USB_CTRL: read(0x4000_8054),
    'PLL_USB PWR': read(0x4002_c004),
    'PLL_SYS PWR': read(0x4002_8004),
    'USB MAIN_CTRL': read(0x5011_0040),
    'USB SIE_CTRL': read(0x5011_004c),
    'USB INTE': read(0x5011_0090),
    'CLOCKS SLEEP_EN0': read(0x4000_80a8),
    'CLOCKS SLEEP_EN1': read(0x4000_80ac),
  };
}

/** Puts the timer into deep sleep (CONFIG sleep=30, then the idle time) and measures a minute of it. */
export function deepSleepMinute(
  pico: EmulatedPico,
  command: (line: string) => void,
): { currentMa: number; dormantS: number; wakeups: number; state: Record<string, number> } {
  command('CONFIG sleep=30');
  pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
  pico.run(10);
  const state = usbBlockState(pico);
  const before = { ...pico.stats };
  pico.run(60_000);
  return {
    currentMa: batteryCurrentMa(before, pico.stats, 60_000),
    dormantS: (pico.stats.dormantNanos - before.dormantNanos) / 1e9,
    wakeups: pico.stats.wakeups - before.wakeups,
    state,
  };
}
