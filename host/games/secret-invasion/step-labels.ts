// The words of the table game's steps, for the menu of the player choosing (the table front
// end's `moveLabel`): a card with what it does as the hint, a target by name ("yourself", "no
// one"), a value with the characters of that value, a step back. Where a step is sure to put its
// own player out of the round (discarding Princess Leia, or Luke Skywalker on yourself while
// keeping her), the hint says so first, so a player sees it before choosing (once: Princess
// Leia's own summary says it). In the terminal a value is typed as itself (`stepPlace`).
// Pure functions of the chooser's own view.

import type { MenuPlace, MoveLabel } from '../../table/entry.ts';
import { onlyTarget, seatsSeen, secondGuessTargets, targetOptions } from './choosing.ts';
import type { Deck } from './deck.ts';
import type { CardView, PlayerId, SecretInvasionStep, SecretInvasionView } from './model.ts';

type Names = Readonly<Record<PlayerId, string>>;

/** The characters of a value, as a player names it: "Luke Skywalker", "C-3PO or R2-D2". */
export function valueNames(deck: Deck, value: number): string {
  return deck.characters
    .filter((c) => c.value === value)
    .map((c) => c.name)
    .join(' or ');
}

function playerName(view: SecretInvasionView, names: Names, id: PlayerId): string {
  if (id === view.viewer) return 'yourself';
  return names[id] ?? view.players.find((p) => p.id === id)?.name ?? id;
}

const outWhenDiscarded = (deck: Deck, character: string): boolean => deck.characters.some((c) => c.id === character && c.effect === 'out-when-discarded');

/** The card of `character` in the viewer's hand, and the other card held. */
function heldPair(view: SecretInvasionView, character: string): { played: CardView | undefined; kept: CardView | undefined } {
  const played = view.hand.find((c) => c.character === character);
  return { played, kept: view.hand.find((c) => c !== played) };
}

/**
 * Why the step is sure to put its own player out of the round, or null: discarding the card
 * that puts its holder out when discarded (Princess Leia), or making yourself discard it with
 * Luke Skywalker.
 */
export function knockOutWarning(step: SecretInvasionStep, view: SecretInvasionView, deck: Deck): string | null {
  const onYourself = (character: string): string | null => {
    const { played, kept } = heldPair(view, character);
    const redraws = deck.characters.some((c) => c.id === character && c.effect === 'redraw');
    return played !== undefined && kept !== undefined && redraws && outWhenDiscarded(deck, kept.character)
      ? `${played.name} on yourself makes you discard ${kept.name}, which puts you out of the round.`
      : null;
  };
  if (step.type === 'discard') {
    const { played } = heldPair(view, step.character);
    if (played !== undefined && outWhenDiscarded(deck, played.character)) return `Discarding ${played.name} puts you out of the round.`;
    // Luke Skywalker when you are the only one he may target: the target is taken with the card.
    const only = played === undefined ? undefined : onlyTarget(targetOptions(seatsSeen(view.players), view.viewer, deck.character(played.character)));
    return only === view.viewer ? onYourself(step.character) : null;
  }
  if (step.type === 'target' && step.target === view.viewer && view.choosing !== null && view.stage === 'turn') return onYourself(view.choosing.character);
  return null;
}

function withWarning(label: string, hint: string | undefined, warning: string | null): MoveLabel {
  const text = warning === null ? hint : hint === undefined ? warning : `${warning} ${hint}`;
  return text === undefined ? { label } : { label, hint: text };
}

/** Where a step sits in the terminal's menu: a value named is typed as itself ("7" for Obi-Wan Kenobi's 7), the other steps numbered. */
export function stepPlace(step: SecretInvasionStep): MenuPlace {
  return step.type === 'name' ? { key: String(step.value) } : {};
}

/** A step as its chooser sees it in the menu. */
export function stepLabel(step: SecretInvasionStep, view: SecretInvasionView, deck: Deck, names: Names = {}): MoveLabel {
  const warning = knockOutWarning(step, view, deck);
  const choosing = view.choosing;
  const chosen = choosing === null ? undefined : view.hand.find((c) => c.character === choosing.character);
  switch (step.type) {
    case 'discard': {
      const card = view.hand.find((c) => c.character === step.character);
      // A card that puts its holder out when discarded says so in its own summary too: the warning is said alone, not twice.
      const own = card !== undefined && outWhenDiscarded(deck, card.character) && warning !== null;
      return withWarning(`Discard ${card ? `${card.name} (${card.value})` : step.character}`, own ? undefined : card?.summary, warning);
    }
    case 'target':
      if (step.target === null) return { label: 'no one', hint: `discard ${chosen?.name ?? 'the card'} without looking` };
      return withWarning(playerName(view, names, step.target), undefined, warning);
    case 'name':
      return { label: `${valueNames(deck, step.value)} (${step.value})` };
    case 'undo': {
      const seats = seatsSeen(view.players);
      const options =
        choosing === null
          ? null
          : view.stage === 'second-try'
            ? secondGuessTargets(seats, view.viewer)
            : targetOptions(seats, view.viewer, deck.character(choosing.character));
      if (choosing?.target != null && onlyTarget(options) === undefined) return { label: 'Back: choose another player' };
      return { label: view.stage === 'second-try' ? 'Back: stop or guess again' : 'Back: choose another card' };
    }
    case 'guess-again':
      return { label: 'Boba Fett: guess a second time', hint: 'a second miss puts you out of the round' };
    case 'stop-guessing':
      return { label: 'Stop guessing' };
    case 'chance':
      return { label: 'Shuffle and deal' };
  }
}
