// Short English for the data: what a play does, when it may be made, what a card does in play.
// Used for the README's tables and by front ends for menus and card texts; the rulebook's own
// words stay in each entry's `text`.

import type { Catalog } from './load.ts';
import type { CardType, Companion, Effect, Passive, Play } from './schema.ts';

type Who = 'one-other' | 'each-other' | 'any-others' | 'one-other-then-beside';

const WHO: Record<Who, string> = {
  'one-other': 'one other player',
  'each-other': 'each other player',
  'any-others': 'any other players',
  'one-other-then-beside': 'one other player, then one beside them',
};

function cards(n: number | 'all'): string {
  if (n === 'all') return 'every card';
  return n === 1 ? '1 card' : `${n} cards`;
}

export function describeEffect(effect: Effect): string {
  switch (effect.kind) {
    case 'attack':
      return effect.moving === true ? `Attack ${effect.value}, the remainder lost by the players to the left` : `Attack ${effect.value}`;
    case 'defend':
      return `Defend ${effect.value}`;
    case 'block-defend':
      return 'the Attack played with it cannot be defended';
    case 'steal':
      return effect.count === 'all' ? `take every card of ${WHO[effect.from]}` : `take ${cards(effect.count)} at random from ${WHO[effect.from]}`;
    case 'discard': {
      const chooser = effect.count === 'all' ? '' : ' of their choice';
      const kept =
        effect.cannotBeDiscarded === 'top-of-draw-pile'
          ? '; cards that cannot be discarded go face down on top of the draw pile'
          : effect.passes !== undefined && effect.passes.length > 0
            ? `; ${effect.passes.join(' and ')} pass to you`
            : '';
      return `${WHO[effect.who]} discards ${cards(effect.count)}${chooser}${kept}`;
    }
    case 'draw':
      return `draw ${cards(effect.count)}`;
    case 'take-from-discard':
      return `take ${cards(effect.count)} of your choice from the discard pile`;
    case 'peek': {
      const what = {
        'one-hand': "look at one other player's hand",
        'each-other-hand': "look at every other player's hand",
        'stolen-cards': 'peek at the cards being stolen',
        'drawn-cards': 'peek at the cards the nominated player drew',
      }[effect.what];
      return effect.seconds === undefined ? what : `${what} (up to ${effect.seconds} s)`;
    }
    case 'peek-and-take':
      return `${effect.what === 'one-hand' ? "look at one other player's hand" : "look at every other player's hand"}, take ${cards(effect.take)} of your choice`;
    case 'cancel':
      return 'cancel it: it has no effect and every card of it and of the answer is discarded';
    case 'evade':
      return 'the Attack has no effect; take the Attack card into your hand';
    case 'stop-loss':
      return 'lose no cards to it';
    case 'cancel-defend-card':
      return 'cancel and discard one Defend card being played';
    case 'avoid-loss':
      return 'lose no cards when your attack fails';
    case 'skip-turn':
      return 'cancel their turn';
    case 'capture-hero':
      return 'the Rebel Hero works, then goes to your hand';
    case 'give':
      return `give ${cards(effect.count)} of your hand to one other player`;
    case 'collect':
      return `each other player gives you ${cards(effect.count)} of their choice`;
    case 'pass-hands':
      return `every player passes their hand to the ${effect.direction}; then draw ${cards(effect.thenDraw)}`;
    case 'place':
      return `${effect.where === 'in-front' ? 'place it in front of you' : 'place it beside the discard pile'}${effect.nominate === true ? ' and nominate another player' : ''}`;
    case 'counter-advantage':
      return 'discard the Advantage card in play';
    case 'remove-jedi':
      return 'remove every Jedi in play; Jedi Only cards do nothing from now on';
    case 'win':
      return 'the game ends and you win';
    case 'continue-play':
      return `the discard pile makes a new draw pile of ${effect.newPile}; play goes on`;
    case 'eliminate':
      return {
        'every-squad-card': 'eliminate every Rogue One Squad card in play',
        'all-of-one-player': 'eliminate every Rogue One Squad card of one player',
        'one-card-of-one-player': 'eliminate one Rogue One Squad card of one player',
        'one-card-left-or-right': 'eliminate one Rogue One Squad card of the player on your left or right',
      }[effect.scope];
    case 'save-squad':
      return 'save one of your Rogue One Squad cards from elimination';
    case 'move-squad':
      return "move one other player's Rogue One Squad cards in front of you";
    case 'destroy-cargo':
      return 'destroy the Cargo Ship: it and its cargo leave the game';
    case 'load-cargo':
      return `put any of the discarded cards face down on the Cargo Ship (at ${effect.capacity} they come to your hand)`;
    case 'unload-cargo':
      return 'take the cargo into your hand; discard the Cargo Ship';
    case 'extra-play':
      return 'play again';
    case 'extra-draw':
      return `draw ${cards(effect.count)} more`;
    case 'deactivate-resources':
      return `flip the Active Starting Resources of ${WHO[effect.who]} to Inactive`;
    case 'special':
      return `special: ${effect.id}`;
  }
}

export function describePassive(passive: Passive): string {
  switch (passive.kind) {
    case 'draw-count':
      return `draws are of ${passive.value} cards`;
    case 'defend-bonus':
      return `+${passive.value} on each of your Defend cards`;
    case 'jedi':
      return 'you are a Jedi';
    case 'jedi-only-on-own-turn':
      return 'you may play Jedi Only cards on your own turn';
    case 'max-defend-cards':
      return `${passive.value} Defend card at most against an Attack`;
  }
}

export function describeWhen(play: Play): string {
  if (play.when === 'own-turn') return play.from === 'in-play' ? 'your turn (from play)' : 'your turn';
  return `window ${play.when.slice('window:'.length)}`;
}

function describeCompanion(companion: Companion, catalog: Catalog): string {
  const what = companion.card !== undefined ? catalog.card(companion.card).name : `a card tagged ${companion.tag ?? ''}`;
  const count = companion.count !== undefined && companion.count > 1 ? `${companion.count} × ` : '';
  return `${companion.use === 'reveal' ? 'revealing' : 'with'} ${count}${what}`;
}

const TARGET: Record<NonNullable<Play['target']>, string> = {
  'one-other': 'at one other player',
  'each-other': 'at each other player',
  'any-others': 'at any other players',
  'one-other-then-beside': 'at one other player, then one beside them',
  'left-or-right': 'at the player on your left or right',
  everyone: 'at everyone',
  'turn-player': 'at the player whose turn it is',
};

/**
 * The ways of playing `card` that have a use in a deck of these card types: saving a squad card
 * from elimination (the Rebel Heroes) only when the deck holds Rogue One Squad cards (Rogue One,
 * or Baze Malbus's Defensive: D5). What a card's face shows: its text and these plays' words.
 */
export function playsInDeck(card: CardType, types: readonly CardType[]): Play[] {
  const squads = types.some((t) => t.tags.includes('squad'));
  return card.plays.filter((play) => play.effect.kind !== 'save-squad' || squads);
}

/** One way of playing a card, in a line: `your turn, with The Emperor Attack: the game ends...`. */
export function describePlay(play: Play, catalog: Catalog): string {
  const aimed = play.target === undefined ? [] : [`${TARGET[play.target]}${play.unanswered === true ? ' (unanswered)' : ''}`];
  const companions = [...aimed, ...(play.with ?? []).map((c) => describeCompanion(c, catalog))];
  const against = play.against === undefined ? [] : [`against ${play.against.join(' / ')}`];
  const needs = play.needs === undefined ? '' : ` (needs ${play.needs.join(', ')})`;
  return `${[describeWhen(play), ...companions, ...against].join(', ')}: ${describeEffect(play.effect)}${needs}`;
}

/** A window's condition on who is asked, in words: `holds-cards:2` → `holds 2 or more cards`. */
export function describeAsk(condition: string): string {
  if (condition.includes('|')) return condition.split('|').map(describeAsk).join(' or ');
  const [name, ids = ''] = condition.split(':') as [string, string?];
  switch (name) {
    case 'holds-cards':
      return ids === '1' ? 'holds a card' : `holds ${ids} or more cards`;
    case 'may-hold':
      return `${ids.split(',').join(' or ')} may be in their hand`;
    case 'owns':
      return `has ${ids} in play`;
    case 'active':
      return `has ${ids} Active`;
    case 'nominated-opener':
      return `their ${ids} nominates the player who opened it`;
    case 'has-cargo':
      return 'has cargo on their Cargo Ship';
    default:
      return condition.replaceAll('-', ' ');
  }
}
