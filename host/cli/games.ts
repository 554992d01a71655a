// The games still played on their own companion code (sessions, user interface), by id: Rebel
// Missions until it plays on the table front end. Every other game `play` runs comes from the
// table front end's registry (`table/entries.ts`, run by `play.ts`); a game listed here is
// played from here even when it also has a table entry.

import type { FlagSpec } from './args.ts';
import type { CliIo } from './io.ts';
import { playRebelMissions, PROFILE_IDS } from './play-rebel-missions.ts';
import type { PlayRequest } from './play-request.ts';

export interface PlayableGame {
  readonly id: string;
  readonly title: string;
  /** What the companion and the timer do in this game, for `play <id> --help`. */
  readonly blurb: string;
  /** The game's own lines in `play <id> --help`. */
  readonly help: string;
  /** Flags only this game takes (beyond the shared ones), found in `request.gameFlags`. */
  readonly flags?: FlagSpec;
  play(request: PlayRequest, io: CliIo): Promise<number>;
}

export const GAMES: readonly PlayableGame[] = [
  {
    id: 'rebel-missions',
    title: 'Star Wars: Rebel Missions',
    blurb: 'the companion deals, rolls and keeps the missions; the\ntimer runs the clock and judges the codes.',
    help: `  --players "Ana:hera,Ben:zeb"  each player's name and Rebel profile, oldest player first (1 to 5;
                                profiles: ${PROFILE_IDS.join(', ')}); not with --resume
  --pack FILE         play with your own placards, from a pack file made with \`pack\` (see
                      \`npm run -s companion -- pack --help\`); again with --resume`,
    flags: { pack: { type: 'string' } },
    play: playRebelMissions,
  },
];

export function findGame(id: string): PlayableGame | undefined {
  return GAMES.find((g) => g.id === id);
}
