// The menus a player chooses a move from, built only from the rules' legal moves (so an illegal
// move is never offered). A move is picked in up to three steps: the card (or, after a Boba Fett
// miss, another try or stopping), then the target, then the value named. A step with a single
// option is taken without asking. A card is offered with what it does (its summary from the
// deck data); a value is offered under its own number (type 5 to name 5) with the characters
// of that value. `flatChoices` lists every legal move with a full label, for the JSON stream.
// `knockOutWarning` says when a move is sure to put its own player out (discarding Leia), so a
// front end asks before playing it.

import type { Deck } from '../../games/secret-invasion/deck.ts';
import type { PlayerId, SecretInvasionMove, SecretInvasionView } from '../../games/secret-invasion/model.ts';

export interface MenuOption {
  /** The number to type: 1, 2, ... for cards and players; the value itself for a value. */
  readonly n: number;
  readonly label: string;
  /** The option's key in the move's path (what `choose` takes). */
  readonly key: string;
}

export type MenuStep =
  | { readonly kind: 'choose'; readonly question: string; readonly options: readonly MenuOption[]; readonly picked: readonly string[] }
  | { readonly kind: 'move'; readonly move: SecretInvasionMove };

/** A move's path through the menus: [card | again | stop, target, value]. */
function pathOf(move: SecretInvasionMove): string[] {
  switch (move.type) {
    case 'discard':
      return [`card:${move.character}`, `target:${move.target ?? '-'}`, `guess:${move.guess ?? '-'}`];
    case 'guess-again':
      return ['again', `target:${move.target}`, `guess:${move.guess}`];
    case 'stop-guessing':
      return ['stop'];
  }
}

function playerName(view: SecretInvasionView, id: PlayerId): string {
  if (id === view.viewer) return 'yourself';
  return view.players.find((p) => p.id === id)?.name ?? id;
}

function cardName(view: SecretInvasionView, character: string): string {
  const card = view.hand.find((c) => c.character === character);
  return card ? `${card.name} (${card.value})` : character;
}

/** The characters of a value, as a player names it: "Luke Skywalker", "C-3PO or R2-D2". */
export function valueNames(deck: Deck, value: number): string {
  return deck.characters
    .filter((c) => c.value === value)
    .map((c) => c.name)
    .join(' or ');
}

function keyLabel(view: SecretInvasionView, key: string, deck: Deck): string {
  const [kind, value = ''] = key.split(':');
  switch (kind) {
    case 'card':
      return `Discard ${cardName(view, value)}`;
    case 'again':
      return 'Boba Fett: guess a second time (a second miss puts you out)';
    case 'stop':
      return 'Stop guessing';
    case 'target':
      // Offered beside players only by Han Solo, whose look is optional.
      return value === '-' ? 'no one' : playerName(view, value);
    case 'guess':
      return value === '-' ? 'no value' : `value ${value} (${valueNames(deck, Number(value))})`;
    default:
      return key;
  }
}

/** A step's option: what to type, and its words (a card with what it does, a value with its characters). */
function optionOf(view: SecretInvasionView, key: string, index: number, deck: Deck): MenuOption {
  const [kind, value = ''] = key.split(':');
  if (kind === 'guess' && value !== '-') return { n: Number(value), key, label: `${value}: ${valueNames(deck, Number(value))}` };
  const summary = kind === 'card' ? view.hand.find((c) => c.character === value)?.summary : undefined;
  const label = keyLabel(view, key, deck);
  return { n: index + 1, key, label: summary === undefined ? label : `${label}: ${summary}` };
}

/** The question of the step after `path`, naming what was chosen so far. */
function question(view: SecretInvasionView, path: readonly string[], deck: Deck): string {
  const [first = '', target = ''] = path;
  const card = first.startsWith('card:') ? cardName(view, first.slice('card:'.length)) : 'Boba Fett';
  if (path.length === 0) return 'What do you do?';
  if (path.length === 1) return `${card}: whom do you choose?`;
  return `${card}: which value do you name for ${keyLabel(view, target, deck)}? Type the value.`;
}

/**
 * The menu after the keys already `picked`: the options of the next step, or the move when the
 * path leads to one. Steps after the first with a single option are taken without asking.
 */
export function menuStep(moves: readonly SecretInvasionMove[], view: SecretInvasionView, deck: Deck, picked: readonly string[] = []): MenuStep {
  const path = [...picked];
  for (;;) {
    const matching = moves.filter((m) => path.every((key, i) => pathOf(m)[i] === key));
    const first = matching[0];
    if (first === undefined) throw new Error(`no legal move follows the choices ${path.join(' > ') || '(none)'}`);
    if (matching.length === 1 && pathOf(first).length <= path.length) return { kind: 'move', move: first };
    const keys = [...new Set(matching.map((m) => pathOf(m)[path.length]).filter((k): k is string => k !== undefined))];
    if (keys.length === 1 && path.length > 0) {
      path.push(keys[0] as string);
      continue;
    }
    if (keys.length === 0) return { kind: 'move', move: first };
    return {
      kind: 'choose',
      question: question(view, path, deck),
      options: keys.map((key, i) => optionOf(view, key, i, deck)),
      picked: path,
    };
  }
}

/**
 * The label of a whole move ("Discard Stormtrooper (1): Ben, value 5"), as its owner sees it.
 * "no one" is named only when `moves` also holds the same card with a target (Han's optional look).
 */
export function moveLabel(move: SecretInvasionMove, view: SecretInvasionView, deck: Deck, moves: readonly SecretInvasionMove[] = []): string {
  const path = pathOf(move);
  const [head = '', ...rest] = path;
  const declines =
    move.type === 'discard' && move.target === null && moves.some((m) => m.type === 'discard' && m.character === move.character && m.target !== null);
  const details = rest.filter((key) => !key.endsWith(':-') || (declines && key.startsWith('target:'))).map((key) => keyLabel(view, key, deck));
  return details.length > 0 ? `${keyLabel(view, head, deck)}: ${details.join(', ')}` : keyLabel(view, head, deck);
}

/**
 * Why `move` is sure to put its own player out of the round, or null: discarding the card that
 * puts its holder out when discarded (Princess Leia), or making yourself discard it with Luke
 * Skywalker. A front end asks before playing such a move.
 */
export function knockOutWarning(move: SecretInvasionMove, view: SecretInvasionView, deck: Deck): string | null {
  if (move.type !== 'discard') return null;
  const outWhenDiscarded = (character: string): boolean => deck.characters.some((c) => c.id === character && c.effect === 'out-when-discarded');
  const played = view.hand.find((c) => c.character === move.character);
  if (played === undefined) return null;
  if (outWhenDiscarded(played.character)) return `Discarding ${played.name} puts you out of the round.`;
  const kept = view.hand.find((c) => c !== played);
  const effect = deck.characters.find((c) => c.id === played.character)?.effect;
  if (effect === 'redraw' && move.target === move.actor && kept !== undefined && outWhenDiscarded(kept.character)) {
    return `${played.name} on yourself makes you discard ${kept.name}, which puts you out of the round.`;
  }
  return null;
}

export interface FlatChoice {
  readonly n: number;
  readonly label: string;
  readonly move: SecretInvasionMove;
  /** What the discarded card does (from the deck data), for a discard. */
  readonly summary?: string;
  /** Set when the move is sure to put the player out of the round: ask before playing it. */
  readonly warning?: string;
}

/** Every legal move, numbered, with its full label, what its card does, and a warning when it puts the player out (the JSON stream's menu). */
export function flatChoices(moves: readonly SecretInvasionMove[], view: SecretInvasionView, deck: Deck): FlatChoice[] {
  return moves.map((move, i) => {
    const summary = move.type === 'discard' ? view.hand.find((c) => c.character === move.character)?.summary : undefined;
    const warning = knockOutWarning(move, view, deck);
    return {
      n: i + 1,
      label: moveLabel(move, view, deck, moves),
      move,
      ...(summary === undefined ? {} : { summary }),
      ...(warning === null ? {} : { warning }),
    };
  });
}
