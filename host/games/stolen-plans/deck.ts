// deckFor(options): the cards of a game of Stolen Plans for a chosen mix of option sets (the
// base deck, the bonus cards, the optional rules, the five expansions), with the removals the
// rulebook asks for at set-up applied, the player counts that deck supports, and the rule
// changes the sets bring. Pure: no shuffling here (set-up shuffles `deck` with the game's seed).
//
// What a player asked for is never dropped silently: a card in by default that cannot be played
// in the chosen mix is removed with the reason (in `removed`); a card asked for by name
// (`include`) that cannot be is a GameConfigError naming the conflict and how to fix it.

import { GameConfigError } from '../../engine/table-game.ts';
import { CATALOG, type Catalog } from './load.ts';
import type { CardType, OptionSet } from './schema.ts';

export interface DeckOptions {
  /** Option sets chosen besides the base deck (ids of sets.json), in any order. */
  readonly sets?: readonly string[];
  /** Cards of a chosen set whose cards are chosen, added though they are not in by default
   * (Lose the Game, Pass a Card, Student of the Force). */
  readonly include?: readonly string[];
  /** Cards of a chosen set whose cards are chosen, left out. */
  readonly leaveOut?: readonly string[];
  /** When given, checked against the player counts the deck supports. */
  readonly players?: number;
  /** How long a quick window stays open (table.json's default when not given). */
  readonly quickWindowSeconds?: number;
}

/** One physical card of the deck: `<card type>-<copy>`, e.g. `jawa-attack-3`. */
export interface DeckCard {
  readonly id: string;
  readonly type: string;
}

export interface Removal {
  readonly card: string;
  readonly because: string;
}

/** The rules in force for the chosen sets. */
export interface GameRules {
  readonly handSize: number;
  /** Defend cards against one Attack (2; 1 under New Ruling). */
  readonly maxDefendCards: number;
  /** The game ends the moment the last card of the draw pile is taken (not under There is another!). */
  readonly endsWhenPileEmpty: boolean;
  /** Under There is another!: once the draw pile is empty a player may pass. */
  readonly passAllowedWhenPileEmpty: boolean;
  /** R2-D2 Where Are You?: R2-D2 is dealt into a starting hand. */
  readonly r2d2InStartingHands: boolean;
  /** At most this many Jedi in play at once (2 with Student of the Force). */
  readonly jediSlots: number;
  readonly quickWindowSeconds: number;
}

export interface DeckPlan {
  /** The chosen sets, base first, in sets.json order. */
  readonly sets: readonly string[];
  /** Every card type in the game: in the deck, dealt to each player, beside the discard pile. */
  readonly types: readonly CardType[];
  /** The cards shuffled into the draw deck, in a fixed order (card types in cards.json order). */
  readonly deck: readonly DeckCard[];
  /** The cards each player gets in front of them at set-up (the Starting Resources). */
  readonly eachPlayer: readonly CardType[];
  /** The cards placed beside the discard pile at set-up (New Ruling). */
  readonly besideDiscard: readonly DeckCard[];
  /** Cards of the chosen sets taken out at set-up, and why. */
  readonly removed: readonly Removal[];
  /** The player counts this deck supports (table.json's range, limited by the draw pile). */
  readonly players: { readonly min: number; readonly max: number };
  readonly rules: GameRules;
  /** The rulebook's advice for the chosen sets (shown at set-up, not enforced). */
  readonly advice: readonly string[];
}

function listOf(ids: readonly string[]): string {
  return ids.join(', ');
}

function chosenSets(catalog: Catalog, asked: readonly string[]): OptionSet[] {
  const known = new Set(catalog.sets.map((set) => set.id));
  for (const id of asked) {
    if (!known.has(id)) {
      throw new GameConfigError(`"${id}" is not an option set of Stolen Plans (choose from: ${listOf(catalog.sets.slice(1).map((set) => set.id))})`);
    }
  }
  const sets = catalog.sets.filter((set) => set.always || asked.includes(set.id));
  for (const set of sets) {
    for (const needed of set.requires) {
      if (!sets.some((s) => s.id === needed)) {
        throw new GameConfigError(`${set.name} (${set.id}) is played with ${catalog.set(needed).name}: add ${needed}, or leave out ${set.id}`);
      }
    }
  }
  return sets;
}

function checkChoice(catalog: Catalog, sets: readonly OptionSet[], id: string, flag: 'include' | 'leaveOut'): CardType {
  let card: CardType;
  try {
    card = catalog.card(id);
  } catch {
    throw new GameConfigError(`${flag}: "${id}" is not a card of Stolen Plans`);
  }
  const set = catalog.set(card.set);
  if (!sets.includes(set))
    throw new GameConfigError(`${flag}: ${card.name} (${id}) comes with ${set.name} (${set.id}), which is not chosen: add ${set.id} to the sets`);
  if (!set.cardsChosen) throw new GameConfigError(`${flag}: ${card.name} (${id}) is part of ${set.name}, whose cards are not chosen one by one`);
  return card;
}

/** The player counts a deck of `deckSize` cards supports under the table's numbers. */
export function supportedPlayers(catalog: Catalog, deckSize: number): { min: number; max: number } | null {
  const { handSize, minPilePerPlayer, players } = catalog.table;
  let max = 0;
  for (let n = players.min; n <= players.max; n++) if (deckSize - handSize * n >= minPilePerPlayer * n) max = n;
  return max === 0 ? null : { min: players.min, max };
}

/** The physical cards' ids made so far, by type and copy: one string each for every deck and game (as the seats' ids: state.ts). */
const copyIds = new Map<string, string[]>();

/** The id of copy `copy` (from 0) of a card type: `jawa-attack-3` for the third Jawa Attack. */
function copyId(type: string, copy: number): string {
  let byCopy = copyIds.get(type);
  if (byCopy === undefined) copyIds.set(type, (byCopy = []));
  return (byCopy[copy] ??= `${type}-${copy + 1}`);
}

/** The deck and the rules for a chosen mix of option sets; throws GameConfigError naming the
 * conflict when the mix cannot be played. */
export function deckFor(options: DeckOptions = {}, catalog: Catalog = CATALOG): DeckPlan {
  const sets = chosenSets(catalog, options.sets ?? []);
  const include = new Set(options.include ?? []);
  const leaveOut = new Set(options.leaveOut ?? []);
  for (const id of include) {
    checkChoice(catalog, sets, id, 'include');
    if (leaveOut.has(id)) throw new GameConfigError(`"${id}" is both included and left out: choose one`);
  }
  for (const id of leaveOut) checkChoice(catalog, sets, id, 'leaveOut');

  const inGame = new Map<string, CardType>();
  for (const card of catalog.cards) {
    if (!sets.some((set) => set.id === card.set)) continue;
    if (leaveOut.has(card.id)) continue;
    if (card.byDefault || include.has(card.id)) inGame.set(card.id, card);
  }

  const removed: Removal[] = [];
  /** Why a card is not in the game although its set is chosen. */
  const absentBecause = new Map<string, string>();
  const remove = (id: string, because: string): void => {
    if (!inGame.has(id)) return;
    if (include.has(id)) throw new GameConfigError(`${catalog.card(id).name} (${id}) cannot be in this game: ${because}. Take it out of include`);
    inGame.delete(id);
    removed.push({ card: id, because });
    absentBecause.set(id, because);
  };
  for (const set of sets) for (const removal of set.removes) remove(removal.card, `${set.name}: ${removal.because}`);
  for (const card of [...inGame.values()]) {
    if (card.replaces !== undefined) remove(card.replaces, `${card.name} replaces it at set-up`);
  }

  // Cards that need other cards in the deck: `requires`, and companions without which no way of
  // playing the card is left. Repeated until nothing more goes (a removal may strand another).
  for (let changed = true; changed; ) {
    changed = false;
    for (const card of [...inGame.values()]) {
      const missing = (card.requires ?? []).filter((id) => !inGame.has(id));
      const playable = card.plays.length === 0 || card.plays.some((play) => (play.with ?? []).every((c) => c.card === undefined || inGame.has(c.card)));
      if (!playable) {
        for (const play of card.plays)
          for (const c of play.with ?? []) if (c.card !== undefined && !inGame.has(c.card) && !missing.includes(c.card)) missing.push(c.card);
      }
      if (missing.length === 0) continue;
      const names = missing.map((id) => `${catalog.card(id).name} (${id})`).join(' and ');
      const why = missing.map((id) => absentBecause.get(id)).filter((text): text is string => text !== undefined);
      const because = `it needs ${names} in the deck${why.length > 0 ? `, which is out (${why.join('; ')})` : ''}`;
      if (include.has(card.id)) {
        throw new GameConfigError(
          `${card.name} (${card.id}) cannot be in this game: ${because}. Add ${listOf(missing)} to include, or take ${card.id} out of include`,
        );
      }
      remove(card.id, because);
      changed = true;
    }
  }

  const types = catalog.cards.filter((card) => inGame.has(card.id));
  const copies = (card: CardType): DeckCard[] => Array.from({ length: card.count }, (_, i) => ({ id: copyId(card.id, i), type: card.id }));
  const deck = types.filter((card) => card.dealt === 'deck').flatMap(copies);
  const besideDiscard = types.filter((card) => card.dealt === 'beside-discard').flatMap(copies);
  const eachPlayer = types.filter((card) => card.dealt === 'each-player');

  const players = supportedPlayers(catalog, deck.length);
  if (players === null) {
    throw new GameConfigError(`a deck of ${deck.length} cards is too small for ${catalog.table.players.min} players: choose more sets`);
  }
  if (options.players !== undefined) {
    const n = options.players;
    if (!Number.isInteger(n) || n < players.min || n > players.max) {
      const pile = deck.length - catalog.table.handSize * n;
      const short =
        Number.isInteger(n) && n > players.max && n <= catalog.table.players.max
          ? `: with ${n} the draw pile after the deal would hold ${pile} cards, fewer than ${catalog.table.minPilePerPlayer} per player; add a set with more cards (bonus, rogue-one)`
          : '';
      throw new GameConfigError(`this deck (${deck.length} cards) is for ${players.min} to ${players.max} players, not ${n}${short}`);
    }
  }

  const quick = catalog.table.quickWindowSeconds;
  const quickWindowSeconds = options.quickWindowSeconds ?? quick.default;
  if (!Number.isInteger(quickWindowSeconds) || quickWindowSeconds < quick.min || quickWindowSeconds > quick.max) {
    throw new GameConfigError(`quickWindowSeconds must be a whole number of seconds from ${quick.min} to ${quick.max}, not ${String(quickWindowSeconds)}`);
  }
  let rules: GameRules = {
    handSize: catalog.table.handSize,
    maxDefendCards: catalog.table.maxDefendCards,
    endsWhenPileEmpty: true,
    passAllowedWhenPileEmpty: false,
    r2d2InStartingHands: false,
    jediSlots: types.filter((card) => card.tags.includes('jedi-card')).reduce((sum, card) => sum + card.count, 0),
    quickWindowSeconds,
  };
  for (const set of sets) {
    const r = set.rules;
    rules = {
      ...rules,
      maxDefendCards: Math.min(rules.maxDefendCards, r.maxDefendCards ?? rules.maxDefendCards),
      endsWhenPileEmpty: r.endsWhenPileEmpty ?? rules.endsWhenPileEmpty,
      passAllowedWhenPileEmpty: r.passAllowedWhenPileEmpty ?? rules.passAllowedWhenPileEmpty,
      r2d2InStartingHands: r.r2d2InStartingHands ?? rules.r2d2InStartingHands,
    };
  }
  return {
    sets: sets.map((set) => set.id),
    types,
    deck,
    eachPlayer,
    besideDiscard,
    removed,
    players,
    rules,
    advice: sets.flatMap((set) => (set.advice === undefined ? [] : [`${set.name}: ${set.advice}`])),
  };
}

/** Every option set besides base: the deck with everything on. */
export function allSets(catalog: Catalog = CATALOG): string[] {
  return catalog.sets.filter((set) => !set.always).map((set) => set.id);
}
