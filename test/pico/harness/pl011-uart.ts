// UART0 of the emulated RP2040 as the chip has it: an ARM PL011 (RP2040 datasheet 4.2) whose
// bytes take their time on the wire. rp2040js's UART sends a byte the instant it is written
// (its transmit FIFO is never full, never busy) and raises its receive interrupt for every byte;
// a runtime that keeps up there may still drop bytes on a chip. Modelled here, on the emulator's
// virtual clock:
//
//   - transmit: a 32-entry FIFO in front of a shift register; each character takes 10 bit times
//     at the baud rate the divisor gives (IBRD, FBRD, 4.2.3.2); FR.TXFF, TXFE and BUSY as on the
//     chip; the transmit interrupt when the FIFO drains through its trigger level (IFLS, a
//     transition, not a level: 4.2.6), cleared by writing past the level or by ICR;
//   - receive: a 32-entry FIFO; a character arriving when it is full is lost and the overrun
//     error flag (DR bit 11) goes with the next character stored, as the PL011 does, with the
//     OE interrupt; the receive interrupt while the FIFO holds at least its trigger level; the
//     receive timeout interrupt when the FIFO is not empty and no character has arrived for
//     32 bit times;
//   - FIFOs off (LCR_H.FEN clear): one-character holding registers;
//   - the receive status register (RSR) as the chip has it, or, with `rsrReadsAllOnes`, reading
//     all ones whatever happened (as an emulator or a silicon erratum can): the runtime must
//     take each character's errors from its DR word, never from RSR.
//
// Registers not listed keep rp2040js's behaviour (the peripheral id registers).
import type { RP2040 } from 'rp2040js';

import type { VirtualClock } from './virtual-clock.ts';

const DR = 0x00;
const RSR = 0x04;
const FR = 0x18;
const IBRD = 0x24;
const FBRD = 0x28;
const LCR_H = 0x2c;
const CR = 0x30;
const IFLS = 0x34;
const IMSC = 0x38;
const RIS = 0x3c;
const MIS = 0x40;
const ICR = 0x44;
const DMACR = 0x48;

const FR_TXFE = 1 << 7;
const FR_RXFF = 1 << 6;
const FR_TXFF = 1 << 5;
const FR_RXFE = 1 << 4;
const FR_BUSY = 1 << 3;
const LCR_H_FEN = 1 << 4;
const CR_UARTEN = 1 << 0;
const CR_TXE = 1 << 8;
const CR_RXE = 1 << 9;
const INT_OE = 1 << 10;
const INT_RT = 1 << 6;
const INT_TX = 1 << 5;
const INT_RX = 1 << 4;
const DR_OE = 1 << 11;
const IFLS_RESET = 0x12; // both trigger levels at 1/2 (4.2.8, UARTIFLS)

const FIFO_DEPTH = 32;
/** Trigger levels of IFLS's 3-bit fields, in entries of a 32-entry FIFO: 1/8, 1/4, 1/2, 3/4, 7/8. */
const LEVELS = [4, 8, 16, 24, 28] as const;
const BITS_PER_CHARACTER = 10; // 8N1: start, 8 data, stop
const TIMEOUT_BITS = 32;

type Peripheral = RP2040['peripherals'][number];

export class Pl011Uart {
  /** A character whose stop bit has left the TX pin. */
  onTransmit: ((byte: number) => void) | undefined;
  /** Characters lost because the receive FIFO was full. */
  rxOverruns = 0;
  /** The most characters the receive FIFO held at once. */
  rxHighWater = 0;

  private readonly rx: number[] = [];
  private readonly tx: number[] = [];
  private shifting = false;
  private overrunPending = false;
  private ris = 0;
  private imsc = 0;
  private ifls = IFLS_RESET;
  private lcrH = 0;
  private cr = CR_TXE | CR_RXE;
  private ibrd = 0;
  private fbrd = 0;
  private rsr = 0;
  private dmacr = 0;
  private lineHigh = false;
  private readonly timeout;

  constructor(
    private readonly rp2040: RP2040,
    peripheral: Peripheral,
    private readonly clock: VirtualClock,
    private readonly irq: number,
    private readonly rsrReadsAllOnes = false,
  ) {
    this.timeout = clock.createAlarm(() => this.receiveTimedOut());
    const read = peripheral.readUint32.bind(peripheral);
    const write = peripheral.writeUint32.bind(peripheral);
    peripheral.readUint32 = (offset: number): number => this.read(offset) ?? read(offset);
    peripheral.writeUint32 = (offset: number, value: number): void => {
      if (!this.write(offset, value >>> 0)) write(offset, value);
    };
  }

  // ---- the wire ---------------------------------------------------------------------------

  /** A character has arrived on RX (its stop bit sampled) now. */
  receive(byte: number): void {
    if ((this.cr & (CR_UARTEN | CR_RXE)) !== (CR_UARTEN | CR_RXE)) return;
    if (this.rx.length >= this.depth) {
      this.rxOverruns++;
      this.overrunPending = true;
      this.rsr |= 1 << 3;
      this.ris |= INT_OE;
    } else {
      this.rx.push((byte & 0xff) | (this.overrunPending ? DR_OE : 0));
      this.overrunPending = false;
      this.rxHighWater = Math.max(this.rxHighWater, this.rx.length);
      if (this.rx.length >= this.rxLevel) this.ris |= INT_RX;
    }
    this.timeout.schedule(TIMEOUT_BITS * this.bitNanos);
    this.update();
  }

  /** The baud rate the divisor gives from clk_peri (0 before it is programmed). */
  get baudRate(): number {
    const divisor = this.ibrd + this.fbrd / 64;
    return divisor === 0 ? 0 : this.rp2040.clkPeri / (16 * divisor);
  }

  /** Nanoseconds one character takes at the programmed baud rate. */
  get characterNanos(): number {
    return BITS_PER_CHARACTER * this.bitNanos;
  }

  /** Characters waiting to be sent, and whether one is on the wire now. */
  get transmitting(): boolean {
    return this.shifting || this.tx.length > 0;
  }

  private get bitNanos(): number {
    const divisor = this.ibrd + this.fbrd / 64;
    if (divisor === 0) return 1e9 / 115_200; // not programmed yet: nothing is sent or timed by it
    return (16 * divisor * 1e9) / this.rp2040.clkPeri;
  }

  private get depth(): number {
    return this.lcrH & LCR_H_FEN ? FIFO_DEPTH : 1;
  }

  private get rxLevel(): number {
    return this.lcrH & LCR_H_FEN ? (LEVELS[(this.ifls >> 3) & 7] ?? 16) : 1;
  }

  private get txLevel(): number {
    return this.lcrH & LCR_H_FEN ? (LEVELS[this.ifls & 7] ?? 16) : 0;
  }

  private receiveTimedOut(): void {
    if (this.rx.length > 0) {
      this.ris |= INT_RT;
      this.update();
    }
  }

  private startNext(): void {
    const byte = this.tx.shift();
    if (byte === undefined) {
      this.shifting = false;
      return;
    }
    this.shifting = true;
    // The FIFO drained through its trigger level: the transmit interrupt (a transition).
    if (this.tx.length === this.txLevel) this.ris |= INT_TX;
    this.clock.at(this.characterNanos, () => {
      this.onTransmit?.(byte);
      this.startNext();
      this.update();
    });
  }

  // ---- registers ----------------------------------------------------------------------------

  private read(offset: number): number | undefined {
    switch (offset) {
      case DR: {
        const value = this.rx.shift() ?? 0;
        if (this.rx.length < this.rxLevel) this.ris &= ~INT_RX;
        if (this.rx.length === 0) this.ris &= ~INT_RT;
        this.update();
        return value;
      }
      case RSR:
        return this.rsrReadsAllOnes ? 0xffff_ffff : this.rsr;
      case FR:
        return (
          (this.tx.length === 0 ? FR_TXFE : 0) |
          (this.rx.length >= this.depth ? FR_RXFF : 0) |
          (this.tx.length >= this.depth ? FR_TXFF : 0) |
          (this.rx.length === 0 ? FR_RXFE : 0) |
          (this.transmitting ? FR_BUSY : 0)
        );
      case IBRD:
        return this.ibrd;
      case FBRD:
        return this.fbrd;
      case LCR_H:
        return this.lcrH;
      case CR:
        return this.cr;
      case IFLS:
        return this.ifls;
      case IMSC:
        return this.imsc;
      case RIS:
        return this.ris;
      case MIS:
        return this.ris & this.imsc;
      case DMACR:
        return this.dmacr;
      default:
        return undefined;
    }
  }

  private write(offset: number, value: number): boolean {
    switch (offset) {
      case DR:
        if ((this.cr & (CR_UARTEN | CR_TXE)) !== (CR_UARTEN | CR_TXE)) return true;
        if (this.tx.length >= this.depth) return true; // a full FIFO drops the write, as the PL011 does
        this.tx.push(value & 0xff);
        if (this.tx.length > this.txLevel) this.ris &= ~INT_TX;
        if (!this.shifting) this.startNext();
        break;
      case RSR:
        this.rsr = 0;
        break;
      case IBRD:
        this.ibrd = value & 0xffff;
        break;
      case FBRD:
        this.fbrd = value & 0x3f;
        break;
      case LCR_H:
        this.lcrH = value & 0xff;
        break;
      case CR:
        this.cr = value & 0xffff;
        break;
      case IFLS:
        this.ifls = value & 0x3f;
        break;
      case IMSC:
        this.imsc = value & 0x7ff;
        break;
      case ICR:
        this.ris &= ~(value & 0x7ff);
        break;
      case DMACR:
        this.dmacr = value & 0x7;
        break;
      default:
        return false;
    }
    this.update();
    return true;
  }

  private update(): void {
    const high = (this.ris & this.imsc) !== 0;
    if (high === this.lineHigh) return;
    this.lineHigh = high;
    this.rp2040.setInterrupt(this.irq, high);
  }
}
