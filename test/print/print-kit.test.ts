// `imperial-timer print <game>`: the PDF read back with poppler-utils holds every code and every
// placard, card and profile name, has the right page count on A4 and on US Letter, and one page
// is rendered to PNG under build/print-kit/ for a person to look at. A bad --pack file or an
// unwritable --out is a clear error, and no PDF is written.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import packJson from '../../firmware/pack/rebel-missions.json' with { type: 'json' };
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import { STANDARD_DECK } from '../../host/games/secret-invasion/deck.ts';
import { memoryIo } from '../companion/cli-process.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { count, LOOK_DIR, lookFile, pdfPages, pdfText, print } from './pdf-read.ts';

const havePoppler = debianToolOrSkip('pdftotext', 'poppler-utils', 'the print kit tests', ['-v']);

describe.runIf(havePoppler)('print rebel-missions', () => {
  const dir = testTempDir('print-');

  it('holds every placard with its code (digits), every profile and ability, the tokens and dice, on the right pages', async () => {
    for (const [paper, pages, size] of [
      ['a4', 6, /\(A4\)/],
      ['letter', 8, /\(letter\)/],
    ] as const) {
      const out = join(dir, `rm-${paper}.pdf`);
      const run = await print(['rebel-missions', '--out', out, '--paper', paper]);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      expect(run.out).toMatch(new RegExp(`Wrote .*rm-${paper}\\.pdf: ${pages} pages`));
      expect(pdfPages(out)).toMatchObject({ pages });
      expect(pdfPages(out).size).toMatch(size);
      const text = pdfText(out);
      for (const placard of STANDARD_COMPONENTS.placards) {
        expect(text).toContain(placard.name);
        expect(text).toContain(placard.inquisitor ? `INQUISITOR · ${placard.id}` : `MISSION · ${placard.id}`);
        if (placard.code !== null) expect(text).toContain(`Code ${placard.code} (${placard.codeSymbols.join(', ')})`);
      }
      // Only the coded placards carry a code: 24 codes, the 4 Inquisitor placards none.
      expect(count(text, 'Code ')).toBe(STANDARD_COMPONENTS.placards.filter((p) => p.code !== null).length);
      expect(count(text, 'No code.')).toBe(STANDARD_COMPONENTS.placards.filter((p) => p.inquisitor).length);
      for (const profile of STANDARD_COMPONENTS.profiles) {
        expect(text).toContain(profile.name);
        expect(text).toContain(profile.ability.name);
        expect(text).toContain(profile.ability.text);
      }
      // 44 tokens, each with its word; two dice of six faces.
      const words = ['Blaster', 'Credits', 'Fuel', 'Intel', 'Tools', 'Chopper'];
      expect(text).toMatch(/44 resource tokens \(8 Blaster, 8 Credits, 8 Fuel, 8 Intel, 8 Tools, 4 Chopper\)/);
      for (const word of words) expect(count(text, word)).toBeGreaterThanOrEqual(word === 'Chopper' ? 4 : 8);
      // The dice faces in the rulebook's words (Single Token, Double Token), on the stickers and in the rules summary.
      expect(count(text, 'Single Token')).toBeGreaterThanOrEqual(4);
      expect(count(text, 'Double Token')).toBeGreaterThanOrEqual(2);
      expect(text).toContain('All Play');
      expect(text).not.toMatch(/One token|Two tokens/i);
      expect(count(text, 'Empire')).toBeGreaterThanOrEqual(2);
      expect(text).toContain('rules summary');
      expect(text).toContain('this line is 50 mm at 100 %');
    }
  });

  it('renders one page to PNG under build/print-kit/ for a person to look at', async () => {
    mkdirSync(LOOK_DIR, { recursive: true });
    const out = lookFile('rebel-missions-a4.pdf');
    expect((await print(['rebel-missions', '--out', out])).code).toBe(0);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '100', '-png', '-singlefile', out, join(LOOK_DIR, 'rebel-missions-a4-page-1')]);
    const png = join(LOOK_DIR, 'rebel-missions-a4-page-1.png');
    expect(statSync(png).size).toBeGreaterThan(20_000);
    const siOut = lookFile('secret-invasion-letter.pdf');
    expect((await print(['secret-invasion', '--paper', 'letter', '--out', siOut])).code).toBe(0);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '100', '-png', '-singlefile', siOut, join(LOOK_DIR, 'secret-invasion-letter-page-1')]);
    expect(statSync(join(LOOK_DIR, 'secret-invasion-letter-page-1.png')).size).toBeGreaterThan(20_000);
  });

  it("--pack F prints the pack file's placards and codes", async () => {
    const packPath = join(dir, 'my-pack.json');
    const placards = packJson.placards.map((p, i) =>
      p.code === undefined ? p : { ...p, name: `My ${p.name}`, code: i === 0 ? '414' : i === 10 ? '312' : p.code },
    );
    writeFileSync(packPath, JSON.stringify({ ...packJson, placards }));
    const out = join(dir, 'mine.pdf');
    expect((await print(['rebel-missions', '--pack', packPath, '--out', out])).code).toBe(0);
    const text = pdfText(out);
    expect(text).toContain('My Rescue the Wookiee Prisoners');
    expect(text).toContain('Code 414 (star, circle, star)');
    expect(text).toContain('Code 312 (diamond, circle, square)');
  });

  it('a bad --pack file is a clear error naming the file and the entry, and no PDF is written', async () => {
    const cases: [string, string, RegExp][] = [
      ['not-json.json', '{ "format": ', /not-json\.json is not a pack file: it is not valid JSON/],
      [
        'double.json',
        JSON.stringify({ ...packJson, placards: packJson.placards.map((p, i) => (i === 2 ? { ...p, code: '331' } : p)) }),
        /double\.json: placard 3 \(M03\), code: "331" has the same symbol twice in a row, which the timer refuses/,
      ],
      [
        'typo.json',
        JSON.stringify({ ...packJson, placards: packJson.placards.map((p, i) => (i === 1 ? { ...p, naem: 'x' } : p)) }),
        /typo\.json: placard 2 \(M02\): .*naem/,
      ],
      [
        'symbols.json',
        JSON.stringify({ ...packJson, symbols: ['circle', 'square', 'triangle', 'star'] }),
        /symbols\.json: symbols: the timer's symbols are circle, square, diamond, star \(in that order\), got circle, square, triangle, star/,
      ],
      [
        'repeat.json',
        JSON.stringify({ ...packJson, placards: packJson.placards.map((p, i) => (i === 1 ? { ...p, code: '312' } : p)) }),
        /repeat\.json: placard 2 \(M02\), code: "312" is already the code of placard 1 \(M01\)/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const packPath = join(dir, name);
      writeFileSync(packPath, content);
      const out = join(dir, `${name}.pdf`);
      const run = await print(['rebel-missions', '--pack', packPath, '--out', out]);
      expect(run.code, name).toBe(1);
      expect(run.err, name).toMatch(message);
      expect(run.err, name).toMatch(/No PDF was written\./);
      expect(existsSync(out), name).toBe(false);
    }
    const missing = await print(['rebel-missions', '--pack', join(dir, 'nope.json'), '--out', join(dir, 'nope.pdf')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/there is no pack file .*nope\.json/);
  });

  it('an unwritable --out is a clear error, and leaves nothing behind', async () => {
    const noFolder = await print(['rebel-missions', '--out', join(dir, 'no-such-folder', 'kit.pdf')]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.err).toMatch(/cannot write .*kit\.pdf: the folder .*no-such-folder does not exist\. Choose another file with --out FILE\./);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const underFile = await print(['rebel-missions', '--out', join(file, 'kit.pdf')]);
    expect(underFile.code).toBe(1);
    expect(underFile.err).toMatch(/cannot write .*a-file\/kit\.pdf: a part of .*a-file is a file, not a folder/);
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const onFolder = await print(['rebel-missions', '--out', folder]);
    expect(onFolder.code).toBe(1);
    expect(onFolder.err).toMatch(/cannot write .*a-folder: it is a folder/);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe.runIf(havePoppler)('print secret-invasion', () => {
  it('holds the 17 cards with value, name and effect, the 4 reference cards and the 14 victory tokens, on the right pages', async () => {
    const dir = testTempDir('print-');
    for (const [paper, pages] of [
      ['a4', 4],
      ['letter', 5],
    ] as const) {
      const out = join(dir, `si-${paper}.pdf`);
      expect((await print(['secret-invasion', '--paper', paper, '--out', out])).code).toBe(0);
      expect(pdfPages(out).pages).toBe(pages);
      const text = pdfText(out);
      for (const character of STANDARD_DECK.characters) {
        // Each card of the deck, and a line on each of the 4 reference cards.
        expect(count(text, character.name), character.name).toBeGreaterThanOrEqual(character.count + 4);
        expect(text).toContain(character.text);
        expect(text).toContain(`${character.count} of 17 cards`);
      }
      expect(count(text, 'Reference')).toBe(4);
      expect(count(text, 'value · card · in the deck')).toBe(4);
      expect(count(text, 'Victory ')).toBeGreaterThanOrEqual(14);
      expect(text).toContain('2 players: 7 tokens, 3 players: 5 tokens, 4 players: 4 tokens');
    }
  });
});

describe('print: the command line', () => {
  it('shows its help, refuses a bad paper or an unknown game', async () => {
    const help = await print(['rebel-missions', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/--paper a4\|letter +the paper size \(default a4\)/);
    expect(help.out).toMatch(/--pack FILE/);
    expect(help.out).toMatch(/100 %/);
    const paper = await print(['rebel-missions', '--paper', 'a3']);
    expect(paper.code).toBe(2);
    expect(paper.err).toMatch(/--paper must be one of a4, letter, got "a3"/);
    const game = await print(['chess']);
    expect(game.code).toBe(2);
    expect(game.err).toMatch(/no print kit for "chess" \(games: rebel-missions, secret-invasion, stolen-plans, queens-gambit\)/);
    const packForSi = await print(['secret-invasion', '--pack', 'x.json']);
    expect(packForSi.code).toBe(2);
    expect(packForSi.err).toMatch(/unknown flag --pack/);
    const top = memoryIo();
    expect(await runCli(['help'], top.io)).toBe(0);
    expect(top.out()).toMatch(/print <game> \.\.\. +a print-and-play PDF/);
  });
});
