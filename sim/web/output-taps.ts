// The firmware's output calls as they happen, in order with its serial lines: its `sound(id)`
// hints (the captions pair each sound with the line that explains it) and every `leds(mask)`
// change (the page keeps a flash shown long enough to read, even one that lasts 2 ms at 60×).

import type { FirmwareFactory } from '../device/index.ts';

export interface OutputTaps {
  sound?(id: number): void;
  leds?(mask: number): void;
}

/** The same firmware, with its `sound` and `leds` import calls also reported to `taps`. */
export function tapOutputs(factory: FirmwareFactory, taps: OutputTaps): FirmwareFactory {
  return (host) =>
    factory({
      ...host,
      sound: (id) => {
        host.sound(id);
        taps.sound?.(id);
      },
      leds: (mask) => {
        host.leds(mask);
        taps.leds?.(mask);
      },
    });
}
