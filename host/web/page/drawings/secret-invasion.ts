// Secret Invasion's drawing: discards in order, victory tokens as stars and in words, protected
// and out with symbol and words, the face-up cards, the hand with what each card does, what you know.

import { el, type Child } from '../dom.ts';
import { list, text, type Drawing, type Json } from './common.ts';

function card(c: Json, withSummary: boolean): HTMLElement {
  return el(
    'li',
    { class: 'card' },
    el('span', { class: 'card-value', 'aria-hidden': 'true' }, text(c['value'])),
    el('span', { class: 'card-name' }, `${text(c['name'])} (${text(c['value'])})`),
    withSummary ? el('span', { class: 'card-summary' }, text(c['summary'])) : null,
  );
}

export const secretInvasion: Drawing = (view, names) => {
  const players = list(view['players']);
  // Nobody is to play once the game is over.
  const turn = view['stage'] === 'over' ? '' : text(view['turnPlayer']);
  const viewer = text(view['viewer']);
  const need = Number(view['tokensToWin'] ?? 0);
  const rows = players.map((p) => {
    const id = text(p['id']);
    const discards = list(p['discards']);
    const status: Child[] = [];
    if (p['inRound'] !== true) status.push(el('span', { class: 'badge out' }, '✕ out of the round'));
    else if (p['protected'] === true) status.push(el('span', { class: 'badge protected' }, '🛡️ protected'));
    else status.push(el('span', { class: 'badge in' }, `● in the round, ${text(p['handCount'])} card${p['handCount'] === 1 ? '' : 's'}`));
    const tokens = Number(p['tokens'] ?? 0);
    return el(
      'li',
      { class: `player${id === turn ? ' turn' : ''}`, 'aria-label': `${names[id] ?? text(p['name'])}${id === viewer ? ' (you)' : ''}` },
      el('h3', {}, `${id === turn ? '▶ ' : ''}${names[id] ?? text(p['name'])}${id === viewer ? ' (you)' : ''}${id === turn ? ' — to play' : ''}`),
      el(
        'p',
        { class: 'tokens' },
        el('span', { 'aria-hidden': 'true' }, '★'.repeat(tokens) + '☆'.repeat(Math.max(0, need - tokens))),
        ` ${tokens} of ${need} victory tokens`,
      ),
      el('p', {}, ...status),
      el('p', { class: 'sub' }, discards.length === 0 ? 'No discards yet' : 'Discards, in order:'),
      discards.length === 0 ? null : el('ol', { class: 'cards discards' }, ...discards.map((c) => card(c, false))),
    );
  });
  const hand = list(view['hand']);
  const known = list(view['known']);
  const faceUp = list(view['faceUp']);
  return el(
    'section',
    { class: 'drawing secret-invasion', 'aria-label': 'the table' },
    el(
      'p',
      {},
      `Round ${text(view['round'])}, turn ${text(view['turn'])}. Deck: ${text(view['deckCount'])} card${view['deckCount'] === 1 ? '' : 's'}${view['setAsideCount'] === 1 ? ', one set aside face down' : ''}.`,
    ),
    faceUp.length === 0 ? null : el('div', {}, el('h3', {}, 'Face up, out of the round'), el('ol', { class: 'cards' }, ...faceUp.map((c) => card(c, false)))),
    el('ul', { class: 'players' }, ...rows),
    hand.length === 0 ? null : el('div', { class: 'hand' }, el('h3', {}, 'Your hand'), el('ul', { class: 'cards' }, ...hand.map((c) => card(c, true)))),
    known.length === 0
      ? null
      : el(
          'div',
          {},
          el('h3', {}, 'What you know'),
          el('ul', {}, ...known.map((k) => el('li', {}, `${names[text(k['player'])] ?? text(k['player'])} holds ${text((k['card'] as Json)['name'])}`))),
        ),
  );
};
