// Rebel Missions played with a user's own placards (`play rebel-missions --pack F`): the game
// dealt from the pack file's placards, and the timer made to hold the same codes: the built-in
// virtual timer is loaded with them; on a real timer the codes it lists are compared with the
// game's placards, and when they differ the players are told what to do.

import { CommandFailure } from '../cli/command-failure.ts';
import type { TimerChoice, TimerConnection } from '../link/timer-connection.ts';
import { STANDARD_COMPONENTS, type PackIdentity } from '../games/rebel-missions/index.ts';
import { crc16, type TimerCode } from './pack-sum.ts';
import { PackFileError, readPackFile, timerCodesOf, type LoadedPack } from './pack-file.ts';
import { codesDiffer, TimerPackError, writePackToTimer } from './timer-pack.ts';

export interface GamePack {
  /** The user's pack, or null for the built-in placards. */
  readonly pack: LoadedPack | null;
  readonly identity: PackIdentity | undefined;
}

/** What identifies a pack's placards in a saved game: a CRC-16 of their JSON (codes, ids, names, needs). */
export function packIdentity(pack: LoadedPack): PackIdentity {
  const sum = crc16(new TextEncoder().encode(JSON.stringify(pack.components.placards)))
    .toString(16)
    .padStart(4, '0');
  return { name: pack.name, file: pack.file, sum };
}

/** The placards for `--pack F` and their identity (undefined: the built-in placards); a bad file throws PackFileError. */
export function gamePackFor(file: string | undefined): GamePack {
  if (file === undefined) return { pack: null, identity: undefined };
  const pack = readPackFile(file);
  const identity = packIdentity(pack);
  return { pack, identity };
}

const quoted = (path: string): string => (/^[\w./~-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/**
 * Makes the timer hold the game's codes, or says what to do: on the built-in virtual timer
 * (`assist`) a pack is loaded; on any timer the codes it lists are then compared with the
 * game's placards. Returns notes for the players. `timerWords`: the flags naming this timer.
 */
export async function fitTimerToPack(connection: Pick<TimerConnection, 'link' | 'assist'>, gamePack: GamePack, timerWords: string): Promise<string[]> {
  const { pack } = gamePack;
  const codes: readonly TimerCode[] = pack ? pack.timerCodes : timerCodesOf(STANDARD_COMPONENTS.placards);
  const notes: string[] = [];
  if (pack && connection.assist) {
    try {
      const { info } = await writePackToTimer(connection.link, codes, `play rebel-missions --pack ${quoted(pack.file)}`);
      notes.push(`The built-in timer plays the codes of your placards from ${pack.file} (${info.n} codes, sum ${info.sum}).`);
    } catch (error) {
      if (!(error instanceof TimerPackError)) throw error;
      notes.push(`The built-in timer did not take the codes of ${pack.file}: ${error.message}.`);
    }
  }
  let listed;
  try {
    listed = await connection.link.codeList();
  } catch (error) {
    notes.push(
      `Could not read the timer's codes (${error instanceof Error ? error.message : String(error)}): make sure it holds the codes of the placards you play.`,
    );
    return notes;
  }
  const differ = codesDiffer(listed, codes, false);
  if (differ === null) {
    if (pack && !connection.assist) notes.push(`The timer holds the codes of your placards from ${pack.file} (${codes.length} codes).`);
    return notes;
  }
  const ours = pack ? `your placards in ${pack.file}` : 'the built-in placards';
  const fix = pack
    ? `load them onto the timer with \`npm run -s companion -- pack --file ${quoted(pack.file)}${timerWords}\``
    : `play with the file of the pack the timer holds (--pack FILE), or return the timer to its built-in pack with \`npm run -s companion -- pack --builtin${timerWords}\``;
  notes.push(
    `The timer's codes are not those of ${ours} (${differ}), so it would judge the codes you enter against other placards: quit, ${fix}, then play again.`,
  );
  return notes;
}

/** The flags that pick this timer again, for messages: " --port /dev/ttyACM0", " --pty" or "". */
export function timerWordsOf(choice: TimerChoice): string {
  if (choice.kind === 'auto')
    return choice.required ? ` --port auto${choice.baud === undefined || choice.baud === 115200 ? '' : ` --baud ${choice.baud}`}` : '';
  if (choice.kind === 'port') return ` --port ${quoted(choice.path)}${choice.baud === undefined || choice.baud === 115200 ? '' : ` --baud ${choice.baud}`}`;
  return choice.kind === 'pty' ? ' --pty' : '';
}

/** `--pack F` as a game flag: the game and pack, or a CommandFailure naming what is wrong with the file. */
export function gamePackFromFlag(value: string | boolean | undefined): GamePack {
  if (value === undefined || typeof value === 'boolean') return gamePackFor(undefined);
  try {
    return gamePackFor(value);
  } catch (error) {
    if (error instanceof PackFileError) {
      throw new CommandFailure(
        error.kind === 'missing' ? `${error.message}.` : `${error.message}. Fix the file, or make a new one with \`npm run -s companion -- pack\`.`,
      );
    }
    throw error;
  }
}
