// Secret Invasion's menu words for the table front end's renderer (`table-entry.ts`): the label of
// a legal move as its owner sees it ("Discard Stormtrooper (1): Ben, value 5 (Luke Skywalker)"),
// and `knockOutWarning`, which names a move sure to put its own player out (discarding Princess
// Leia, or Luke Skywalker on yourself while holding her), shown with the move's hint.

import type { Deck } from './deck.ts';
import type { PlayerId, SecretInvasionMove, SecretInvasionView } from './model.ts';

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
 * Skywalker. The menus show it with the move (the renderer's hint).
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
