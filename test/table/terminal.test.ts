// The pass-and-play terminal over the toy games and Secret Invasion: whole games with scripted
// people, several movers asked privately one after another in seat order with the screen hidden
// between, menus in small steps with undo, bad answers asked again, table dice typed in, the timer's
// news told to the table, and every line checked against what the person looking may not know.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { diceQuestion, runTableTerminal, typedDice } from '../../host/table/terminal.ts';
import { die } from '../engine/dice-toy.ts';
import { planGame } from '../engine/plan-toy.ts';
import { reactionGame } from '../engine/reaction-toy.ts';
import { ambushEntry, countdownEntry, gambitEntry, secretInvasionEntry, skirmishEntry } from './entries.ts';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { bot, CapturedOutput, FakeTimer, people, person, runTerminalWithPeople, startTable, typedInput } from './support.ts';

describe('the pass-and-play terminal', () => {
  it("tells in its intro which players are the Trade Federation and which Naboo (The Queen's Gambit, two and four players)", async () => {
    for (const [names, sides] of [
      [['Ana', 'Ben'], 'Trade Federation: Ana. Naboo: Ben.'],
      [['Ana', 'Ben', 'Cy', 'Dee'], 'Trade Federation: Ana and Dee. Naboo: Ben and Cy.'],
    ] as const) {
      const { host } = startTable(queensGambitEntry, { seats: people(...names), seed: 2 });
      const input = new PassThrough();
      input.end();
      const output = new CapturedOutput();
      await runTableTerminal(host, { input, output, tty: false });
      await host.close();
      const seatsEnd = output.lines.findIndex((l) => l.startsWith(`  p${names.length}: `));
      expect(output.lines[seatsEnd + 1]).toBe(sides);
    }
    // A game whose seats play for themselves has no sides line.
    const { host } = startTable(ambushEntry, { seats: people('Ana', 'Ben'), seed: 2 });
    const input = new PassThrough();
    input.end();
    const output = new CapturedOutput();
    await runTableTerminal(host, { input, output, tty: false });
    expect(output.lines.some((l) => /Trade Federation|Naboo/.test(l))).toBe(false);
  });

  it('plays Gambit to the end: both plan at once, each asked privately in seat order, undo in the menu, nothing leaks', async () => {
    const { host } = startTable(gambitEntry, { seats: people('Ana', 'Ben'), seed: 3 });
    const run = await runTerminalWithPeople(host, { seed: 5, secretsFrom: planGame.secretsFrom, badAnswers: true });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    // The plan asks both at once: Ana first (seat order), then Ben, whatever they hold.
    expect(run.passes.slice(0, 2)).toEqual(['Ana', 'Ben']);
    expect(run.lines.some((l) => /^ {2}\d+\. Undo the last pick$/.test(l))).toBe(true);
    expect(host.log.moves.some((m) => m.type === 'undo')).toBe(true);
    expect(run.lines.filter((l) => /^Type (a number from 1 to \d+|1|1 or 2) or q\.$/.test(l)).length).toBeGreaterThan(10);
    expect(run.lines.some((l) => l.startsWith('Game over: '))).toBe(true);
    // The screen is cleared between two people: never one person's screen straight after another's.
    const clearedBetween = run.lines.every(
      (l, i) =>
        !/^Pass to /.test(l) ||
        run.lines
          .slice(0, i)
          .reverse()
          .find((x) => x === '\f' || x.startsWith('Press Enter')) === '\f',
    );
    expect(clearedBetween).toBe(true);
  });

  it('plays Ambush to the end with two people and a bot: reaction windows ask each person privately, bot moves told to the table', async () => {
    for (const seed of [1, 2, 3]) {
      const { host } = startTable(ambushEntry, { seats: [person('Ana'), bot('Ben', 'heuristic'), person('Cy')], seed });
      const run = await runTerminalWithPeople(host, { seed, secretsFrom: reactionGame.secretsFrom });
      expect(run.end).toBe('finished');
      expect(run.leaks).toEqual([]);
      expect(new Set(run.passes)).toEqual(new Set(['Ana', 'Cy']));
      // Ben's moves are told as the table sees them: his draws name no card.
      expect(run.lines.some((l) => /^ {2}Ben drew a card\.$/.test(l))).toBe(true);
      expect(run.lines.some((l) => /^ {2}Ben drew [a-z]+\d-\d/.test(l))).toBe(false);
    }
  });

  it("plays Secret Invasion to the end with one person and bots, told from that person's side without passing the screen", async () => {
    const { host } = startTable(secretInvasionEntry, { seats: [person('Ana'), bot('B', 'tracking')], seed: 7 });
    const run = await runTerminalWithPeople(host, { seed: 2 });
    expect(run.end).toBe('finished');
    expect(run.passes).toEqual([]);
    expect(run.lines.some((l) => /You discarded /.test(l))).toBe(true);
    expect(run.lines.some((l) => l.startsWith('Game over: '))).toBe(true);
  });

  it('asks the table for its dice, says what was typed wrong, and plays Skirmish to the end', async () => {
    const { host } = startTable(skirmishEntry, { seats: [person('Ana'), bot('B', 'random')], seed: 2 }, { chance: 'table' });
    const run = await runTerminalWithPeople(host, { seed: 3, badAnswers: true });
    expect(run.end).toBe('finished');
    expect(run.lines.some((l) => /^Not taken: the dice: /.test(l))).toBe(true);
    expect(host.log.moves.filter((m) => m.actor === 'chance').length).toBeGreaterThan(2);
    expect(diceQuestion({ kind: 'roll', dice: [die('d6'), die('d6')] })).toMatch(/^Roll the .*, the .* and type the faces/);
    expect(typedDice({ kind: 'roll', dice: [die('d6')] }, ' one, two ')).toEqual(['one', 'two']);
    // A face with a symbol and words in the data is shown with them beside the id that is typed.
    const drawn = {
      id: 'red',
      name: 'red die',
      faces: [
        { id: 'double-hit', count: 1, symbol: '✶✶', name: 'double hit', values: { hit: 2 } },
        { id: 'blank', count: 5, values: { hit: 0 } },
      ],
    };
    expect(diceQuestion({ kind: 'roll', dice: [drawn] })).toBe(
      'Roll the red die (double-hit = ✶✶ double hit, blank) and type the faces, in that order, separated by spaces:',
    );
    expect(typedDice({ kind: 'index', size: 3, secret: false }, '2')).toBe(2);
    // A die named after someone takes no "the".
    expect(diceQuestion({ kind: 'roll', dice: [{ ...drawn, name: "Anakin's red die" }] })).toMatch(/^Roll Anakin's red die \(/);
  });

  it('waits for the timer (Countdown), tells its news, and ends when time runs out', async () => {
    const timer = new FakeTimer();
    const { host } = startTable(countdownEntry, { seats: people('Ana', 'Ben'), seed: 4 }, { timer });
    let menus = 0;
    const run = await runTerminalWithPeople(host, {
      seed: 1,
      onLine: (line) => {
        if (line === 'Press the triangle on the timer to start.') setImmediate(() => timer.emit({ name: 'START', leftMs: 120_000 }));
        if (line.startsWith('  q. Leave') && ++menus === 5) setImmediate(() => timer.emit({ name: 'TIME', leftMs: 60_000 }));
        if (line.startsWith('  q. Leave') && menus === 6) setImmediate(() => timer.emit({ name: 'WARN', leftMs: 60_000 }));
        if (line.startsWith('  q. Leave') && menus === 7) setImmediate(() => timer.emit({ name: 'LOWBAT', mv: 3450 }));
        if (line.startsWith('  q. Leave') && menus === 8) setImmediate(() => timer.emit({ name: 'TIMEOUT' }));
      },
    });
    expect(run.end).toBe('finished');
    // The timer's events in words: never its raw words; the game tells its own START; a TIME is the time left.
    expect(run.lines.filter((l) => /^The timer: |\b(START|TIME|WARN|TIMEOUT)\b/.test(l))).toEqual([]);
    expect(run.lines).toContain('1:00 left.');
    // The timer's news in words (the last minute, low batteries), as in every game.
    expect(run.lines).toContain('One minute left!');
    expect(run.lines).toContain("The timer's batteries are low (3.45 V): change them after this game.");
    expect(run.lines.some((l) => /The timer started: 120 s\./.test(l))).toBe(true);
    expect(host.result).toMatchObject({ finished: true });
  });

  it('leaves the table on q or at the end of the input; the match stays as it was', async () => {
    const { host } = startTable(ambushEntry, { seats: people('Ana', 'Ben'), seed: 1, options: { 'miss-a-turn': false } });
    const input = typedInput();
    const output = new CapturedOutput((line) => {
      if (line.startsWith('Pass to')) input.type('');
      if (line.startsWith('  q. Leave')) input.type('q');
    });
    expect(await runTableTerminal(host, { input, output, tty: false })).toBe('quit');
    expect(host.log.moves).toHaveLength(0);
    const eof = new PassThrough();
    const ended = runTableTerminal(host, { input: eof, output: new CapturedOutput(), tty: false });
    eof.end();
    expect(await ended).toBe('quit');
  });
});
