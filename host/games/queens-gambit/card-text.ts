// A card's text in words, made from its actions as data ("1 Kaadu group, or 2 Gungan
// groups"), so the text a player reads and the actions the rules carry out cannot disagree.

import type { Action, Card, DeckKind, Unit, UnitOrder } from './schema.ts';

const DECK_NAMES: Record<DeckKind, string> = { battlefield: 'Battlefield', palace: 'Theed Palace' };

function unitWords(order: UnitOrder, unit: Unit): string {
  const who = unit.unique && order.count === 1 ? unit.name : `${order.count} ${order.count === 1 ? unit.name : unit.plural}`;
  return order.move === undefined ? who : `${who} (move ${order.move})`;
}

/** `A`, `A and B`, `A, B and C`. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

function capitalised(text: string): string {
  return text.startsWith('the ') ? `The ${text.slice(4)}` : text.charAt(0).toUpperCase() + text.slice(1);
}

/** One action in words, e.g. "Window Ledge Movement: the Red Queen and 3 Palace Guards". */
export function actionText(action: Action, unitOf: (id: string) => Unit): string {
  switch (action.kind) {
    case 'activate': {
      const who = listWords(action.units.map((order) => unitWords(order, unitOf(order.unit))));
      if (action.windowLedge) return `Window Ledge Movement: ${who}`;
      if (action.doubleAttack) return `Double Attack: ${who}`;
      return capitalised(who);
    }
    case 'draw-and-play':
      return action.draws
        .map((deck, i) => `${i === 0 ? 'draw a' : 'then draw another'} ${DECK_NAMES[deck]} card and play it`)
        .join(', ')
        .replace(/^d/, 'D');
    case 'starfighter':
      return action.cards === 1 ? 'Draw a Starfighter card' : `Draw ${action.cards} Starfighter cards`;
    case 'anakin':
      return 'Move Anakin';
    case 'droids-to-palace':
      return `Move up to ${action.max} droids of one Battlefield group to the Palace`;
    case 'activate-droids':
      return `Activate ${listWords(
        action.groups.map((g) => {
          const unit = unitOf(g.unit);
          return `${g.count} ${g.count === 1 ? unit.name : unit.plural}`;
        }),
      )} next to a Multi Troop Transport`;
    case 'heal':
      return `${capitalised(unitOf(action.unit).name)} recovers ${action.amount}`;
  }
}

/** The card's actions in words, alternatives joined by ", or " (the title is separate). */
export function cardText(card: Card, unitOf: (id: string) => Unit): string {
  return card.actions
    .map((action, i) => {
      const text = actionText(action, unitOf);
      if (i === 0) return text;
      if (text.startsWith('The ')) return `the ${text.slice(4)}`;
      return /^(Draw|Move up to|Activate) /.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
    })
    .join(', or ');
}
