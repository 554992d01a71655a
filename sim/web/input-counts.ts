// Counts what the buttons did: raw contact edges the firmware received (bounces included) and the
// presses it accepted after debouncing (its `EVT KEY` lines, not counting serial `PRESS` commands),
// so the page can show the debounce at work.

import type { FirmwareFactory } from '../device/index.ts';

export class InputCounts {
  rawEdges = 0;
  presses = 0;
  private serialDepth = 0;

  /** The same firmware, with every `button` call counted (`factory` must make plain objects, as wasmFirmware does). */
  wrap(factory: FirmwareFactory): FirmwareFactory {
    return (host) => {
      const instance = factory(host);
      return {
        ...instance,
        button: (index, level, now) => {
          this.rawEdges++;
          instance.button(index, level, now);
        },
      };
    };
  }

  /** Runs a serial input: the `EVT KEY` lines it causes are not button presses. */
  duringSerial<T>(action: () => T): T {
    this.serialDepth++;
    try {
      return action();
    } finally {
      this.serialDepth--;
    }
  }

  /** Call with every line the device sends. */
  line(line: string): void {
    if (this.serialDepth === 0 && line.startsWith('EVT KEY ')) this.presses++;
  }

  reset(): void {
    this.rawEdges = 0;
    this.presses = 0;
  }
}
