// The shapes of The Queen's Gambit's data files, declared once with the project's schema
// library (valibot, through host/engine/schema.ts): each schema checks a file when it is loaded
// and gives its TypeScript type. What one file cannot check alone (a card naming a unit, a
// force naming a piece, deck sizes, dice in the box) is checked across files in `load.ts`.

import { PLAY_SOUNDS } from '../../link/messages.ts';
import { v } from '../../engine/schema.ts';

/** A lower-case id such as "palace-guard" or "nb-use-the-force". */
export const Id = v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case id of letters, digits and single dashes, e.g. "palace-guard"'));

const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** A whole number from `min` to `max`, with a message saying so. */
export function whole(min: number, max: number) {
  return v.pipe(
    v.number(),
    v.integer(`must be a whole number from ${min} to ${max}`),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );
}

export const SIDES = ['naboo', 'trade-federation'] as const;
export type Side = (typeof SIDES)[number];
export const SideSchema = v.picklist(SIDES);

/**
 * Where a value comes from: R the rulebook, S a public secondary source, I an inference from
 * the rulebook, chosen our design decision (each explained in the README).
 */
export const SOURCES = ['R', 'S', 'I', 'R+S', 'R+I', 'S+I', 'chosen'] as const;
export type Source = (typeof SOURCES)[number];
export const SourceSchema = v.picklist(SOURCES);

// ---------------------------------------------------------------------------------------------
// dice.json

/** How a face is drawn for people: a short symbol ("✶", "🛡️🛡️": glyphs every phone draws), always with its words beside it. */
const Glyph = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(8, 'a symbol is at most 8 characters'));

export const SymbolSchema = v.strictObject({
  id: Id,
  /** What the pages, the terminal and the table-dice entry draw the face with. */
  symbol: Glyph,
  /** The face in words ("multiple hits"). */
  name: Text,
  /** Hits an attack face scores (a "multiple hits" face scores 2). */
  hits: v.optional(whole(0, 9), 0),
  /** Hits a defense face cancels. */
  blocks: v.optional(whole(0, 9), 0),
  /** Riposte hits a defense face lands on the attacker (the green die's attack symbol). */
  riposte: v.optional(whole(0, 9), 0),
});
export type DieSymbol = v.InferOutput<typeof SymbolSchema>;

export const DIE_ROLES = ['attack', 'defense'] as const;
export type DieRole = (typeof DIE_ROLES)[number];

export const SymbolDieSchema = v.strictObject({
  id: Id,
  name: Text,
  role: v.picklist(DIE_ROLES),
  /** How many of this die the box holds: no pool may roll more at once. */
  inBox: whole(1, 8),
  /** Each face's symbol id; a symbol printed on two faces is twice as likely. */
  faces: v.pipe(v.array(Id), v.length(6, 'a die has exactly 6 faces')),
  source: SourceSchema,
  note: v.optional(Text),
});
export type SymbolDie = v.InferOutput<typeof SymbolDieSchema>;

export const DiceFileSchema = v.strictObject({
  format: v.literal('queens-gambit-dice/1'),
  description: Text,
  symbols: v.pipe(v.array(SymbolSchema), v.minLength(1, 'must list at least one symbol')),
  dice: v.pipe(v.array(SymbolDieSchema), v.minLength(1, 'must list at least one die')),
  anakin: v.strictObject({
    name: Text,
    inBox: whole(1, 8),
    /** How many are rolled and added for one crossing. */
    rolled: whole(1, 8),
    faces: v.pipe(v.array(whole(1, 99)), v.minLength(2, 'a die has at least 2 faces')),
    /** The symbol of each face, in the order of `faces` ("⚀" for 1); its words are its number. */
    faceSymbols: v.array(Glyph),
    source: SourceSchema,
  }),
});
export type DiceFile = v.InferOutput<typeof DiceFileSchema>;

// ---------------------------------------------------------------------------------------------
// units.json: the reference sheets

/** Dice by die id, e.g. { "red": 2, "grey": 1 }. */
export const DicePoolSchema = v.record(Id, whole(1, 8));
export type DicePool = v.InferOutput<typeof DicePoolSchema>;

export const ZONES = ['battlefield', 'palace', 'melting-pit'] as const;
export type Zone = (typeof ZONES)[number];

/**
 * group: figures that act and are attacked together, one hit removes one figure;
 * figure: a single piece removed by one hit; character: a piece with a damage track;
 * fixture: a piece that cannot be attacked (the Viceroys).
 */
export const UNIT_KINDS = ['group', 'figure', 'character', 'fixture'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export const RangeSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('hexes'),
    hexes: whole(1, 9),
    /** Range 2 on the Battlefield: the space in between must be empty. */
    firstSpaceEmpty: v.optional(v.boolean(), false),
    /** The catapult fires over occupied spaces. */
    overOccupied: v.optional(v.boolean(), false),
  }),
  v.strictObject({ kind: v.literal('line-of-sight') }),
  v.strictObject({ kind: v.literal('adjacent') }),
  v.strictObject({ kind: v.literal('none') }),
]);
export type Range = v.InferOutput<typeof RangeSchema>;

export const UNIT_STATS = ['figures', 'move', 'range', 'attack', 'defense', 'damage', 'bonus', 'split', 'special'] as const;
export type UnitStat = (typeof UNIT_STATS)[number];

export const UnitSchema = v.strictObject({
  id: Id,
  name: Text,
  /** The name for several, as a card prints it ("3 Gungan groups"). */
  plural: Text,
  /** One of a kind (Captain Panaka, a Queen, a Jedi, the Sith): a card names it without a number. */
  unique: v.boolean(),
  side: SideSchema,
  zone: v.picklist(ZONES),
  kind: v.picklist(UNIT_KINDS),
  /** The piece (setup.json) this unit is made of. */
  piece: Id,
  /** Figures in a full group (1 for every other kind). */
  figures: whole(1, 9),
  /** Movement allowance in spaces. */
  move: whole(0, 20),
  range: RangeSchema,
  /** Attack dice by the figures left: entry i is for i+1 figures; empty when it cannot attack. */
  attack: v.array(DicePoolSchema),
  /** Defense dice rolled when attacked (the whole group rolls once); {} for none. */
  defense: DicePoolSchema,
  /** Characters: the hit that reaches this number destroys it (the red space); null otherwise. */
  damage: v.nullable(whole(1, 20)),
  /** Bonus cards its elimination gives, and to whom; null for none beyond a cleared space. */
  bonus: v.nullable(v.strictObject({ to: SideSchema, cards: whole(1, 9) })),
  /** The Jedi and the Sith: movement and dice split across several attacks. */
  split: v.nullable(
    v.strictObject({
      dicePerAction: whole(1, 9),
      dicePerDoubleAttack: whole(1, 18),
      maxDicePerAttack: whole(1, 9),
    }),
  ),
  /** Whether Anakin's destruction of the Droid Control Ship removes it. */
  droid: v.boolean(),
  /** The Palace unit its figures become when moved to the Palace, or null. */
  palaceUnit: v.nullable(Id),
  special: v.array(Id),
  /** The source of each stat; a stat not listed is chosen. */
  sources: v.record(v.picklist(UNIT_STATS), SourceSchema),
  note: v.optional(Text),
});
export type Unit = v.InferOutput<typeof UnitSchema>;

export const UnitsFileSchema = v.strictObject({
  format: v.literal('queens-gambit-units/1'),
  description: Text,
  specialRules: v.array(v.strictObject({ id: Id, text: Text, source: SourceSchema })),
  units: v.pipe(v.array(UnitSchema), v.minLength(1, 'must list at least one unit')),
});
export type UnitsFile = v.InferOutput<typeof UnitsFileSchema>;

// ---------------------------------------------------------------------------------------------
// setup.json: pieces in the box, forces at set-up

export const SetupFileSchema = v.strictObject({
  format: v.literal('queens-gambit-setup/1'),
  description: Text,
  pieces: v.array(v.strictObject({ id: Id, name: Text, side: SideSchema, inBox: whole(1, 99), source: SourceSchema })),
  /** The forces on the table at set-up: `count` units of `unit`, each at full strength. */
  forces: v.array(
    v.strictObject({
      id: Id,
      side: SideSchema,
      zone: v.picklist(ZONES),
      unit: Id,
      count: whole(1, 30),
      /** The rulebook's set-up mark (G, K, BD, ...), or the named space. */
      mark: Text,
      source: SourceSchema,
    }),
  ),
  damageMarkers: v.strictObject({
    naboo: v.strictObject({ colour: Text, count: whole(1, 20) }),
    'trade-federation': v.strictObject({ colour: Text, count: whole(1, 20) }),
  }),
});
export type SetupFile = v.InferOutput<typeof SetupFileSchema>;

// ---------------------------------------------------------------------------------------------
// space.json: the printed grids and the Starfighter cards

const Blocked = v.pipe(
  v.array(whole(2, 12)),
  v.check((xs) => xs.every((x, i) => i === 0 || x > (xs[i - 1] ?? 0)), 'must list spaces from 2 to 12 in rising order, each once'),
);

export const GridSchema = v.strictObject({
  id: Id,
  /** Grey dice the Trade Federation rolls before Anakin tries this grid (the top-left symbols). */
  greyDice: whole(1, 8),
  /** The spaces printed with a Starfighter. */
  blocked: Blocked,
  source: SourceSchema,
});
export type Grid = v.InferOutput<typeof GridSchema>;

export const SpaceFileSchema = v.strictObject({
  format: v.literal('queens-gambit-space/1'),
  description: Text,
  /** Anakin spaces, the start and the Droid Control Ship included. */
  anakinSpaces: whole(2, 20),
  /** The die that blocks a space when it shows any hit (one space per die). */
  blockingDie: Id,
  grids: v.array(GridSchema),
  starfighters: v.array(GridSchema),
});
export type SpaceFile = v.InferOutput<typeof SpaceFileSchema>;

// ---------------------------------------------------------------------------------------------
// decks/*.json: the four action decks

export const DECK_KINDS = ['battlefield', 'palace'] as const;
export type DeckKind = (typeof DECK_KINDS)[number];

export const UnitOrderSchema = v.strictObject({
  unit: Id,
  /** Different units of this kind that act (never the same one twice in one action). */
  count: whole(1, 30),
  /** A movement allowance that replaces the unit's own for this action ("move 8"). */
  move: v.optional(whole(0, 20)),
});
export type UnitOrder = v.InferOutput<typeof UnitOrderSchema>;

export const ActionSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('activate'),
    units: v.pipe(v.array(UnitOrderSchema), v.minLength(1, 'must name at least one unit')),
    /** Naboo Palace units may move through windows to the floor above or below. */
    windowLedge: v.optional(v.boolean(), false),
    /** The Jedi or the Sith use twice their dice, still at most 3 in one attack. */
    doubleAttack: v.optional(v.boolean(), false),
  }),
  v.strictObject({
    kind: v.literal('draw-and-play'),
    /** The own decks drawn from, in order; each card drawn is played at once. */
    draws: v.pipe(v.array(v.picklist(DECK_KINDS)), v.minLength(1, 'must draw at least one card')),
  }),
  v.strictObject({ kind: v.literal('starfighter'), cards: whole(1, 8) }),
  v.strictObject({ kind: v.literal('anakin') }),
  v.strictObject({
    kind: v.literal('droids-to-palace'),
    /** At most this many droids, all from one Battlefield group. */
    max: whole(1, 9),
  }),
  v.strictObject({
    kind: v.literal('activate-droids'),
    groups: v.pipe(v.array(v.strictObject({ unit: Id, count: whole(1, 9) })), v.minLength(1, 'must name at least one droid group')),
  }),
  v.strictObject({ kind: v.literal('heal'), unit: Id, amount: whole(1, 20) }),
]);
export type Action = v.InferOutput<typeof ActionSchema>;
export type ActionKind = Action['kind'];

export const CardSchema = v.strictObject({
  id: Id,
  /** The card's title when it has one ("Use the Force"); null when its actions are its text. */
  title: v.nullable(Text),
  copies: whole(1, 45),
  /** The alternatives ("X, or Y"): the player carries out one. */
  actions: v.pipe(v.array(ActionSchema), v.minLength(1, 'must have at least one action')),
  source: SourceSchema,
  note: v.optional(Text),
});
export type Card = v.InferOutput<typeof CardSchema>;

export const DeckFileSchema = v.strictObject({
  format: v.literal('queens-gambit-deck/1'),
  id: Id,
  name: Text,
  side: SideSchema,
  kind: v.picklist(DECK_KINDS),
  /** The border colour that tells the two decks of a side apart. */
  border: Text,
  size: whole(1, 99),
  cards: v.pipe(v.array(CardSchema), v.minLength(1, 'must list at least one card')),
});
export type DeckFile = v.InferOutput<typeof DeckFileSchema>;

// ---------------------------------------------------------------------------------------------
// rules.json: the table numbers, bonus cards, victory, options, the timer

const TableSchema = v.strictObject({
  handPerDeck: whole(1, 20),
  play: whole(1, 20),
  drawPerDeck: whole(0, 20),
});

export const ROLES = ['battlefield', 'palace'] as const;
export type Role = (typeof ROLES)[number];

export const RulesFileSchema = v.strictObject({
  format: v.literal('queens-gambit-rules/1'),
  description: Text,
  firstPlayer: SideSchema,
  twoPlayer: TableSchema,
  fourPlayer: v.strictObject({
    ...TableSchema.entries,
    /** The seats clockwise from the first player of the game. */
    seating: v.array(v.strictObject({ side: SideSchema, role: v.picklist(ROLES) })),
    /** The role whose pile takes the team's bonus cards. */
    bonusPileRole: v.picklist(ROLES),
    source: SourceSchema,
  }),
  bonus: v.strictObject({
    /** Cards for each Battlefield space whose last enemy is eliminated. */
    battlefieldSpaceCleared: whole(0, 9),
  }),
  realQueen: v.strictObject({
    /** Once the real Queen is eliminated, this unit's movement changes by `moveChange`. */
    slowedUnit: Id,
    moveChange: whole(-20, 20),
  }),
  victory: v.strictObject({
    /** The Trade Federation wins when at most this many Naboo pieces remain in the Palace. */
    tradeFederationAtMostNabooPalacePieces: whole(0, 30),
    /**
     * Naboo's wins need at least this many Naboo pieces in the Palace: with Darth Maul dead it
     * wins at once; for the throne room it is the least majority against the two Viceroys.
     */
    nabooAtLeastPalacePieces: whole(1, 30),
  }),
  options: v.array(
    v.strictObject({
      id: Id,
      text: Text,
      choices: v.pipe(v.array(v.strictObject({ id: Id, text: Text })), v.minLength(2, 'must offer at least two choices')),
      default: Id,
    }),
  ),
  timer: v.strictObject({
    /** A TIMER countdown for the secret planning, in seconds; null for none by default. */
    planningSeconds: v.nullable(whole(1, 3600)),
    eliminationSound: v.picklist(PLAY_SOUNDS),
    victorySound: v.picklist(PLAY_SOUNDS),
  }),
});
export type RulesFile = v.InferOutput<typeof RulesFileSchema>;
