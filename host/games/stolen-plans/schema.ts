// The shapes of the Stolen Plans data files (valibot, through the engine's schema library):
// cards.json (every card of the base deck, the bonus cards, the expansions and the resources,
// each with its ways to be played as declarative effects), windows.json (the out-of-turn
// windows the rules open), sets.json (the editions, expansions and optional rules chosen at
// set-up) and table.json (the table's numbers). Each schema also gives the TypeScript type the
// rules read. Cross-references between entries (a play's window, a companion card, a set's
// requirement) are checked by load.ts once every file has its shape.

import { v } from '../../engine/schema.ts';

const ID = /^[a-z0-9][a-z0-9-]*$/;
export const Id = v.pipe(v.string(), v.regex(ID, 'must be lower-case letters, digits and hyphens (like "jawa-attack")'));
const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const Count = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be 1 or more'));
const Value = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more'), v.maxValue(30, 'must be 30 or less'));

/** What a card is at heart; how it may be played is in its plays. */
export const CARD_KINDS = [
  'objective', // R2-D2: held to win
  'attack',
  'defend',
  'steal',
  'rebel-hero',
  'jedi',
  'jedi-only',
  'action', // played on your own turn for an effect, then discarded
  'reaction', // played out of turn in a window
  'permanent', // placed face up and stays in play
  'squad', // a Rogue One Squad card: placed in play, may be eliminated
  'held', // can never be played or discarded (Decoy, Lose the Game)
  'resource', // a Starting Resource: in front of its player, active or inactive
  'ruling', // New Ruling: beside the discard pile from set-up
] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Labels the rules look cards up by (Defection's Imperial cards, Capture's heroes...). */
export const TAGS = [
  'imperial', // Defection's list of Imperial cards
  'rebel-hero', // may Defend alone, steal in pairs, save a squad card, go with Saw Gerrera
  'cannot-be-discarded', // kept when every card must go (R2-D2, Decoy, Lose the Game)
  'jedi-only', // only a Jedi (or Force-Attuned, on their own turn) may play it
  'jedi-card', // puts a Jedi in play (the Jedi card, Student of the Force)
  'steal-card', // a Steal card for Cancel (Boba Fett, Jabba the Hutt)
  'attack-card', // an Attack card for Cancel, Evade, Crush the Rebellion
  'imperial-strike',
  'rebel-strike',
  'imperial-assault',
  'rebel-assault',
  'squad', // Rogue One Squad
] as const;
export type Tag = (typeof TAGS)[number];

/** Where set-up puts the card. */
export const DEALT = ['deck', 'each-player', 'beside-discard'] as const;

/** When a play may be made: on your own turn as your turn's play (`own-turn`), or in a window
 * of windows.json (`window:<id>`): out of turn, or, for Food and Water, straight after your own
 * play or draw. */
export const When = v.pipe(v.string(), v.regex(/^(own-turn|window:[a-z0-9-]+)$/, 'must be own-turn or window:<window id>'));

/** Something that must be true (on the table, publicly) for a play to be legal. */
export const CONDITIONS = [
  'advantage-of-another-in-play', // Counter: "until another player uses the Counter"
  'discard-pile-not-empty', // Search, Scavenger's search, Reprogram, Jedi Wisdom
  'draw-pile-not-empty', // Support, Water, Defection, Force Vision (the pile can be empty under There is another!)
  'holds-another-card', // Pass a Card, Friendly Gesture's gift: a card to give besides the one played
  'target-has-cards', // steals, Data Pad, peeks
  'squad-in-play', // eliminations and U-Wing need a squad card to act on
  'cargo-ship-in-play', // AT-ACT's first way
  'cargo-ship-not-in-play', // a second Cargo Ship cannot be placed
  'resources-in-play', // Explosives, Detonator need an active resource of another player
  'jedi-not-removed', // Jedi and Jedi Only cards do nothing once Remove Jedi was played
  'no-jedi-in-front', // one Jedi card in front of a player at most
  'jedi-slot-free', // at most as many Jedi in play as Jedi cards allow (two with Student of the Force)
  'another-player-can-be-nominated', // Gather Intelligence, Defection
] as const;

/** Another card that goes with this play: played too, or only shown. */
const Companion = v.strictObject({
  card: v.optional(Id),
  tag: v.optional(v.picklist(TAGS)),
  count: v.optional(Count),
  use: v.picklist(['play', 'reveal']),
});
export type Companion = v.InferOutput<typeof Companion>;

const Who = v.picklist(['one-other', 'each-other', 'any-others', 'one-other-then-beside']);
/** What an answer in a window is valid against: the answered play's effect kind
 * (`effect:attack`), a card played in it, the card or a companion (`card:boba-fett-steal`), a tag
 * of one of those cards (`tag:imperial-strike`), or any single-target play aimed at the
 * answering player (`against-you`). */
export const Selector = v.pipe(
  v.string(),
  v.regex(/^(effect|card|tag):[a-z0-9-]+$|^against-you$/, 'must be effect:<kind>, card:<id>, tag:<tag> or against-you'),
);

/** A card's effect, as the rules engine will interpret it; `special` names an effect too
 * particular for a generic form, implemented by id. */
export const Effect = v.variant('kind', [
  v.strictObject({ kind: v.literal('attack'), value: Value, moving: v.optional(v.boolean()) }),
  v.strictObject({ kind: v.literal('defend'), value: Value }),
  v.strictObject({ kind: v.literal('block-defend') }),
  v.strictObject({ kind: v.literal('steal'), count: v.union([Count, v.literal('all')]), from: Who }),
  v.strictObject({
    kind: v.literal('discard'),
    count: v.union([Count, v.literal('all')]),
    who: Who,
    /** What becomes of the cards that cannot be discarded: kept in hand (the rule for every
     * loss), or placed face down on top of the draw pile (Vicious Attack). */
    cannotBeDiscarded: v.optional(v.picklist(['kept', 'top-of-draw-pile'])),
    /** Cards that go to the player who played this instead of being kept (Discard All: R2-D2 and
     * the Decoy). */
    passes: v.optional(v.array(Id)),
  }),
  v.strictObject({ kind: v.literal('draw'), count: Count }),
  v.strictObject({ kind: v.literal('take-from-discard'), count: Count }),
  v.strictObject({
    kind: v.literal('peek'),
    what: v.picklist(['one-hand', 'each-other-hand', 'stolen-cards', 'drawn-cards']),
    seconds: v.optional(Count),
  }),
  v.strictObject({ kind: v.literal('peek-and-take'), what: v.picklist(['one-hand', 'each-other-hand']), take: Count }),
  /** The answered play (its `against` says which) has no effect and its cards are discarded. */
  v.strictObject({ kind: v.literal('cancel') }),
  v.strictObject({ kind: v.literal('evade') }),
  v.strictObject({ kind: v.literal('stop-loss') }),
  v.strictObject({ kind: v.literal('cancel-defend-card') }),
  v.strictObject({ kind: v.literal('avoid-loss') }),
  v.strictObject({ kind: v.literal('skip-turn') }),
  v.strictObject({ kind: v.literal('capture-hero') }),
  v.strictObject({ kind: v.literal('give'), count: Count }),
  v.strictObject({ kind: v.literal('collect'), count: Count }),
  v.strictObject({ kind: v.literal('pass-hands'), direction: v.literal('left'), thenDraw: Value }),
  v.strictObject({
    kind: v.literal('place'),
    where: v.picklist(['in-front', 'beside-discard']),
    nominate: v.optional(v.boolean()),
  }),
  v.strictObject({ kind: v.literal('counter-advantage') }),
  v.strictObject({ kind: v.literal('remove-jedi') }),
  v.strictObject({ kind: v.literal('win') }),
  v.strictObject({ kind: v.literal('continue-play'), newPile: Count }),
  v.strictObject({
    kind: v.literal('eliminate'),
    scope: v.picklist(['every-squad-card', 'all-of-one-player', 'one-card-of-one-player', 'one-card-left-or-right']),
  }),
  v.strictObject({ kind: v.literal('save-squad') }),
  v.strictObject({ kind: v.literal('move-squad') }),
  v.strictObject({ kind: v.literal('destroy-cargo') }),
  v.strictObject({ kind: v.literal('load-cargo'), capacity: Count }),
  v.strictObject({ kind: v.literal('unload-cargo') }),
  v.strictObject({ kind: v.literal('extra-play') }),
  v.strictObject({ kind: v.literal('extra-draw'), count: Count }),
  v.strictObject({ kind: v.literal('deactivate-resources'), who: v.picklist(['one-other', 'each-other']) }),
  v.strictObject({ kind: v.literal('special'), id: Id }),
]);
export type Effect = v.InferOutput<typeof Effect>;
export type EffectKind = Effect['kind'];

/** Whom a play is aimed at. */
export const TARGETS = ['one-other', 'each-other', 'any-others', 'one-other-then-beside', 'left-or-right', 'everyone', 'turn-player'] as const;
/** The targets that open target-response for the player aimed at. */
export const ANSWERABLE_TARGETS: readonly string[] = ['one-other', 'any-others', 'one-other-then-beside', 'left-or-right', 'turn-player'];

/** What becomes of the card once the play is over. */
export const AFTERWARDS = ['discard', 'stays-in-play', 'flip-inactive', 'removed-from-play', 'kept'] as const;

const Play = v.strictObject({
  id: Id,
  when: When,
  from: v.optional(v.picklist(['hand', 'in-play'])),
  /** For an answer in a window that answers a play: the plays it is valid against. */
  against: v.optional(v.array(Selector)),
  with: v.optional(v.array(Companion)),
  needs: v.optional(v.array(v.picklist(CONDITIONS))),
  /** Whom the play is aimed at. A card played from a hand at one player (`one-other`,
   * `left-or-right`, each of `one-other-then-beside`, each victim of `any-others`,
   * `turn-player`) opens target-response for that player, unless `unanswered`. */
  target: v.optional(v.picklist(TARGETS)),
  /** Nothing answers it, though it is aimed at one player (a gift: "They must keep that card"). */
  unanswered: v.optional(v.boolean()),
  /** Counts as the turn's play (true) or is free (false: unloading the Cargo Ship). */
  takesTurn: v.optional(v.boolean()),
  effect: Effect,
  afterwards: v.picklist(AFTERWARDS),
  /** The rulebook's words for this way of playing (or, for a designed card, ours). */
  text: Text,
});
export type Play = v.InferOutput<typeof Play>;

/** What a card does while it lies in play (or, for New Ruling, from set-up). */
export const Passive = v.variant('kind', [
  v.strictObject({ kind: v.literal('draw-count'), value: Count }),
  v.strictObject({ kind: v.literal('defend-bonus'), value: Count, per: v.literal('defend-card') }),
  v.strictObject({ kind: v.literal('jedi') }),
  v.strictObject({ kind: v.literal('jedi-only-on-own-turn') }),
  v.strictObject({ kind: v.literal('max-defend-cards'), value: Count }),
]);
export type Passive = v.InferOutput<typeof Passive>;

export const CardType = v.strictObject({
  id: Id,
  /** As printed (the rulebook's name for it). */
  name: Text,
  /** The picture on the card, where the rulebook names it ("Boba Fett"). */
  character: v.optional(Text),
  /** The option set (sets.json) that brings it. */
  set: Id,
  /** The rulebook heading that describes it (the completeness test reads them). */
  heading: Text,
  /** rulebook: named by the rulebook; designed: its name, or its effect, is our design. */
  origin: v.picklist(['rulebook', 'designed']),
  kind: v.picklist(CARD_KINDS),
  /** Copies in the deck, or per player for a card dealt to each player. */
  count: Count,
  dealt: v.picklist(DEALT),
  tags: v.array(v.picklist(TAGS)),
  /** The rulebook's text for it, short. */
  text: Text,
  plays: v.array(Play),
  inPlay: v.optional(v.array(Passive)),
  /** Starting Resources: cards discarded from hand to flip it back to Active. */
  reactivateCost: v.optional(Count),
  /** Cards of the same set that this one needs in the deck (an error names both otherwise). */
  requires: v.optional(v.array(Id)),
  /** A card this one replaces at set-up (Student of the Force replaces the Luke Skywalker hero). */
  replaces: v.optional(Id),
  /** In the deck when its set is chosen and it is not left out; false: only when asked for. */
  byDefault: v.boolean(),
});
export type CardType = v.InferOutput<typeof CardType>;

export const CardsFile = v.strictObject({
  format: v.literal('stolen-plans-cards/1'),
  description: Text,
  cards: v.pipe(v.array(CardType), v.minLength(1, 'must list at least one card')),
});
export type CardsFile = v.InferOutput<typeof CardsFile>;

/** What limits who a window asks: each a public fact, never what a hand holds.
 * `holds-cards:<n>`: at least n cards in hand (hand sizes are public); `may-hold:<card>[,<card>]`:
 * a copy of one of those cards is in the game and not every copy is public (in the discard pile,
 * in play, out of play face up), judged from the public state alone; `owns:<card>`: has that
 * card in play; `active:<resource>`: has that resource Active; `nominated-opener:<card>`: their
 * card in play nominates the player whose play or draw opened the window; and the flags below. */
export const ASK_FLAGS = [
  'no-resource-used-this-turn',
  'has-targeted-squad',
  'has-cargo', // owns the Cargo Ship with cards on it: may unload it at any time, then answer
  'must-choose-losses', // must lose fewer cards than they can discard, so they choose which
  'keeps-several-undiscardable', // keeps two or more cards that cannot be discarded
] as const;
const ASK_ONE = `holds-cards:[1-9]|may-hold:[a-z0-9-]+(,[a-z0-9-]+)*|owns:[a-z0-9-]+|active:[a-z0-9-]+|nominated-opener:[a-z0-9-]+|${ASK_FLAGS.join('|')}`;
/** One condition, or alternatives joined by `|` (`holds-cards:1|has-cargo`: either). */
export const AskCondition = v.pipe(
  v.string(),
  v.regex(
    new RegExp(`^(${ASK_ONE})(\\|(${ASK_ONE}))*$`),
    `must be holds-cards:<n>, may-hold:<card>, owns:<card>, active:<resource>, nominated-opener:<card> or one of ${ASK_FLAGS.join(', ')} (alternatives joined by |)`,
  ),
);

export const WindowType = v.strictObject({
  id: Id,
  name: Text,
  /** reaction: answered by card plays, every player asked may pass; forced: a choice the rules
   * require (which cards to lose), no pass. */
  kind: v.picklist(['reaction', 'forced']),
  /** What opens it. */
  opens: Text,
  /** Who is asked: decided from public facts only, never from a hand. */
  asks: v.picklist(['target', 'loser', 'others', 'others-than-thief-and-victim', 'owner', 'nominator', 'turn-player', 'attacker', 'everyone', 'each-other']),
  /** Conditions a player must meet to be asked (all of them): public facts only. */
  askedOnlyIf: v.array(AskCondition),
  /** first-answer: the first play closes it; all-pass: open until everyone asked passes in a
   * row; each-answers: everyone asked must answer once (no pass). */
  closes: v.picklist(['first-answer', 'all-pass', 'each-answers']),
  /** Timed (the rulebook says be quick): unanswered when the time runs out is a pass. */
  quick: v.boolean(),
  /** The rulebook's words that make it quick. */
  quickWords: v.optional(Text),
  /** The windows (or `turn`) it may open inside. */
  nestsIn: v.pipe(v.array(Id), v.minLength(1, 'must name where it opens (turn or a window id)')),
  text: Text,
});
export type WindowType = v.InferOutput<typeof WindowType>;

export const WindowsFile = v.strictObject({
  format: v.literal('stolen-plans-windows/1'),
  description: Text,
  windows: v.pipe(v.array(WindowType), v.minLength(1, 'must list at least one window')),
});
export type WindowsFile = v.InferOutput<typeof WindowsFile>;

/** A card the set takes out of the deck, and why. */
const Removal = v.strictObject({ card: Id, because: Text });

export const OptionSet = v.strictObject({
  id: Id,
  name: Text,
  kind: v.picklist(['edition', 'expansion', 'optional-rule']),
  /** The base deck is always in; every other set is chosen at set-up. */
  always: v.boolean(),
  /** Whether the players choose which of its cards to use (the bonus card sets). */
  cardsChosen: v.boolean(),
  requires: v.array(Id),
  removes: v.array(Removal),
  /** Rule changes the set brings (read by the rules). */
  rules: v.strictObject({
    maxDefendCards: v.optional(Count),
    passAllowedWhenPileEmpty: v.optional(v.boolean()),
    endsWhenPileEmpty: v.optional(v.boolean()),
    r2d2InStartingHands: v.optional(v.boolean()),
  }),
  /** The rulebook's advice about it (shown at set-up, not enforced). */
  advice: v.optional(Text),
  text: Text,
});
export type OptionSet = v.InferOutput<typeof OptionSet>;

export const SetsFile = v.strictObject({
  format: v.literal('stolen-plans-sets/1'),
  description: Text,
  sets: v.pipe(v.array(OptionSet), v.minLength(1, 'must list at least one set')),
});
export type SetsFile = v.InferOutput<typeof SetsFile>;

export const TableFile = v.strictObject({
  format: v.literal('stolen-plans-table/1'),
  description: Text,
  handSize: Count,
  players: v.strictObject({ min: Count, max: Count }),
  /** A player count is supported when the draw pile after the deal holds at least this many
   * cards per player. */
  minPilePerPlayer: Count,
  maxDefendCards: Count,
  quickWindowSeconds: v.strictObject({ default: Count, min: Count, max: Count }),
});
export type TableFile = v.InferOutput<typeof TableFile>;
