// A user's own placards as a pack, in the format of the built-in pack
// (`firmware/pack/rebel-missions.json`, `imperial-timer-pack/1`), checked by the same reader
// Rebel Missions uses (`readPack`, pack-placards.ts), so a pack this module accepts is one the game
// plays and the timer takes. Each placard carries its code, the id printed on it (optional,
// `printedId`, sent to the timer), its name and its needs; Inquisitor placards have no code.
// No I/O here: files are `pack-file.ts`; the pack's own checks (no game rules, for the browser
// simulation too) are `pack-placards.ts`.

import { STANDARD_COMPONENTS, type Components } from '../games/rebel-missions/index.ts';
import { BUILTIN_PACK, readPackPlacards } from './pack-placards.ts';
import type { TimerCode } from './pack-sum.ts';

export { PackFileError, timerCodesOf } from './pack-placards.ts';

export const PACK_FORMAT = 'imperial-timer-pack/1';

export interface DraftPlacard {
  /** 3 symbol digits; undefined for an Inquisitor placard. */
  readonly digits?: string;
  readonly printedId?: string | null;
  readonly name: string;
  readonly needs: Readonly<Record<string, number>>;
}

export interface PackDraft {
  readonly id: string;
  readonly name: string;
  /** The coded placards in the order typed (the timer's order), then the Inquisitor placards. */
  readonly coded: readonly DraftPlacard[];
  readonly inquisitors: readonly DraftPlacard[];
}

export interface LoadedPack {
  readonly file: string;
  readonly name: string;
  /** The game's components with this pack's placards (what `play rebel-missions --pack` plays). */
  readonly components: Components;
  /** What goes to the timer, in placard order. */
  readonly timerCodes: readonly TimerCode[];
  /** The sum the timer reports once it holds this pack. */
  readonly sum: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The file's contents for a draft, in the pack format. */
export function packJson(draft: PackDraft): Record<string, unknown> {
  return {
    format: PACK_FORMAT,
    id: draft.id,
    name: draft.name,
    symbols: [...BUILTIN_PACK.symbols],
    resources: [...BUILTIN_PACK.resources],
    placards: [
      ...draft.coded.map((p, i) => ({
        id: `M${pad(i + 1)}`,
        name: p.name,
        code: p.digits,
        ...(p.printedId ? { printedId: p.printedId } : {}),
        needs: { ...p.needs },
      })),
      ...draft.inquisitors.map((p, i) => ({ id: `I${i + 1}`, name: p.name, inquisitor: true, needs: { ...p.needs } })),
    ],
  };
}

/** JSON on one line with a space after each `,` and `:` (strings as JSON.stringify writes them). */
function flatJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flatJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A pack's JSON as the file is written: one line per placard (and per list), so a person can
 * read and edit it placard by placard.
 */
export function packText(json: Record<string, unknown>): string {
  const lines = Object.entries(json).map(([key, value]) =>
    key === 'placards' && Array.isArray(value)
      ? `  "placards": [\n${value.map((p) => `    ${flatJson(p)}`).join(',\n')}\n  ]`
      : `  ${JSON.stringify(key)}: ${flatJson(value)}`,
  );
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** A pack file's parsed JSON, checked as Rebel Missions and the timer will use it. */
export function parsePack(value: unknown, file: string): LoadedPack {
  const { name, placards, timerCodes, sum } = readPackPlacards(value, file);
  // The pack's symbols and resource types are the built-in pack's: the game's components with its placards.
  const components: Components = { ...STANDARD_COMPONENTS, placards };
  return { file, name, components, timerCodes, sum };
}
