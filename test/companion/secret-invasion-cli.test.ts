// `imperial-timer play secret-invasion` on the table front end: flag errors, the pass-and-play
// terminal fed from an input stream, a seat's JSON stream (--as) that never carries another
// player's hidden card, quitting and --resume, and a table of bots with --bots all --json --pty.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { readSave } from '../../host/engine/save.ts';
import { STANDARD_DECK } from '../../host/games/secret-invasion/deck.ts';
import type { SecretInvasionEvent } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { TableHost } from '../../host/table/host.ts';
import { secretInvasionEntry } from '../../host/games/secret-invasion/table-entry.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { memoryIo, runInProcess } from './cli-process.ts';
import { tempSavePath } from './secret-invasion-support.ts';

const CARD_NAMES = STANDARD_DECK.characters.map((c) => c.name);
const SAVE_GAME = secretInvasionTable;
/** A cleared screen when the output is not a terminal. */
const CLEARED = '\f\n';

/**
 * Input that always gets on: "2", "2", "1", over and over. A menu takes its second option or its
 * first (one with a single option refuses "2" and takes the "1"); a value menu (the values typed as
 * themselves, 1 its Back) names 2 at least every other time, so the card-then-value steps never
 * go back and forth for ever (as "1" alone, or "2" then "1", would); a screen that waits for Enter
 * takes any line.
 */
const ones = (n: number): string => '2\n2\n1\n'.repeat(Math.ceil(n / 3));

async function usageError(argv: string[]): Promise<string> {
  const { io, err } = memoryIo();
  expect(await runCli(['play', 'secret-invasion', ...argv], io)).toBe(2);
  return err();
}

const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('play secret-invasion: flags', () => {
  it('says what is wrong with a flag and exits with 2', async () => {
    const save = ['--save', tempSavePath()];
    expect(await usageError([...save])).toMatch(/--players is required: the players' names, youngest first/);
    expect(await usageError(['--players', 'Ana', ...save])).toMatch(/played by 2 to 4 players, got 1/);
    expect(await usageError(['--players', 'Ana,Ben,Cy,Dee,Eve', ...save])).toMatch(/played by 2 to 4 players, got 5/);
    expect(await usageError(['--players', 'Ana,ana', ...save])).toMatch(/"ana" is given twice/);
    expect(await usageError(['--players', 'Ana:hera,Ben', ...save])).toMatch(/names only \(no profiles\)/);
    expect(await usageError(['--players', 'Ana,,Ben', ...save])).toMatch(/name 2 is empty/);
    expect(await usageError(['--players', 'Ana,Ben', '--turn-clock', '0', ...save])).toMatch(/--turn-clock must be a whole number from 1 to 3600, got "0"/);
    expect(await usageError(['--players', 'Ana,Ben', '--turn-clock', 'soon', ...save])).toMatch(/--turn-clock must be a whole number/);
    expect(await usageError(['--players', 'Ana,Ben', '--turn-clock', '30', '--no-timer', ...save])).toMatch(/--turn-clock runs on the timer/);
    expect(await usageError(['--players', 'Ana,Ben', '--no-timer', '--port', '/dev/ttyACM0', ...save])).toMatch(/--no-timer and --port exclude each other/);
    expect(await usageError(['--players', 'Ana,Ben', '--bot', 'smart', ...save])).toMatch(/--bot must be one of random, tracking, got "smart"/);
    expect(await usageError(['--players', 'Ana,Ben', '--as', 'Ana', ...save])).toMatch(/--as goes with --json/);
    expect(await usageError(['--players', 'Ana,Ben', '--json', '--as', 'Zed', '--no-timer', ...save])).toMatch(
      /--as: "Zed" is not at the table; the players are Ana, Ben/,
    );
    expect(await usageError(['--players', 'Ana,Ben', '--json', '--as', 'Ana', '--bots', 'Ana', '--no-timer', ...save])).toMatch(
      /--as Ana: that seat is given to the bots with --bots/,
    );
    expect(await usageError(['--players', 'Ana,Ben', '--bots', 'Cy', '--no-timer', ...save])).toMatch(/--bots: "Cy" is not at the table/);
    expect(await usageError(['--players', 'Ana,Ben', '--colour', ...save])).toMatch(/unknown flag --colour \(the flags are .*--turn-clock/);
    expect(await usageError(['--resume', '--players', 'Ana,Ben', ...save])).toMatch(/--players is taken from the saved game with --resume/);
  });

  it('keeps the game flags to their game', async () => {
    const { io, err } = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--players', 'Ana:hera', '--turn-clock', '30'], io)).toBe(2);
    expect(err()).toMatch(/--turn-clock: in Star Wars: Rebel Missions the timer runs the game's own clock; leave it out/);
    const other = memoryIo();
    expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--pack', 'my.pack.json'], other.io)).toBe(2);
    expect(other.err()).toMatch(/unknown flag --pack/);
  });

  it("documents its flags in --help, from the game's metadata and entry", async () => {
    const { io, out } = memoryIo();
    expect(await runCli(['play', 'secret-invasion', '--help'], io)).toBe(0);
    expect(out()).toMatch(/youngest first \(the youngest starts\), 2 to 4/);
    expect(out()).toMatch(/--turn-clock S/);
    expect(out()).toMatch(/--no-timer/);
    expect(out()).toMatch(/--as NAME/);
    expect(out()).toMatch(/--bot random\|tracking +how the bots play \(default tracking\)/);
    // Secret Invasion has no dice: --table-dice is neither offered nor taken.
    expect(out()).not.toMatch(/--table-dice/);
    expect(await usageError(['--players', 'Ana,Ben', '--table-dice'])).toMatch(
      /^imperial-timer: --table-dice: Star Wars: Secret Invasion has no dice to roll at the table .*; leave it out/,
    );
  });
});

describe('play secret-invasion: pass and play in the terminal', () => {
  it('clears the screen between people, shows only whom to pass to, and plays to a winner', async () => {
    const { io, out } = memoryIo(ones(8000));
    const save = tempSavePath();
    expect(
      await runCli(
        ['play', 'secret-invasion', '--players', 'Ana,Ben,Cy', '--bots', 'Cy', '--bot-delay', '0', '--seed', '12', '--no-timer', '--save', save],
        io,
      ),
    ).toBe(0);
    const text = out();
    const screens = text.split(CLEARED);
    const passes = screens.filter((s) => s.includes('Pass to '));
    expect(passes.length).toBeGreaterThan(5);
    for (const pass of passes) {
      // The pass screen holds whom to pass to, and nothing else.
      expect(pass.trim().split('\n')).toEqual([
        expect.stringMatching(/^Pass to (Ana|Ben), then press Enter\.$/),
        '(Only the player named should look at the screen.)',
      ]);
      for (const name of CARD_NAMES) expect(pass).not.toContain(name);
    }
    // The screen after "Pass to Ana" is Ana's own.
    screens.forEach((s, i) => {
      const to = /^\s*Pass to (\w+)/.exec(s)?.[1];
      if (to !== undefined) expect(screens[i + 1]).toMatch(new RegExp(`^\\n${to} \\(p\\d\\)\\n[\\s\\S]*Your hand: \\[`));
    });
    expect(text).toMatch(/wins the game with \d victory tokens!/);
    expect(text).toMatch(/Game over: (Ana|Ben|Cy) wins \(\d victory tokens\)\./);
    expect(readSave(SAVE_GAME, save).state.stage).toBe('over');
  });

  it("keeps the opening instructions and round 1 on the screen until Enter, and shows the timer's sounds", async () => {
    const { io, out } = memoryIo(ones(8000));
    expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--seed', '3', '--bot-delay', '0', '--save', tempSavePath()], io)).toBe(0);
    const text = out();
    const [first = ''] = text.split(CLEARED);
    expect(first).toMatch(/Timer: imperial-timer firmware .* the built-in virtual timer, as the table's sound/);
    // The seed deals every hand, so it is told only at the end.
    expect(first).toMatch(/The deal is secret: its seed is told when the game ends/);
    expect(first).not.toMatch(/\b3\b.*seed|seed.*\b3\b|Seed 3/);
    expect(first).toMatch(/Round 1 begins: Ana plays first\. Set aside face up: .+\./);
    expect(first.trimEnd().split('\n').at(-1)).toBe('Press Enter to begin.');
    // What the timer plays is shown too.
    expect(text).toMatch(/♪ The timer plays (BUZZ|CHIME)\./);
    expect(text).toMatch(/♪ The timer plays FANFARE\./);
    const end = text.lastIndexOf('Game over:');
    expect(end).toBeGreaterThan(0);
    expect(text.slice(end)).toMatch(/Seed 3: --seed 3 deals the same game again\./);
    expect(text.slice(0, end)).not.toMatch(/Seed 3/);
  });

  it('warns in the menu of a move that puts the player out (a deal that gives Ana Princess Leia first), and plays it when chosen', async () => {
    // The first seed whose deal gives Ana (two players) Princess Leia as the first card of her menu.
    let seed = -1;
    for (let s = 1; s < 500 && seed < 0; s++) {
      const { host } = TableHost.start(
        secretInvasionEntry,
        {
          seats: [
            { name: 'Ana', bot: null },
            { name: 'Ben', bot: 'tracking' },
          ],
          seed: s,
        },
        { savePath: null },
      );
      await host.settled();
      if (JSON.stringify(host.snapshot('p1').moves[0]) === JSON.stringify({ actor: 'p1', type: 'discard', character: 'princess-leia' })) seed = s;
      await host.close();
    }
    expect(seed).toBeGreaterThan(0);
    const save = tempSavePath();
    const { io, out } = memoryIo('1\n');
    expect(
      await runCli(
        ['play', 'secret-invasion', '--players', 'Ana,Ben', '--bots', 'Ben', '--bot-delay', '0', '--seed', String(seed), '--no-timer', '--save', save],
        io,
      ),
    ).toBe(0);
    const text = out();
    expect(text).toMatch(/ {2}1\. Discard Princess Leia \(8\) +\(Discarding Princess Leia puts you out of the round\.\)$/m);
    expect(readSave(SAVE_GAME, save).log.moves.find((m) => m.actor === 'p1')).toEqual({ actor: 'p1', type: 'discard', character: 'princess-leia' });
    expect(text).toMatch(/You are out of the round \(Princess Leia was discarded\)/);
  });

  it('stops when the input ends (the game stays saved) and carries on with --resume', async () => {
    const save = tempSavePath();
    const args = ['play', 'secret-invasion', '--players', 'Ana,Ben', '--seed', '5', '--no-timer', '--save', save];
    const first = memoryIo(ones(9));
    expect(await runCli(args, first.io)).toBe(0);
    expect(first.out()).toContain(`The game is saved in ${save}. Continue it later with --resume.`);
    const moves = readSave(SAVE_GAME, save).log.moves.length;
    expect(moves).toBeGreaterThan(0);

    const again = memoryIo('');
    expect(await runCli(args, again.io)).toBe(1);
    expect(again.err()).toMatch(/a game in progress is saved in .*\(waiting for (Ana|Ben) \(p\d\)\).*--resume.*--new/);

    const resumed = memoryIo(ones(4000));
    expect(await runCli(['play', 'secret-invasion', '--resume', '--no-timer', '--save', save, '--bots', 'Ben', '--bot-delay', '0'], resumed.io)).toBe(0);
    expect(resumed.out()).toMatch(/\(resumed\)/);
    expect(resumed.out()).toMatch(/Ben \(bot: tracking\)/);
    expect(resumed.out()).toMatch(/Game over: \w+ wins \(/);
    const log = readSave(SAVE_GAME, save).log;
    expect(log.moves.length).toBeGreaterThan(moves);
    expect(log.moves.slice(0, moves)).toEqual(readSave(SAVE_GAME, `${save}.bak`).log.moves.slice(0, moves));

    const over = memoryIo('');
    expect(await runCli(['play', 'secret-invasion', '--resume', '--no-timer', '--save', save], over.io)).toBe(1);
    expect(over.err()).toMatch(/is already over .*start a new one without --resume/);
  });
});

describe('play secret-invasion --json', () => {
  it("--as Ana: the seat's own stream never carries another player's hidden card", async () => {
    const { io, out } = memoryIo(ones(3000));
    expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben,Cy', '--json', '--as', 'Ana', '--seed', '9', '--save', tempSavePath()], io)).toBe(0);
    const lines = jsonLines(out());
    expect(lines[0]).toMatchObject({
      type: 'start',
      as: 'p1',
      players: [
        { name: 'Ana', bot: null },
        { name: 'Ben', bot: 'tracking' },
        { name: 'Cy', bot: 'tracking' },
      ],
    });
    const events = lines.filter((l) => l.type === 'game-event').map((l) => l.event as SecretInvasionEvent);
    expect(events.length).toBeGreaterThan(50);
    for (const l of lines) if ('seat' in l) expect(l.seat).toBe('p1');
    for (const e of events) {
      if (e.type === 'card-drawn' || e.type === 'card-dealt') expect(e.player === 'p1' || e.card === null).toBe(true);
      if (e.type === 'han-looked') expect(e.player === 'p1' || e.target === 'p1' || e.card === null).toBe(true);
      if (e.type === 'droids-compared' || e.type === 'hands-swapped')
        expect(e.player === 'p1' || e.target === 'p1' || (e.playerCard === null && e.targetCard === null)).toBe(true);
    }
    const prompts = lines.filter((l) => l.type === 'prompt');
    expect(prompts.length).toBeGreaterThan(5);
    for (const p of prompts) expect(p).toMatchObject({ seat: 'p1', view: { viewer: 'p1' } });
    expect(lines.filter((l) => l.type === 'timer-command').map((l) => l.command)).toContainEqual({ play: 'fanfare' });
    expect(lines.at(-1)).toMatchObject({ type: 'result', winners: [expect.any(String)] });
    // The seed deals every hand: no line before the result tells it.
    expect(lines.slice(0, -1).some((l) => 'seed' in l)).toBe(false);
    expect(lines.at(-1)).toMatchObject({ seed: 9 });
  });
});

describe('play secret-invasion --json, the public stream', () => {
  it("hides every hand from the events and addresses each prompt to its seat with that seat's view", async () => {
    const { io, out } = memoryIo(ones(4000));
    expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--json', '--no-timer', '--seed', '4', '--save', tempSavePath()], io)).toBe(0);
    const lines = jsonLines(out());
    expect(lines[0]).toMatchObject({ type: 'start', as: null, timer: null });
    for (const l of lines.filter((x) => x.type === 'game-event' && !('seat' in x))) {
      const e = l.event as SecretInvasionEvent;
      if (e.type === 'card-drawn' || e.type === 'card-dealt' || e.type === 'han-looked') expect(e.card).toBeNull();
      if (e.type === 'droids-compared' || e.type === 'hands-swapped') expect([e.playerCard, e.targetCard]).toEqual([null, null]);
    }
    const prompts = lines.filter((l) => l.type === 'prompt') as {
      seat: string;
      view: { viewer: string; hand: unknown[] };
      choices: { n: number; label: string }[];
    }[];
    expect(new Set(prompts.map((p) => p.seat))).toEqual(new Set(['p1', 'p2']));
    // A turn's first step is the card (or Boba Fett's second try).
    expect(prompts.filter((p) => /^(Discard|Boba Fett|Stop)/.test(p.choices[0]?.label ?? '')).length).toBeGreaterThan(5);
    for (const p of prompts) {
      expect(p.view.viewer).toBe(p.seat);
      expect(p.view.hand.length).toBeGreaterThanOrEqual(1);
      expect(p.choices.map((c) => c.n)).toEqual(p.choices.map((_, i) => i + 1));
      for (const c of p.choices) expect(c.label).not.toBe('');
    }
    expect(lines.filter((l) => l.type === 'timer-command')).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', winners: [expect.any(String)] });
    // The seed deals every hand: no line before the result tells it.
    expect(lines.slice(0, -1).some((l) => 'seed' in l)).toBe(false);
    expect(lines.at(-1)).toMatchObject({ seed: 4 });
  });
});

const haveSocat = debianToolOrSkip('socat', 'socat', 'the Secret Invasion end-to-end test');

describe.runIf(haveSocat)('the command line over a pseudo-terminal', () => {
  it('plays a table of bots headless over a pseudo-terminal to one winner', async () => {
    const { code, stdout, stderr } = await runInProcess([
      'play',
      'secret-invasion',
      '--players',
      'Ana,Ben,Cy,Dee',
      '--bots',
      'all',
      '--json',
      '--pty',
      '--seed',
      '17',
      '--save',
      tempSavePath(),
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = jsonLines(stdout);
    expect(lines[0]).toMatchObject({ type: 'start', game: 'secret-invasion', timer: { kind: 'pty' } });
    // The public stream of a table of bots: no seat's line, no hidden card at all.
    expect(lines.filter((l) => 'seat' in l)).toEqual([]);
    for (const l of lines.filter((x) => x.type === 'game-event')) {
      const e = l.event as SecretInvasionEvent;
      if (e.type === 'card-drawn' || e.type === 'card-dealt' || e.type === 'han-looked') expect(e.card).toBeNull();
    }
    expect(lines.filter((l) => l.type === 'prompt')).toEqual([]);
    const commands = lines.filter((l) => l.type === 'timer-command').map((l) => l.command);
    expect(commands.filter((c) => JSON.stringify(c) === '{"play":"fanfare"}')).toHaveLength(1);
    expect(commands).toContainEqual({ play: 'buzz' });
    const result = lines.at(-1);
    expect(result).toMatchObject({ type: 'result', seed: 17 });
    expect((result!.winners as string[]).length).toBe(1);
  });
});
