// The Imperial Timer image running on an emulated RP2040 (rp2040js), with the board around it:
// the five buttons (with contact bounce), the serial line at 115200 baud, the battery on the
// ADC, and the parts of the chip rp2040js does not model, supplied here:
//
//   - the boot ROM (./stand-in-rom.ts): boot2 is copied to SRAM and its CRC checked, as the
//     real ROM does, then boot2 runs and starts the application through the ROM's flash functions;
//     erasing and programming the flash keep the core in the ROM as long as the flash chip takes
//     (the peripherals, the serial line among them, go on meanwhile), and an enabled interrupt
//     preempts that wait as it would on the chip;
//   - the ring oscillator's random bit, which gives the firmware its seed: it is fed the bits of
//     the test's seed, so a game is reproducible;
//   - DORMANT (./dormant.ts): writing "coma" to XOSC_DORMANT stops the core until an enabled
//     wake event is asserted, one latched before the write included; the crystal then takes its
//     startup delay to become stable, and serial bytes arriving meanwhile are lost;
//   - UART0 as a PL011 whose bytes take their time on the wire (./pl011-uart.ts): rp2040js
//     sends a byte the instant it is written and interrupts for every received byte;
//   - WFI as the core executes it (./wfi.ts): an interrupt already pending ends it, and with
//     PRIMASK set the core leaves it without taking the interrupt;
//   - light sleep (./sleep-gating.ts): the SLEEP_EN clock gates and SCR.SLEEPDEEP, with the
//     interrupts of gated blocks held while the core is in deep sleep;
//   - the flash chip's unique id, read through the SSI (./stand-in-rom.ts);
//   - a computer on the USB port (./usb-host.ts): VBUS on GP24 through the Pico's divider, and
//     a host with a CDC ACM driver on rp2040js's model of the USB controller.
//
// The core runs at the clock the firmware sets (rp2040.clkSys), not rp2040js's default 125 MHz.
// A test may inject a fault: an interrupt the core cannot take for a while (holdInterrupt).
import { RP2040, type GPIOPin, type Logger } from 'rp2040js';

import { Dormant } from './dormant.ts';
import { Pl011Uart } from './pl011-uart.ts';
import { SleepGating } from './sleep-gating.ts';
import { StandInRom, type FlashTiming } from './stand-in-rom.ts';
import { UsbCdcHost } from './usb-host.ts';
import { BOOT2_SIZE, ImageError, boot2CrcValid, type FlashImage } from './image.ts';
import { VirtualClock } from './virtual-clock.ts';
import { installWfi, interruptWakesCore } from './wfi.ts';

export interface BoardPins {
  /** GPIO of each button, in firmware index order. Buttons close to ground (pull-ups). */
  readonly buttons: readonly number[];
  /** GPIO of each LED, in leds-mask bit order (active high). */
  readonly leds: readonly number[];
  readonly buzzer: number;
  readonly uartRx: number;
  /** GP24 on the Pico: VBUS through a 5.6k/10k divider (high while a USB cable is plugged in). */
  readonly vbusSense: number;
  readonly batteryAdcChannel: number;
  readonly baud: number;
}

export interface EmulatedPicoOptions {
  image: FlashImage;
  board: BoardPins;
  /** The 32 bits the ring oscillator gives at power-up: the firmware's seed. */
  seed: number;
  /** ADC counts the battery input reads. */
  batteryAdcCounts: number;
  /** Flash contents from an earlier run (the settings sector survives a power cycle). */
  flash?: Uint8Array;
  /** How long erasing and programming take (default: the flash chip's typical figures). */
  flashTiming?: FlashTiming;
  /** The flash chip's 64-bit unique id (default: stand-in-rom.ts's). */
  flashUniqueId?: Uint8Array;
  /** A USB cable to a computer is plugged in at power-up (default: not). */
  usb?: boolean;
  /** UART0's receive status register (UARTRSR) reads all ones, as an emulator or a silicon erratum can (default: as the chip). */
  rsrReadsAllOnes?: boolean;
}

export interface SerialLine {
  /** Virtual time of the line's '\n', in ms since power-up. */
  readonly ms: number;
  readonly text: string;
}

/** Counters of what the core did, since power-up. */
export interface CoreStats {
  /** Times the core left WFI or DORMANT (a DORMANT wake counts when the crystal is stable). */
  wakeups: number;
  /** Of those, DORMANT wakes. */
  dormantWakes: number;
  /** Virtual ns the core spent executing (not in WFI or DORMANT). */
  awakeNanos: number;
  /** Virtual ns in DORMANT. */
  dormantNanos: number;
  /** Instructions executed. */
  instructions: number;
}

const ROSC_BASE = 0x40060;
const ROSC_RANDOMBIT = 0x1c;
const SRAM_BASE = 0x2000_0000;
const BOOT2_SRAM = 0x2004_1f00;
const STACK_TOP = 0x2004_2000;
const NS_PER_MS = 1_000_000;
const IRQ_UART0 = 20;

export class EmulatorError extends Error {}

/**
 * Whether the core leaves the ROM's wait for the flash to run an interrupt handler: it is in
 * one already, or an enabled interrupt is pending above the execution priority and PRIMASK is
 * clear. The ROM's flash functions wait from ROM code, so an interrupt is taken as anywhere
 * else; its vector and handler are read meanwhile, and must not be in flash (XIP is off).
 */
function romWaitInterrupted(core: RP2040['core'], held: number): boolean {
  if (core.IPSR !== 0) return true;
  if (core.PM) return false;
  const pending = core.pendingInterrupts;
  core.pendingInterrupts &= ~held;
  const taken = interruptWakesCore(core);
  core.pendingInterrupts = pending;
  if (taken) core.interruptsUpdated = true; // taken before the next instruction, never after the ROM returns
  return taken;
}

/** Logs of rp2040js: kept for inspection, errors raised. */
class CollectingLogger implements Logger {
  readonly warnings: string[] = [];
  debug(): void {}
  info(): void {}
  warn(component: string, message: string): void {
    this.warnings.push(`${component}: ${message}`);
  }
  error(component: string, message: string): void {
    throw new EmulatorError(`${component}: ${message}`);
  }
}

type Peripheral = RP2040['peripherals'][number];

export class EmulatedPico {
  readonly rp2040: RP2040;
  readonly clock = new VirtualClock();
  readonly rom: StandInRom;
  readonly sleepGating: SleepGating;
  readonly uart: Pl011Uart;
  readonly dormant: Dormant;
  /** The computer at the other end of the USB cable. */
  readonly usbHost: UsbCdcHost;
  readonly stats: CoreStats = { wakeups: 0, dormantWakes: 0, awakeNanos: 0, dormantNanos: 0, instructions: 0 };
  readonly lines: SerialLine[] = [];
  private readonly logger = new CollectingLogger();
  private readonly board: BoardPins;
  private partial = '';
  private seedBits: number;
  private seedBitIndex = 0;
  private serialFreeAt = 0;
  /** Virtual ns until which the core is busy in a ROM flash function. */
  private romBusyUntil = 0;
  /** Each time a ROM flash function kept the flash busy (an erase, a program), in ms since power-up. */
  readonly flashBusy: { what: 'flash_range_erase' | 'flash_range_program'; fromMs: number; untilMs: number }[] = [];
  /** Bytes that reached RX while the chip was DORMANT or its crystal restarting (lost, as on the chip). */
  serialBytesLostWaking = 0;
  private readonly lineListeners = new Set<(line: SerialLine) => void>();
  /** Interrupts (bits by IRQ number) the core may not take for now (holdInterrupt). */
  private heldInterrupts = 0;

  constructor(options: EmulatedPicoOptions) {
    this.board = options.board;
    this.seedBits = options.seed >>> 0;
    this.rp2040 = new RP2040(this.clock);
    this.rp2040.logger = this.logger;
    this.rom = new StandInRom(this.rp2040, options.flashTiming, options.flashUniqueId);
    this.rom.onBusy = (nanos, what) => {
      const from = Math.max(this.romBusyUntil, this.clock.nanos);
      this.romBusyUntil = from + nanos;
      this.flashBusy.push({ what, fromMs: from / NS_PER_MS, untilMs: this.romBusyUntil / NS_PER_MS });
    };
    this.sleepGating = new SleepGating(this.rp2040);
    installWfi(this.rp2040);
    this.installInterruptHold();
    this.uart = new Pl011Uart(this.rp2040, this.rp2040.uart[0]!, this.clock, IRQ_UART0, options.rsrReadsAllOnes ?? false);
    this.uart.onTransmit = (byte) => this.onTx(byte);
    this.installRosc();
    this.dormant = new Dormant(this.rp2040, this.clock);
    this.dormant.onWake = () => this.stats.dormantWakes++;
    this.loadFlash(options.image, options.flash);
    for (const gpio of this.board.buttons) this.pin(gpio).setInputValue(true); // pull-ups, released
    this.pin(this.board.uartRx).setInputValue(true); // an idle line is high
    this.usbHost = new UsbCdcHost(this.rp2040.usbCtrl, this.clock, () => this.nowMs);
    this.setUsbCable(options.usb ?? false);
    this.rp2040.adc.channelValues[this.board.batteryAdcChannel] = options.batteryAdcCounts;
    this.bootFromRom();
  }

  // ---- boot ------------------------------------------------------------------------------

  private loadFlash(image: FlashImage, flash: Uint8Array | undefined): void {
    if (flash !== undefined) this.rp2040.flash.set(flash);
    this.rp2040.flash.set(image.bytes, 0);
  }

  /** What the boot ROM does for a flash boot (datasheet 2.8.1): boot2 to SRAM, CRC check, run it. */
  private bootFromRom(): void {
    const image = { bytes: this.rp2040.flash.subarray(0, BOOT2_SIZE) };
    if (!boot2CrcValid(image)) {
      throw new ImageError('boot2 CRC32 mismatch: the boot ROM would reject this image and wait as a USB drive (BOOTSEL)');
    }
    this.rp2040.sram.set(image.bytes, BOOT2_SRAM - SRAM_BASE);
    const { core } = this.rp2040;
    this.rom.setXip(false);
    core.SP = STACK_TOP;
    core.LR = 0;
    core.PC = BOOT2_SRAM;
  }

  // ---- stand-ins for what rp2040js lacks ---------------------------------------------------

  private installRosc(): void {
    const rosc = this.rp2040.peripherals[ROSC_BASE] as Peripheral;
    const read = rosc.readUint32.bind(rosc);
    const write = rosc.writeUint32.bind(rosc);
    rosc.readUint32 = (offset: number): number => {
      if (offset !== ROSC_RANDOMBIT) return offset === 0 ? 0 : read(offset);
      const bit = (this.seedBits >>> (31 - (this.seedBitIndex % 32))) & 1;
      this.seedBitIndex++;
      return bit;
    };
    rosc.writeUint32 = (offset: number, value: number): void => {
      if (offset !== 0) write(offset, value); // CTRL: enabling or stopping the oscillator is accepted
    };
  }

  /** A fault to inject: the core cannot take interrupt `irq` for `ms` from now (it stays pending). */
  holdInterrupt(irq: number, ms: number): void {
    const bit = 1 << irq;
    this.heldInterrupts |= bit;
    this.clock.at(ms * NS_PER_MS, () => {
      this.heldInterrupts &= ~bit;
      this.rp2040.core.interruptsUpdated = true;
    });
  }

  private installInterruptHold(): void {
    const { core } = this.rp2040;
    const check = core.checkForInterrupts.bind(core);
    core.checkForInterrupts = (): boolean => {
      const held = core.pendingInterrupts & this.heldInterrupts;
      if (held === 0) return check();
      core.pendingInterrupts &= ~held;
      try {
        return check();
      } finally {
        core.pendingInterrupts |= held;
      }
    };
  }

  // ---- running -------------------------------------------------------------------------

  /** Virtual time since power-up, in ms (fractional). */
  get nowMs(): number {
    return this.clock.nanos / NS_PER_MS;
  }

  get isDormant(): boolean {
    return this.dormant.asleep;
  }

  /** Runs the core until virtual time `targetMs`. */
  runUntilMs(targetMs: number): void {
    const target = targetMs * NS_PER_MS;
    const { core } = this.rp2040;
    const { stats, dormant } = this;
    while (this.clock.nanos < target) {
      if (this.rom.usbBoot !== undefined) {
        // In USB boot mode the chip runs the ROM's drive, not the program: time passes, nothing runs.
        this.clock.advanceTo(target);
        break;
      }
      if (this.clock.nanos < this.romBusyUntil && !romWaitInterrupted(core, this.heldInterrupts)) {
        // The ROM polls the flash's status register until the flash is done: nothing to run
        // until then, unless an interrupt preempts the poll (its handler runs meanwhile).
        const start = this.clock.nanos;
        this.clock.advanceTo(Math.min(this.romBusyUntil, this.clock.nextAlarmNanos, target));
        stats.awakeNanos += this.clock.nanos - start;
        continue;
      }
      if (dormant.clocksStopped || core.waiting) {
        const start = this.clock.nanos;
        this.clock.advanceTo(Math.min(this.clock.nextAlarmNanos, target));
        if (dormant.asleep) stats.dormantNanos += this.clock.nanos - start;
        if (!dormant.clocksStopped && !core.waiting) stats.wakeups++;
        continue;
      }
      const cycles = core.executeInstruction();
      stats.instructions++;
      const nanos = (cycles * 1e9) / this.rp2040.clkSys;
      stats.awakeNanos += nanos;
      this.clock.advanceTo(this.clock.nanos + nanos);
    }
  }

  /** Runs for `ms` of virtual time. */
  run(ms: number): void {
    this.runUntilMs(this.nowMs + ms);
  }

  /** Runs until a line matching `predicate` arrives (returns it) or `timeoutMs` passes (throws). */
  runUntilLine(predicate: (text: string) => boolean, timeoutMs: number, from = this.lines.length): SerialLine {
    const deadline = this.nowMs + timeoutMs;
    let checked = from;
    while (this.nowMs < deadline) {
      this.runUntilMs(Math.min(deadline, this.nowMs + 1));
      for (; checked < this.lines.length; checked++) {
        const line = this.lines[checked];
        if (line !== undefined && predicate(line.text)) return line;
      }
    }
    throw new EmulatorError(
      `no matching serial line within ${timeoutMs} ms; the last lines were:\n${this.lines
        .slice(-8)
        .map((l) => `  ${l.ms.toFixed(1)} ${l.text}`)
        .join('\n')}`,
    );
  }

  onLine(listener: (line: SerialLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  // ---- the serial line -------------------------------------------------------------------

  private onTx(byte: number): void {
    if (byte === 0x0a) {
      const line = { ms: this.nowMs, text: this.partial };
      this.partial = '';
      this.lines.push(line);
      for (const listener of this.lineListeners) listener(line);
    } else {
      this.partial += String.fromCharCode(byte);
    }
  }

  /** The time one 8N1 character takes on the wire, in ns. */
  get byteNanos(): number {
    return (10 * 1e9) / this.board.baud;
  }

  /**
   * Queues bytes on the device's RX line at the baud rate, starting now (or after bytes already
   * queued). Returns the virtual time (ms) when the last byte has arrived.
   */
  sendBytes(text: string): number {
    let at = Math.max(this.clock.nanos, this.serialFreeAt);
    for (const char of text) {
      const byte = char.charCodeAt(0) & 0xff;
      at += this.byteNanos;
      this.clock.at(at - this.clock.nanos, () => this.receiveByte(byte));
    }
    this.serialFreeAt = at;
    return at / NS_PER_MS;
  }

  /**
   * Runs until the serial line has been quiet both ways for `quietMs`: every byte sent has
   * arrived, the transmitter is idle and no line has come for that long. Throws after `timeoutMs`.
   */
  runUntilQuiet(quietMs: number, timeoutMs: number): void {
    const deadline = this.nowMs + timeoutMs;
    let quietSince = this.nowMs;
    let seen = this.lines.length;
    while (this.nowMs < deadline) {
      this.runUntilMs(this.nowMs + 1);
      const busy = this.uart.transmitting || this.lines.length !== seen || this.clock.nanos < this.serialFreeAt;
      seen = this.lines.length;
      if (busy) quietSince = this.nowMs;
      else if (this.nowMs - quietSince >= quietMs) return;
    }
    throw new EmulatorError(
      `the serial line was still busy after ${timeoutMs} ms; the last lines were:\n${this.lines
        .slice(-8)
        .map((l) => `  ${l.ms.toFixed(1)} ${l.text}`)
        .join('\n')}`,
    );
  }

  /** Sends a protocol line (with its '\n') and runs until it has been received. */
  sendLine(text: string): void {
    this.runUntilMs(this.sendBytes(`${text}\n`));
  }

  private receiveByte(byte: number): void {
    // The start bit is a falling edge on RX, which IO_BANK0's edge detector latches whatever
    // the UART does with the byte: in DORMANT it is a wake source and the byte itself is lost.
    const rx = this.pin(this.board.uartRx);
    rx.setInputValue(false);
    rx.setInputValue(true);
    if (this.dormant.clocksStopped) {
      this.serialBytesLostWaking++; // the UART has no clock
      this.dormant.inputChanged();
      return;
    }
    this.uart.receive(byte);
  }

  // ---- buttons, outputs ------------------------------------------------------------------

  private pin(gpio: number): GPIOPin {
    const pin = this.rp2040.gpio[gpio];
    if (pin === undefined) throw new EmulatorError(`no GPIO ${gpio}`);
    return pin;
  }

  /** Plugs the USB cable in (VBUS high on GP24, the host attached) or pulls it out; `computer` false: a USB charger. */
  setUsbCable(plugged: boolean, computer = true): void {
    this.usbHost.setCable(plugged, computer);
    this.pin(this.board.vbusSense).setInputValue(plugged);
    this.dormant.inputChanged();
  }

  /** Sets a button's contact now: closed pulls the GPIO low. */
  setButton(index: number, closed: boolean): void {
    const gpio = this.board.buttons[index];
    if (gpio === undefined) throw new EmulatorError(`no button ${index}`);
    this.pin(gpio).setInputValue(!closed);
    this.dormant.inputChanged();
  }

  /** Schedules a contact change `delayMs` from now. */
  scheduleButton(index: number, closed: boolean, delayMs: number): void {
    this.clock.at(delayMs * NS_PER_MS, () => this.setButton(index, closed));
  }

  /** Whether the runtime drives GPIO `gpio` high now (an enabled output at 1). */
  drivesHigh(gpio: number): boolean {
    const pin = this.pin(gpio);
    return pin.outputEnable && pin.outputValue;
  }

  /** The leds mask the GPIOs show now. */
  ledMask(): number {
    let mask = 0;
    this.board.leds.forEach((gpio, bit) => {
      const pin = this.pin(gpio);
      if (pin.outputEnable && pin.outputValue) mask |= 1 << bit;
    });
    return mask;
  }

  /** The buzzer's square wave now: frequency (Hz) and duty cycle, or silence. */
  buzzer(): { hz: number; duty: number } {
    const pin = this.pin(this.board.buzzer);
    const PWM_FUNCTION = 4;
    const slice = (this.board.buzzer >> 1) & 7;
    const base = 0x4005_0000 + slice * 0x14;
    const read = (offset: number): number => this.rp2040.readUint32(base + offset);
    const csr = read(0x00);
    if ((pin.ctrl & 0x1f) !== PWM_FUNCTION || !(csr & 1)) return { hz: 0, duty: 0 };
    const div = read(0x04);
    const top = read(0x10);
    const cc = read(0x0c);
    const level = this.board.buzzer & 1 ? cc >>> 16 : cc & 0xffff;
    const divisor = (div >>> 4) + (div & 0xf) / 16;
    return { hz: this.rp2040.clkSys / (divisor * (top + 1)), duty: level / (top + 1) };
  }

  set batteryAdcCounts(counts: number) {
    this.rp2040.adc.channelValues[this.board.batteryAdcChannel] = counts;
  }

  /**
   * Bytes of the main stack used so far (its high-water mark): the emulator's SRAM starts zeroed
   * and the runtime never clears the stack, so the lowest non-zero word marks the deepest use.
   */
  stackHighWater(stackBytes: number): number {
    const top = STACK_TOP - SRAM_BASE;
    const view = new DataView(this.rp2040.sram.buffer);
    let deepest = top;
    for (let at = top - stackBytes; at < top; at += 4) {
      if (view.getUint32(at, true) !== 0) {
        deepest = at;
        break;
      }
    }
    return top - deepest;
  }

  /** rp2040js warnings so far (reads and writes of registers it does not model). */
  get warnings(): readonly string[] {
    return this.logger.warnings;
  }

  /** The flash contents now (to carry the settings sector into the next power-up). */
  flashSnapshot(): Uint8Array {
    return this.rp2040.flash.slice();
  }
}
