// A stand-in for the RP2040 boot ROM, which rp2040js does not ship. It has the ROM's data
// layout (datasheet 2.8.3: magic at 0x10, 16-bit pointers to the function table at 0x14 and to
// rom_table_lookup at 0x18, the function table as (code, pointer) halfword pairs), and each
// function is two Thumb instructions, `bkpt #n; bx lr`, whose work is done here in TypeScript:
//
//   rom_table_lookup         searches the table like the real one
//   connect_internal_flash, flash_exit_xip, flash_flush_cache, flash_enter_cmd_xip
//                            track whether the flash is mapped for execute-in-place (XIP)
//   flash_range_erase        sets whole 4 KiB sectors to 0xff
//   flash_range_program      copies bytes from RAM into erased flash (1 bits can only turn to 0)
//   reset_usb_boot           records its arguments; the chip is then the ROM's USB drive, so the
//                            program is gone (`usbBoot` set: the emulator runs no more of it)
//
// While XIP is off, any read of the flash address space (an instruction fetch of code or an
// interrupt handler left in flash) is an error, as it would crash a real Pico.
//
// With XIP off, the program may also talk to the flash chip itself through the SSI, its chip
// select forced low with IO_QSPI's GPIO_QSPI_SS_CTRL.OUTOVER (as pico-sdk's flash_do_cmd does):
// the chip answers the Read Unique ID command (4Bh, four dummy bytes, then its 64-bit id; the
// W25Q16JV datasheet, 8.2.32) and clocks 0xff back for anything else.
import type { RP2040 } from 'rp2040js';

const FUNC_TABLE = 0x100;
const STUBS = 0x200;
const FLASH_BASE = 0x1000_0000;
const FLASH_WINDOW = 0x0100_0000 * 4; // XIP, XIP_NOALLOC, XIP_NOCACHE, XIP_NOCACHE_NOALLOC
const SECTOR = 4096;

export type RomCall =
  | { name: 'connect_internal_flash' | 'flash_exit_xip' | 'flash_flush_cache' | 'flash_enter_cmd_xip' }
  | { name: 'flash_range_erase'; offset: number; count: number; blockSize: number; blockCommand: number }
  | { name: 'flash_range_program'; offset: number; count: number }
  | { name: 'reset_usb_boot'; gpioActivityPinMask: number; disableInterfaceMask: number };

interface RomFunction {
  code: string;
  run(rom: StandInRom): void;
}

export class RomError extends Error {}

function romCode(code: string): number {
  return code.charCodeAt(0) | (code.charCodeAt(1) << 8);
}

/**
 * How long the flash is busy, in ns. The ROM functions return only when the flash is done.
 */
export interface FlashTiming {
  readonly sectorEraseNanos: number;
  readonly pageProgramNanos: number;
}

/**
 * The typical figures of the Pico's W25Q16JV (its datasheet, AC characteristics): a 4 KiB
 * sector erase 45 ms, a 256-byte page program 0.4 ms.
 */
export const TYPICAL_FLASH: FlashTiming = { sectorEraseNanos: 45e6, pageProgramNanos: 0.4e6 };
/** Its maximum figures: a sector erase 400 ms, a page program 3 ms. */
export const SLOWEST_FLASH: FlashTiming = { sectorEraseNanos: 400e6, pageProgramNanos: 3e6 };

/** The W25Q16JV's Read Unique ID instruction, its dummy bytes, and the id's length. */
const READ_UNIQUE_ID = 0x4b;
const UNIQUE_ID_DUMMY_BYTES = 4;
export const UNIQUE_ID_BYTES = 8;
/** The id of the emulated board's flash chip (a real chip's is set at the factory). */
export const DEFAULT_FLASH_UNIQUE_ID = Uint8Array.of(0xe6, 0x61, 0x41, 0x04, 0x03, 0x2b, 0x5c, 0x2f);

const SSI_BASE = 0x18000;
const SSI_SR = 0x28;
const SSI_DR0 = 0x60;
const SSI_SR_TFNF = 1 << 1;
const SSI_SR_TFE = 1 << 2;
const SSI_SR_RFNE = 1 << 3;
const IO_QSPI_BASE = 0x40018;
const GPIO_QSPI_SS_CTRL = 0x0c;
const OUTOVER_SHIFT = 8;
const OUTOVER_LOW = 2;

type Peripheral = RP2040['peripherals'][number];

export class StandInRom {
  /** Every ROM flash function called, in order. */
  readonly calls: RomCall[] = [];
  /** Called with the time a ROM function keeps the core busy (the flash erasing or programming). */
  onBusy: ((nanos: number, what: 'flash_range_erase' | 'flash_range_program') => void) | undefined;
  /** Whether the flash is mapped for execute-in-place. */
  xip = false;
  /** reset_usb_boot was called (with these arguments): the chip left the program for USB boot mode. */
  usbBoot: { gpioActivityPinMask: number; disableInterfaceMask: number } | undefined;
  private readonly functions: RomFunction[];
  private readonly original: Pick<RP2040, 'readUint8' | 'readUint16' | 'readUint32'>;

  /** The bytes the flash chip has clocked out for the program's transfers, not yet read from DR0. */
  private readonly ssiReceived: number[] = [];
  private ssCtrl = 0x1f; // GPIO_QSPI_SS_CTRL's reset value
  private transferIndex = 0;
  private command = -1;
  /** How many times the program read the flash chip's unique id. */
  uniqueIdReads = 0;

  constructor(
    private readonly rp2040: RP2040,
    private readonly timing: FlashTiming = TYPICAL_FLASH,
    private readonly uniqueId: Uint8Array = DEFAULT_FLASH_UNIQUE_ID,
  ) {
    if (uniqueId.length !== UNIQUE_ID_BYTES) throw new RomError(`a flash unique id has ${UNIQUE_ID_BYTES} bytes, not ${uniqueId.length}`);
    const reg = (i: number): number => this.rp2040.core.registers[i] ?? 0;
    const flashCall = (name: 'connect_internal_flash' | 'flash_exit_xip' | 'flash_flush_cache' | 'flash_enter_cmd_xip') => () => {
      this.calls.push({ name });
      if (name === 'flash_exit_xip' || name === 'connect_internal_flash') this.setXip(false);
      if (name === 'flash_enter_cmd_xip') this.setXip(true);
    };
    this.functions = [
      { code: 'IF', run: flashCall('connect_internal_flash') },
      { code: 'EX', run: flashCall('flash_exit_xip') },
      { code: 'FC', run: flashCall('flash_flush_cache') },
      { code: 'CX', run: flashCall('flash_enter_cmd_xip') },
      { code: 'RE', run: () => this.erase(reg(0), reg(1), reg(2), reg(3)) },
      { code: 'RP', run: () => this.program(reg(0), reg(1), reg(2)) },
      { code: 'UB', run: () => this.resetUsbBoot(reg(0) >>> 0, reg(1) >>> 0) },
    ];
    this.original = { readUint8: rp2040.readUint8, readUint16: rp2040.readUint16, readUint32: rp2040.readUint32 };
    this.install();
    this.installFlashChip();
  }

  private get chipSelected(): boolean {
    return ((this.ssCtrl >>> OUTOVER_SHIFT) & 3) === OUTOVER_LOW;
  }

  /** The flash chip on the SSI, reachable while XIP is off and its chip select is forced low. */
  private installFlashChip(): void {
    const io = this.rp2040.peripherals[IO_QSPI_BASE] as Peripheral;
    const ioRead = io.readUint32.bind(io);
    const ioWrite = io.writeUint32.bind(io);
    io.readUint32 = (offset: number): number => (offset === GPIO_QSPI_SS_CTRL ? this.ssCtrl : ioRead(offset));
    io.writeUint32 = (offset: number, value: number): void => {
      if (offset !== GPIO_QSPI_SS_CTRL) return ioWrite(offset, value);
      const wasSelected = this.chipSelected;
      this.ssCtrl = value >>> 0;
      if (this.chipSelected && !wasSelected) {
        this.transferIndex = 0; // a falling chip select starts an instruction
        this.command = -1;
      }
    };
    const ssi = this.rp2040.peripherals[SSI_BASE] as Peripheral;
    const ssiRead = ssi.readUint32.bind(ssi);
    const ssiWrite = ssi.writeUint32.bind(ssi);
    const direct = (): boolean => !this.xip && this.chipSelected;
    ssi.readUint32 = (offset: number): number => {
      if (!direct()) return ssiRead(offset);
      if (offset === SSI_SR) return SSI_SR_TFNF | SSI_SR_TFE | (this.ssiReceived.length > 0 ? SSI_SR_RFNE : 0);
      if (offset === SSI_DR0) return this.ssiReceived.shift() ?? 0;
      return ssiRead(offset);
    };
    ssi.writeUint32 = (offset: number, value: number): void => {
      if (!direct() || offset !== SSI_DR0) return ssiWrite(offset, value);
      this.ssiReceived.push(this.clockByte(value & 0xff));
    };
  }

  /** One byte in and one out on the SPI bus, as the chip answers. */
  private clockByte(byte: number): number {
    const index = this.transferIndex++;
    if (index === 0) {
      this.command = byte;
      return 0xff;
    }
    if (this.command === READ_UNIQUE_ID) {
      const at = index - 1 - UNIQUE_ID_DUMMY_BYTES;
      if (at === 0) this.uniqueIdReads++;
      if (at >= 0 && at < UNIQUE_ID_BYTES) return this.uniqueId[at] ?? 0xff;
    }
    return 0xff;
  }

  private install(): void {
    const rom = new DataView(this.rp2040.bootrom.buffer);
    rom.setUint8(0x10, 0x4d); // 'M'
    rom.setUint8(0x11, 0x75); // 'u'
    rom.setUint8(0x12, 0x01);
    rom.setUint8(0x13, 0x02); // ROM version B2
    rom.setUint16(0x14, FUNC_TABLE, true);
    rom.setUint16(0x16, 0, true);
    rom.setUint16(0x18, STUBS | 1, true); // rom_table_lookup is stub 0
    const stub = (index: number): number => {
      const at = STUBS + index * 4;
      rom.setUint16(at, 0xbe00 | index, true); // bkpt #index
      rom.setUint16(at + 2, 0x4770, true); // bx lr
      return at | 1;
    };
    stub(0);
    this.functions.forEach((fn, i) => {
      rom.setUint16(FUNC_TABLE + i * 4, romCode(fn.code), true);
      rom.setUint16(FUNC_TABLE + i * 4 + 2, stub(i + 1), true);
    });
    rom.setUint16(FUNC_TABLE + this.functions.length * 4, 0, true);
    this.rp2040.onBreak = (code) => this.onBreak(code);
  }

  private onBreak(code: number): void {
    const { core } = this.rp2040;
    const pc = (core.PC - 2) >>> 0;
    if (pc < STUBS || pc >= STUBS + 4 * (this.functions.length + 1)) {
      throw new RomError(`the program hit a breakpoint (bkpt #${code}) at 0x${pc.toString(16)}`);
    }
    if (code === 0) {
      core.registers[0] = this.lookup(core.registers[0] ?? 0, core.registers[1] ?? 0);
      return;
    }
    const fn = this.functions[code - 1];
    if (fn === undefined) throw new RomError(`no stand-in ROM function #${code}`);
    fn.run(this);
  }

  private lookup(table: number, code: number): number {
    const rom = new DataView(this.rp2040.bootrom.buffer);
    for (let at = table; ; at += 4) {
      const entry = rom.getUint16(at, true);
      if (entry === 0) return 0;
      if (entry === code) return rom.getUint16(at + 2, true);
    }
  }

  private resetUsbBoot(gpioActivityPinMask: number, disableInterfaceMask: number): void {
    this.calls.push({ name: 'reset_usb_boot', gpioActivityPinMask, disableInterfaceMask });
    this.usbBoot = { gpioActivityPinMask, disableInterfaceMask };
  }

  private requireDirectMode(name: string): void {
    if (this.xip) throw new RomError(`${name} called with XIP still on: call connect_internal_flash and flash_exit_xip first`);
  }

  private erase(offset: number, count: number, blockSize: number, blockCommand: number): void {
    this.requireDirectMode('flash_range_erase');
    this.calls.push({ name: 'flash_range_erase', offset, count, blockSize, blockCommand });
    if (offset % SECTOR !== 0 || count % SECTOR !== 0) {
      throw new RomError(`flash_range_erase(0x${offset.toString(16)}, ${count}): both must be multiples of the 4096-byte sector`);
    }
    this.flashRange(offset, count).fill(0xff);
    this.onBusy?.((count / SECTOR) * this.timing.sectorEraseNanos, 'flash_range_erase');
  }

  private program(offset: number, data: number, count: number): void {
    this.requireDirectMode('flash_range_program');
    this.calls.push({ name: 'flash_range_program', offset, count });
    if (offset % 256 !== 0 || count % 256 !== 0) {
      throw new RomError(`flash_range_program(0x${offset.toString(16)}, ${count}): both must be multiples of the 256-byte page`);
    }
    const ramBase = 0x2000_0000;
    if (data < ramBase || data + count > ramBase + this.rp2040.sram.length) {
      throw new RomError(`flash_range_program: the data at 0x${data.toString(16)} must be in SRAM (flash is not readable while it is programmed)`);
    }
    const target = this.flashRange(offset, count);
    const source = this.rp2040.sram.subarray(data - ramBase, data - ramBase + count);
    for (let i = 0; i < count; i++) target[i] = (target[i] ?? 0xff) & (source[i] ?? 0xff); // programming only clears bits
    this.onBusy?.((count / 256) * this.timing.pageProgramNanos, 'flash_range_program');
  }

  private flashRange(offset: number, count: number): Uint8Array {
    if (offset + count > this.rp2040.flash.length) throw new RomError(`flash range 0x${offset.toString(16)}+${count} is beyond the flash`);
    return this.rp2040.flash.subarray(offset, offset + count);
  }

  /** Turns the guard on flash reads on (XIP off) or off. */
  setXip(on: boolean): void {
    this.xip = on;
    const target = this.rp2040 as unknown as Record<'readUint8' | 'readUint16' | 'readUint32', (address: number) => number>;
    if (on) {
      target.readUint8 = this.original.readUint8;
      target.readUint16 = this.original.readUint16;
      target.readUint32 = this.original.readUint32;
      return;
    }
    const guard =
      (read: (address: number) => number) =>
      (address: number): number => {
        const a = address >>> 0;
        if (a >= FLASH_BASE && a < FLASH_BASE + FLASH_WINDOW) {
          const pc = ((this.rp2040.core.PC >>> 0) - 2).toString(16);
          throw new RomError(
            `read of flash address 0x${a.toString(16)} (near pc 0x${pc}) while XIP is off: code that runs during a flash operation must be in RAM`,
          );
        }
        return read.call(this.rp2040, address);
      };
    target.readUint8 = guard(this.original.readUint8);
    target.readUint16 = guard(this.original.readUint16);
    target.readUint32 = guard(this.original.readUint32);
  }
}
