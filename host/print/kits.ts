// The games that have a print-and-play kit, by id: a kit is one module that reads its game's
// data and returns a Kit (`kit.ts`); the command line only picks it and passes the flags it
// declared. Adding a game's kit (Stolen Plans, The Queen's Gambit) = its module + one entry here.

import { UsageError, type FlagSpec } from '../cli/args.ts';
import { GameConfigError } from '../engine/table-game.ts';
import { allSets, CATALOG as STOLEN_PLANS, deckFor, type DeckPlan } from '../games/stolen-plans/index.ts';
import type { TimerChoice, TimerConnection } from '../link/timer-connection.ts';
import type { Kit } from './kit.ts';
import { packText, readPackFile, writePackFile } from '../pack/pack-file.ts';
import { readTimerPlacards, timerToAsk } from './timer-placards.ts';
import { rebelMissionsKit } from './rebel-missions.ts';
import { queensGambitKit } from './queens-gambit.ts';
import { secretInvasionKit } from './secret-invasion.ts';
import { stolenPlansKit } from './stolen-plans.ts';

export interface PrintableGame {
  readonly id: string;
  readonly title: string;
  /** What the kit holds, for `print <id> --help`. */
  readonly holds: string;
  /** Flags only this kit takes, with their help lines. */
  readonly flags: FlagSpec;
  readonly help: string;
  /**
   * Builds the kit; `flags` holds this kit's own flags as typed. Throws DataError for a bad data
   * file (PackFileError for a bad --pack file, TimerPrintError for a timer that cannot be asked).
   */
  build(flags: Readonly<Record<string, string | boolean | undefined>>, env: KitEnv): Kit | Promise<Kit>;
}

/** What a kit may use besides its flags: a timer to ask (Rebel Missions' placards), and a line for the command line. */
export interface KitEnv {
  readonly connect: (choice: TimerChoice) => Promise<Pick<TimerConnection, 'link' | 'close'>>;
  readonly note: (text: string) => void;
}

export const PRINT_KITS: readonly PrintableGame[] = [
  {
    id: 'rebel-missions',
    title: 'Star Wars: Rebel Missions',
    holds: 'the mission placards with their codes, the Rebel profiles, the resource tokens, stickers for the two dice and a rules summary',
    flags: { pack: { type: 'string' }, port: { type: 'string' }, baud: { type: 'string' }, pty: { type: 'boolean' }, 'save-pack': { type: 'string' } },
    help: [
      helpLine(
        '--pack FILE',
        "the placards and codes of a pack file (the format of firmware/pack/rebel-missions.json) instead of the built-in pack's; with a timer: the names and needs for the timer's codes (the same pack: same sum)",
      ),
      helpLine(
        '--port PATH',
        "print the codes of the pack the timer on this serial port holds (read with CODES and PACK; --port auto: the Imperial Timer plugged in on USB); a loaded pack's codes go on the companion's own placards' names and needs in order, unless --pack gives the pack file",
      ),
      helpLine('--baud N', "with --port: the port's speed (default 115200, the timer's)"),
      helpLine('--pty', 'the same, asking the built-in virtual timer behind a pseudo-terminal (it holds the built-in pack)'),
      helpLine(
        '--save-pack FILE',
        "with --port or --pty, without --pack: also save the printed placards (a loaded pack's codes on the companion's names and needs) as a pack file, to play them with play rebel-missions --pack FILE; an existing file is kept",
      ),
    ].join('\n'),
    async build(flags, env) {
      const pack = flags['pack'];
      const savePack = flags['save-pack'];
      const timer = timerToAsk(flags);
      if (typeof savePack === 'string') {
        if (timer === undefined || typeof pack === 'string')
          throw new UsageError(
            "--save-pack saves the placards printed from a timer's codes: it goes with --port or --pty, and without --pack (that file already holds them)",
          );
        if (savePack === '') throw new UsageError('--save-pack needs the name of the pack file to write, e.g. --save-pack my-placards.json');
      }
      const file = typeof pack === 'string' ? readPackFile(pack) : undefined;
      if (timer === undefined) return rebelMissionsKit(file?.components);
      const placards = await readTimerPlacards(env.connect, timer, file);
      env.note(placards.note);
      if (typeof savePack === 'string') {
        if (placards.packJson === undefined) env.note('The timer plays its built-in pack: there is no pack file to save (play without --pack).');
        else {
          writePackFile(savePack, packText(placards.packJson), false);
          env.note(
            `Saved the printed placards as a pack file in ${savePack}: play them with \`npm run -s companion -- play rebel-missions --pack ${savePack}${timer.words} --players ...\`.`,
          );
        }
      }
      return rebelMissionsKit(placards.components, placards.origin);
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
  {
    id: 'stolen-plans',
    title: 'Star Wars: Stolen Plans',
    holds: 'every card of the chosen sets (as many copies as the game deals), the Starting Resources, and a rules summary',
    flags: { sets: { type: 'string' }, all: { type: 'boolean' }, include: { type: 'string' }, 'leave-out': { type: 'string' } },
    help: [
      helpLine('--sets a,b', `option sets besides the main deck (default: none), as the game names them: ${allSets().join(', ')}`),
      helpLine('--all', `every set that brings cards: ${setsWithCards().join(', ')} (the optional rules, which change no card, are chosen with --sets)`),
      helpLine('--include a,b', 'cards of a chosen bonus set that are out unless asked for (lose-the-game, pass-a-card, student-of-the-force)'),
      helpLine('--leave-out a,b', 'cards of a chosen bonus set to leave out'),
    ].join('\n'),
    build: (flags) => stolenPlansKit(stolenPlansPlan(flags)),
  },
  {
    id: 'queens-gambit',
    title: "Star Wars: The Queen's Gambit",
    holds:
      "the four 45-card action decks, the 8 Starfighter cards, the five space grids and Anakin's spaces, the four reference sheets with damage tracks, stickers for the dice, the First Player marker and the Queen markers, and a rules summary (the boards, the Theed Palace and the miniatures are not printed)",
    flags: {},
    help: '',
    build: () => queensGambitKit(),
  },
];

/** A flag's help line: the flag, then its text wrapped at 100 columns under the help's text column. */
function helpLine(flag: string, text: string): string {
  const indent = ' '.repeat(22);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `  ${flag.padEnd(20)}${lines.join(`\n${indent}`)}`;
}

/** `--sets a,b`: the words of a comma-separated flag, or a UsageError when it names nothing. */
function listFlag(value: string | boolean | undefined, flag: string, example: string): string[] {
  if (typeof value !== 'string') return [];
  const words = value
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (words.length === 0) throw new UsageError(`${flag} needs one or more ids separated by commas, e.g. ${flag} ${example}`);
  return words;
}

/** The sets with cards of their own (editions and expansions): what `--all` adds. The optional
 * rules change how the game is played, not its cards, so they are chosen by name. */
function setsWithCards(): string[] {
  return allSets().filter((id) => STOLEN_PLANS.set(id).kind !== 'optional-rule');
}

/** The Stolen Plans deck the flags ask for, by the game's own deckFor; a mix it refuses is a usage error with its reason. */
export function stolenPlansPlan(flags: Readonly<Record<string, string | boolean | undefined>>): DeckPlan {
  const sets = listFlag(flags['sets'], '--sets', 'bonus,rogue-one');
  const all = flags['all'] === true ? setsWithCards() : [];
  try {
    return deckFor({
      sets: [...new Set([...all, ...sets])],
      include: listFlag(flags['include'], '--include', 'lose-the-game,pass-a-card'),
      leaveOut: listFlag(flags['leave-out'], '--leave-out', 'movement'),
    });
  } catch (error) {
    if (error instanceof GameConfigError) throw new UsageError(`print stolen-plans: ${error.message}`);
    throw error;
  }
}

export function findPrintKit(id: string): PrintableGame | undefined {
  return PRINT_KITS.find((k) => k.id === id);
}
