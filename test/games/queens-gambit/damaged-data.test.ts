// Damaged data files: each is refused with an error naming the file, the entry and the
// problem, whether the damage breaks a file's shape (the schema) or its agreement with the
// other files (the cross-file checks); and a damaged file on disk is named by its path.

import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import { DATA_DIR, loadQueensGambit, loadQueensGambitFrom, STANDARD_FILES, type QueensGambitFiles } from '../../../host/games/queens-gambit/load.ts';
import { testTempDir } from '../../support/temp-dir.ts';

type Json = Record<string, unknown> & { [key: string]: any };

/** A deep copy of the shipped files with one change made by `damage`. */
function damaged(damage: (files: { [K in keyof QueensGambitFiles]: any }) => void): QueensGambitFiles {
  const copy = structuredClone(STANDARD_FILES) as { [K in keyof QueensGambitFiles]: any };
  damage(copy);
  return copy;
}

function errorOf(files: QueensGambitFiles): DataError {
  try {
    loadQueensGambit(files);
  } catch (err) {
    if (err instanceof DataError) return err;
    throw err;
  }
  throw new Error('the damaged files loaded without an error');
}

const deckFile = (id: string) => `${DATA_DIR}/decks/${id}.json`;

describe('damage to one file is reported with the file, the entry and the problem', () => {
  const cases: [string, (f: { [K in keyof QueensGambitFiles]: any }) => void, string, string, string | RegExp][] = [
    ['a die face naming no symbol', (f) => (f.dice.dice[0].faces[2] = 'hti'), `${DATA_DIR}/dice.json`, 'dice[0] (red).faces[2]', 'unknown symbol "hti"'],
    ['a die with five faces', (f) => f.dice.dice[1].faces.pop(), `${DATA_DIR}/dice.json`, 'dice[1] (grey).faces', 'a die has exactly 6 faces'],
    [
      'a block on an attack die',
      (f) => (f.dice.dice[0].faces[0] = 'block'),
      `${DATA_DIR}/dice.json`,
      'dice[0] (red).faces[0]',
      'an attack die cannot show "block"',
    ],
    ['a misspelt field', (f) => (f.units.units[3].defence = {}), `${DATA_DIR}/units.json`, 'units[3] (fambaa)', 'unknown field "defence"'],
    [
      'a move given as text',
      (f) => (f.units.units[0].move = 'one'),
      `${DATA_DIR}/units.json`,
      'units[0] (gungan-group).move',
      'expected number, got the text "one"',
    ],
    [
      'an attack table missing a group size',
      (f) => f.units.units[0].attack.pop(),
      `${DATA_DIR}/units.json`,
      'units[0] (gungan-group).attack',
      'it needs one for each of 1..3 figures',
    ],
    [
      'a pool of more red dice than the box holds',
      (f) => (f.units.units[5].attack[1] = { red: 5 }),
      `${DATA_DIR}/units.json`,
      'units[5] (destroyer-droid-group).attack[1].red',
      '5 red dice asked for, but the box holds 4',
    ],
    [
      'an attack die used for defense',
      (f) => (f.units.units[1].defense = { red: 1 }),
      `${DATA_DIR}/units.json`,
      'units[1] (kaadu-group).defense.red',
      'not a defense die',
    ],
    [
      'a character without a damage track',
      (f) => (f.units.units[2].damage = null),
      `${DATA_DIR}/units.json`,
      'units[2] (catapult).damage',
      'a character needs a damage track',
    ],
    [
      'a bonus to the side that lost the piece',
      (f) => (f.units.units.find((u: Json) => u.id === 'darth-maul').bonus.to = 'trade-federation'),
      `${DATA_DIR}/units.json`,
      'units[16] (darth-maul).bonus.to',
      'bonus cards go to the other side',
    ],
    [
      'a special rule nobody defined',
      (f) => f.units.units[7].special.push('hover'),
      `${DATA_DIR}/units.json`,
      'units[7] (mtt).special[2]',
      'unknown special rule "hover"',
    ],
    [
      'more pieces placed than the box holds',
      (f) => (f.setup.forces.find((x: Json) => x.id === 'tf-battle-droid-groups').count = 20),
      `${DATA_DIR}/setup.json`,
      'pieces[9] (battle-droid).inBox',
      'the forces place 92 but the box holds 65',
    ],
    [
      'a force in the wrong zone',
      (f) => (f.setup.forces[0].zone = 'palace'),
      `${DATA_DIR}/setup.json`,
      'forces[0] (naboo-gungans).zone',
      '"gungan-group" starts in the battlefield zone',
    ],
    [
      'damage markers that do not match the characters',
      (f) => (f.setup.damageMarkers.naboo.count = 9),
      `${DATA_DIR}/setup.json`,
      'damageMarkers.naboo.count',
      '10 characters with a damage track',
    ],
    [
      'a grid space beyond 12',
      (f) => (f.space.grids[1].blocked = [2, 13]),
      `${DATA_DIR}/space.json`,
      'grids[1] (grid-2).blocked[1]',
      'must be a whole number from 2 to 12',
    ],
    ['grid spaces out of order', (f) => (f.space.grids[0].blocked = [12, 2]), `${DATA_DIR}/space.json`, 'grids[0] (grid-1).blocked', 'rising order'],
    ['a grid too few', (f) => f.space.grids.pop(), `${DATA_DIR}/space.json`, 'grids', '6 Anakin spaces need 5 grids'],
    [
      'a Starfighter card of more grey dice than the box holds',
      (f) => (f.space.starfighters[7].greyDice = 5),
      `${DATA_DIR}/space.json`,
      'starfighters[7] (starfighter-8).greyDice',
      'the box holds 4 grey',
    ],
    [
      'a deck of 44 cards',
      (f) => f.decks['naboo-battlefield'].cards[1].copies--,
      deckFile('naboo-battlefield'),
      'cards',
      'the copies add up to 44 cards, but the deck has 45',
    ],
    [
      'a card naming a unit that does not exist',
      (f) => (f.decks['naboo-palace'].cards[0].actions[0].units[1].unit = 'palace-gaurd'),
      deckFile('naboo-palace'),
      'cards[0] (np-rush-the-palace).actions[0].units[1].unit',
      'unknown unit "palace-gaurd"',
    ],
    [
      "a card moving the other side's units",
      (f) => (f.decks['trade-federation-palace'].cards[1].actions[0].units[0].unit = 'palace-guard'),
      deckFile('trade-federation-palace'),
      'cards[1] (tp-four-battle-droids).actions[0].units[0].unit',
      '"palace-guard" fights for naboo',
    ],
    [
      'an action kind that does not exist',
      (f) => (f.decks['naboo-battlefield'].cards[2].actions[0] = { kind: 'hyperspace' }),
      deckFile('naboo-battlefield'),
      'cards[2] (nb-anakin-or-gungan).actions[0].kind',
      /expected .*"activate"/,
    ],
    [
      'Anakin in a Trade Federation deck',
      (f) => (f.decks['trade-federation-battlefield'].cards[0].actions[1] = { kind: 'anakin' }),
      deckFile('trade-federation-battlefield'),
      'cards[0] (tb-starfighter-or-draw-palace).actions[1].kind',
      '"anakin" is a naboo action',
    ],
    [
      'Window Ledge Movement for a unit that cannot use it',
      (f) => (f.decks['trade-federation-palace'].cards[1].actions[0].windowLedge = true),
      deckFile('trade-federation-palace'),
      'cards[1] (tp-four-battle-droids).actions[0].units[0].unit',
      'cannot use Window Ledge Movement',
    ],
    [
      'a Double Attack for Palace Guards',
      (f) => (f.decks['naboo-palace'].cards[5].actions[0].doubleAttack = true),
      deckFile('naboo-palace'),
      'cards[5] (np-move-3-guards).actions[0].units[0].unit',
      'has no Double Attack',
    ],
    [
      'healing a unit without a damage track',
      (f) => (f.decks['naboo-palace'].cards[8].actions[0].unit = 'palace-guard'),
      deckFile('naboo-palace'),
      'cards[8] (np-qui-gon-recovers).actions[0].unit',
      'no damage track to recover on',
    ],
    [
      'activating more units than the box could field',
      (f) => (f.decks['naboo-battlefield'].cards[3].actions[0].units[0].count = 10),
      deckFile('naboo-battlefield'),
      'cards[3] (nb-gungan-group-3).actions[0].units[0].count',
      '10 different Gungan groups, but the box fields at most 9',
    ],
    [
      'an action naming units of both battles',
      (f) => f.decks['naboo-palace'].cards[5].actions[0].units.push({ unit: 'gungan-group', count: 1 }),
      deckFile('naboo-palace'),
      'cards[5] (np-move-3-guards).actions[0].units',
      'names units of both the Battlefield and the Palace',
    ],
    [
      'a card id used in two decks',
      (f) => (f.decks['naboo-palace'].cards[0].id = 'nb-use-the-force'),
      deckFile('naboo-palace'),
      'cards[0] (nb-use-the-force).id',
      'is also in',
    ],
    [
      'a four-player table without its first seat',
      (f) => f.rules.fourPlayer.seating.reverse(),
      `${DATA_DIR}/rules.json`,
      'fourPlayer.seating[0]',
      'the first seat is the trade-federation battlefield player',
    ],
    [
      'an option whose default is none of its choices',
      (f) => (f.rules.options[0].default = 'burn'),
      `${DATA_DIR}/rules.json`,
      'options[0] (deck-out).default',
      '"burn" is none of the choices reshuffle, stop',
    ],
    [
      'a timer sound the protocol does not have',
      (f) => (f.rules.timer.victorySound = 'trumpet'),
      `${DATA_DIR}/rules.json`,
      'timer.victorySound',
      /expected .*"fanfare"/,
    ],
  ];

  it.each(cases)('%s', (_, damage, file, entry, problem) => {
    const error = errorOf(damaged(damage));
    expect(error.file).toBe(file);
    expect(error.entry).toBe(entry);
    expect(error.problem).toMatch(problem);
    expect(error.message.startsWith(`${file}: ${entry}: `)).toBe(true);
  });

  it('a missing deck is named', () => {
    const files = damaged((f) => delete f.decks['trade-federation-palace']);
    expect(() => loadQueensGambit(files)).toThrow(`${deckFile('trade-federation-palace')}: the file: is missing`);
  });

  it('the shipped files load, and the damage above was made to copies', () => {
    expect(() => loadQueensGambit(STANDARD_FILES)).not.toThrow();
  });
});

describe('damaged files on disk', () => {
  function copyOfData(): string {
    const dir = testTempDir('qg-data-');
    cpSync(join(import.meta.dirname, '../../../host/games/queens-gambit/data'), dir, { recursive: true });
    return dir;
  }

  it('an edited copy of the data folder loads', () => {
    const data = loadQueensGambitFrom(copyOfData());
    expect(data.decks['naboo-palace'].physicalCards).toHaveLength(45);
  });

  it('a file that is not JSON is named by its path', () => {
    const dir = copyOfData();
    writeFileSync(join(dir, 'space.json'), '{ "format": "queens-gambit-space/1", ');
    expect(() => loadQueensGambitFrom(dir)).toThrow(new RegExp(`^${join(dir, 'space.json')}: the file: is not valid JSON`));
  });

  it('a missing file is named by its path', () => {
    const dir = copyOfData();
    expect(() => loadQueensGambitFrom(join(dir, 'nowhere'))).toThrow(`${join(dir, 'nowhere', 'dice.json')}: the file: cannot be read`);
  });

  it('a schema problem in a copy names the copy', () => {
    const dir = copyOfData();
    const path = join(dir, 'decks', 'naboo-battlefield.json');
    const deck = JSON.parse(JSON.stringify(STANDARD_FILES.decks['naboo-battlefield'])) as Json;
    deck.cards[0].copies = 0;
    writeFileSync(path, JSON.stringify(deck));
    expect(() => loadQueensGambitFrom(dir)).toThrow(`${path}: cards[0] (nb-use-the-force).copies: must be a whole number from 1 to 45`);
  });
});
