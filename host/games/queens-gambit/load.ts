// Loads The Queen's Gambit's data files and checks them, each against its schema (schema.ts)
// and then across files: a card naming a unit that does not exist, a deck whose copies do not
// add up to 45, a pool asking for more dice than the box holds, a force of more pieces than the
// box has. Every problem is a DataError naming the file, the entry and what is wrong.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataError, DataPath } from '../../engine/data.ts';
import { parseData } from '../../engine/schema.ts';
import diceJson from './data/dice.json' with { type: 'json' };
import unitsJson from './data/units.json' with { type: 'json' };
import setupJson from './data/setup.json' with { type: 'json' };
import spaceJson from './data/space.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import nabooBattlefieldJson from './data/decks/naboo-battlefield.json' with { type: 'json' };
import nabooPalaceJson from './data/decks/naboo-palace.json' with { type: 'json' };
import tfBattlefieldJson from './data/decks/trade-federation-battlefield.json' with { type: 'json' };
import tfPalaceJson from './data/decks/trade-federation-palace.json' with { type: 'json' };
import { totalsDistribution, diceShowingHits, type DiceTable, type SpaceDice } from './odds.ts';
import {
  DeckFileSchema,
  DiceFileSchema,
  RulesFileSchema,
  SetupFileSchema,
  SpaceFileSchema,
  UnitsFileSchema,
  type Action,
  type Card,
  type DeckFile,
  type DeckKind,
  type DicePool,
  type DiceFile,
  type Grid,
  type RulesFile,
  type SetupFile,
  type Side,
  type SpaceFile,
  type SymbolDie,
  type Unit,
  type UnitsFile,
} from './schema.ts';

export const DECK_IDS = ['naboo-battlefield', 'naboo-palace', 'trade-federation-battlefield', 'trade-federation-palace'] as const;
export type DeckId = (typeof DECK_IDS)[number];

/** Where each file lives, as error messages name it (relative to the repository). */
export const DATA_DIR = 'host/games/queens-gambit/data';
export interface FileNames {
  readonly dice: string;
  readonly units: string;
  readonly setup: string;
  readonly space: string;
  readonly rules: string;
  readonly decks: Readonly<Record<DeckId, string>>;
}

/** The file names under `dir`, laid out as `data/` is. */
export function fileNamesIn(dir: string): FileNames {
  return {
    dice: join(dir, 'dice.json'),
    units: join(dir, 'units.json'),
    setup: join(dir, 'setup.json'),
    space: join(dir, 'space.json'),
    rules: join(dir, 'rules.json'),
    decks: Object.fromEntries(DECK_IDS.map((id) => [id, join(dir, 'decks', `${id}.json`)])) as Record<DeckId, string>,
  };
}

export const FILE_NAMES: FileNames = fileNamesIn(DATA_DIR);

/** The parsed contents of every data file, before they are checked. */
export interface QueensGambitFiles {
  readonly dice: unknown;
  readonly units: unknown;
  readonly setup: unknown;
  readonly space: unknown;
  readonly rules: unknown;
  readonly decks: Readonly<Record<DeckId, unknown>>;
}

/** The files as shipped. */
export const STANDARD_FILES: QueensGambitFiles = {
  dice: diceJson,
  units: unitsJson,
  setup: setupJson,
  space: spaceJson,
  rules: rulesJson,
  decks: {
    'naboo-battlefield': nabooBattlefieldJson,
    'naboo-palace': nabooPalaceJson,
    'trade-federation-battlefield': tfBattlefieldJson,
    'trade-federation-palace': tfPalaceJson,
  },
};

export interface Deck extends Omit<DeckFile, 'id'> {
  readonly id: DeckId;
  /** Every physical card, `<card id>/<copy>` ("nb-move-anakin/3"), in data order. */
  readonly physicalCards: readonly string[];
  card(id: string): Card;
}

export interface QueensGambitData {
  readonly dice: DiceFile;
  /** The symbol dice with each face's worth, for the odds. */
  readonly diceTable: DiceTable;
  /** Anakin's totals and the blocking die, for the space battle's odds. */
  readonly spaceDice: SpaceDice;
  readonly units: UnitsFile;
  readonly setup: SetupFile;
  readonly space: SpaceFile;
  readonly rules: RulesFile;
  readonly decks: Readonly<Record<DeckId, Deck>>;
  unit(id: string): Unit;
  /** Pieces of each kind not on the table at set-up (the pool droids are activated from). */
  readonly piecesOutsideBoard: Readonly<Record<string, number>>;
}

/** Throws the DataError for `at` (a function, so that TypeScript narrows after it). */
function fail(at: DataPath, problem: string): never {
  return at.fail(problem);
}

function requireUniqueIds(items: readonly { id: string }[], at: DataPath, what: string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) at.index(i, item.id).key('id').fail(`${what} "${item.id}" appears more than once`);
    seen.add(item.id);
  });
}

function poolSize(pool: DicePool): number {
  return Object.values(pool).reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------------------------------------

function checkDice(dice: DiceFile, names: FileNames): DiceTable {
  const at = new DataPath(names.dice);
  requireUniqueIds(dice.symbols, at.key('symbols'), 'the symbol');
  requireUniqueIds(dice.dice, at.key('dice'), 'the die');
  const symbols = new Map(dice.symbols.map((s) => [s.id, s]));
  const table: Record<string, { id: string; faces: { hits: number; blocks: number; riposte: number }[] }> = {};
  dice.dice.forEach((die, i) => {
    const faces = die.faces.map((face, f) => {
      const symbol = symbols.get(face);
      const here: DataPath = at.key('dice').index(i, die.id).key('faces').index(f);
      if (symbol === undefined) here.fail(`unknown symbol "${face}" (the symbols are ${[...symbols.keys()].join(', ')})`);
      if (die.role === 'attack' && (symbol.blocks > 0 || symbol.riposte > 0)) {
        here.fail(`an attack die cannot show "${face}", a defense symbol`);
      }
      if (die.role === 'defense' && symbol.hits > 0) here.fail(`a defense die cannot show "${face}", an attack symbol`);
      return { hits: symbol.hits, blocks: symbol.blocks, riposte: symbol.riposte };
    });
    table[die.id] = { id: die.id, faces };
  });
  // People tell the faces apart by their symbols: no two faces may look alike.
  const drawnBy = new Map<string, string>();
  dice.symbols.forEach((s, i) => {
    const other = drawnBy.get(s.symbol);
    if (other !== undefined) at.key('symbols').index(i, s.id).key('symbol').fail(`"${s.symbol}" is already the symbol of "${other}"; give each face its own`);
    drawnBy.set(s.symbol, s.id);
  });
  const anakinAt = at.key('anakin').key('faceSymbols');
  if (dice.anakin.faceSymbols.length !== dice.anakin.faces.length) {
    anakinAt.fail(`has ${dice.anakin.faceSymbols.length} symbols for ${dice.anakin.faces.length} faces; give one per face, in the order of "faces"`);
  }
  dice.anakin.faceSymbols.forEach((symbol, i) => {
    if (dice.anakin.faceSymbols.indexOf(symbol) !== i)
      anakinAt.index(i).fail(`"${symbol}" is already the symbol of face ${dice.anakin.faces[dice.anakin.faceSymbols.indexOf(symbol)]}`);
  });
  if (dice.anakin.rolled > dice.anakin.inBox) {
    at.key('anakin').key('rolled').fail(`rolls ${dice.anakin.rolled} dice but the box holds ${dice.anakin.inBox}`);
  }
  return table;
}

function checkPool(pool: DicePool, role: 'attack' | 'defense', dice: DiceFile, at: DataPath): void {
  for (const [id, count] of Object.entries(pool)) {
    const die = dice.dice.find((d) => d.id === id);
    if (die === undefined) fail(at.key(id), `unknown die "${id}" (the dice are ${dice.dice.map((d) => d.id).join(', ')})`);
    if (die.role !== role)
      at.key(id).fail(`the ${die.name} is a${die.role === 'attack' ? 'n attack' : ' defense'} die, not ${role === 'attack' ? 'an attack' : 'a defense'} die`);
    if (count > die.inBox) at.key(id).fail(`${count} ${id} dice asked for, but the box holds ${die.inBox}`);
  }
}

function checkUnits(units: UnitsFile, setup: SetupFile, dice: DiceFile, names: FileNames): Map<string, Unit> {
  const at = new DataPath(names.units);
  requireUniqueIds(units.specialRules, at.key('specialRules'), 'the special rule');
  requireUniqueIds(units.units, at.key('units'), 'the unit');
  const specials = new Set(units.specialRules.map((s) => s.id));
  const pieces = new Set(setup.pieces.map((p) => p.id));
  const byId = new Map(units.units.map((u) => [u.id, u]));
  units.units.forEach((unit, i) => {
    const here: DataPath = at.key('units').index(i, unit.id);
    if (!pieces.has(unit.piece)) here.key('piece').fail(`unknown piece "${unit.piece}" (see ${names.setup})`);
    if (unit.kind !== 'group' && unit.figures !== 1) here.key('figures').fail(`a ${unit.kind} is one piece, so figures must be 1`);
    if (unit.attack.length !== 0 && unit.attack.length !== unit.figures) {
      here.key('attack').fail(`lists ${unit.attack.length} pools; it needs one for each of 1..${unit.figures} figures (or none)`);
    }
    unit.attack.forEach((pool, k) => checkPool(pool, 'attack', dice, here.key('attack').index(k)));
    checkPool(unit.defense, 'defense', dice, here.key('defense'));
    if ((unit.kind === 'character') !== (unit.damage !== null)) {
      here.key('damage').fail(unit.kind === 'character' ? 'a character needs a damage track' : `a ${unit.kind} has no damage track: use null`);
    }
    if ((unit.range.kind === 'none') !== (unit.attack.length === 0)) {
      here.key('range').fail(unit.attack.length === 0 ? 'a unit without attack dice has the range {"kind": "none"}' : 'a unit with attack dice needs a range');
    }
    if (unit.bonus !== null && unit.bonus.to === unit.side) here.key('bonus').key('to').fail('bonus cards go to the other side');
    if (unit.split !== null) {
      const dicePerAttack = poolSize(unit.attack[0] ?? {});
      if (unit.split.dicePerAction !== dicePerAttack) {
        here.key('split').key('dicePerAction').fail(`must equal its ${dicePerAttack} attack dice`);
      }
      if (unit.split.maxDicePerAttack > unit.split.dicePerAction) {
        here.key('split').key('maxDicePerAttack').fail('cannot exceed the dice per action');
      }
      if (unit.split.dicePerDoubleAttack < unit.split.dicePerAction) {
        here.key('split').key('dicePerDoubleAttack').fail('cannot be fewer than the dice per action');
      }
    }
    if (unit.palaceUnit !== null) {
      const target = byId.get(unit.palaceUnit);
      if (target === undefined) fail(here.key('palaceUnit'), `unknown unit "${unit.palaceUnit}"`);
      if (target.zone !== 'palace' || target.piece !== unit.piece || target.side !== unit.side) {
        here.key('palaceUnit').fail(`"${target.id}" must be a Palace unit of the same side made of the same piece (${unit.piece})`);
      }
    }
    unit.special.forEach((s, k) => {
      if (!specials.has(s)) here.key('special').index(k).fail(`unknown special rule "${s}" (listed under specialRules)`);
    });
  });
  return byId;
}

function checkSetup(setup: SetupFile, units: Map<string, Unit>, names: FileNames): Record<string, number> {
  const at = new DataPath(names.setup);
  requireUniqueIds(setup.pieces, at.key('pieces'), 'the piece');
  requireUniqueIds(setup.forces, at.key('forces'), 'the force');
  const placed = new Map<string, number>();
  const characters: Record<Side, number> = { naboo: 0, 'trade-federation': 0 };
  setup.forces.forEach((force, i) => {
    const here: DataPath = at.key('forces').index(i, force.id);
    const unit = units.get(force.unit);
    if (unit === undefined) fail(here.key('unit'), `unknown unit "${force.unit}" (see ${names.units})`);
    if (unit.side !== force.side) here.key('side').fail(`"${unit.id}" fights for ${unit.side}`);
    if (unit.zone !== force.zone) here.key('zone').fail(`"${unit.id}" starts in the ${unit.zone} zone`);
    placed.set(unit.piece, (placed.get(unit.piece) ?? 0) + force.count * unit.figures);
    if (unit.kind === 'character') characters[unit.side] += force.count;
  });
  const outside: Record<string, number> = {};
  setup.pieces.forEach((piece, i) => {
    const onTable = placed.get(piece.id) ?? 0;
    if (onTable > piece.inBox) {
      at.key('pieces').index(i, piece.id).key('inBox').fail(`the forces place ${onTable} but the box holds ${piece.inBox}`);
    }
    outside[piece.id] = piece.inBox - onTable;
  });
  for (const side of ['naboo', 'trade-federation'] as const) {
    const markers = setup.damageMarkers[side];
    if (markers.count !== characters[side]) {
      at.key('damageMarkers')
        .key(side)
        .key('count')
        .fail(`the forces hold ${characters[side]} characters with a damage track, each needing a marker, but ${markers.count} are listed`);
    }
  }
  return outside;
}

function checkSpace(space: SpaceFile, dice: DiceFile, table: DiceTable, names: FileNames): SpaceDice {
  const at = new DataPath(names.space);
  const blocking = dice.dice.find((d) => d.id === space.blockingDie);
  if (blocking === undefined || blocking.role !== 'attack') {
    fail(
      at.key('blockingDie'),
      `must be an attack die among ${dice.dice
        .filter((d) => d.role === 'attack')
        .map((d) => d.id)
        .join(', ')}`,
    );
  }
  if (space.grids.length !== space.anakinSpaces - 1) {
    at.key('grids').fail(`${space.anakinSpaces} Anakin spaces need ${space.anakinSpaces - 1} grids between them, got ${space.grids.length}`);
  }
  requireUniqueIds([...space.grids, ...space.starfighters], at.key('grids and starfighters'), 'the grid');
  const totals = totalsDistribution(dice.anakin.faces, dice.anakin.rolled);
  const spaces = totals.flatMap((p, t) => (p.isZero() ? [] : [t]));
  const checkGrid = (grid: Grid, here: DataPath) => {
    if (grid.greyDice > blocking.inBox) here.key('greyDice').fail(`${grid.greyDice} dice, but the box holds ${blocking.inBox} ${blocking.id}`);
    grid.blocked.forEach((s, k) => {
      if (!spaces.includes(s))
        here
          .key('blocked')
          .index(k)
          .fail(`${s} is no total of Anakin's dice (${spaces[0]}..${spaces.at(-1)})`);
    });
    if (grid.blocked.length >= spaces.length) here.key('blocked').fail('blocks every space: Anakin could never cross');
  };
  space.grids.forEach((g, i) => checkGrid(g, at.key('grids').index(i, g.id)));
  space.starfighters.forEach((g, i) => checkGrid(g, at.key('starfighters').index(i, g.id)));
  return { totals, blockingHits: (n) => diceShowingHits(table, space.blockingDie, n) };
}

/** The most units of a kind the box could ever field at once. */
function mostOnTable(unit: Unit, setup: SetupFile): number {
  const piece = setup.pieces.find((p) => p.id === unit.piece);
  return Math.floor((piece?.inBox ?? 0) / unit.figures);
}

function checkAction(action: Action, deck: DeckFile, units: Map<string, Unit>, setup: SetupFile, at: DataPath, names: FileNames): void {
  const unitOf = (id: string, here: DataPath): Unit => {
    const unit = units.get(id);
    if (unit === undefined) here.fail(`unknown unit "${id}" (see ${names.units})`);
    if (unit.side !== deck.side) here.fail(`"${id}" fights for ${unit.side}, not for this ${deck.side} deck`);
    return unit;
  };
  const onlyFor = (side: Side) => {
    if (deck.side !== side) at.key('kind').fail(`"${action.kind}" is a ${side} action`);
  };
  switch (action.kind) {
    case 'activate': {
      const seen = new Set<string>();
      const battles = new Set(action.units.map((order) => units.get(order.unit)?.zone === 'battlefield'));
      if (battles.size > 1) {
        at.key('units').fail('names units of both the Battlefield and the Palace: one player must be able to carry an action out');
      }
      action.units.forEach((order, k) => {
        const here: DataPath = at.key('units').index(k);
        const unit = unitOf(order.unit, here.key('unit'));
        if (seen.has(unit.id)) here.key('unit').fail(`"${unit.id}" is named twice in one action: give one count`);
        seen.add(unit.id);
        if (unit.move === 0 && unit.attack.length === 0) here.key('unit').fail(`"${unit.id}" can neither move nor attack`);
        const most = mostOnTable(unit, setup);
        if (order.count > most) here.key('count').fail(`${order.count} different ${unit.plural}, but the box fields at most ${most}`);
        if (order.move !== undefined && order.move < unit.move) {
          here.key('move').fail(`a card's movement (${order.move}) must not be below the unit's own (${unit.move})`);
        }
        if (action.windowLedge && !unit.special.includes('window-ledge')) {
          here.key('unit').fail(`"${unit.id}" cannot use Window Ledge Movement`);
        }
        if (action.doubleAttack && unit.split === null) here.key('unit').fail(`"${unit.id}" has no Double Attack (only the Jedi and the Sith)`);
      });
      return;
    }
    case 'draw-and-play':
      return;
    case 'starfighter':
      onlyFor('trade-federation');
      return;
    case 'anakin':
      onlyFor('naboo');
      return;
    case 'droids-to-palace':
      onlyFor('trade-federation');
      return;
    case 'activate-droids':
      onlyFor('trade-federation');
      action.groups.forEach((g, k) => {
        const here: DataPath = at.key('groups').index(k).key('unit');
        const unit = unitOf(g.unit, here);
        if (!unit.droid || unit.zone !== 'battlefield' || unit.kind !== 'group') here.fail(`"${unit.id}" is not a Battlefield droid group`);
      });
      return;
    case 'heal': {
      const unit = unitOf(action.unit, at.key('unit'));
      if (unit.damage === null) at.key('unit').fail(`"${unit.id}" has no damage track to recover on`);
      return;
    }
  }
}

function checkDecks(decks: Record<DeckId, DeckFile>, units: Map<string, Unit>, setup: SetupFile, names: FileNames): Record<DeckId, Deck> {
  const cardIds = new Map<string, DeckId>();
  const result = {} as Record<DeckId, Deck>;
  const kinds = new Map<string, DeckId>();
  for (const id of DECK_IDS) {
    const deck = decks[id];
    const at = new DataPath(names.decks[id]);
    if (deck.id !== id) at.key('id').fail(`the file of the deck "${id}" holds "${deck.id}"`);
    const pair = `${deck.side} ${deck.kind}`;
    const twin = kinds.get(pair);
    if (twin !== undefined) at.key('kind').fail(`"${twin}" is already the ${pair} deck`);
    kinds.set(pair, id);
    const copies = deck.cards.reduce((n, c) => n + c.copies, 0);
    if (copies !== deck.size) at.key('cards').fail(`the copies add up to ${copies} cards, but the deck has ${deck.size}`);
    deck.cards.forEach((card, i) => {
      const here: DataPath = at.key('cards').index(i, card.id);
      const other = cardIds.get(card.id);
      if (other !== undefined) here.key('id').fail(`the card "${card.id}" is also in ${names.decks[other]}: card ids are unique across the decks`);
      cardIds.set(card.id, id);
      card.actions.forEach((action, j) => checkAction(action, deck, units, setup, here.key('actions').index(j), names));
    });
    const byId = new Map(deck.cards.map((c) => [c.id, c]));
    result[id] = {
      ...deck,
      id,
      physicalCards: deck.cards.flatMap((c) => Array.from({ length: c.copies }, (_, k) => `${c.id}/${k + 1}`)),
      card(cardId: string): Card {
        const card = byId.get(cardId.split('/')[0] ?? '');
        if (card === undefined) throw new RangeError(`no card "${cardId}" in the ${deck.name} deck`);
        return card;
      },
    };
  }
  return result;
}

function checkRules(rules: RulesFile, units: Map<string, Unit>, names: FileNames): void {
  const at = new DataPath(names.rules);
  for (const table of ['twoPlayer', 'fourPlayer'] as const) {
    const t = rules[table];
    if (t.play > 2 * t.handPerDeck)
      at.key(table)
        .key('play')
        .fail(`cannot play ${t.play} cards from a hand of ${2 * t.handPerDeck}`);
  }
  const seating = rules.fourPlayer.seating;
  const seats = new Set(seating.map((s) => `${s.side} ${s.role}`));
  if (seating.length !== 4 || seats.size !== 4) {
    at.key('fourPlayer').key('seating').fail('needs the four seats, each side with its battlefield and palace player once');
  }
  const first = seating[0];
  if (first === undefined || first.side !== rules.firstPlayer || first.role !== 'battlefield') {
    at.key('fourPlayer').key('seating').index(0).fail(`the first seat is the ${rules.firstPlayer} battlefield player, who starts with the marker`);
  }
  if (!units.has(rules.realQueen.slowedUnit)) at.key('realQueen').key('slowedUnit').fail(`unknown unit "${rules.realQueen.slowedUnit}"`);
  requireUniqueIds(rules.options, at.key('options'), 'the option');
  rules.options.forEach((option, i) => {
    const here: DataPath = at.key('options').index(i, option.id);
    requireUniqueIds(option.choices, here.key('choices'), 'the choice');
    if (!option.choices.some((c) => c.id === option.default)) {
      here.key('default').fail(`"${option.default}" is none of the choices ${option.choices.map((c) => c.id).join(', ')}`);
    }
  });
  if (rules.victory.nabooAtLeastPalacePieces <= rules.victory.tradeFederationAtMostNabooPalacePieces) {
    at.key('victory').fail("Naboo's threshold must lie above the Trade Federation's, or both could win at once");
  }
}

/** Checks every file and returns the game's data; throws a DataError at the first problem. */
export function loadQueensGambit(files: QueensGambitFiles, names: FileNames = FILE_NAMES): QueensGambitData {
  const dice = parseData(DiceFileSchema, files.dice, names.dice);
  const units = parseData(UnitsFileSchema, files.units, names.units);
  const setup = parseData(SetupFileSchema, files.setup, names.setup);
  const space = parseData(SpaceFileSchema, files.space, names.space);
  const rules = parseData(RulesFileSchema, files.rules, names.rules);
  const deckFiles = {} as Record<DeckId, DeckFile>;
  for (const id of DECK_IDS) {
    if (files.decks[id] === undefined) throw new DataError(names.decks[id], '', 'is missing');
    deckFiles[id] = parseData(DeckFileSchema, files.decks[id], names.decks[id]);
  }

  const diceTable = checkDice(dice, names);
  const unitById = checkUnits(units, setup, dice, names);
  const piecesOutsideBoard = checkSetup(setup, unitById, names);
  const spaceDice = checkSpace(space, dice, diceTable, names);
  const decks = checkDecks(deckFiles, unitById, setup, names);
  checkRules(rules, unitById, names);

  return {
    dice,
    diceTable,
    spaceDice,
    units,
    setup,
    space,
    rules,
    decks,
    piecesOutsideBoard,
    unit(id: string): Unit {
      const unit = unitById.get(id);
      if (unit === undefined) throw new RangeError(`no unit "${id}"`);
      return unit;
    },
  };
}

let standard: QueensGambitData | undefined;

/** The shipped data, checked once. */
export function standardData(): QueensGambitData {
  standard ??= loadQueensGambit(STANDARD_FILES);
  return standard;
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new DataError(path, '', `cannot be read (${(err as Error).message})`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new DataError(path, '', `is not valid JSON (${(err as Error).message})`);
  }
}

/** Reads and checks the data files of a folder laid out as `data/` is (an edited copy). */
export function loadQueensGambitFrom(dir: string): QueensGambitData {
  const names = fileNamesIn(dir);
  const files: QueensGambitFiles = {
    dice: readJson(names.dice),
    units: readJson(names.units),
    setup: readJson(names.setup),
    space: readJson(names.space),
    rules: readJson(names.rules),
    decks: Object.fromEntries(DECK_IDS.map((id) => [id, readJson(names.decks[id])])) as Record<DeckId, unknown>,
  };
  return loadQueensGambit(files, names);
}

export type { Card, DeckKind, SymbolDie };
