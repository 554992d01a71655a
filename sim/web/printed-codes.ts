// The codes printed on the mission placards, for the page's code list: read from the mission pack
// the firmware is built from (bundled into the page), in placard order, which is the order of the
// firmware's `CODES` answer (test/web/page-model.test.ts checks the two agree).

import pack from '../../firmware/pack/rebel-missions.json' with { type: 'json' };

const PACK_FILE = 'firmware/pack/rebel-missions.json';

export interface PrintedCode {
  /** The placard's id, e.g. "M07". */
  readonly id: string;
  readonly name: string;
  /** The code's symbols as button indexes 1..4 (1 = circle ... 4 = star), three of them. */
  readonly digits: readonly number[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The coded placards of a pack; throws an Error naming the file, the entry and the problem. */
export function printedCodes(data: unknown, file = PACK_FILE): PrintedCode[] {
  const placards = isRecord(data) ? data['placards'] : undefined;
  if (!Array.isArray(placards)) throw new Error(`${file}: "placards" must be a list`);
  const codes: PrintedCode[] = [];
  placards.forEach((placard: unknown, i) => {
    if (!isRecord(placard)) throw new Error(`${file}: placards[${i}] must be an object`);
    const { id, name, code } = placard;
    if (code === undefined) return; // an inquisitor: no code
    const where = `${file}: placards[${i}] (${String(id)})`;
    if (typeof id !== 'string' || typeof name !== 'string') throw new Error(`${where}: needs a text "id" and "name"`);
    if (typeof code !== 'string' || !/^[1-4]{3}$/.test(code)) {
      throw new Error(`${where}.code: expected three digits 1..4, got ${JSON.stringify(code)}`);
    }
    codes.push({ id, name, digits: [...code].map(Number) });
  });
  return codes;
}

/** The printed codes of the pack the page was built with. */
export const PRINTED_CODES: readonly PrintedCode[] = printedCodes(pack);
