// Where the test harness makes rp2040js behave as the chip does (harness/wfi.ts,
// harness/pl011-uart.ts, DORMANT in harness/emulated-pico.ts): checked on a bare emulated
// RP2040 with a few hand-assembled Thumb instructions, or on the booted image's registers.
import { RP2040 } from 'rp2040js';
import { beforeAll, describe, expect, it } from 'vitest';

import { Pl011Uart } from './harness/pl011-uart.ts';
import { bootPico } from './harness/session.ts';
import { VirtualClock } from './harness/virtual-clock.ts';
import { installWfi } from './harness/wfi.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const SRAM = 0x2000_0000;
const HANDLER = SRAM + 0x100;
const MAIN = SRAM + 0x200;
const IRQ = 20; // UART0_IRQ
const NVIC_ISER = 0xe000_e100;
const CPSID_I = 0xb672;
const CPSIE_I = 0xb662;
const WFI = 0xbf30;
const NOP = 0xbf00;
const LOOP = 0xe7fe; // b .

/** A bare RP2040 running `program` from SRAM, with a vector table whose IRQ handler loops. */
function core(program: number[]): RP2040 {
  const rp2040 = new RP2040(new VirtualClock());
  installWfi(rp2040);
  const sram = new DataView(rp2040.sram.buffer);
  sram.setUint32((16 + IRQ) * 4, HANDLER | 1, true);
  sram.setUint16(HANDLER - SRAM, LOOP, true);
  program.forEach((opcode, i) => sram.setUint16(MAIN - SRAM + 2 * i, opcode, true));
  rp2040.core.VTOR = SRAM;
  rp2040.core.SP = SRAM + 0x1000;
  rp2040.core.PC = MAIN;
  rp2040.writeUint32(NVIC_ISER, 1 << IRQ);
  return rp2040;
}

describe('WFI on the emulated core', () => {
  it('ends at once when an enabled interrupt is already pending, without taking it while PRIMASK is set', () => {
    const rp2040 = core([CPSID_I, WFI, NOP, CPSIE_I, NOP, LOOP]);
    rp2040.core.executeInstruction(); // cpsid i
    rp2040.setInterrupt(IRQ, true); // arrives after the runtime checked for input
    rp2040.core.executeInstruction(); // wfi
    expect(rp2040.core.waiting).toBe(false);
    rp2040.core.executeInstruction(); // nop: still in thread mode, the interrupt not taken
    expect(rp2040.core.IPSR).toBe(0);
    expect(rp2040.core.PC).toBe(MAIN + 6);
    rp2040.core.executeInstruction(); // cpsie i
    rp2040.core.executeInstruction(); // the interrupt is taken now
    expect(rp2040.core.IPSR).toBe(16 + IRQ);
  });

  it('leaves WFI for an interrupt that arrives while waiting with PRIMASK set, and goes on after the WFI', () => {
    const rp2040 = core([CPSID_I, WFI, NOP, LOOP]);
    rp2040.core.executeInstruction();
    rp2040.core.executeInstruction();
    expect(rp2040.core.waiting).toBe(true);
    rp2040.setInterrupt(IRQ, true);
    expect(rp2040.core.waiting).toBe(false);
    rp2040.core.executeInstruction();
    expect(rp2040.core.IPSR).toBe(0);
    expect(rp2040.core.PC).toBe(MAIN + 6);
  });

  it('keeps waiting with nothing pending, or with only a disabled interrupt pending', () => {
    const rp2040 = core([CPSID_I, WFI, NOP, LOOP]);
    rp2040.writeUint32(NVIC_ISER + 0x80, 1 << IRQ); // ICER: disabled
    rp2040.core.executeInstruction();
    rp2040.core.executeInstruction();
    expect(rp2040.core.waiting).toBe(true);
    rp2040.setInterrupt(IRQ, true);
    expect(rp2040.core.waiting).toBe(true);
  });
});

const UART0 = 0x4003_4000;
const DR = UART0 + 0x00;
const FR = UART0 + 0x18;
const IBRD = UART0 + 0x24;
const FBRD = UART0 + 0x28;
const LCR_H = UART0 + 0x2c;
const CR = UART0 + 0x30;
const IMSC = UART0 + 0x38;
const RIS = UART0 + 0x3c;
const FR_BUSY = 1 << 3;
const FR_RXFE = 1 << 4;
const FR_TXFF = 1 << 5;
const FR_TXFE = 1 << 7;
const INT_RX = 1 << 4;
const INT_TX = 1 << 5;
const INT_RT = 1 << 6;
const INT_OE = 1 << 10;

/** UART0 at 115200 8N1 from a 12 MHz clk_peri, FIFOs on, as the runtime sets it. */
function uart(): { rp2040: RP2040; clock: VirtualClock; model: Pl011Uart; sent: number[]; sentAt: number[] } {
  const clock = new VirtualClock();
  const rp2040 = new RP2040(clock);
  rp2040.clkPeri = 12_000_000;
  const model = new Pl011Uart(rp2040, rp2040.uart[0]!, clock, IRQ);
  const sent: number[] = [];
  const sentAt: number[] = [];
  model.onTransmit = (byte) => {
    sent.push(byte);
    sentAt.push(clock.nanos);
  };
  rp2040.writeUint32(IBRD, 6);
  rp2040.writeUint32(FBRD, 33);
  rp2040.writeUint32(LCR_H, (3 << 5) | (1 << 4));
  rp2040.writeUint32(CR, (1 << 9) | (1 << 8) | 1);
  return { rp2040, clock, model, sent, sentAt };
}

describe('UART0 as a PL011 on the wire', () => {
  it('sends a character in 10 bit times, holds 32 in its FIFO and reports full and busy', () => {
    const { rp2040, clock, model, sent, sentAt } = uart();
    for (let i = 0; i < 40; i++) rp2040.writeUint32(DR, 0x41 + (i % 26));
    // One character went straight to the shift register, 32 wait in the FIFO, the rest was dropped.
    expect(rp2040.readUint32(FR) & (FR_TXFF | FR_BUSY)).toBe(FR_TXFF | FR_BUSY);
    expect(sent).toEqual([]);
    clock.advanceTo(model.characterNanos * 33 + 1);
    expect(sent.length).toBe(33);
    expect(sentAt[0]).toBeCloseTo((10 * 1e9) / model.baudRate, 3);
    expect(Math.abs(model.baudRate - 115_200) / 115_200).toBeLessThan(0.001);
    expect(rp2040.readUint32(FR) & (FR_TXFE | FR_BUSY)).toBe(FR_TXFE);
  });

  it('raises the transmit interrupt when the FIFO drains through half full, not while it stays below', () => {
    const { rp2040, clock, model } = uart();
    rp2040.writeUint32(IMSC, INT_TX);
    for (let i = 0; i < 20; i++) rp2040.writeUint32(DR, 0x30);
    expect(rp2040.readUint32(RIS) & INT_TX).toBe(0);
    clock.advanceTo(model.characterNanos * 3.5); // 19 -> 16 entries: through the level
    expect(rp2040.readUint32(RIS) & INT_TX).toBe(INT_TX);
    expect(rp2040.core.pendingInterrupts & (1 << IRQ)).not.toBe(0);
  });

  it('interrupts at half a receive FIFO, after 32 quiet bit times for fewer, and flags a byte lost to a full FIFO', () => {
    const { rp2040, clock, model } = uart();
    rp2040.writeUint32(IMSC, INT_RX | INT_RT | INT_OE);
    for (let i = 0; i < 15; i++) model.receive(0x61);
    expect(rp2040.readUint32(RIS) & (INT_RX | INT_RT)).toBe(0);
    model.receive(0x61);
    expect(rp2040.readUint32(RIS) & INT_RX).toBe(INT_RX);
    for (let i = 0; i < 17; i++) model.receive(0x62); // 32 fit, the 33rd is lost
    expect(model.rxOverruns).toBe(1);
    expect(rp2040.readUint32(RIS) & INT_OE).toBe(INT_OE);
    expect(rp2040.readUint32(DR)).toBe(0x61);
    model.receive(0x63);
    const drained: number[] = [];
    while (!(rp2040.readUint32(FR) & FR_RXFE)) drained.push(rp2040.readUint32(DR));
    expect(drained.length).toBe(32);
    expect(drained.at(-1)).toBe(0x63 | (1 << 11)); // OE: a character was lost before this one
    model.receive(0x64);
    expect(rp2040.readUint32(RIS) & INT_RT).toBe(0);
    clock.advanceTo(clock.nanos + 3.3 * model.characterNanos);
    expect(rp2040.readUint32(RIS) & INT_RT).toBe(INT_RT);
  });
});

describe.runIf(picoToolsOrSkip())('DORMANT on the emulated chip', () => {
  beforeAll(() => buildPicoImage());

  const XOSC_DORMANT = 0x4002_4008;
  const COMA = 0x636f_6d61;
  const IO_INTR0 = 0x4001_40f0;
  const DORMANT_WAKE_INTE0 = 0x4001_4160;

  it('is left at once when an enabled wake edge is already latched, and entered when none is', () => {
    const pico = bootPico();
    const gpio = pico.rp2040.gpio[2]!;
    const edgeLow = 0x4 << ((2 % 8) * 4);
    pico.rp2040.writeUint32(IO_INTR0, edgeLow); // clear the latch
    pico.rp2040.writeUint32(DORMANT_WAKE_INTE0, edgeLow);
    gpio.setInputValue(false); // the edge comes before the write of "coma"
    gpio.setInputValue(true);
    const wakes = pico.stats.dormantWakes;
    pico.rp2040.writeUint32(XOSC_DORMANT, COMA);
    expect(pico.isDormant).toBe(false);
    expect(pico.stats.dormantWakes).toBe(wakes + 1);

    pico.run(5);
    pico.rp2040.writeUint32(IO_INTR0, edgeLow);
    pico.rp2040.writeUint32(XOSC_DORMANT, COMA);
    expect(pico.isDormant).toBe(true);
  });
});
