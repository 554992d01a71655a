// UF2 files for the timer (the UF2 format: 512-byte blocks of up to 476 payload bytes, each
// with its target address): checked before anything is flashed. A block for another family
// than the RP2040's, outside the flash, or into the settings store's sectors refuses the file.
import { type FlashLayout, imageVersion, storeOverlap } from '../../hw/pico/flash-layout.ts';

const BLOCK = 512;
const MAGIC_START0 = 0x0a324655;
const MAGIC_START1 = 0x9e5d5157;
const MAGIC_END = 0x0ab16f30;
const FLAG_NOT_MAIN_FLASH = 0x0000_0001;
const FLAG_FAMILY_ID = 0x0000_2000;
const MAX_PAYLOAD = 476;

export class Uf2Error extends Error {
  override name = 'Uf2Error';
}

export interface Uf2Image {
  /** The flash bytes the file writes, from flash offset 0 (0xff where no block writes). */
  readonly image: Uint8Array;
  readonly blocks: number;
  /** The flash offset just past the last byte written. */
  readonly endOffset: number;
  /** The firmware version of its image id line (hw/pico/flash.json), if it has one. */
  readonly version: string | undefined;
}

const hex = (n: number): string => `0x${n.toString(16).padStart(8, '0')}`;

/** Parses and checks a UF2 file for the timer's RP2040; throws a Uf2Error saying what is wrong. */
export function parseUf2(bytes: Uint8Array, layout: FlashLayout, name = 'the UF2 file'): Uf2Image {
  if (bytes.length === 0 || bytes.length % BLOCK !== 0) {
    throw new Uf2Error(`${name} is ${bytes.length} bytes, not a whole number of 512-byte UF2 blocks: it is not a UF2 file (build one with npm run build:pico)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.length / BLOCK;
  const writes: { offset: number; at: number; size: number }[] = [];
  let declared: number | undefined;
  const seen = new Set<number>();
  for (let i = 0; i < count; i++) {
    const at = i * BLOCK;
    const word = (o: number): number => view.getUint32(at + o, true);
    if (word(0) !== MAGIC_START0 || word(4) !== MAGIC_START1 || word(508) !== MAGIC_END) {
      throw new Uf2Error(`${name}: block ${i} does not have the UF2 magic numbers: it is not a UF2 file, or it is damaged`);
    }
    const flags = word(8);
    if (flags & FLAG_NOT_MAIN_FLASH) continue;
    if (!(flags & FLAG_FAMILY_ID) || word(28) !== layout.uf2FamilyId) {
      const family = flags & FLAG_FAMILY_ID ? `family ${hex(word(28))}` : 'no family id';
      throw new Uf2Error(`${name}: block ${i} has ${family}, not the RP2040's ${hex(layout.uf2FamilyId)}: it is not an image for the timer's Pico`);
    }
    const target = word(12);
    const size = word(16);
    if (size > MAX_PAYLOAD) throw new Uf2Error(`${name}: block ${i} claims ${size} payload bytes (at most ${MAX_PAYLOAD}): the file is damaged`);
    const offset = target - layout.flashBase;
    if (target < layout.flashBase || offset + size > layout.flashBytes) {
      throw new Uf2Error(
        `${name}: block ${i} writes ${size} bytes at ${hex(target)}, outside the Pico's flash (${hex(layout.flashBase)}, ${layout.flashBytes} bytes)`,
      );
    }
    if (offset + size > layout.storeOffset) {
      throw new Uf2Error(
        `${name} is refused: block ${i} writes at ${hex(target)}, into the last ${layout.storeBytes} bytes of flash where the timer keeps its ` +
          `settings and the loaded placard pack (from ${hex(layout.flashBase + layout.storeOffset)}); flashing it would erase them. ` +
          'Use an image built by npm run build:pico, which never reaches them.',
      );
    }
    const total = word(24);
    if (declared === undefined) declared = total;
    else if (total !== declared) throw new Uf2Error(`${name}: block ${i} says the file has ${total} blocks, an earlier one ${declared}: the file is damaged`);
    seen.add(word(20));
    writes.push({ offset, at: at + 32, size });
  }
  if (writes.length === 0) throw new Uf2Error(`${name} writes nothing to the flash`);
  if (declared !== undefined && seen.size !== declared) {
    throw new Uf2Error(`${name} has ${seen.size} of its ${declared} blocks: the file is cut short (copy or download it again)`);
  }
  const endOffset = Math.max(...writes.map((w) => w.offset + w.size));
  const overlap = storeOverlap(endOffset, layout);
  if (overlap !== undefined) throw new Uf2Error(`${name} is refused: ${overlap}`);
  const image = new Uint8Array(endOffset).fill(0xff);
  for (const w of writes) image.set(bytes.subarray(w.at, w.at + w.size), w.offset);
  return { image, blocks: count, endOffset, version: imageVersion(image, layout) };
}
