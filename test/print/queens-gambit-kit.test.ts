// `imperial-timer print queens-gambit`: the PDF read back holds the four 45-card decks (every
// card's title and its text from card-text.ts, its deck named on the face), the 8 Starfighter
// cards and the five space grids with their blocked spaces, every unit on the reference sheets
// with its move, range, attack and defense dice and damage, a damage track for every character on
// the table, a sticker for every face of every symbol die in the box, the markers and a rules
// summary that says what is not printed; the right page counts on A4 and Letter; pages rendered
// to PNG under build/print-kit/; a bad flag is a clear error and no PDF is written.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardText } from '../../host/games/queens-gambit/card-text.ts';
import { DECK_IDS, standardData } from '../../host/games/queens-gambit/load.ts';
import { poolText } from '../../host/games/queens-gambit/tables.ts';
import { attackWords, damageTracks, damageWords, deckMark } from '../../host/print/queens-gambit.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { count, lookFile, norm, pdfPages, pdfText, print, renderPage } from './pdf-read.ts';

const havePoppler = debianToolOrSkip('pdftotext', 'poppler-utils', "The Queen's Gambit print kit tests", ['-v']);
const data = standardData();

describe.runIf(havePoppler)('print queens-gambit', () => {
  const dir = testTempDir('print-qg-');

  it('holds the four decks, the Starfighter cards, the grids, the reference sheets, the stickers and the markers, on the right pages', async () => {
    // A4: each deck 5 pages (9 a page), the Starfighter cards 1, the grids with Anakin's spaces
    // and the markers 1, the reference sheets 4, the 84 stickers 1, the rules summary 2.
    // Letter: each deck 8 pages (6 a page), the Starfighter cards 2, the grids, spaces and
    // markers 2, the sheets 4, the stickers 1 (12 × 15), the rules summary 3.
    for (const [paper, pages] of [
      ['a4', 29],
      ['letter', 42],
    ] as const) {
      const out = join(dir, `qg-${paper}.pdf`);
      const run = await print(['queens-gambit', '--paper', paper, '--out', out]);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      expect(pdfPages(out).pages, paper).toBe(pages);
      const text = pdfText(out);

      for (const id of DECK_IDS) {
        const deck = data.decks[id];
        expect(deck.physicalCards.length).toBe(45);
        // Every card names its deck on its face (the deck's border colour is drawn around it).
        expect(count(text, deckMark(deck)), id).toBe(45);
        for (const card of deck.cards) {
          if (card.title !== null) expect(count(text, card.title), card.id).toBeGreaterThanOrEqual(card.copies);
          const words = norm(cardText(card, (u) => data.unit(u)));
          expect(count(text, words), card.id).toBeGreaterThanOrEqual(card.copies);
          for (let copy = 1; copy <= card.copies; copy++) expect(text, card.id).toContain(`${deck.name} · ${copy} of ${card.copies}`);
        }
      }

      expect(data.space.starfighters.length).toBe(8);
      data.space.starfighters.forEach((grid, i) => {
        expect(text).toContain(`Starfighter card ${i + 1}`);
        expect(text).toContain(`Roll ${grid.greyDice} grey dice`);
      });
      expect(data.space.grids.length).toBe(5);
      data.space.grids.forEach((_, i) => {
        expect(text).toContain(`Space grid ${i + 1}`);
        expect(text).toContain(`Between Anakin's spaces ${i + 1} and ${i + 2}`);
      });
      for (const grid of [...data.space.grids, ...data.space.starfighters]) expect(text, grid.id).toContain(`Blocked: ${grid.blocked.join(', ')}`);
      expect(count(text, 'ANAKIN')).toBe(data.space.anakinSpaces);
      expect(text).toContain('Droid Control Ship');

      for (const title of [
        'Trade Federation · Battlefield reference sheet',
        'Trade Federation · Theed Palace and Melting Pit reference sheet',
        'Naboo · Battlefield reference sheet',
        'Naboo · Theed Palace and Melting Pit reference sheet',
      ])
        expect(text).toContain(title);
      for (const unit of data.units.units) {
        expect(text, unit.id).toContain(unit.name);
        expect(text, unit.id).toContain(norm(attackWords(unit)));
        expect(text, unit.id).toContain(damageWords(unit));
        if (unit.bonus !== null) expect(text, unit.id).toContain(`${unit.name} Bonus: ${unit.bonus.cards} card`);
        if (Object.keys(unit.defense).length > 0) expect(text, unit.id).toContain(poolText(unit.defense));
      }
      // A track for every character with a damage marker on the table: 18, as the box holds.
      const tracks = damageTracks(data, data.units.units);
      const markers = data.setup.damageMarkers.naboo.count + data.setup.damageMarkers['trade-federation'].count;
      expect(tracks.length).toBe(markers);
      for (const track of tracks) expect(text).toContain(track.label);
      expect(text).toContain('Catapult 3');
      expect(text).toContain('Armored Attack Tank 4');

      // A sticker for every face of every symbol die the box holds.
      const names = new Map(data.dice.symbols.map((s) => [s.id, s.name.replace(/ \(.*\)$/, '')]));
      let stickers = 0;
      for (const die of data.dice.dice) {
        for (const face of new Set(die.faces)) {
          const onDie = die.faces.filter((f) => f === face).length;
          const label = `${die.id} ${names.get(face) ?? face}`;
          expect(text.match(new RegExp(`${label}(?!\\w| die)`, 'g'))?.length, label).toBe(die.inBox * onDie);
        }
        stickers += die.inBox * die.faces.length;
      }
      expect(stickers).toBe(84);
      expect(text).toContain(`${stickers} dice stickers`);

      expect(text).toContain('First Player');
      expect(text).toContain('Real Queen Amidala');
      expect(text).toContain('Decoy');
      expect(text).toContain('rules summary');
      expect(text).toMatch(/Not in this kit The two game boards .* are not printed/);
      expect(text).toContain('this line is 50 mm at 100 %');
    }
  });

  it('renders a deck page, a reference sheet and the stickers to PNG under build/print-kit/ for a person to look at', async () => {
    const out = lookFile('queens-gambit-a4.pdf');
    expect((await print(['queens-gambit', '--out', out])).code).toBe(0);
    expect(statSync(renderPage(out, 1, 'queens-gambit-a4-page-1')).size).toBeGreaterThan(20_000);
    expect(statSync(renderPage(out, 21, 'queens-gambit-a4-starfighters')).size).toBeGreaterThan(20_000);
    expect(statSync(renderPage(out, 23, 'queens-gambit-a4-reference-sheet')).size).toBeGreaterThan(20_000);
    expect(statSync(renderPage(out, 27, 'queens-gambit-a4-stickers')).size).toBeGreaterThan(20_000);
  });

  it('a flag it does not take, or a stray word, is a clear error and no PDF is written', async () => {
    for (const [flags, message] of [
      [['--sets', 'bonus'], /print queens-gambit: unknown flag --sets \(the flags are --out, --paper, --help\)/],
      [['four-players'], /print queens-gambit: unexpected word "four-players"/],
      [['--paper', 'a5'], /--paper must be one of a4, letter, got "a5"/],
    ] as const) {
      const out = join(dir, 'refused.pdf');
      const run = await print(['queens-gambit', ...flags, '--out', out]);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(message);
      expect(existsSync(out)).toBe(false);
    }
  });
});

describe('print queens-gambit: the command line', () => {
  it('says what the kit holds and that the boards and miniatures are not printed', async () => {
    const help = await print(['queens-gambit', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/the four 45-card action decks, the 8 Starfighter cards/);
    expect(help.out).toMatch(/the boards, the Theed Palace and the miniatures are not printed/);
  });
});
