// The Pico image's flash layout (hw/pico/flash.json), shared by the build (hw/pico/build.ts) and
// the companion's `flash` command: where the image may go and where the settings store begins.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FlashLayout {
  /** The address flash offset 0 is mapped at (XIP). */
  readonly flashBase: number;
  readonly flashBytes: number;
  /** The flash offset of the store's first sector: an image must end at or before it. */
  readonly storeOffset: number;
  readonly storeBytes: number;
  /** The UF2 family id of the RP2040. */
  readonly uf2FamilyId: number;
  /** The image holds this text followed by its firmware version and a newline. */
  readonly imageIdPrefix: string;
}

export const FLASH_JSON = join(dirname(fileURLToPath(import.meta.url)), 'flash.json');

function hexField(json: Record<string, unknown>, key: string): number {
  const value = json[key];
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) throw new Error(`${FLASH_JSON}: "${key}" must be a hex string such as "0x10000000"`);
  return Number.parseInt(value, 16);
}

function sizeField(json: Record<string, unknown>, key: string): number {
  const value = json[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value % 4096 !== 0) {
    throw new Error(`${FLASH_JSON}: "${key}" must be a positive whole number of 4096-byte sectors`);
  }
  return value;
}

/** Reads hw/pico/flash.json. */
export function readFlashLayout(file = FLASH_JSON): FlashLayout {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const flashBytes = sizeField(json, 'flashBytes');
  const storeBytes = sizeField(json, 'storeBytes');
  const imageIdPrefix = json.imageIdPrefix;
  if (typeof imageIdPrefix !== 'string' || imageIdPrefix.length === 0) throw new Error(`${FLASH_JSON}: "imageIdPrefix" must be a non-empty string`);
  return {
    flashBase: hexField(json, 'flashBase'),
    flashBytes,
    storeOffset: flashBytes - storeBytes,
    storeBytes,
    uf2FamilyId: hexField(json, 'uf2FamilyId'),
    imageIdPrefix,
  };
}

/**
 * Why an image of `imageBytes` bytes (from flash offset 0) cannot be flashed without losing the
 * settings and the loaded pack, or undefined when it ends before the store.
 */
export function storeOverlap(imageBytes: number, layout: FlashLayout): string | undefined {
  if (imageBytes <= layout.storeOffset) return undefined;
  const hex = (n: number): string => `0x${n.toString(16)}`;
  return (
    `the image is ${imageBytes} bytes, so it ends at flash offset ${hex(imageBytes)}, past ${hex(layout.storeOffset)} where the ` +
    `settings and the loaded placard pack are kept (the last ${layout.storeBytes} bytes of flash): flashing it would erase them. ` +
    `The image must be at most ${layout.storeOffset} bytes; make it smaller.`
  );
}

/** The firmware version an image declares (its image id line), or undefined when it has none. */
export function imageVersion(image: Uint8Array, layout: FlashLayout): string | undefined {
  const text = Buffer.from(image.buffer, image.byteOffset, image.byteLength).toString('latin1');
  const at = text.indexOf(layout.imageIdPrefix);
  if (at < 0) return undefined;
  const match = /^[0-9A-Za-z.+-]{1,32}(?=\n)/.exec(text.slice(at + layout.imageIdPrefix.length, at + layout.imageIdPrefix.length + 40));
  return match?.[0];
}

/**
 * The build's check of a linked image (hw/pico/build.ts): memmap.ld's store offset is the one of
 * flash.json, and the image ends before it. Throws an error saying what is wrong.
 */
export function checkImageLayout(imageBytes: number, linkedStoreOffset: number, layout: FlashLayout): void {
  if (linkedStoreOffset !== layout.storeOffset) {
    throw new Error(
      `hw/pico/src/memmap.ld puts the settings store at flash offset 0x${linkedStoreOffset.toString(16)} but hw/pico/flash.json at ` +
        `0x${layout.storeOffset.toString(16)} (flashBytes - storeBytes): make them agree (memmap.ld's LENGTH(FLASH) is flashBytes - storeBytes).`,
    );
  }
  const overlap = storeOverlap(imageBytes, layout);
  if (overlap !== undefined) throw new Error(overlap);
}
