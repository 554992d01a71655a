// A bot game interrupted and resumed goes on exactly as the uninterrupted one (bots-resume.test.ts
// plays a few seeds of the run "rebel-missions-resumed-bot-games", bots-resume.soak.ts every seed).
// Rebel Missions' break is the real program killed (SIGKILL) while it plays; Secret Invasion's is
// Ctrl-C in this process in npm test, the real program killed in the soak. The uninterrupted game
// and the resumed one run the command line in this process (runCli: the same code, without a
// process start of its own).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { readSave } from '../../host/engine/index.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { memoryIo, runInProcess } from './cli-process.ts';
import { tempSavePath as siSavePath } from './secret-invasion-support.ts';
import { tempSavePath, until } from './table.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const rebelMissions = rebelMissionsEntry.game;

/** Plays `args` in this process with its input open, and closes the input once the game's result is out (a person leaving). */
async function playToResult(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  const { io, out, endInput } = memoryIo('', { keepInputOpen: true });
  let code: number | undefined;
  const running = runCli(args, io).then((c) => (code = c));
  await until(() => code !== undefined || out().includes('"type":"result"'), 'the end of the game', 120_000);
  endInput();
  return { code: await running, stdout: out() };
}

/** Starts the real program on `args` and kills it (SIGKILL) as soon as `enough` holds (its save far enough). */
export async function killWhen(args: readonly string[], enough: () => boolean, what: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...args], { cwd: ROOT, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await until(enough, what, 120_000);
  } finally {
    child.kill('SIGKILL');
  }
  await exited;
}

/** Plays `args` in this process and interrupts it as Ctrl-C does as soon as `enough` holds (its save far enough); the exit code. */
async function interruptWhen(args: readonly string[], enough: () => boolean, what: string): Promise<number> {
  const { io } = memoryIo('', { keepInputOpen: true });
  let ctrlC = (): void => undefined;
  const interrupted = new Promise<void>((resolve) => (ctrlC = resolve));
  let code: number | undefined;
  const running = runCli(args, { ...io, interrupted }).then((c) => (code = c));
  try {
    await until(() => code !== undefined || enough(), what, 120_000);
  } finally {
    ctrlC();
  }
  return running;
}

const playerMoves = (moves: readonly { actor: string }[]) => moves.filter((m) => m.actor !== 'timer');

/** The moves saved in `path` so far (none while it is not there yet). */
function savedMoves(path: string): readonly { actor: string }[] {
  try {
    return readSave(rebelMissions, path).log.moves;
  } catch {
    return [];
  }
}

/**
 * Rebel Missions at `seed`, three bots on the built-in timer: the game killed after twenty moves
 * and resumed with --resume alone (no --bots) plays on with the saved bots and makes the players'
 * and chance's moves of the uninterrupted game.
 */
export async function checkRebelMissionsResume(seed: number): Promise<void> {
  const base = ['play', 'rebel-missions', '--players', 'Ana:hera,Ben:zeb,Cy:kanan', '--bots', 'all', '--json', '--seed', String(seed)];
  const wholeSave = tempSavePath();
  expect((await playToResult([...base, '--save', wholeSave, '--bot-delay', '0'])).code).toBe(0);
  const wholeMoves = readSave(rebelMissions, wholeSave).log.moves;
  expect(wholeMoves.length).toBeGreaterThan(30);

  const savePath = tempSavePath();
  await killWhen([...base, '--save', savePath, '--bot-delay', '40'], () => savedMoves(savePath).length >= 20, 'twenty saved moves');
  const before = readSave(rebelMissions, savePath);
  expect(before.table).toMatchObject({
    seats: [
      { name: 'Ana', bot: 'cooperative' },
      { name: 'Ben', bot: 'cooperative' },
      { name: 'Cy', bot: 'cooperative' },
    ],
  });

  // The built-in timer stopped with the program: the bots start its countdown again themselves (nobody is there to), then play on.
  const resumed = await playToResult(['play', 'rebel-missions', '--resume', '--json', '--save', savePath, '--bot-delay', '0']);
  expect(resumed.code).toBe(0);
  expect(resumed.stdout).toMatch(/"type":"start".*"resumed":true/);
  expect(resumed.stdout).toMatch(/"type":"table"/);
  expect(resumed.stdout).toMatch(/"type":"result"/);
  const after = readSave(rebelMissions, savePath).log.moves;
  expect(after.slice(0, before.log.moves.length)).toEqual(before.log.moves);
  // The timer's moves differ (the resumed timer starts its countdown again); the players' and chance's do not.
  expect(playerMoves(after)).toEqual(playerMoves(wholeMoves));
}

/**
 * Secret Invasion, three random bots with --no-timer: the game broken after six saved moves (the
 * real program killed, or Ctrl-C in this process) and resumed with --resume alone (no --bots)
 * plays on with the saved bots and ends as the uninterrupted one, move for move.
 */
export async function checkSecretInvasionResume(breakBy: 'kill' | 'ctrl-c'): Promise<void> {
  const base = ['play', 'secret-invasion', '--players', 'Ana,Ben,Cy', '--bots', 'all', '--bot', 'random', '--json', '--no-timer', '--seed', '21'];
  const wholeSave = siSavePath();
  const whole = await runInProcess([...base, '--save', wholeSave, '--bot-delay', '0']);
  expect(whole.code).toBe(0);
  const wholeLog = readSave(secretInvasionTable, wholeSave).log;

  const savePath = siSavePath();
  const saved = (): number => {
    try {
      return readSave(secretInvasionTable, savePath).log.moves.length;
    } catch {
      return 0;
    }
  };
  const broken = [...base, '--save', savePath, '--bot-delay', '40'];
  if (breakBy === 'kill') await killWhen(broken, () => saved() >= 6, 'six saved moves');
  else await interruptWhen(broken, () => saved() >= 6, 'six saved moves');
  const interrupted = readSave(secretInvasionTable, savePath);
  expect(interrupted.state.stage).not.toBe('over');
  expect(interrupted.table).toMatchObject({
    seats: [
      { name: 'Ana', bot: 'random' },
      { name: 'Ben', bot: 'random' },
      { name: 'Cy', bot: 'random' },
    ],
    chance: 'sample',
  });

  const resumed = await runInProcess(['play', 'secret-invasion', '--resume', '--json', '--no-timer', '--save', savePath, '--bot-delay', '0']);
  expect(resumed.code).toBe(0);
  expect(resumed.stdout).toMatch(/"type":"start".*"players":\[\{"id":"p1","name":"Ana","bot":"random"\}/);
  expect(resumed.stdout).toMatch(/"resumed":true/);
  expect(resumed.stdout).toMatch(/Bot \(random\) plays Ana\..*Bot \(random\) plays Cy\./);
  expect(readSave(secretInvasionTable, savePath).log).toEqual(wholeLog);
}
