// The Stolen Plans and Queen's Gambit kits are drawn from the games' data, never from a copy: a
// changed data file (a grid's blocked spaces, a card's title, a card's copies and value) is what
// the PDF then holds; and a kit's own data file (its rules summary) is checked when loaded.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../host/engine/data.ts';
import { loadQueensGambit, STANDARD_FILES } from '../../host/games/queens-gambit/load.ts';
import { deckFor, loadCatalog, readCatalogFiles } from '../../host/games/stolen-plans/index.ts';
import { PAPERS } from '../../host/print/layout.ts';
import { queensGambitPrintData, stolenPlansPrintData } from '../../host/print/print-data.ts';
import { queensGambitKit } from '../../host/print/queens-gambit.ts';
import { renderKit } from '../../host/print/render.ts';
import { stolenPlansKit } from '../../host/print/stolen-plans.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { count, pdfText } from './pdf-read.ts';

const havePoppler = debianToolOrSkip('pdftotext', 'poppler-utils', 'the print kit data tests', ['-v']);

type Json = Record<string, unknown> & { [key: string]: any };

describe.runIf(havePoppler)("the kits follow the games' data", () => {
  const dir = testTempDir('print-data-');

  it("The Queen's Gambit: a grid's blocked spaces and a card's title as the data files say", async () => {
    const files = structuredClone(STANDARD_FILES) as unknown as Json;
    files.space.grids[0].blocked = [2, 12];
    const card = files.decks['naboo-battlefield'].cards.find((c: Json) => c.id === 'nb-move-anakin');
    card.title = 'Fly, Anakin';
    const data = loadQueensGambit(files as unknown as typeof STANDARD_FILES);
    const out = join(dir, 'qg.pdf');
    writeFileSync(out, (await renderKit(queensGambitKit(data), PAPERS.a4)).pdf);
    const text = pdfText(out);
    expect(text).toContain('Blocked: 2, 12');
    expect(text).not.toContain('Blocked: 2, 3, 11, 12');
    expect(count(text, 'Fly, Anakin')).toBe(card.copies);
  });

  it("Stolen Plans: a card's copies and value as cards.json says, through deckFor", async () => {
    const files = structuredClone(readCatalogFiles()) as unknown as Json;
    const jawa = files.cards.cards.find((c: Json) => c.id === 'jawa-attack');
    jawa.count = 5;
    jawa.plays[0].effect.value = 6;
    // Its text, printed on the card, says its value too.
    jawa.text = 'Attack 6: the player you attack loses 6 cards unless they Defend.';
    const catalog = loadCatalog(files as unknown as ReturnType<typeof readCatalogFiles>);
    const plan = deckFor({}, catalog);
    expect(plan.deck.length).toBe(47);
    const out = join(dir, 'sp.pdf');
    writeFileSync(out, (await renderKit(stolenPlansKit(plan, catalog), PAPERS.a4)).pdf);
    const text = pdfText(out);
    expect(count(text, ' · jawa-attack · ')).toBe(5);
    expect(text).toContain('Main deck · jawa-attack · 5 of 5');
    expect(text).toContain('A deck of 47 cards');
    // The Jawas' Attack 6 beside the Imperial Guard's two; no Attack 5 is left.
    expect(count(text, 'Attack 6')).toBeGreaterThanOrEqual(5 + 2);
    expect(text).not.toContain('Attack 5');
  });
});

describe("the kits' own data files", () => {
  it('a rules summary that is empty or misspelt is an error naming the file and the entry', () => {
    expect(() => stolenPlansPrintData({ format: 'imperial-timer-print/1', description: 'x', summary: [] })).toThrow(DataError);
    expect(() => stolenPlansPrintData({ format: 'imperial-timer-print/1', description: 'x', summary: [] })).toThrow(
      /host\/print\/data\/stolen-plans\.json: summary: the rules summary needs at least one section/,
    );
    expect(() => queensGambitPrintData({ format: 'imperial-timer-print/1', description: 'x', summary: [{ heading: 'Goal', paragraph: ['y'] }] })).toThrow(
      /host\/print\/data\/queens-gambit\.json: summary\[0\].*paragraph/,
    );
    expect(stolenPlansPrintData().summary.length).toBeGreaterThan(3);
    expect(queensGambitPrintData().summary.map((s) => s.heading)).toContain('Not in this kit');
  });
});
