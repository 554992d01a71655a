// The flash image as a user gets it: parsed from the UF2 file (what is copied to the Pico's
// BOOTSEL drive) or from the ELF's loadable segments, with the checks the real tools make.

export const FLASH_BASE = 0x1000_0000;
export const UF2_FAMILY_RP2040 = 0xe48b_ff56;
export const BOOT2_SIZE = 256;

const UF2_MAGIC_START0 = 0x0a32_4655;
const UF2_MAGIC_START1 = 0x9e5d_5157;
const UF2_MAGIC_END = 0x0ab1_6f30;
const UF2_FLAG_FAMILY_ID = 0x2000;

export class ImageError extends Error {}

/** A contiguous flash image starting at FLASH_BASE. */
export interface FlashImage {
  readonly bytes: Uint8Array;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Reads a UF2 file for the RP2040 into a flash image. Throws ImageError naming the bad block. */
export function flashImageFromUf2(file: Uint8Array): FlashImage {
  if (file.length === 0 || file.length % 512 !== 0) throw new ImageError(`a UF2 file is whole 512-byte blocks; this one is ${file.length} bytes`);
  const blocks = file.length / 512;
  const chunks: { address: number; data: Uint8Array }[] = [];
  for (let i = 0; i < blocks; i++) {
    const block = file.subarray(i * 512, (i + 1) * 512);
    const v = view(block);
    const where = `UF2 block ${i}`;
    if (v.getUint32(0, true) !== UF2_MAGIC_START0 || v.getUint32(4, true) !== UF2_MAGIC_START1 || v.getUint32(508, true) !== UF2_MAGIC_END) {
      throw new ImageError(`${where}: bad magic numbers`);
    }
    if (!(v.getUint32(8, true) & UF2_FLAG_FAMILY_ID) || v.getUint32(28, true) !== UF2_FAMILY_RP2040) {
      throw new ImageError(`${where}: not marked for the RP2040 family (0x${UF2_FAMILY_RP2040.toString(16)})`);
    }
    const size = v.getUint32(16, true);
    if (size !== 256) throw new ImageError(`${where}: the RP2040 boot ROM takes 256-byte payloads, got ${size}`);
    if (v.getUint32(20, true) !== i || v.getUint32(24, true) !== blocks) {
      throw new ImageError(`${where}: numbered ${v.getUint32(20, true)} of ${v.getUint32(24, true)}, expected ${i} of ${blocks}`);
    }
    const address = v.getUint32(12, true);
    if (address < FLASH_BASE || address % 256 !== 0) throw new ImageError(`${where}: target 0x${address.toString(16)} is not a flash page`);
    chunks.push({ address, data: block.subarray(32, 32 + size) });
  }
  const end = Math.max(...chunks.map((c) => c.address + c.data.length));
  const bytes = new Uint8Array(end - FLASH_BASE).fill(0xff);
  for (const chunk of chunks) bytes.set(chunk.data, chunk.address - FLASH_BASE);
  return { bytes };
}

/** Reads the PT_LOAD segments of a 32-bit little-endian ARM ELF into a flash image (by load address). */
export function flashImageFromElf(file: Uint8Array): FlashImage {
  const v = view(file);
  if (v.getUint32(0, false) !== 0x7f45_4c46 || file[4] !== 1 || file[5] !== 1) throw new ImageError('not a 32-bit little-endian ELF file');
  if (v.getUint16(18, true) !== 40) throw new ImageError('not an ARM ELF file');
  const phoff = v.getUint32(28, true);
  const phentsize = v.getUint16(42, true);
  const phnum = v.getUint16(44, true);
  const segments: { address: number; data: Uint8Array }[] = [];
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (v.getUint32(at, true) !== 1) continue; // PT_LOAD
    const offset = v.getUint32(at + 4, true);
    const physical = v.getUint32(at + 12, true);
    const fileSize = v.getUint32(at + 16, true);
    if (fileSize === 0) continue;
    if (physical < FLASH_BASE || physical >= FLASH_BASE + 0x0100_0000) {
      throw new ImageError(`ELF segment ${i} loads at 0x${physical.toString(16)}, outside flash: the image would not survive a reset`);
    }
    segments.push({ address: physical, data: file.subarray(offset, offset + fileSize) });
  }
  if (segments.length === 0) throw new ImageError('the ELF file has nothing to load');
  const end = Math.max(...segments.map((s) => s.address + s.data.length));
  const bytes = new Uint8Array(end - FLASH_BASE).fill(0xff);
  for (const segment of segments) bytes.set(segment.data, segment.address - FLASH_BASE);
  return { bytes };
}

/** CRC-32 as the RP2040 boot ROM computes it over boot2: poly 0x04c11db7, init 0xffffffff, MSB first, no final xor. */
export function bootRomCrc32(bytes: Uint8Array): number {
  let crc = 0xffff_ffff;
  for (const byte of bytes) {
    crc = (crc ^ (byte << 24)) >>> 0;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000_0000 ? ((crc << 1) ^ 0x04c1_1db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc;
}

/** Whether the image's first 256 bytes are a boot2 the boot ROM accepts (its last 4 bytes are the CRC of the first 252). */
export function boot2CrcValid(image: FlashImage): boolean {
  if (image.bytes.length < BOOT2_SIZE) return false;
  const stored = view(image.bytes).getUint32(BOOT2_SIZE - 4, true);
  return bootRomCrc32(image.bytes.subarray(0, BOOT2_SIZE - 4)) === stored;
}
