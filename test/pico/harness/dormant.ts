// DORMANT on the emulated RP2040, which rp2040js runs through: writing "coma" to XOSC_DORMANT
// stops every clock until an event enabled in IO_BANK0's DORMANT_WAKE_INTE registers is
// asserted. An edge latched in INTR before the write wakes the chip at once, as one arriving
// later does (datasheet 2.19.3: edges latch until cleared, and DORMANT_WAKE_INTS is INTR masked
// by DORMANT_WAKE_INTE; 2.11.5.2 and 2.16.5: the oscillator restarts on that interrupt). The
// crystal then takes XOSC_STARTUP.DELAY * 256 cycles to be stable (2.16.3): until then nothing
// has a clock (serial bytes arriving meanwhile are lost).
import type { RP2040 } from 'rp2040js';

import type { VirtualClock } from './virtual-clock.ts';

const XOSC_BASE = 0x40024;
const IO_BANK0 = 0x40014;
const XOSC_DORMANT = 0x08;
const XOSC_STARTUP = 0x0c;
const XOSC_DORMANT_COMA = 0x636f_6d61;
const XOSC_DORMANT_WAKE = 0x7761_6b65;
const DORMANT_WAKE_INTE0 = 0x160;
const DORMANT_WAKE_INTS3 = 0x18c;
const GPIO_COUNT = 30;

type Peripheral = RP2040['peripherals'][number];

export class Dormant {
  /** Every clock is stopped. */
  asleep = false;
  /** Woken, the crystal not yet stable: still no clock. */
  starting = false;
  /** Called when a wake event restarts the crystal. */
  onWake: (() => void) | undefined;
  private readonly wakeInte = new Uint32Array(4);

  constructor(
    private readonly rp2040: RP2040,
    private readonly clock: VirtualClock,
  ) {
    const xosc = rp2040.peripherals[XOSC_BASE] as Peripheral;
    const xoscWrite = xosc.writeUint32.bind(xosc);
    xosc.writeUint32 = (offset: number, value: number): void => {
      xoscWrite(offset, value);
      if (offset === XOSC_DORMANT && value === XOSC_DORMANT_COMA) {
        this.asleep = true;
        this.inputChanged();
      }
    };
    const io = rp2040.peripherals[IO_BANK0] as Peripheral;
    const ioRead = io.readUint32.bind(io);
    const ioWrite = io.writeUint32.bind(io);
    io.readUint32 = (offset: number): number => {
      if (offset >= DORMANT_WAKE_INTE0 && offset <= DORMANT_WAKE_INTS3) {
        const index = ((offset - DORMANT_WAKE_INTE0) >> 2) & 3;
        return offset < DORMANT_WAKE_INTE0 + 0x10 ? (this.wakeInte[index] ?? 0) : 0;
      }
      return ioRead(offset);
    };
    io.writeUint32 = (offset: number, value: number): void => {
      if (offset >= DORMANT_WAKE_INTE0 && offset < DORMANT_WAKE_INTE0 + 0x10) {
        this.wakeInte[(offset - DORMANT_WAKE_INTE0) >> 2] = value >>> 0;
        return;
      }
      ioWrite(offset, value);
    };
  }

  /** No clock runs: DORMANT, or the crystal restarting. */
  get clocksStopped(): boolean {
    return this.asleep || this.starting;
  }

  /** A GPIO input changed: wakes the chip when an enabled wake event is asserted. */
  inputChanged(): void {
    if (this.asleep && this.wakeAsserted()) this.wake();
  }

  /** Whether an event enabled as a wake source is asserted now (an edge latched in INTR, or a level). */
  private wakeAsserted(): boolean {
    for (let gpio = 0; gpio < GPIO_COUNT; gpio++) {
      const enabled = ((this.wakeInte[gpio >> 3] ?? 0) >>> ((gpio & 7) * 4)) & 0xf;
      const pin = this.rp2040.gpio[gpio];
      if (enabled !== 0 && pin !== undefined && (pin.irqStatus & enabled) !== 0) return true;
    }
    return false;
  }

  private wake(): void {
    this.asleep = false;
    this.onWake?.();
    const xosc = this.rp2040.peripherals[XOSC_BASE] as Peripheral;
    const delayCycles = (xosc.readUint32(XOSC_STARTUP) & 0x3fff || 1) * 256;
    this.starting = true;
    this.clock.at((delayCycles * 1e9) / this.rp2040.xoscFreq, () => {
      this.starting = false;
      xosc.writeUint32(XOSC_DORMANT, XOSC_DORMANT_WAKE);
    });
  }
}
