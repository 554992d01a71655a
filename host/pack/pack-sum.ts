// A pack as the timer holds it (firmware/PROTOCOL.md, "Packs"): its codes with their optional
// placard ids, the lines that load it, and the sum the timer reports for it: CRC-16/CCITT-FALSE
// over one line per code, "<digits>" or "<digits> <id>", each ending in "\n".

export interface TimerCode {
  /** The code as the protocol writes it: 3 symbol digits, "312". */
  readonly digits: string;
  /** The id printed on the placard, when it has one (`OK CODE 3 342 id=M03`). */
  readonly id?: string;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, MSB first, no final xor ("123456789" gives 29b1). */
export function crc16(bytes: Iterable<number>): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The sum a timer reports for a pack, 4 lower-case hex digits. */
export function packSum(codes: readonly TimerCode[]): string {
  const text = codes.map(({ digits, id }) => `${digits}${id === undefined ? '' : ` ${id}`}\n`).join('');
  return crc16(new TextEncoder().encode(text)).toString(16).padStart(4, '0');
}

/** The lines that load `codes` onto a timer. */
export function packLines(codes: readonly TimerCode[]): string[] {
  return [`PACK BEGIN ${codes.length}`, ...codes.map(({ digits, id }, i) => `PACK CODE ${i + 1} ${digits}${id === undefined ? '' : ` ${id}`}`), 'PACK END'];
}
