// Test images: flash bytes with the timer's image id line, and their UF2 (the format
// hw/pico/build.ts writes: 256-byte payloads in 512-byte blocks, family RP2040).
import type { FlashLayout } from '../../hw/pico/flash-layout.ts';

/** `bytes` of flash (boot2 and code stand-ins) holding the image id line of `version`. */
export function flashImage(version: string, bytes: number): Uint8Array {
  const image = new Uint8Array(bytes).fill(0x5a);
  image.set(new TextEncoder().encode(`IMPERIAL-TIMER-IMAGE fw=${version}\n`), 0x200);
  return image;
}

export interface BlockTweak {
  readonly familyId?: number;
  readonly target?: (index: number) => number;
  readonly total?: number;
}

export function uf2Of(image: Uint8Array, layout: FlashLayout, tweak: BlockTweak = {}): Uint8Array {
  const blocks = Math.ceil(image.length / 256);
  const out = new Uint8Array(blocks * 512);
  const view = new DataView(out.buffer);
  for (let i = 0; i < blocks; i++) {
    const at = i * 512;
    view.setUint32(at, 0x0a324655, true);
    view.setUint32(at + 4, 0x9e5d5157, true);
    view.setUint32(at + 8, 0x2000, true);
    view.setUint32(at + 12, tweak.target?.(i) ?? layout.flashBase + i * 256, true);
    view.setUint32(at + 16, 256, true);
    view.setUint32(at + 20, i, true);
    view.setUint32(at + 24, tweak.total ?? blocks, true);
    view.setUint32(at + 28, tweak.familyId ?? layout.uf2FamilyId, true);
    out.set(image.subarray(i * 256, (i + 1) * 256), at + 32);
    view.setUint32(at + 508, 0x0ab16f30, true);
  }
  return out;
}
