// The words The Queen's Gambit's table renderer is made of: units, cards, decks, sides, dice
// faces and the space battle's layers named from the data, and "you" for the viewer. Pure
// functions of ids a viewer was sent; nothing here looks at a state.

import type { ActorId } from '../../engine/table-game.ts';
import { actionText, cardText } from './card-text.ts';
import type { DeckId } from './load.ts';
import type { UnitState } from './model.ts';
import { DATA, cardOf, layerOf } from './rules.ts';
import type { Side, Unit } from './schema.ts';

export type Names = Readonly<Record<ActorId, string>>;

export const SIDE_NAMES: Readonly<Record<Side, string>> = { naboo: 'Naboo', 'trade-federation': 'the Trade Federation' };

export const unitSpec = (id: string): Unit => DATA.unit(id);

/** "Ana", or "you" for the viewer. */
export function who(names: Names, viewer: string, id: ActorId): string {
  return id === viewer ? 'you' : (names[id] ?? id);
}

/** The first letter in capitals: for a line that starts with a name ("the Red Queen" → "The Red Queen", "you" → "You"). */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The spec of a named unit (`G1`, `qui-gon`) in the units given, or of a counted Palace unit id (`palace-guard`). */
export function specOfId(id: string, units: readonly UnitState[]): Unit {
  const named = units.find((u) => u.id === id);
  return DATA.unit(named === undefined ? id : named.unit);
}

/** A unit as a player names it: "the Red Queen", "Gungan group G1", "Armored Attack Tank AAT2", "a Palace Guard". */
export function unitName(id: string, units: readonly UnitState[]): string {
  const named = units.find((u) => u.id === id);
  if (named === undefined) {
    const spec = DATA.unit(id);
    return spec.kind === 'figure' || spec.kind === 'fixture' ? `a ${spec.name}` : spec.name;
  }
  const spec = DATA.unit(named.unit);
  return spec.unique ? spec.name : `${spec.name} ${named.id}`;
}

/** A physical card's title ("Rush the Palace"); a card without one is named by its text ("2 Kaadu groups"). */
export const cardTitle = (card: string): string => cardOf(card).title ?? cardWords(card);

/** A physical card's actions in words. */
export const cardWords = (card: string): string => cardText(cardOf(card), unitSpec);

/** "Rush the Palace: Captain Panaka and 4 Palace Guards (move 8)"; a card without a title by its text alone. */
export const cardLine = (card: string): string => (cardOf(card).title === null ? cardWords(card) : `${cardTitle(card)}: ${cardWords(card)}`);

/** One of a card's actions in words. */
export function cardActionWords(card: string, index: number): string {
  const action = cardOf(card).actions[index];
  return action === undefined ? `action ${index + 1}` : actionText(action, unitSpec);
}

export const deckName = (deck: DeckId): string => DATA.decks[deck].name;

/** A die face in words ("multiple hits"). */
export function faceName(face: string): string {
  return DATA.dice.symbols.find((s) => s.id === face)?.name ?? face;
}

/** A die by its id ("red attack die"); Anakin's die too. */
export function dieName(die: string): string {
  if (die === 'anakin') return DATA.dice.anakin.name;
  return DATA.dice.dice.find((d) => d.id === die)?.name ?? `${die} die`;
}

/** A pool of dice in words: "3 red", "2 red and 1 grey". */
export function poolWords(pool: Readonly<Record<string, number>>): string {
  const parts = Object.entries(pool)
    .filter(([, n]) => n > 0)
    .map(([colour, n]) => `${n} ${colour}`);
  return parts.length === 0 ? 'no dice' : parts.join(' and ');
}

/**
 * Dice by their names, counted: "3 grey attack dice", "1 blue defense die and 1 gold defense die",
 * "Anakin's 2 red six-sided dice" (in the order first rolled).
 */
export function diceWords(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const parts = [...counts].map(([name, n]) => {
    const many = n === 1 ? name : name.replace(/\bdie$/, 'dice');
    const owner = /^(\S+'s) (.+)$/.exec(many);
    return owner === null ? `${n} ${many}` : `${owner[1]} ${n} ${owner[2]}`;
  });
  return parts.length === 0 ? 'no dice' : parts.join(' and ');
}

/** A space grid or a Starfighter card by its id: "grid 2", "Starfighter card 5". */
export function layerName(layer: string): string {
  const grid = /^grid-(\d+)$/.exec(layer);
  if (grid !== null) return `grid ${grid[1]}`;
  const fighter = /^starfighter-(\d+)$/.exec(layer);
  return fighter !== null ? `Starfighter card ${fighter[1]}` : layer;
}

/** A layer's dice and blocked spaces in words: "2 grey dice; blocked 2, 3, 11, 12". */
export function layerWords(layer: string): string {
  const l = layerOf(layer);
  return `${l.greyDice} grey ${l.greyDice === 1 ? 'die' : 'dice'}; blocked ${l.blocked.join(', ')}`;
}

/** Anakin's spaces: the start, the spaces between the grids, the Droid Control Ship. */
export function anakinSpaceName(at: number): string {
  const last = DATA.space.anakinSpaces - 1;
  if (at <= 0) return 'the start';
  if (at >= last) return 'the Droid Control Ship';
  return `space ${at} of ${last}`;
}

/** A unit's sheet in words for a hint: "move 4, range 1, attack 1 red, defense 1 blue, damage track 4". */
export function sheetWords(spec: Unit, figures = spec.figures): string {
  const parts = [`move ${spec.move}`];
  const range = spec.range;
  if (range.kind === 'hexes') parts.push(`range ${range.hexes}`);
  else if (range.kind === 'line-of-sight') parts.push('range: line of sight');
  else if (range.kind === 'adjacent') parts.push('range: adjacent');
  const pool = spec.attack[Math.max(0, Math.min(figures, spec.attack.length) - 1)];
  if (spec.split !== null) parts.push(`${spec.split.dicePerAction} red dice to split (at most ${spec.split.maxDicePerAttack} an attack)`);
  else if (pool !== undefined) parts.push(`attack ${poolWords(pool)}`);
  else parts.push('no attack');
  parts.push(Object.keys(spec.defense).length === 0 ? 'no defense dice' : `defense ${poolWords(spec.defense)}`);
  if (spec.damage !== null) parts.push(`damage track ${spec.damage}`);
  return parts.join(', ');
}

/** A damage track drawn in text: "■■□□ 2 of 4" (filled: damage taken). */
export function trackWords(damage: number, track: number): string {
  return `${'■'.repeat(Math.min(damage, track))}${'□'.repeat(Math.max(0, track - damage))} ${damage} of ${track}`;
}
