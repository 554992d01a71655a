// What a new user's mistakes on the command line get: a message that says what was wrong and
// what to do (the right --help to read), no stack trace, and nothing lost on disk.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { inFlagWords } from '../../host/cli/play.ts';
import type { OptionSpec } from '../../host/engine/meta.ts';
import { readSave, writeSave } from '../../host/engine/index.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath, TWO_PLAYERS } from './table.ts';
import { setUpOf } from '../games/rebel-missions/fixtures.ts';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: out(), err: err() };
}

describe('help', () => {
  it("with a command (and a game) shows that command's flags, as --help after it does", async () => {
    expect(await run(['help', 'play', 'secret-invasion'])).toEqual(await run(['play', 'secret-invasion', '--help']));
    expect((await run(['help', 'serve'])).out).toMatch(/^usage: imperial-timer serve/);
    expect((await run(['help'])).out).toMatch(/help \[<command>\]  this text, or a command's flags/);
    expect((await run(['help', 'dance'])).err).toMatch(/unknown command "dance"/);
  });
});

describe('the hint after a usage error', () => {
  it('points an unknown command at the list of commands, not at a --help it does not have', async () => {
    const { code, err } = await run(['dance']);
    expect(code).toBe(2);
    expect(err).toBe(
      'imperial-timer: unknown command "dance" (commands: play, serve, pack, print, ports, bridge, flash, check, help)\n(imperial-timer help lists the commands)\n',
    );
  });

  it('points an unknown game at the list of games', async () => {
    expect((await run(['play', 'chess'])).err).toMatch(/unknown game "chess".*\n\(imperial-timer play --help lists the games\)\n$/);
    expect((await run(['print', 'chess'])).err).toMatch(/no print kit for "chess".*\n\(imperial-timer print --help lists the games\)\n$/);
  });

  it("points a known game's bad flag at that game's --help", async () => {
    expect((await run(['play', 'secret-invasion', '--colour'])).err).toMatch(/\(imperial-timer play secret-invasion --help shows the flags\)\n$/);
    expect((await run(['ports', '--all'])).err).toMatch(/\(imperial-timer ports --help shows the flags\)\n$/);
  });
});

describe('a value that starts with "-"', () => {
  it('is told in words, not as node\'s "ambiguous" message, and --flag=VALUE then names the value', async () => {
    const { code, err } = await run(['play', 'secret-invasion', '--players', 'Ana,Ben', '--seed', '-1']);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^imperial-timer: play secret-invasion: --seed needs a value, and the word after it starts with "-"; write --seed=VALUE for a value that starts with "-"\n/,
    );
    expect((await run(['play', 'secret-invasion', '--players', 'Ana,Ben', '--seed=-1'])).err).toMatch(
      /--seed must be a whole number from 0 to 4294967295, got "-1"/,
    );
  });
});

describe('--players', () => {
  it('given a count instead of names, says it takes the names, with an example', async () => {
    const { code, err } = await run(['play', 'secret-invasion', '--players', '3', '--save', tempSavePath()]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^imperial-timer: --players takes the players' names, not how many there are: youngest first .*, 2 to 4, e.g. --players "Ana,Ben,Cy"\n/,
    );
  });

  it("refuses a table The Queen's Gambit cannot seat (3) as a usage error in the game's words, not a crash, and writes nothing", async () => {
    const savePath = tempSavePath();
    const { code, err } = await run(['play', 'queens-gambit', '--players', 'Ana,Ben,Cy', '--save', savePath]);
    expect(code).toBe(2);
    expect(err).toMatch(/^imperial-timer: --players: The Queen's Gambit is played by 2 players \(the Trade Federation, then Naboo\) or 4 in two teams, not 3/);
    expect(err).not.toMatch(/Error|    at /);
    expect(readdirSync(dirname(savePath)).filter((f) => !f.endsWith('.lock'))).toEqual([]);
  });
});

describe("a game's options", () => {
  it('that need another are told as the flags to type', async () => {
    const { code, err } = await run(['play', 'stolen-plans', '--players', 'Ana,Ben', '--include-lose-the-game', 'on', '--save', tempSavePath()]);
    expect(code).toBe(2);
    expect(err).toMatch(/^imperial-timer: --include-lose-the-game on needs --bonus on: Lose the Game .* is a card of Bonus cards/);
  });

  it("refused by the game's set-up are told as that option's flag, not as --players", async () => {
    const { code, err } = await run(['play', 'stolen-plans', '--players', 'Ana,Ben', '--first-player', '3', '--save', tempSavePath()]);
    expect(code).toBe(2);
    expect(err).toMatch(/^imperial-timer: --first-player: seat 3 is not at a table of 2; choose 1 to 2\n/);
  });

  it("are put in flag words whatever the engine's sentence (on, off, a choice, a number)", () => {
    const options: OptionSpec[] = [
      { id: 'bonus', kind: 'boolean', default: false, text: 'Bonus cards' },
      { id: 'deck-out', kind: 'choice', choices: ['stop', 'reshuffle'], default: 'stop', text: 'deck out' },
      { id: 'seconds', kind: 'number', min: 1, max: 60, default: 5, text: 'seconds' },
    ];
    expect(inFlagWords('option "bonus" set to false cannot be combined with option "deck-out" set to "reshuffle": why', options)).toBe(
      '--bonus off cannot be combined with --deck-out reshuffle: why',
    );
    expect(inFlagWords('option "seconds" set to 9 needs option "bonus" set to true: why', options)).toBe('--seconds 9 needs --bonus on: why');
    expect(inFlagWords('option "seconds" must be a whole number', options)).toBe('--seconds must be a whole number');
  });
});

describe('--save', () => {
  it('given a folder, asks for a file in it, before anything is touched', async () => {
    const folder = dirname(tempSavePath());
    const { code, err } = await run(['play', 'secret-invasion', '--players', 'Ana,Ben', '--save', folder]);
    expect(code).toBe(2);
    expect(err).toMatch(/^imperial-timer: --save .* is a folder: give the save file's name, e.g. --save .*\/secret-invasion\.save\.json\n/);
    expect(readdirSync(folder)).toEqual([]);
    expect((await run(['play', 'secret-invasion', '--players', 'Ana,Ben', '--save='])).err).toMatch(/--save needs a file name/);
  });
});

describe('a timer that cannot be reached', () => {
  it('says why once (no "Error:", no path told twice) and what to try, with one full stop between sentences', async () => {
    const { code, err } = await run(['play', 'secret-invasion', '--players', 'Ana,Ben', '--port', '/dev/no-such-timer', '--save', tempSavePath()]);
    expect(code).toBe(1);
    expect(err).toBe(
      'imperial-timer: cannot reach the timer: cannot open /dev/no-such-timer: no such file or directory. Is the timer plugged in, and is this the right port? (`npm run -s companion -- ports` lists them; on Linux your user may need to be in the dialout group.) Play without it with --no-timer.\n',
    );
  });

  it('with --new, still tells where the unfinished game it moved aside is kept, and how to continue it', async () => {
    const savePath = tempSavePath();
    const game = rebelMissionsEntry.game;
    // A game of the present format: set up (its two shuffles drawn), nothing played yet.
    const table = rebelMissionsEntry.game;
    const log = { gameId: table.meta.id, config: TWO_PLAYERS, seed: 1, moves: setUpOf(table, table.setup(TWO_PLAYERS, 1).state).moves };
    writeSave(game, savePath, log, { table: { seats: TWO_PLAYERS.players.map((p) => ({ name: p.name, bot: null })), botRng: [1, 2, 3, 4], chance: 'sample' } });
    const { code, err } = await run(['play', 'rebel-missions', '--players', 'Ana', '--new', '--port', '/dev/no-such-timer', '--save', savePath]);
    expect(code).toBe(1);
    const kept = /The unfinished game that was in .* is kept as (\S+\.kept-[^ ]+\.json); continue it later with --resume --save \1\./.exec(err);
    expect(err).toMatch(/^imperial-timer: cannot reach the timer: cannot open \/dev\/no-such-timer/);
    expect(kept).not.toBeNull();
    expect(readSave(game, kept?.[1] as string).log).toEqual(log);
  });

  it('with pack, says the timer was not changed and the command to run once it answers', async () => {
    const { code, err } = await run(['pack', '--file', 'firmware/pack/rebel-missions.json', '--port', '/dev/no-such-timer']);
    expect(code).toBe(1);
    expect(err).toMatch(
      /^imperial-timer: cannot reach the timer: cannot open \/dev\/no-such-timer: .* The timer was not changed; once it answers, run npm run -s companion -- pack --file firmware\/pack\/rebel-missions\.json --port \/dev\/no-such-timer\n$/,
    );
    expect((await run(['pack', '--builtin', '--port', '/dev/no-such-timer'])).err).toMatch(
      /once it answers, run npm run -s companion -- pack --builtin --port \/dev\/no-such-timer\n$/,
    );
  });

  it('over a damaged save, tells where the damaged file went', async () => {
    const savePath = tempSavePath();
    writeFileSync(savePath, 'not a save');
    const { err } = await run(['play', 'rebel-missions', '--players', 'Ana', '--port', '/dev/no-such-timer', '--save', savePath]);
    const aside = /it is kept as (\S+\.damaged)\.\n$/.exec(err);
    expect(aside).not.toBeNull();
    expect(readFileSync(aside?.[1] as string, 'utf8')).toBe('not a save');
  });
});
