// The games that have a print-and-play kit, by id: a kit is one module that reads its game's
// data and returns a Kit (`kit.ts`); the command line only picks it and passes the flags it
// declared. Adding a game's kit (Stolen Plans, The Queen's Gambit) = its module + one entry here.

import type { FlagSpec } from '../cli/args.ts';
import type { Kit } from './kit.ts';
import { readPackFile } from '../pack/pack-file.ts';
import { rebelMissionsKit } from './rebel-missions.ts';
import { secretInvasionKit } from './secret-invasion.ts';

export interface PrintableGame {
  readonly id: string;
  readonly title: string;
  /** What the kit holds, for `print <id> --help`. */
  readonly holds: string;
  /** Flags only this kit takes, with their help lines. */
  readonly flags: FlagSpec;
  readonly help: string;
  /** Builds the kit; `flags` holds this kit's own flags as typed. Throws DataError for a bad data file. */
  build(flags: Readonly<Record<string, string | boolean | undefined>>): Kit;
}

export const PRINT_KITS: readonly PrintableGame[] = [
  {
    id: 'rebel-missions',
    title: 'Star Wars: Rebel Missions',
    holds: 'the mission placards with their codes, the Rebel profiles, the resource tokens, stickers for the two dice and a rules summary',
    flags: { pack: { type: 'string' } },
    help: `  --pack FILE         the placards and codes of a pack file (the format of firmware/pack/rebel-missions.json)
                      instead of the built-in pack's; the timer must hold the same codes`,
    build(flags) {
      const pack = flags['pack'];
      return rebelMissionsKit(typeof pack === 'string' ? readPackFile(pack).components : undefined);
    },
  },
  {
    id: 'secret-invasion',
    title: 'Star Wars: Secret Invasion',
    holds: 'the 17 cards, the reference cards, the victory tokens and a rules summary',
    flags: {},
    help: '',
    build: () => secretInvasionKit(),
  },
];

export function findPrintKit(id: string): PrintableGame | undefined {
  return PRINT_KITS.find((k) => k.id === id);
}
