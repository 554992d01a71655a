// The Queen's Gambit's shipped data: it loads, the decks hold 45 cards each, every card the
// rulebook and the facts sheet name is there, and what the rulebook fixes (the box, the
// set-up, the reference values it states, the bonus cards, the space battle) is what the data
// says.

import { describe, expect, it } from 'vitest';
import { actionText, cardText } from '../../../host/games/queens-gambit/card-text.ts';
import { DECK_IDS, standardData, type DeckId } from '../../../host/games/queens-gambit/load.ts';
import type { Action, Card } from '../../../host/games/queens-gambit/schema.ts';

const data = standardData();
const unitOf = (id: string) => data.unit(id);
const textOf = (card: Card) => cardText(card, unitOf);

function find(deck: DeckId, match: (card: Card) => boolean): Card | undefined {
  return data.decks[deck].cards.find(match);
}

function withText(deck: DeckId, text: string): Card | undefined {
  return find(deck, (c) => textOf(c) === text);
}

function hasAction(card: Card, test: (a: Action) => boolean): boolean {
  return card.actions.some(test);
}

describe('the decks', () => {
  it.each(DECK_IDS)('%s holds exactly 45 cards', (id) => {
    const deck = data.decks[id];
    expect(deck.size).toBe(45);
    expect(deck.cards.reduce((n, c) => n + c.copies, 0)).toBe(45);
    expect(deck.physicalCards).toHaveLength(45);
    expect(new Set(deck.physicalCards).size).toBe(45);
  });

  it('one deck for each side and battle, told apart by the border the rulebook gives', () => {
    const borders = Object.fromEntries(DECK_IDS.map((id) => [id, data.decks[id].border]));
    expect(borders).toEqual({
      'naboo-battlefield': 'dark grey',
      'naboo-palace': 'brown',
      'trade-federation-battlefield': 'light grey',
      'trade-federation-palace': 'black',
    });
  });

  it('card ids are unique across the four decks, and a physical card finds its card', () => {
    const ids = DECK_IDS.flatMap((id) => data.decks[id].cards.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(data.decks['naboo-battlefield'].card('nb-move-anakin/3').title).toBe('Move Anakin');
    expect(() => data.decks['naboo-battlefield'].card('tp-four-battle-droids/1')).toThrow('no card');
  });

  it('every card is marked with its source tag', () => {
    for (const id of DECK_IDS) {
      for (const card of data.decks[id].cards) expect(card.source).toMatch(/^(R|S|I|R\+S|R\+I|S\+I|chosen)$/);
    }
  });
});

// The cards named in the rulebook (the rules and the example turn) and in the facts sheet,
// each with the text the data must give it.
describe('every card the rulebook and the facts sheet name is present', () => {
  const known: [DeckId, string, string | null, string][] = [
    // [deck, text, title, the source's words]
    [
      'trade-federation-battlefield',
      'Draw a Starfighter card, or draw a Theed Palace card and play it',
      null,
      'DRAW A STARFIGHTER CARD or DRAW A THEED PALACE CARD AND PLAY IT',
    ],
    ['trade-federation-battlefield', '2 Destroyer Droid groups, or 1 Battle Droid group', null, 'DESTROYER DROIDS 2 GROUPS or BATTLE DROIDS 1 GROUP'],
    ['trade-federation-battlefield', '2 Battle Droid groups', 'Move 2 Battle Droid Groups', '"Move 2 Battle Droid groups" [S]'],
    ['trade-federation-palace', 'Darth Maul, or 2 Battle Droids', null, 'DARTH MAUL or 2 BATTLE DROIDS'],
    ['trade-federation-palace', '4 Battle Droids', null, '4 BATTLE DROIDS'],
    ['trade-federation-palace', '1 Destroyer Droid and 2 Battle Droids', null, '1 Destroyer Droid and 2 Battle Droids'],
    ['naboo-battlefield', 'Draw a Battlefield card and play it, then draw another Battlefield card and play it', 'Use the Force', 'USE THE FORCE'],
    ['naboo-battlefield', '1 Kaadu group, or 2 Gungan groups', null, '1 KAADU GROUP or 2 GUNGAN GROUPS'],
    ['naboo-battlefield', 'Move Anakin, or 1 Gungan group', null, 'ANAKIN or 1 GUNGAN GROUP'],
    ['naboo-battlefield', '3 Gungan groups', 'Gungan Group 3', 'the Gungan Group 3 card'],
    ['naboo-battlefield', 'Move Anakin', 'Move Anakin', 'a "Move Anakin" card'],
    ['naboo-palace', 'Captain Panaka and 4 Palace Guards (move 8)', 'Rush the Palace', 'RUSH THE PALACE, Captain Panaka and 4 Palace Guards'],
    [
      'naboo-palace',
      'Window Ledge Movement: the Red Queen and 3 Palace Guards',
      'Window Ledge Movement',
      'WINDOW LEDGE MOVEMENT for THE RED QUEEN AND 3 PALACE GUARDS',
    ],
    ['naboo-palace', 'Qui-Gon, or Obi-Wan, or 2 Palace Guards', null, 'QUI-GON, OBI-WAN, or 2 PALACE GUARDS'],
    ['naboo-palace', '3 Palace Guards', 'Move 3 Palace Guards', '"Move 3 Palace Guards" [S]'],
    ['naboo-palace', 'Draw a Theed Palace card and play it', null, '"Draw a Palace card and play it" [S]'],
    ['naboo-palace', 'Double Attack: Qui-Gon', "Qui-Gon's Fury", '"Qui-Gon\'s Fury" [S]'],
    ['naboo-palace', 'Qui-Gon recovers 3', null, '"Qui-Gon recovers 3" [S]'],
  ];

  it.each(known)('%s: %s', (deck, text, title, _source) => {
    const card = find(deck, (c) => textOf(c) === text && c.title === title);
    expect(card, `no card "${text}" titled ${String(title)} in ${deck}`).toBeDefined();
    expect(card?.source).not.toBe('chosen');
  });

  it('Rush the Palace moves the Guards 8 and leaves Captain Panaka his own 4', () => {
    const card = find('naboo-palace', (c) => c.title === 'Rush the Palace');
    const units = card?.actions[0]?.kind === 'activate' ? card.actions[0].units : [];
    expect(units).toEqual([
      { unit: 'captain-panaka', count: 1 },
      { unit: 'palace-guard', count: 4, move: 8 },
    ]);
    expect(data.unit('captain-panaka').move).toBe(4);
  });

  it('the kinds of card the rules describe without their text are there', () => {
    const tfBattlefield = data.decks['trade-federation-battlefield'].cards;
    const any = (cards: readonly Card[], test: (a: Action) => boolean) => cards.some((c) => hasAction(c, test));
    // Starfighter cards, droids to the Palace, droids activated next to an MTT [R]
    expect(any(tfBattlefield, (a) => a.kind === 'starfighter')).toBe(true);
    expect(any(tfBattlefield, (a) => a.kind === 'droids-to-palace')).toBe(true);
    expect(any(tfBattlefield, (a) => a.kind === 'activate-droids')).toBe(true);
    // Double Attack for the Jedi and the Sith [R]
    const doubleFor = (deck: DeckId, unit: string) =>
      any(data.decks[deck].cards, (a) => a.kind === 'activate' && a.doubleAttack && a.units.some((u) => u.unit === unit));
    expect(doubleFor('naboo-palace', 'qui-gon') && doubleFor('naboo-palace', 'obi-wan')).toBe(true);
    expect(doubleFor('trade-federation-palace', 'darth-maul')).toBe(true);
    // Catapult cards [R, S]
    expect(any(data.decks['naboo-battlefield'].cards, (a) => a.kind === 'activate' && a.units.some((u) => u.unit === 'catapult'))).toBe(true);
    // Window Ledge Movement cards [R]
    expect(any(data.decks['naboo-palace'].cards, (a) => a.kind === 'activate' && a.windowLedge)).toBe(true);
  });

  it('Anakin cards are Naboo Battlefield cards and Starfighter cards Trade Federation Battlefield cards only', () => {
    for (const id of DECK_IDS) {
      const deck = data.decks[id];
      for (const card of deck.cards) {
        if (hasAction(card, (a) => a.kind === 'anakin')) expect(id).toBe('naboo-battlefield');
        if (hasAction(card, (a) => a.kind === 'starfighter')) expect(id).toBe('trade-federation-battlefield');
      }
    }
  });

  it('writes the actions as the cards print them', () => {
    expect(actionText({ kind: 'droids-to-palace', max: 4 }, unitOf)).toBe('Move up to 4 droids of one Battlefield group to the Palace');
    expect(actionText({ kind: 'activate-droids', groups: [{ unit: 'battle-droid-group', count: 1 }] }, unitOf)).toBe(
      'Activate 1 Battle Droid group next to a Multi Troop Transport',
    );
    expect(actionText({ kind: 'starfighter', cards: 2 }, unitOf)).toBe('Draw 2 Starfighter cards');
    expect(withText('trade-federation-palace', 'Darth Maul recovers 3')).toBeDefined();
  });
});

describe('the box and the set-up, as the rulebook lists them', () => {
  const inBox = Object.fromEntries(data.setup.pieces.map((p) => [p.id, p.inBox]));

  it('the components', () => {
    expect(inBox).toEqual({
      'battle-droid': 65,
      'destroyer-droid': 12,
      viceroy: 2,
      'darth-maul': 1,
      aat: 4,
      mtt: 3,
      'obi-wan': 1,
      'qui-gon': 1,
      'queen-amidala': 2,
      'captain-panaka': 1,
      'palace-guard': 21,
      gungan: 27,
      kaadu: 8,
      fambaa: 2,
      catapult: 3,
    });
    const dice = Object.fromEntries(data.dice.dice.map((d) => [d.id, d.inBox]));
    expect(dice).toEqual({ red: 4, grey: 4, blue: 4, green: 1, gold: 1 });
    expect(data.dice.anakin.inBox).toBe(2);
    expect(data.space.starfighters).toHaveLength(8);
  });

  it('18 damage markers: one for each character with a track on the table at set-up', () => {
    const characters = data.setup.forces.filter((f) => data.unit(f.unit).damage !== null);
    const count = (side: string) => characters.filter((f) => f.side === side).reduce((n, f) => n + f.count, 0);
    // Naboo: 5 on the Battlefield, Obi-Wan, Qui-Gon, Captain Panaka and both queens (the
    // sticker marker and a plain one); the Trade Federation: 7 on the Battlefield and Darth Maul
    expect(count('naboo')).toBe(10);
    expect(count('trade-federation')).toBe(8);
    expect(data.setup.damageMarkers.naboo.count + data.setup.damageMarkers['trade-federation'].count).toBe(18);
  });

  it('the groups: 3 Gungans, 2 Kaadu riders, 4 Battle Droids, 2 Destroyer Droids', () => {
    const figures = (id: string) => data.unit(id).figures;
    expect([figures('gungan-group'), figures('kaadu-group'), figures('battle-droid-group'), figures('destroyer-droid-group')]).toEqual([3, 2, 4, 2]);
  });

  it('the named characters start where the rulebook puts them', () => {
    const zoneOf = (unit: string) => data.setup.forces.find((f) => f.unit === unit)?.zone;
    expect(['qui-gon', 'obi-wan', 'darth-maul'].map(zoneOf)).toEqual(['melting-pit', 'melting-pit', 'melting-pit']);
    expect(['red-queen', 'purple-queen', 'captain-panaka', 'viceroy'].map(zoneOf)).toEqual(['palace', 'palace', 'palace', 'palace']);
    expect(['fambaa', 'catapult', 'aat', 'mtt'].map((u) => data.setup.forces.find((f) => f.unit === u)?.count)).toEqual([2, 3, 4, 3]);
  });

  it('the pieces outside the board: the box minus the set-up', () => {
    expect(data.piecesOutsideBoard['battle-droid']).toBe(65 - 8 * 4 - 12);
    expect(data.piecesOutsideBoard['destroyer-droid']).toBe(12 - 3 * 2 - 4);
    for (const piece of data.setup.pieces) expect(data.piecesOutsideBoard[piece.id]).toBeGreaterThanOrEqual(0);
  });
});

describe('the reference sheets, where the rulebook states a value', () => {
  it('movement, range and dice from the rules and the example turn', () => {
    const u = (id: string) => data.unit(id);
    expect(u('gungan-group')).toMatchObject({ move: 1, range: { kind: 'hexes', hexes: 1 }, attack: [{ grey: 1 }, { grey: 2 }, { grey: 3 }] });
    expect(u('destroyer-droid-group')).toMatchObject({
      move: 2,
      range: { kind: 'hexes', hexes: 2, firstSpaceEmpty: true },
      attack: [{ red: 2 }, { red: 4 }],
      defense: { blue: 2 },
    });
    expect(u('battle-droid-group').attack).toEqual([{ grey: 1 }, { grey: 2 }, { grey: 3 }, { grey: 4 }]);
    expect(u('battle-droid-group').defense).toEqual({});
    expect(u('catapult').range).toEqual({ kind: 'hexes', hexes: 3, firstSpaceEmpty: false, overOccupied: true });
    expect(u('fambaa')).toMatchObject({ move: 0, attack: [], defense: { blue: 1, gold: 1 }, damage: 5 });
    expect(u('palace-guard')).toMatchObject({ move: 4, attack: [{ grey: 1 }], range: { kind: 'line-of-sight' } });
    expect(u('captain-panaka')).toMatchObject({ move: 4, attack: [{ red: 1 }] });
    expect(u('red-queen')).toMatchObject({ move: 4, attack: [{ red: 1 }], defense: { blue: 1 } });
    expect(u('destroyer-droid')).toMatchObject({ attack: [{ red: 2 }], defense: { blue: 2 } });
    for (const id of ['qui-gon', 'obi-wan']) expect(u(id)).toMatchObject({ attack: [{ red: 3 }], defense: { green: 1, blue: 1 }, range: { kind: 'adjacent' } });
    expect(u('darth-maul')).toMatchObject({ attack: [{ red: 3 }], defense: { green: 1, gold: 1 }, range: { kind: 'adjacent' } });
    expect(u('viceroy')).toMatchObject({ kind: 'fixture', move: 0, attack: [] });
  });

  it('no text a player reads (the sheets, the cards, the options) names a data field in place of its value', () => {
    const placeholders: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        for (const word of value.match(/\b[a-z]+[A-Z][A-Za-z]*\b|\{[^}]*\}/g) ?? []) placeholders.push(`${path}: ${word}`);
      } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
      else if (value !== null && typeof value === 'object') {
        // A file's own `description` is for those who edit the data, and names its fields.
        for (const [key, item] of Object.entries(value)) if (!(path.split('.').length === 2 && key === 'description')) walk(item, `${path}.${key}`);
      }
    };
    walk({ units: data.units, rules: data.rules, decks: data.decks, dice: data.dice, space: data.space, setup: data.setup }, 'data');
    expect(placeholders).toEqual([]);
    expect(data.units.specialRules.find((r) => r.id === 'split-move-and-attack')?.text).toContain('at most its dice per attack in one attack');
  });

  it('the Jedi and the Sith: 3 dice an action, 6 on a Double Attack, at most 3 in one attack', () => {
    for (const id of ['qui-gon', 'obi-wan', 'darth-maul']) {
      expect(data.unit(id).split).toEqual({ dicePerAction: 3, dicePerDoubleAttack: 6, maxDicePerAttack: 3 });
    }
  });

  it("damage tracks: characters only, and the example turn's survivors survive", () => {
    for (const unit of data.units.units) expect(unit.damage !== null).toBe(unit.kind === 'character');
    expect(data.unit('qui-gon').damage).toBeGreaterThan(3);
    expect(data.unit('darth-maul').damage).toBeGreaterThan(2);
    expect(data.unit('red-queen').damage).toBeGreaterThan(1);
    expect(data.unit('fambaa').damage).toBe(5);
  });

  it("the example turn's damage agrees with the tracks: who survives survives, who dies dies", () => {
    // [unit, hits it has taken in total, destroyed in the example]
    const example: [string, number, boolean][] = [
      ['qui-gon', 2 + 1, false], // Maul's 4 hits - 2 blocks, then Darth Maul's riposte
      ['red-queen', 1, false], // a Battle Droid's hit, no block
      ['darth-maul', 2, false], // Qui-Gon's 3 hits - 1 block
      ['fambaa', 5, true], // the Destroyer Droids' 5 hits, no block: "can only take 5 hits"
      ['destroyer-droid', 1, true], // the Red Queen's 2 hits - 1 block, one hit lands
    ];
    for (const [id, hits, destroyed] of example) {
      const unit = data.unit(id);
      const dies = hits >= (unit.damage ?? 1);
      expect(dies, id).toBe(destroyed);
    }
  });

  it('bonus cards: Panaka 1 and each Jedi 3 to the Trade Federation, Darth Maul 5 to Naboo, 1 per cleared space', () => {
    const bonus = Object.fromEntries(data.units.units.filter((u) => u.bonus !== null).map((u) => [u.id, u.bonus]));
    expect(bonus).toEqual({
      'captain-panaka': { to: 'trade-federation', cards: 1 },
      'qui-gon': { to: 'trade-federation', cards: 3 },
      'obi-wan': { to: 'trade-federation', cards: 3 },
      'darth-maul': { to: 'naboo', cards: 5 },
    });
    expect(data.rules.bonus.battlefieldSpaceCleared).toBe(1);
  });

  it('the droids are exactly the Battle Droids, Destroyer Droids, AATs and MTTs', () => {
    const droids = data.units.units.filter((u) => u.droid).map((u) => u.piece);
    expect(new Set(droids)).toEqual(new Set(['battle-droid', 'destroyer-droid', 'aat', 'mtt']));
  });

  it('the two Queens look alike to the Trade Federation: every stat but the name is the same', () => {
    const { id: _r, name: _rn, plural: _rp, sources: _rs, note: _rno, ...red } = data.unit('red-queen');
    const { id: _p, name: _pn, plural: _pp, sources: _ps, note: _pno, ...purple } = data.unit('purple-queen');
    expect(purple).toEqual(red);
    const cardsFor = (queen: string) =>
      data.decks['naboo-palace'].cards
        .filter((c) => c.actions.some((a) => a.kind === 'activate' && a.units.some((u) => u.unit === queen)))
        .reduce((n, c) => n + c.copies, 0);
    expect(cardsFor('purple-queen')).toBe(cardsFor('red-queen'));
  });

  it('AATs and MTTs cannot cross the shield; MTTs activate droids', () => {
    expect(data.unit('aat').special).toContain('cannot-cross-shield');
    expect(data.unit('mtt').special).toEqual(expect.arrayContaining(['cannot-cross-shield', 'activates-droids']));
    expect(data.unit('fambaa').special).toContain('shield-generator');
  });

  it('no pool rolls more dice of a colour than the box holds', () => {
    const inBox = Object.fromEntries(data.dice.dice.map((d) => [d.id, d.inBox]));
    for (const unit of data.units.units) {
      for (const pool of [...unit.attack, unit.defense]) {
        for (const [die, n] of Object.entries(pool)) expect(n).toBeLessThanOrEqual(inBox[die] ?? 0);
      }
    }
  });
});

describe('the space battle and the table rules', () => {
  it('six Anakin spaces, five printed grids of 2 grey dice; 6, 7 and 8 are free on the first', () => {
    expect(data.space.anakinSpaces).toBe(6);
    expect(data.space.grids).toHaveLength(5);
    for (const grid of data.space.grids) expect(grid.greyDice).toBe(2);
    const first = data.space.grids[0]?.blocked ?? [];
    expect(first.filter((s) => s >= 6 && s <= 8)).toEqual([]);
  });

  it('eight Starfighter cards of 2 to 4 grey dice, using each of 2, 3 and 4', () => {
    const dice = data.space.starfighters.map((s) => s.greyDice);
    expect(dice.every((n) => n >= 2 && n <= 4)).toBe(true);
    expect(new Set(dice)).toEqual(new Set([2, 3, 4]));
  });

  it('hands of 5 + 5, play 4, draw 2 + 2; four players: 3 + 3, play 2, draw 1 + 1', () => {
    expect(data.rules.twoPlayer).toEqual({ handPerDeck: 5, play: 4, drawPerDeck: 2 });
    expect(data.rules.fourPlayer).toMatchObject({ handPerDeck: 3, play: 2, drawPerDeck: 1, bonusPileRole: 'battlefield' });
    expect(data.rules.firstPlayer).toBe('trade-federation');
    expect(data.rules.fourPlayer.seating[0]).toEqual({ side: 'trade-federation', role: 'battlefield' });
  });

  it('the real Queen slows the Guards by 2; victory at 2 Naboo pieces or fewer, or 3 with Maul dead', () => {
    expect(data.rules.realQueen).toEqual({ slowedUnit: 'palace-guard', moveChange: -2 });
    expect(data.rules.victory).toEqual({ tradeFederationAtMostNabooPalacePieces: 2, nabooAtLeastPalacePieces: 3 });
  });

  it('the options the rulebook leaves open, with their defaults', () => {
    const options = Object.fromEntries(data.rules.options.map((o) => [o.id, [o.default, o.choices.map((c) => c.id)]]));
    expect(options).toEqual({
      'deck-out': ['reshuffle', ['reshuffle', 'stop']],
      'droid-pool': ['eliminated', ['eliminated', 'box-and-eliminated']],
    });
  });

  it('the timer: no planning clock by default, a sound for an elimination, the fanfare for the victory', () => {
    expect(data.rules.timer).toEqual({ planningSeconds: null, eliminationSound: 'chime', victorySound: 'fanfare' });
  });
});
