// The pass-and-play terminal's screens on a shared screen: every clear also clears the scrollback
// (nobody scrolls back to the last person's hand), a private screen taller than the window is
// paged with the menu on its last page, the private screen is cleared on every way out (q, the
// end of the input, an error, Ctrl-C). (A game without hidden information passes no screen: Rebel
// Missions' test/games/rebel-missions/table-front-ends.test.ts.)
import { describe, expect, it } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { TABLE, type TableEntry } from '../../host/table/entry.ts';
import { CLEAR_SCREEN, MORE_LINE, menuOf, pagesOf, runTableTerminal, typeWhat, type ScreenSize } from '../../host/table/terminal.ts';
import type { MoveBase } from '../../host/engine/table-game.ts';
import { stripAnsi } from '../../host/ui/terminal/style.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { secretInvasionEntry } from './entries.ts';
import { CapturedOutput, people, runTerminalWithPeople, startTable, typedInput, type TerminalRun } from './support.ts';

const SCREEN: ScreenSize = { rows: 24, columns: 80 };

/** The rows a line takes on `SCREEN` (a long line wraps). */
const rowsOf = (line: string): number => Math.max(1, Math.ceil([...line].length / SCREEN.columns));

/**
 * The private pages of a run: each screen a seat looked at, up to its "More" line or its menu's
 * last line (what was written after the answer is the same person's, below it).
 */
function privatePages(run: TerminalRun): { owner: string; lines: readonly string[]; more: boolean }[] {
  return run.screens
    .filter((s) => s.owner !== TABLE && !s.lines.some((l) => l.startsWith('Pass to ')))
    .map((s) => {
      const end = s.lines.findIndex((l) => l === MORE_LINE || l.startsWith('  q. Leave the table'));
      return { owner: s.owner, lines: end < 0 ? s.lines : s.lines.slice(0, end + 1), more: s.lines[end] === MORE_LINE };
    })
    .filter((p) => p.lines.some((l) => l === MORE_LINE || l.startsWith('  q. Leave the table')));
}

/** Checks a run on `SCREEN`: every page fits with a row to spare, the menu is on the last page, and some screen needed pages. */
function expectPagedToFit(run: TerminalRun): void {
  const pages = privatePages(run);
  expect(pages.length).toBeGreaterThan(3);
  for (const page of pages) expect(page.lines.reduce((n, l) => n + rowsOf(l), 0)).toBeLessThanOrEqual(SCREEN.rows - 1);
  // Pages of one screen: each "More" page is followed by the same person's next page, the menu last.
  pages.forEach((page, i) => {
    if (page.more) expect(pages[i + 1]?.owner).toBe(page.owner);
  });
  expect(pages.some((p) => p.more)).toBe(true);
}

/** The escapes written: every clear is the full one (screen, scrollback, cursor home). */
function expectFullClears(run: TerminalRun, raw: string): void {
  const clears = raw.split('\x1b[2J').length - 1;
  expect(clears).toBeGreaterThan(2);
  expect(raw.split(CLEAR_SCREEN).length - 1).toBe(clears);
  // Whoever the screen is passed to, the screen was cleared first: a pass screen never shows a hand.
  for (const screen of run.screens.filter((s) => s.lines.some((l) => l.startsWith('Pass to ')))) {
    expect(screen.lines.some((l) => l.startsWith('Your hand') || l.startsWith('your hand'))).toBe(false);
  }
}

async function runOnScreen<Config, State, Move extends MoveBase, View, Event>(
  entry: TableEntry<Config, State, Move, View, Event>,
  names: readonly string[],
  seed: number,
  maxMenus: number,
  options: Record<string, boolean | number> = {},
): Promise<{ run: TerminalRun; raw: string }> {
  const { host } = startTable(entry, { seats: people(...names), seed, options }, { clock: new ManualClock(0) });
  const run = await runTerminalWithPeople(host, { seed, tty: SCREEN, maxMenus });
  await host.close();
  return { run, raw: run.raw };
}

describe('private screens on a shared terminal', () => {
  it('pages a screen taller than the window, the menu always on the last page', () => {
    const body = Array.from({ length: 30 }, (_, i) => `view ${i}`);
    const tail = ['', 'Choose.', '  1. one', '  2. two', '  q. Leave the table (the game stays saved)'];
    const pages = pagesOf(body, tail, SCREEN);
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(23);
    expect(pages[0]?.at(-1)).toBe(MORE_LINE);
    expect(pages.at(-1)?.slice(-tail.length)).toEqual(tail);
    expect(pages.flat().filter((l) => l !== MORE_LINE)).toEqual([...body, ...tail]);
    // A long line wraps: it counts for the rows it takes.
    const wide = pagesOf(['x'.repeat(SCREEN.columns * 20)], tail, SCREEN);
    expect(wide.length).toBe(2);
    // A screen that fits is one page, without a "More" line.
    expect(pagesOf(body.slice(0, 10), tail, SCREEN)).toEqual([[...body.slice(0, 10), ...tail]]);
  });

  it('Secret Invasion (3 players): each private screen fits 24 rows, or is paged; every clear clears the scrollback', async () => {
    const { run, raw } = await runOnScreen(secretInvasionEntry, ['Ana', 'Ben', 'Cy'], 1, 40);
    expect(run.passes.length).toBeGreaterThan(3);
    expectPagedToFit(run);
    expectFullClears(run, raw);
  });

  it('Stolen Plans (6 players, bonus cards): its long private screens are paged to fit', async () => {
    const { run, raw } = await runOnScreen(stolenPlansEntry, ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Finn'], 3, 30, { bonus: true });
    expectPagedToFit(run);
    expectFullClears(run, raw);
  });

  it("The Queen's Gambit (4 players): its planning screens are paged to fit", async () => {
    const { run, raw } = await runOnScreen(queensGambitEntry, ['Ana', 'Ben', 'Cy', 'Dee'], 2, 24);
    expectPagedToFit(run);
    expectFullClears(run, raw);
  });

  /** A Secret Invasion table of two at Ana's first menu, in a terminal; `then` leaves it some way. */
  async function atAnasMenu(
    then: (input: ReturnType<typeof typedInput>, leave: AbortController) => void,
  ): Promise<{ end: Promise<string>; raw: () => string }> {
    const { host } = startTable(secretInvasionEntry, { seats: people('Ana', 'Ben'), seed: 4 });
    const input = typedInput();
    const leave = new AbortController();
    let raw = '';
    let acted = false;
    const output = new CapturedOutput((line) => {
      const text = stripAnsi(line.replace(CLEAR_SCREEN, ''));
      if (text.startsWith('Pass to ') || text === 'Press Enter to begin.' || text === MORE_LINE) input.type('');
      if (text.startsWith('  q. Leave the table') && !acted) {
        acted = true;
        then(input, leave);
      }
    });
    const write = output.write.bind(output);
    output.write = (chunk: unknown, ...args: unknown[]) => {
      raw += String(chunk);
      return write(chunk, ...args);
    };
    Object.assign(output, SCREEN);
    const end = runTableTerminal(host, { input, output, tty: true }, { holdIntro: true, leave: leave.signal });
    return { end: end.finally(() => host.close()), raw: () => raw };
  }

  it('clears the private screen (and the scrollback) on q, at the end of the input, and on Ctrl-C', async () => {
    for (const how of ['q', 'end', 'ctrl-c'] as const) {
      const { end, raw } = await atAnasMenu((input, leave) => {
        if (how === 'q') input.type('q');
        else if (how === 'end') setImmediate(() => input.end());
        else setImmediate(() => leave.abort());
      });
      expect(await end).toBe('quit');
      const text = raw();
      // Ana's hand was on the screen, and the last thing written is the clear: nothing private is left, nor written after.
      expect(text).toContain('Your hand:');
      expect(text.endsWith(CLEAR_SCREEN)).toBe(true);
    }
  });

  it('clears the private screen when the game throws while it is up', async () => {
    let shown = false;
    const renderer = secretInvasionEntry.renderer;
    const broken: typeof renderer = {
      ...renderer,
      viewLines: (view, names) => {
        if (shown) throw new Error('a broken renderer');
        return renderer.viewLines(view, names);
      },
    };
    const { host } = startTable({ ...secretInvasionEntry, renderer: broken }, { seats: people('Ana', 'Ben'), seed: 4 });
    const input = typedInput();
    let raw = '';
    const output = new CapturedOutput((line) => {
      const text = stripAnsi(line.replace(CLEAR_SCREEN, ''));
      if (text.startsWith('Pass to ') || text === MORE_LINE) input.type('');
      if (text.startsWith('Your hand:')) shown = true;
      if (text.startsWith('  q. Leave the table')) input.type('what');
    });
    const write = output.write.bind(output);
    output.write = (chunk: unknown, ...args: unknown[]) => {
      raw += String(chunk);
      return write(chunk, ...args);
    };
    await expect(runTableTerminal(host, { input, output, tty: true })).rejects.toThrow('a broken renderer');
    expect(raw).toContain('Your hand:');
    expect(raw.endsWith(CLEAR_SCREEN)).toBe(true);
    await host.close();
  });
});

describe('menus in the terminal', () => {
  it('an answer typed at a page\'s "More" is taken as the answer; a refusal is told above the menu, whose last line ends the last page', async () => {
    const { host } = startTable(stolenPlansEntry, { seats: people('Ana', 'Ben', 'Cy', 'Dee'), seed: 3 });
    await host.settled();
    const input = typedInput();
    let mores = 0;
    const pages: string[][] = [[]];
    const output = new CapturedOutput((written) => {
      const line = stripAnsi(written.replace(CLEAR_SCREEN, ''));
      if (written.startsWith(CLEAR_SCREEN)) pages.push([]);
      pages.at(-1)?.push(line);
      if (line.startsWith('Pass to ') || line === 'Press Enter to begin.' || line === 'Press Enter to hide your screen.') input.type('');
      // After the refusal only the menu's page is shown again: v shows the whole screen, with its "More".
      if (line.startsWith('  q. Leave the table')) input.type(mores === 1 ? 'v' : 'q');
      if (line !== MORE_LINE) return;
      mores++;
      // The first "More": a key no menu has; the next (after v): the first line of Ana's menu, before she has seen it again.
      if (mores === 1) input.type('what');
      else if (mores === 2) input.type('1');
      else input.type('q');
    });
    Object.assign(output, SCREEN);
    const first = host.snapshot('p1');
    const expected = menuOf(first.moves, first.view, stolenPlansEntry.renderer, { p1: 'Ana', p2: 'Ben', p3: 'Cy', p4: 'Dee' })[0];
    expect(await runTableTerminal(host, { input, output, tty: true }, { holdIntro: true })).toBe('quit');
    expect(mores).toBeGreaterThan(2);
    expect(expected?.move).toBeDefined();
    expect(host.log.moves[0]).toMatchObject({ ...expected?.move });
    // The refusal of "what" is on the screen shown next, above the prompt; each screen's menu ends its page.
    const refused = pages.find((p) => p.some((l) => l.startsWith('Type a number')));
    expect(refused).toBeDefined();
    const told = refused?.findIndex((l) => l.startsWith('Type a number')) ?? -1;
    const quit = refused?.findIndex((l) => l.startsWith('  q. Leave the table')) ?? -1;
    if (quit >= 0) expect(told).toBeLessThan(quit);
    for (const page of pages) {
      const q = page.findIndex((l) => l.startsWith('  q. Leave the table'));
      if (q >= 0) expect(page[q + 1] ?? '', page.join('\n')).not.toBe(MORE_LINE);
    }
    await host.close();
  });

  it('Secret Invasion: a value is typed as itself (7 names Obi-Wan Kenobi), also when the "whom" step is skipped', async () => {
    // A deal where Ana opens with a Stormtrooper against her one opponent (the target is taken with the card).
    let seed = 0;
    for (let s = 1; s < 200 && seed === 0; s++) {
      const { host } = startTable(secretInvasionEntry, { seats: people('Ana', 'Ben'), seed: s });
      await host.settled();
      if (host.snapshot('p1').moves.some((m) => m.type === 'discard' && m.character === 'stormtrooper')) seed = s;
      await host.close();
    }
    expect(seed).toBeGreaterThan(0);
    const { host } = startTable(secretInvasionEntry, { seats: people('Ana', 'Ben'), seed });
    const input = typedInput();
    let menus = 0;
    const output = new CapturedOutput((line) => {
      if (line.startsWith('Pass to ') || line === MORE_LINE || line === 'Press Enter to hide your screen.') input.type('');
      if (!line.startsWith('  q. Leave the table')) return;
      menus++;
      const key = (label: string): string => /^ {2}(\d+)\. /.exec(output.lines.findLast((l) => l.includes(label)) ?? '')?.[1] ?? 'none';
      if (menus === 1) input.type(key('Discard Stormtrooper'));
      else if (menus === 2) input.type('7');
      else input.type('q');
    });
    expect(await runTableTerminal(host, { input, output, tty: false })).toBe('quit');
    expect(host.log.moves.filter((m) => m.actor === 'p1').at(-1)).toEqual({ actor: 'p1', type: 'name', value: 7 });
    expect(output.lines).toContain('  7. Obi-Wan Kenobi (7)');
    expect(output.lines).toContain('  2. Han Solo (2)');
    // The step back takes the number no value has.
    expect(output.lines.some((l) => /^ {2}1\. Back: /.test(l))).toBe(true);
    await host.close();
  });
});

describe('short menus', () => {
  const toy = {
    moveLabel: (move: string) => ({ label: move.replace(/-\d$/, ''), hint: 'what it does' }),
    menuPlace: (move: string) => (move.startsWith('attack ') ? { group: { line: 'Attack', option: move.slice(7) } } : {}),
  };

  it('shows two copies of a card as one line, moves aimed at different players as one line with a sub-menu', () => {
    const menu = menuOf(['draw', 'defend-1', 'defend-2', 'attack Ben', 'attack Cy'], null, toy, {});
    expect(menu.map((m) => [m.key, m.label, m.options?.map((o) => o.label) ?? null])).toEqual([
      ['1', 'draw', null],
      ['2', 'defend', null],
      ['3', 'Attack', ['Ben', 'Cy']],
    ]);
    // The first copy stands for the others.
    expect(menu[1]?.move).toBe('defend-1');
    // A group of one is its move's own line.
    expect(menuOf(['attack Ben'], null, toy, {}).map((m) => [m.label, m.options])).toEqual([['attack Ben', null]]);
  });

  it('says what may be typed in plain words', () => {
    expect(typeWhat(['1'], [])).toBe('Type 1 or q.');
    expect(typeWhat(['1', '2'], ['p'])).toBe('Type 1, 2, p or q.');
    expect(typeWhat(['1', '2', '3', '4'], [])).toBe('Type a number from 1 to 4 or q.');
  });

  it('Stolen Plans: one line a card with its targets as a sub-menu (and Back), the hint not repeating the card', async () => {
    const { host } = startTable(stolenPlansEntry, { seats: people('Ana', 'Ben', 'Cy'), seed: 1 }, { clock: new ManualClock(0) });
    await host.settled();
    const snap = host.snapshot('p1');
    const attacks = snap.moves.filter((m) => m.type === 'attack');
    expect(attacks.length).toBe(4);
    const input = typedInput();
    let menus = 0;
    const output = new CapturedOutput((line) => {
      if (line.startsWith('Pass to ') || line === MORE_LINE || line === 'Press Enter to hide your screen.') input.type('');
      if (!line.startsWith('  q. Leave the table')) return;
      menus++;
      const key = (label: RegExp): string => /^ {2}(\d+)\. /.exec(output.lines.findLast((l) => label.test(l)) ?? '')?.[1] ?? 'none';
      if (menus === 1) input.type(key(/Attack with Darth Vader Attack \(Attack 8\): Ben or Cy/));
      else if (menus === 2) input.type(key(/^ {2}\d+\. Back$/));
      else if (menus === 3) input.type(key(/Attack with Darth Vader Attack/));
      else if (menus === 4) input.type(key(/^ {2}\d+\. Cy$/));
      else input.type('q');
    });
    expect(await runTableTerminal(host, { input, output, tty: false })).toBe('quit');
    const menu = output.lines.slice(output.lines.indexOf('Your turn: draw a card, or play a card or a set.'));
    // Draw, and one line for each attacking card: not one a card and target.
    expect(menu.slice(1, 4)).toEqual([
      expect.stringMatching(/^ {2}1\. Draw a card/),
      expect.stringMatching(/^ {2}2\. Attack with Imperial Officer Attack \(Attack 3\): Ben or Cy {2}\((?!Imperial Officer Attack:)/),
      expect.stringMatching(/^ {2}3\. Attack with Darth Vader Attack \(Attack 8\): Ben or Cy {2}\((?!Darth Vader Attack:)/),
    ]);
    expect(output.lines).toContain('Attack with Darth Vader Attack (Attack 8): choose one.');
    expect(host.log.moves.find((m) => m.actor === 'p1')).toMatchObject({ type: 'attack', target: 'p3' });
    await host.close();
  });
});
