// Damaged data files: every problem is a DataError naming the file, the entry and what is wrong,
// whether the file is not JSON, has a bad shape, or names something that does not exist.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import { DATA_DIR, loadCatalog, readCatalogFiles, type CatalogFiles } from '../../../host/games/stolen-plans/load.ts';
import { testTempDir } from '../../support/temp-dir.ts';

// A JSON file being damaged on purpose: any shape may be written into it.
type Json = Record<string, any>;
const SHIPPED = readCatalogFiles();

function damaged(file: keyof CatalogFiles, change: (json: Json) => void): CatalogFiles {
  const json = structuredClone(SHIPPED[file]) as Json;
  change(json);
  return { ...SHIPPED, [file]: json };
}

function problem(files: CatalogFiles): DataError {
  try {
    loadCatalog(files);
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected the data to be refused');
}

const CARDS = 'host/games/stolen-plans/data/cards.json';
const WINDOWS = 'host/games/stolen-plans/data/windows.json';
const SETS = 'host/games/stolen-plans/data/sets.json';
const TABLE = 'host/games/stolen-plans/data/table.json';
const card = (json: Json, id: string): Json => (json.cards as Json[]).find((c) => c.id === id)!;
/** `cards[17] (boba-fett-steal)`: how an error names a card of the shipped file. */
const at = (id: string): string => `cards[${(SHIPPED.cards as Json).cards.findIndex((c: Json) => c.id === id)}] (${id})`;

describe('Stolen Plans data files', () => {
  it('load as shipped', () => {
    expect(() => loadCatalog(SHIPPED)).not.toThrow();
  });

  it('give the errors the README shows as examples', () => {
    const readme = readFileSync(join(DATA_DIR, '..', 'README.md'), 'utf8');
    const negative = problem(damaged('cards', (j) => (card(j, 'jawa-attack').plays[0].effect.value = -5))).message;
    const window = problem(damaged('cards', (j) => (card(j, 'capture').plays[0].when = 'window:defend-playd'))).message;
    expect(readme).toContain(`\`${negative}\``);
    expect(readme).toContain(`\`...: ${window.slice(`${CARDS}: `.length)}\``);
  });

  it('name the card, the play and the field of a bad value', () => {
    expect(problem(damaged('cards', (j) => (card(j, 'jawa-attack').plays[0].effect.value = 'five'))).message).toBe(
      `${CARDS}: ${at('jawa-attack')}.plays[0] (attack).effect.value: expected number, got the text "five"`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'jawa-attack').plays[0].effect.value = -5))).message).toBe(
      `${CARDS}: ${at('jawa-attack')}.plays[0] (attack).effect.value: must be 0 or more`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'boba-fett-steal').count = 0))).message).toBe(
      `${CARDS}: ${at('boba-fett-steal')}.count: must be 1 or more`,
    );
  });

  it('name an unknown effect or kind, a missing field and an unknown field', () => {
    const kind = problem(damaged('cards', (j) => (card(j, 'jawa-attack').plays[0].effect.kind = 'atack')));
    expect(kind.entry).toBe(`${at('jawa-attack')}.plays[0] (attack).effect.kind`);
    expect(kind.problem).toMatch(/^expected \("attack" \| "defend" .*got the text "atack"$/);
    expect(problem(damaged('cards', (j) => delete card(j, 'scout').heading)).message).toBe(`${CARDS}: ${at('scout')}.heading: missing`);
    expect(problem(damaged('cards', (j) => (card(j, 'scout').coutn = 1))).message).toBe(`${CARDS}: ${at('scout')}: unknown field "coutn"`);
    expect(problem(damaged('cards', (j) => (card(j, 'cancel').plays[0].when = 'out-of-turn'))).message).toBe(
      `${CARDS}: ${at('cancel')}.plays[0] (cancel).when: must be own-turn or window:<window id>`,
    );
  });

  it('name what a card refers to that does not exist', () => {
    expect(problem(damaged('cards', (j) => (card(j, 'capture').plays[0].when = 'window:defend-playd'))).message).toBe(
      `${CARDS}: ${at('capture')}.plays[0] (capture-defend).when: "defend-playd" is not a window of windows.json`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'end-game').plays[0].with[1].card = 'luke'))).message).toBe(
      `${CARDS}: ${at('end-game')}.plays[0] (win).with[1].card: "luke" is not in cards.json`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'block-steal').plays[0].against = ['card:boba-fet-steal']))).message).toBe(
      `${CARDS}: ${at('block-steal')}.plays[0] (block).against[0]: names the card "boba-fet-steal", which is not in cards.json`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'cancel').plays[0].against = ['effect:atack']))).message).toBe(
      `${CARDS}: ${at('cancel')}.plays[0] (cancel).against[0]: names the effect "atack", which is not an effect kind`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'counter').requires = ['advantge']))).message).toBe(
      `${CARDS}: ${at('counter')}.requires: names "advantge", which is not in cards.json`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'scout').set = 'bonuses'))).message).toBe(
      `${CARDS}: ${at('scout')}.set: "bonuses" is not a set of sets.json`,
    );
  });

  it('refuse a card twice, an answer that does not say what it answers, and rules broken by a card', () => {
    expect(problem(damaged('cards', (j) => (card(j, 'scout').id = 'search'))).message).toBe(
      `${CARDS}: ${at('scout').replace('scout', 'search')}: the id "search" appears more than once`,
    );
    expect(problem(damaged('cards', (j) => delete card(j, 'evade').plays[0].against)).message).toBe(
      `${CARDS}: ${at('evade')}.plays[0] (evade).against: an answer in target-response must say which plays it answers`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'decoy').tags = []))).message).toBe(
      `${CARDS}: ${at('decoy')}.tags: the held cards and R2-D2, and only they, cannot be discarded`,
    );
    expect(problem(damaged('cards', (j) => delete card(j, 'food').reactivateCost)).message).toBe(
      `${CARDS}: ${at('food')}.reactivateCost: resources, and only resources, have a reactivation cost`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'locate-plans').kind = 'action'))).message).toBe(
      `${CARDS}: ${at('locate-plans')}.kind: action: the cards placed in play, and only they, are of kind jedi, permanent, squad`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'defensive').tags = []))).message).toBe(
      `${CARDS}: ${at('defensive')}.tags: the squad cards, and only they, are tagged squad`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'burn-cards').plays[0].target = 'one-other'))).message).toBe(
      `${CARDS}: ${at('burn-cards')}.plays[0] (burn).target: must be "each-other", whom its effect is aimed at`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'movement').plays[0].unanswered = true))).message).toBe(
      `${CARDS}: ${at('movement')}.plays[0] (movement).unanswered: only a play aimed at one player can be left unanswered`,
    );
    expect(problem(damaged('cards', (j) => (card(j, 'jawa-attack').byDefault = false))).message).toBe(
      `${CARDS}: ${at('jawa-attack')}.byDefault: false, but its set "base" is not one whose cards are chosen`,
    );
  });

  it('name the window of a damaged windows.json', () => {
    const index = (j: Json, id: string): Json => (j.windows as Json[]).find((w) => w.id === id)!;
    expect(problem(damaged('windows', (j) => (index(j, 'defend-played').nestsIn = ['target-responce']))).message).toBe(
      `${WINDOWS}: windows[2] (defend-played).nestsIn[0]: "target-responce" is neither turn nor a window`,
    );
    expect(problem(damaged('windows', (j) => delete index(j, 'turn-start').quickWords)).message).toBe(
      `${WINDOWS}: windows[0] (turn-start).quickWords: missing: a quick window quotes the rulebook words that make it quick`,
    );
    expect(problem(damaged('windows', (j) => (index(j, 'drawn').closes = 'first'))).message).toBe(
      `${WINDOWS}: windows[9] (drawn).closes: expected ("first-answer" | "all-pass" | "each-answers"), got the text "first"`,
    );
    expect(problem(damaged('windows', (j) => (index(j, 'turn-start').askedOnlyIf = ['holds-cards:1', 'may-hold:mis-a-turn']))).message).toBe(
      `${WINDOWS}: windows[0] (turn-start).askedOnlyIf[1]: names the card "mis-a-turn", which is not in cards.json`,
    );
    expect(problem(damaged('windows', (j) => (index(j, 'steal-peek').askedOnlyIf = ['holds-tracking-beacon']))).message).toMatch(
      new RegExp(`^${WINDOWS.replaceAll('.', '\\.')}: windows\\[5\\] \\(steal-peek\\)\\.askedOnlyIf\\[0\\]: must be holds-cards:<n>, may-hold:<card>`),
    );
    expect(problem(damaged('windows', (j) => (index(j, 'drawn').askedOnlyIf = ['nominated-opener:cargo-ship']))).message).toBe(
      `${WINDOWS}: windows[9] (drawn).askedOnlyIf[0]: "cargo-ship" nominates nobody`,
    );
    expect(problem(damaged('windows', (j) => (j.windows as Json[]).push({ ...index(j, 'drawn'), id: 'nobody-answers' }))).message).toBe(
      `${WINDOWS}: windows[${(SHIPPED.windows as Json).windows.length}] (nobody-answers): no card of cards.json answers in this reaction window`,
    );
  });

  it('name the set of a damaged sets.json, and the number of a damaged table.json', () => {
    const set = (j: Json, id: string): Json => (j.sets as Json[]).find((s) => s.id === id)!;
    expect(problem(damaged('sets', (j) => (set(j, 'additional-resources').requires = ['starting-resource']))).message).toBe(
      `${SETS}: sets[5] (additional-resources).requires[0]: "starting-resource" is not a set`,
    );
    expect(problem(damaged('sets', (j) => (set(j, 'there-is-another').removes[0].card = 'continue'))).message).toBe(
      `${SETS}: sets[3] (there-is-another).removes[0].card: "continue" is not in cards.json`,
    );
    expect(problem(damaged('sets', (j) => (j.sets as Json[]).reverse())).message).toBe(`${SETS}: sets: the first set must be "base", the only one always in`);
    expect(problem(damaged('table', (j) => (j.players.max = 1))).message).toBe(`${TABLE}: players.max: must not be below players.min`);
    expect(problem(damaged('table', (j) => (j.quickWindowSeconds.default = 90))).message).toBe(`${TABLE}: quickWindowSeconds.default: must be from 1 to 60`);
    expect(problem(damaged('table', (j) => (j.format = 'stolen-plans-table/2'))).message).toBe(
      `${TABLE}: format: expected "stolen-plans-table/1", got the text "stolen-plans-table/2"`,
    );
  });

  it('name a data file on disk that is not JSON, or missing', () => {
    const dir = testTempDir('stolen-plans-data-');
    for (const name of ['cards', 'windows', 'sets', 'table']) copyFileSync(join(DATA_DIR, `${name}.json`), join(dir, `${name}.json`));
    expect(() => loadCatalog(readCatalogFiles(dir))).not.toThrow();
    writeFileSync(join(dir, 'windows.json'), '{ "format": "stolen-plans-windows/1", ');
    expect(() => readCatalogFiles(dir)).toThrow(new RegExp(`^${join(dir, 'windows.json')}: the file: is not valid JSON`));
    writeFileSync(join(dir, 'sets.json'), '');
    copyFileSync(join(DATA_DIR, 'windows.json'), join(dir, 'windows.json'));
    expect(() => readCatalogFiles(dir)).toThrow(`${join(dir, 'sets.json')}: the file: is not valid JSON`);
    copyFileSync(join(DATA_DIR, 'sets.json'), join(dir, 'sets.json'));
    const table = JSON.parse(JSON.stringify(SHIPPED.table)) as Json;
    table.handSize = 'five';
    writeFileSync(join(dir, 'table.json'), JSON.stringify(table));
    expect(() => loadCatalog(readCatalogFiles(dir))).toThrow(`${TABLE}: handSize: expected number, got the text "five"`);
  });
});
