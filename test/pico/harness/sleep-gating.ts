// Light sleep on the emulated RP2040: the registers rp2040js does not model (CLOCKS WAKE_EN0/1,
// SLEEP_EN0/1 and the Cortex-M0+ SCR), and the clock gating they control.
//
// On the chip, when the processors are in deep sleep (SCR.SLEEPDEEP set, then WFI), each clock
// destination runs only if its SLEEP_EN bit is set (datasheet 2.11.5.1, 2.15.3.5). Core 1 waits
// in the boot ROM with SLEEPDEEP set, so core 0's deep-sleep WFI is what gates the clocks.
// Modelled here: an interrupt from a block whose clock is gated cannot wake the core; it is held
// and reaches the core when something else wakes it (the block's state resumes with its clock).
// So a runtime that gated the TIMER, UART0 or IO_BANK0 in sleep would sleep through its wake
// times or inputs in every test, as it would on a real board.
import type { RP2040 } from 'rp2040js';

const CLOCKS_WAKE_EN0 = 0xa0;
const CLOCKS_WAKE_EN1 = 0xa4;
const CLOCKS_SLEEP_EN0 = 0xa8;
const CLOCKS_SLEEP_EN1 = 0xac;
const EN0_MASK = 0xffff_ffff;
const EN1_MASK = 0x7fff;
const SCR = 0xd10;
const SCR_MASK = 0x16; // SEVONPEND, SLEEPDEEP, SLEEPONEXIT
export const SCR_SLEEPDEEP = 1 << 2;
const XOSC_BASE = 0x40024;
const XOSC_DORMANT = 0x08;
const XOSC_DORMANT_COMA = 0x636f_6d61;
const OPCODE_WFI = 0xbf30;

/** SLEEP_EN0 bits (pico-sdk hardware/regs/clocks.h, CLOCKS_SLEEP_EN0_*_BITS). */
export const SLEEP_EN0 = {
  CLK_SYS_SRAM3: 1 << 31,
  CLK_SYS_SRAM2: 1 << 30,
  CLK_SYS_SRAM1: 1 << 29,
  CLK_SYS_SRAM0: 1 << 28,
  CLK_SYS_SPI1: 1 << 27,
  CLK_PERI_SPI1: 1 << 26,
  CLK_SYS_SPI0: 1 << 25,
  CLK_PERI_SPI0: 1 << 24,
  CLK_SYS_SIO: 1 << 23,
  CLK_SYS_RTC: 1 << 22,
  CLK_RTC_RTC: 1 << 21,
  CLK_SYS_ROSC: 1 << 20,
  CLK_SYS_ROM: 1 << 19,
  CLK_SYS_RESETS: 1 << 18,
  CLK_SYS_PWM: 1 << 17,
  CLK_SYS_PSM: 1 << 16,
  CLK_SYS_PLL_USB: 1 << 15,
  CLK_SYS_PLL_SYS: 1 << 14,
  CLK_SYS_PIO1: 1 << 13,
  CLK_SYS_PIO0: 1 << 12,
  CLK_SYS_PADS: 1 << 11,
  CLK_SYS_VREG_AND_CHIP_RESET: 1 << 10,
  CLK_SYS_JTAG: 1 << 9,
  CLK_SYS_IO: 1 << 8,
  CLK_SYS_I2C1: 1 << 7,
  CLK_SYS_I2C0: 1 << 6,
  CLK_SYS_DMA: 1 << 5,
  CLK_SYS_BUSFABRIC: 1 << 4,
  CLK_SYS_BUSCTRL: 1 << 3,
  CLK_SYS_ADC: 1 << 2,
  CLK_ADC_ADC: 1 << 1,
  CLK_SYS_CLOCKS: 1 << 0,
} as const;

/** SLEEP_EN1 bits (pico-sdk hardware/regs/clocks.h, CLOCKS_SLEEP_EN1_*_BITS). */
export const SLEEP_EN1 = {
  CLK_SYS_XOSC: 1 << 14,
  CLK_SYS_XIP: 1 << 13,
  CLK_SYS_WATCHDOG: 1 << 12,
  CLK_USB_USBCTRL: 1 << 11,
  CLK_SYS_USBCTRL: 1 << 10,
  CLK_SYS_UART1: 1 << 9,
  CLK_PERI_UART1: 1 << 8,
  CLK_SYS_UART0: 1 << 7,
  CLK_PERI_UART0: 1 << 6,
  CLK_SYS_TIMER: 1 << 5,
  CLK_SYS_TBMAN: 1 << 4,
  CLK_SYS_SYSINFO: 1 << 3,
  CLK_SYS_SYSCFG: 1 << 2,
  CLK_SYS_SRAM5: 1 << 1,
  CLK_SYS_SRAM4: 1 << 0,
} as const;

/** The clocks an interrupt's block needs to raise it (datasheet 2.3.2 interrupt numbers). */
const IRQ_CLOCKS: ReadonlyMap<number, { en0: number; en1: number }> = new Map([
  [0, { en0: 0, en1: SLEEP_EN1.CLK_SYS_TIMER }], // TIMER_IRQ_0..3
  [1, { en0: 0, en1: SLEEP_EN1.CLK_SYS_TIMER }],
  [2, { en0: 0, en1: SLEEP_EN1.CLK_SYS_TIMER }],
  [3, { en0: 0, en1: SLEEP_EN1.CLK_SYS_TIMER }],
  [4, { en0: SLEEP_EN0.CLK_SYS_PWM, en1: 0 }], // PWM_IRQ_WRAP
  [13, { en0: SLEEP_EN0.CLK_SYS_IO, en1: 0 }], // IO_IRQ_BANK0
  [20, { en0: 0, en1: SLEEP_EN1.CLK_SYS_UART0 | SLEEP_EN1.CLK_PERI_UART0 }], // UART0_IRQ
]);

/**
 * What the core did around its sleeps, in order: `set`/`clear` are writes that change
 * SCR.SLEEPDEEP, `deep`/`plain` a WFI entered with SLEEPDEEP set/clear, `dormant` a write of
 * "coma" to XOSC_DORMANT (with the SLEEPDEEP state then).
 */
export type SleepStep = 'set' | 'clear' | 'deep' | 'plain' | 'dormant' | 'dormant-with-sleepdeep';

type Peripheral = RP2040['peripherals'][number];

export class SleepGating {
  wakeEn0 = EN0_MASK >>> 0;
  wakeEn1 = EN1_MASK;
  sleepEn0 = EN0_MASK >>> 0;
  sleepEn1 = EN1_MASK;
  scr = 0;
  /** The sequence of sleep-related steps since power-up. */
  readonly steps: SleepStep[] = [];
  /** Interrupts raised while their block's clock was gated, by IRQ number (counts). */
  readonly heldInterrupts = new Map<number, number>();
  private held = 0;

  constructor(private readonly rp2040: RP2040) {
    this.installClocks();
    this.installScr();
    this.installCore();
    this.installDormantStep();
  }

  /** The core is in deep sleep now: SLEEPDEEP set and waiting in WFI. */
  get inDeepSleep(): boolean {
    return this.rp2040.core.waiting && (this.scr & SCR_SLEEPDEEP) !== 0;
  }

  private clockedInSleep(irq: number): boolean {
    const needs = IRQ_CLOCKS.get(irq);
    if (needs === undefined) return true; // a block the runtime does not use: not modelled
    return (this.sleepEn0 & needs.en0) === needs.en0 && (this.sleepEn1 & needs.en1) === needs.en1;
  }

  private installClocks(): void {
    const clocks = this.rp2040.clocks as Peripheral;
    const read = clocks.readUint32.bind(clocks);
    const write = clocks.writeUint32.bind(clocks);
    clocks.readUint32 = (offset: number): number => {
      switch (offset) {
        case CLOCKS_WAKE_EN0:
          return this.wakeEn0;
        case CLOCKS_WAKE_EN1:
          return this.wakeEn1;
        case CLOCKS_SLEEP_EN0:
          return this.sleepEn0;
        case CLOCKS_SLEEP_EN1:
          return this.sleepEn1;
        default:
          return read(offset);
      }
    };
    clocks.writeUint32 = (offset: number, value: number): void => {
      switch (offset) {
        case CLOCKS_WAKE_EN0:
          this.wakeEn0 = (value & EN0_MASK) >>> 0;
          return;
        case CLOCKS_WAKE_EN1:
          this.wakeEn1 = value & EN1_MASK;
          return;
        case CLOCKS_SLEEP_EN0:
          this.sleepEn0 = (value & EN0_MASK) >>> 0;
          return;
        case CLOCKS_SLEEP_EN1:
          this.sleepEn1 = value & EN1_MASK;
          return;
        default:
          write(offset, value);
      }
    };
  }

  private installScr(): void {
    const { ppb } = this.rp2040;
    const read = ppb.readUint32.bind(ppb);
    const write = ppb.writeUint32.bind(ppb);
    ppb.readUint32 = (offset: number): number => (offset === SCR ? this.scr : read(offset));
    ppb.writeUint32 = (offset: number, value: number): void => {
      if (offset !== SCR) {
        write(offset, value);
        return;
      }
      const before = this.scr & SCR_SLEEPDEEP;
      this.scr = value & SCR_MASK;
      const after = this.scr & SCR_SLEEPDEEP;
      if (before !== after) this.steps.push(after ? 'set' : 'clear');
    };
  }

  private installCore(): void {
    const { rp2040 } = this;
    const { core } = rp2040;
    const setInterrupt = rp2040.setInterrupt.bind(rp2040);
    rp2040.setInterrupt = (irq: number, value: boolean): void => {
      const bit = 1 << irq;
      if (!value) {
        this.held &= ~bit;
      } else if (this.inDeepSleep && !this.clockedInSleep(irq)) {
        if (!(this.held & bit)) this.heldInterrupts.set(irq, (this.heldInterrupts.get(irq) ?? 0) + 1);
        this.held |= bit;
        return;
      }
      setInterrupt(irq, value);
    };
    const execute = core.executeInstruction.bind(core);
    core.executeInstruction = (): number => {
      if (this.held !== 0) {
        // Awake again: the gated blocks get their clocks back and their interrupts arrive.
        const held = this.held;
        this.held = 0;
        for (let irq = 0; irq < 32; irq++) if (held & (1 << irq)) setInterrupt(irq, true);
      }
      const cycles = execute();
      if (core.waiting && rp2040.readUint16((core.PC & ~1) - 2) === OPCODE_WFI) {
        this.steps.push(this.scr & SCR_SLEEPDEEP ? 'deep' : 'plain');
      }
      return cycles;
    };
  }

  private installDormantStep(): void {
    const xosc = this.rp2040.peripherals[XOSC_BASE] as Peripheral;
    const write = xosc.writeUint32.bind(xosc);
    xosc.writeUint32 = (offset: number, value: number): void => {
      if (offset === XOSC_DORMANT && value === XOSC_DORMANT_COMA) {
        this.steps.push(this.scr & SCR_SLEEPDEEP ? 'dormant-with-sleepdeep' : 'dormant');
      }
      write(offset, value);
    };
  }
}

/**
 * Checks that SLEEPDEEP is set only around a WFI: every `set` is followed by one `deep` WFI and
 * then a `clear`, before any other WFI or DORMANT. Returns a description of the first step that
 * breaks it, or undefined.
 */
export function sleepStepError(steps: readonly SleepStep[]): string | undefined {
  let state: 'awake' | 'armed' | 'slept' = 'awake';
  for (const [index, step] of steps.entries()) {
    const at = `step ${index} (${step}) after ${steps.slice(Math.max(0, index - 4), index).join(', ') || 'power-up'}`;
    if (step === 'dormant-with-sleepdeep') return `DORMANT entered with SLEEPDEEP set: ${at}`;
    if (state === 'awake') {
      if (step === 'set') state = 'armed';
      else if (step !== 'plain' && step !== 'dormant') return `unexpected ${at}`;
    } else if (state === 'armed') {
      if (step !== 'deep') return `SLEEPDEEP set but not followed by a deep-sleep WFI: ${at}`;
      state = 'slept';
    } else if (step === 'clear') {
      state = 'awake';
    } else {
      return `SLEEPDEEP not cleared after the deep-sleep WFI: ${at}`;
    }
  }
  return undefined;
}
