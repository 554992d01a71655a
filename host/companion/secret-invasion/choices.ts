// The menus a player chooses a move from, built only from the rules' legal moves (so an illegal
// move is never offered). A move is picked in up to three steps: the card (or, after a Boba Fett
// miss, another try or stopping), then the target, then the value named. A step with a single
// option is taken without asking. `flatChoices` lists every legal move with a full label, for
// the JSON stream.

import type { PlayerId, SecretInvasionMove, SecretInvasionView } from '../../games/secret-invasion/model.ts';

export interface MenuOption {
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

function keyLabel(view: SecretInvasionView, key: string): string {
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
      return value === '-' ? 'no value' : `value ${value}`;
    default:
      return key;
  }
}

/** The question of the step after `path`, naming what was chosen so far. */
function question(view: SecretInvasionView, path: readonly string[]): string {
  const [first = '', target = ''] = path;
  const card = first.startsWith('card:') ? cardName(view, first.slice('card:'.length)) : 'Boba Fett';
  if (path.length === 0) return 'What do you do?';
  if (path.length === 1) return `${card}: whom do you choose?`;
  return `${card}: which value do you name for ${keyLabel(view, target)}?`;
}

/**
 * The menu after the keys already `picked`: the options of the next step, or the move when the
 * path leads to one. Steps after the first with a single option are taken without asking.
 */
export function menuStep(moves: readonly SecretInvasionMove[], view: SecretInvasionView, picked: readonly string[] = []): MenuStep {
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
      question: question(view, path),
      options: keys.map((key, i) => ({ n: i + 1, key, label: keyLabel(view, key) })),
      picked: path,
    };
  }
}

/**
 * The label of a whole move ("Discard Stormtrooper (1): Ben, value 5"), as its owner sees it.
 * "no one" is named only when `moves` also holds the same card with a target (Han's optional look).
 */
export function moveLabel(move: SecretInvasionMove, view: SecretInvasionView, moves: readonly SecretInvasionMove[] = []): string {
  const path = pathOf(move);
  const [head = '', ...rest] = path;
  const declines = move.type === 'discard' && move.target === null && moves.some((m) => m.type === 'discard' && m.character === move.character && m.target !== null);
  const details = rest.filter((key) => !key.endsWith(':-') || (declines && key.startsWith('target:'))).map((key) => keyLabel(view, key));
  return details.length > 0 ? `${keyLabel(view, head)}: ${details.join(', ')}` : keyLabel(view, head);
}

export interface FlatChoice {
  readonly n: number;
  readonly label: string;
  readonly move: SecretInvasionMove;
}

/** Every legal move, numbered, with its full label (the JSON stream's menu). */
export function flatChoices(moves: readonly SecretInvasionMove[], view: SecretInvasionView): FlatChoice[] {
  return moves.map((move, i) => ({ n: i + 1, label: moveLabel(move, view, moves), move }));
}
