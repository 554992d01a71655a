// Serial output: lines of ASCII written byte by byte with `tx`, numbers in decimal.
// Nothing is allocated: text comes from string constants and a fixed digit buffer.

import { tx } from "./abi";

const digits = new StaticArray<u8>(10);

/** Writes a constant ASCII string. */
export function write(text: string): void {
  for (let i = 0; i < text.length; i++) tx(text.charCodeAt(i));
}

export function writeByte(byte: i32): void {
  tx(byte);
}

/** Writes `value` in decimal, no sign, no leading zeros. */
export function writeNumber(value: u32): void {
  let count = 0;
  do {
    unchecked((digits[count] = <u8>(48 + (value % 10))));
    value /= 10;
    count++;
  } while (value != 0);
  while (count > 0) {
    count--;
    tx(unchecked(digits[count]));
  }
}

/** Ends the line. */
export function endLine(): void {
  tx(10);
}

/** Writes the low 16 bits of `value` as 4 lower-case hex digits. */
export function writeHex4(value: u32): void {
  for (let shift = 12; shift >= 0; shift -= 4) {
    const digit = <i32>((value >>> shift) & 0xf);
    tx(digit < 10 ? 48 + digit : 87 + digit);
  }
}
