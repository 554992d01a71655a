// `imperial-timer print stolen-plans`: the PDF read back holds every card of the chosen sets,
// as many copies as the game's own deckFor deals (each with its name, kind, values and the
// rulebook's words, and its set at its foot), the Starting Resources for the most players the
// deck supports, and a rules summary naming the sets; the right page counts on A4 and Letter;
// pages rendered to PNG under build/print-kit/; a mix the game refuses is a clear error and no
// PDF is written.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSets, CATALOG, deckFor, type DeckPlan } from '../../host/games/stolen-plans/index.ts';
import { cardValues, cardWords, KIND_LABELS } from '../../host/print/stolen-plans.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { count, lookFile, norm, pdfPages, pdfText, print, renderPage } from './pdf-read.ts';

const havePoppler = debianToolOrSkip('pdftotext', 'poppler-utils', 'the Stolen Plans print kit tests', ['-v']);

/** Text without its hyphens: pdftotext joins a word broken after a hyphen at a line's end ("R2-" "D2" → "R2D2"). */
const unhyphened = (text: string): string => text.replace(/-/g, '');

/** Every physical card of the plan is in the text once, with its name, kind, values and words. */
function expectEveryCard(text: string, plan: DeckPlan): void {
  const physical = [...plan.deck, ...plan.besideDiscard];
  for (const type of plan.types.filter((t) => t.dealt !== 'each-player')) {
    const copies = physical.filter((c) => c.type === type.id).length;
    expect(copies, type.id).toBe(type.count);
    expect(count(text, ` · ${type.id} · `), type.id).toBe(copies);
    for (let i = 1; i <= copies; i++) expect(count(text, ` · ${type.id} · ${i} of ${copies}`), `${type.id} ${i}`).toBe(1);
    expect(count(text, type.name), type.name).toBeGreaterThanOrEqual(copies);
    expect(text).toContain(KIND_LABELS[type.kind].word.toUpperCase());
    for (const value of cardValues(type)) expect(text, type.id).toContain(value);
    const words = cardWords(type, plan.types);
    for (const said of [words.text, ...words.plays]) expect(unhyphened(text), type.id).toContain(unhyphened(norm(said)));
  }
  // Nothing printed that the game's deck does not hold.
  const printed = text.match(/ · [a-z0-9-]+ · \d+ of \d+/g) ?? [];
  expect(printed.length).toBe(physical.length);
}

describe.runIf(havePoppler)('print stolen-plans', () => {
  const dir = testTempDir('print-sp-');

  it('the base game: every card of the main deck as deckFor deals it, on the right pages of A4 and Letter', async () => {
    const plan = deckFor({});
    expect(plan.deck.length).toBe(46);
    // 46 cards: 9 a page on A4 (6 pages), 6 a page on Letter (8 pages); then a page of rules summary.
    for (const [paper, pages] of [
      ['a4', 7],
      ['letter', 9],
    ] as const) {
      const out = join(dir, `sp-${paper}.pdf`);
      const run = await print(['stolen-plans', '--paper', paper, '--out', out]);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      expect(run.out).toMatch(new RegExp(`Wrote .*sp-${paper}\\.pdf: ${pages} pages`));
      expect(pdfPages(out).pages).toBe(pages);
      const text = pdfText(out);
      expectEveryCard(text, plan);
      expect(text).toContain('Main deck · jawa-attack · 4 of 4');
      expect(text).not.toMatch(/\bACTIVE\b/);
      expect(text).toContain('rules summary');
      expect(text).toContain('A deck of 46 cards');
      expect(text).toContain('for 2 to 5 players');
      expect(text).toContain('this line is 50 mm at 100 %');
    }
  });

  it("--all: every expansion's cards, each marked with its set, the Starting Resources for 6 players and New Ruling beside the discard pile", async () => {
    const plan = deckFor({ sets: allSets().filter((id) => CATALOG.set(id).kind !== 'optional-rule') });
    const out = join(dir, 'sp-all.pdf');
    expect((await print(['stolen-plans', '--all', '--out', out])).code).toBe(0);
    const text = pdfText(out);
    expectEveryCard(text, plan);
    expect(text).toContain('Rogue One · orson-krennic · 1 of 1');
    expect(text).toContain('Bonus cards · continue-play · 1 of 1');
    expect(text).toContain('Additional Resources · detonator · 2 of 2');
    expect(text).toContain('Additional Bonus Cards · defensive · 1 of 1');
    expect(text).toContain('New Ruling · new-ruling · 1 of 1');
    expect(text).toContain('Beside the discard pile');
    // The cards only in when asked for are not.
    for (const id of ['lose-the-game', 'pass-a-card', 'student-of-the-force']) expect(text).not.toContain(` · ${id} · `);
    // 5 Starting Resources for each of 6 players, Active on one half and Inactive on the other.
    expect(plan.players.max).toBe(6);
    expect(text.match(/\bACTIVE\b/g)?.length).toBe(30);
    expect(text.match(/\bINACTIVE\b/g)?.length).toBe(30);
    for (const resource of plan.eachPlayer) {
      expect(count(text, resource.name), resource.name).toBeGreaterThanOrEqual(2 * 6);
      const words = cardWords(resource, plan.types);
      for (const said of [words.text, ...words.plays]) expect(unhyphened(text)).toContain(unhyphened(norm(said)));
      expect(text).toContain(`Reactivate: discard ${resource.reactivateCost} cards`);
    }
    for (let player = 1; player <= 6; player++) expect(count(text, `Starting Resource · player ${player}`)).toBe(2 * 5);
    expect(text).toContain(`A deck of ${plan.deck.length} cards`);
    expect(text).toContain('Rules in force: 5 cards dealt to each player; at most 1 Defend card against one Attack');
    for (const id of plan.sets) expect(text).toContain(CATALOG.set(id).name);
    renderPage(out, 1, 'stolen-plans-all-a4-page-1');
    expect(statSync(renderPage(out, pdfPages(out).pages - 4, 'stolen-plans-all-a4-resources')).size).toBeGreaterThan(20_000);
  });

  it('the optional rules by name: There is another! takes Continue Play out, and the rules page says why; --include adds a card asked for', async () => {
    const out = join(dir, 'sp-another.pdf');
    const run = await print([
      'stolen-plans',
      '--sets',
      'bonus,there-is-another',
      '--include',
      'lose-the-game,pass-a-card',
      '--leave-out',
      'movement',
      '--out',
      out,
    ]);
    expect(run.err).toBe('');
    const plan = deckFor({ sets: ['bonus', 'there-is-another'], include: ['lose-the-game', 'pass-a-card'], leaveOut: ['movement'] });
    const text = pdfText(out);
    expectEveryCard(text, plan);
    expect(text).not.toContain(' · continue-play · ');
    expect(text).not.toContain(' · movement · ');
    expect(text).toContain('Bonus cards · lose-the-game · 1 of 1');
    expect(text).toMatch(/Taken out at set-up, so not printed: Continue Play \(There is another!: Continue Play is played when the last card is picked up/);
    expect(text).toContain('the game goes on after the last card is drawn');
  });

  it('renders a page of cards to PNG under build/print-kit/ for a person to look at', async () => {
    const out = lookFile('stolen-plans-a4.pdf');
    expect((await print(['stolen-plans', '--out', out])).code).toBe(0);
    expect(statSync(renderPage(out, 1, 'stolen-plans-a4-page-1')).size).toBeGreaterThan(20_000);
    expect(statSync(renderPage(out, 4, 'stolen-plans-a4-page-4')).size).toBeGreaterThan(20_000);
  });

  it('a mix the game refuses, or a flag without ids, is a clear error and no PDF is written', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--sets', 'bonus,rogue-two'],
        /"rogue-two" is not an option set of Stolen Plans \(choose from: bonus, r2-d2-where-are-you, there-is-another, starting-resources, additional-resources, new-ruling, additional-bonus, rogue-one\)/,
      ],
      [
        ['--sets', 'additional-resources'],
        /Additional Resources \(additional-resources\) is played with Starting Resources: add starting-resources, or leave out additional-resources/,
      ],
      [
        ['--include', 'lose-the-game'],
        /include: Lose the Game \(Lured to the Dark Side\) \(lose-the-game\) comes with Bonus cards \(2nd edition\) \(bonus\), which is not chosen: add bonus to the sets/,
      ],
      [
        ['--sets', 'bonus', '--include', 'student-of-the-force,end-game'],
        /End Game \(end-game\) cannot be in this game: it needs Luke Skywalker Rebel Hero \(luke-skywalker\) in the deck/,
      ],
      [['--sets', 'bonus', '--include', 'traitor', '--leave-out', 'traitor'], /leaveOut|"traitor"/],
      [['--sets', 'bonus', '--leave-out', 'x-wing'], /leaveOut: "x-wing" is not a card of Stolen Plans/],
      [['--sets', ' , '], /--sets needs one or more ids separated by commas, e.g. --sets bonus,rogue-one/],
      [['--players', '4'], /unknown flag --players/],
    ];
    for (const [flags, message] of cases) {
      const out = join(dir, 'refused.pdf');
      const run = await print(['stolen-plans', ...flags, '--out', out]);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.err, flags.join(' ')).toMatch(message);
      expect(run.err, flags.join(' ')).toMatch(/print stolen-plans --help shows the flags/);
      expect(existsSync(out), flags.join(' ')).toBe(false);
    }
  });
});

describe('print stolen-plans: the command line', () => {
  it('shows its flags with the sets the game names', async () => {
    const help = await print(['stolen-plans', '--help']);
    expect(help.code).toBe(0);
    const words = norm(help.out);
    expect(words).toMatch(/--sets a,b option sets besides the main deck/);
    expect(words).toContain(allSets().join(', '));
    expect(words).toMatch(
      /--all every set that brings cards: bonus, starting-resources, additional-resources, new-ruling, additional-bonus, rogue-one \(the optional rules/,
    );
    expect(
      help.out
        .split('\n')
        .filter((line) => line.startsWith('  '))
        .every((line) => line.length <= 100),
    ).toBe(true);
    expect(help.out).toMatch(/--include a,b/);
    expect(help.out).toMatch(/--leave-out a,b/);
  });
});
