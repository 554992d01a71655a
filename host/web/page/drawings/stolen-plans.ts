// Stolen Plans' drawing, from the view the page was sent (the public view on the table page, the
// seat's own on a seat page): whose turn, the draw pile, each player's hand count, the Jedi and
// other cards in front of them, their "cannot be discarded" declaration, their Starting Resources
// (Active or not) where the game has them, and what you know they hold; the cards being played (a
// Defend cancelled by Protection marked so), New Ruling and the Cargo Ship beside the discard pile
// (its cargo face down, but for the cards the viewer knows), a loss the ship's owner is looking
// through (its cards only to who may see them), the discards face up first to last, cards removed from play; your hand with what each card does. The view carries
// the faces of the cards it names (`faces`, by type), so the page needs no catalogue. Every state
// is said in words beside its symbol.

import { el, type Child } from '../dom.ts';
import { list, text, type Drawing, type Json } from './common.ts';

type Face = { readonly name: string; readonly kind: string; readonly attack: number | null; readonly defend: number | null; readonly text: string };

/** `jawa-attack-3` → `jawa-attack`; a Starting Resource in front of seat 2, `binocs@2` → `binocs`. */
const typeOf = (card: string): string => card.replace(/@\d+$/, '').replace(/-\d+$/, '');

function faceOf(view: Json, card: string): Face {
  const faces = (view['faces'] ?? {}) as Readonly<Record<string, Face>>;
  return faces[typeOf(card)] ?? { name: card, kind: '', attack: null, defend: null, text: '' };
}

/** The values on a card, as its corner symbol and in words. */
function values(face: Face): { symbol: string; words: string } {
  const parts: string[] = [];
  const symbols: string[] = [];
  if (face.attack !== null) {
    parts.push(`Attack ${face.attack}`);
    symbols.push(`⚔${face.attack}`);
  }
  if (face.defend !== null) {
    parts.push(`Defend ${face.defend}`);
    symbols.push(`♦${face.defend}`);
  }
  return { symbol: symbols.join(' ') || '•', words: parts.join(', ') };
}

function card(view: Json, id: string, withText: boolean, note = ''): HTMLElement {
  const face = faceOf(view, id);
  const v = values(face);
  const named = v.words === '' || face.name.includes(v.words) ? face.name : `${face.name} (${v.words})`;
  return el(
    'li',
    { class: 'card', 'data-card': id },
    el('span', { class: 'card-value', 'aria-hidden': 'true' }, v.symbol),
    el('span', { class: 'card-name' }, `${named}${note}`),
    withText ? el('span', { class: 'card-summary' }, face.text) : null,
  );
}

const cardNames = (view: Json, cards: readonly string[]): string => cards.map((c) => faceOf(view, c).name).join(', ');
const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

export const stolenPlans: Drawing = (view, names) => {
  const viewer = text(view['viewer']);
  const turnPlayer = text(view['turnPlayer']);
  const over = view['winners'] !== null && view['winners'] !== undefined;
  const who = (id: string): string => names[id] ?? id;
  const inPlay = list(view['inPlay']);
  const declarations = list(view['declarations']);
  const rows = list(view['players']).map((p) => {
    const id = text(p['id']);
    const count = Number(p['cards'] ?? 0);
    const jedi = typeof p['jedi'] === 'string' ? p['jedi'] : null;
    const others = inPlay.filter((c) => text(c['owner']) === id && text(c['card']) !== jedi);
    const declared = declarations.filter((d) => text(d['player']) === id).at(-1);
    const known = (Array.isArray(p['known']) ? p['known'] : []) as string[];
    const status: Child[] = [el('span', { class: 'badge in' }, `🂠 ${plural(count, 'card')} in hand`)];
    if (jedi !== null) status.push(' ', el('span', { class: 'badge protected' }, `✦ a Jedi: ${faceOf(view, jedi).name} in front`));
    if (declared !== undefined) {
      status.push(
        ' ',
        el(
          'span',
          { class: 'badge out' },
          `⚠ declared on turn ${text(declared['turn'])}: cannot discard the ${plural(Number(declared['count']), 'card')} kept`,
        ),
      );
    }
    // Starting Resources, where the game has them: each in front of its owner, Active or not.
    const resources = list(view['resources']).filter((r) => text(r['owner']) === id);
    const turn = id === turnPlayer && !over;
    return el(
      'li',
      { class: `player${turn ? ' turn' : ''}`, 'aria-label': `${who(id)}${id === viewer ? ' (you)' : ''}`, 'data-seat': id },
      el('h3', {}, `${turn ? '▶ ' : ''}${who(id)}${id === viewer ? ' (you)' : ''}${turn ? ' — to play' : ''}`),
      el('p', {}, ...status),
      // A Rogue One Squad card that nominates a player (Gather Intelligence, Defection) names them: the nomination is public.
      others.length === 0
        ? null
        : el(
            'p',
            { class: 'sub' },
            `In play in front: ${others
              .map((c) => `${faceOf(view, text(c['card'])).name}${typeof c['nominee'] === 'string' ? ` (nominating ${who(c['nominee'])})` : ''}`)
              .join(', ')}`,
          ),
      resources.length === 0
        ? null
        : el(
            'p',
            { class: 'sub' },
            'Resources: ',
            resources.map((r) => `${faceOf(view, text(r['card'])).name}: ${r['active'] === true ? '✓ active' : '✕ inactive'}`).join(', '),
          ),
      known.length === 0 ? null : el('p', { class: 'sub' }, `You know they hold: ${cardNames(view, known)}`),
    );
  });

  // The open decision's cards on the table: a Defend cancelled by Protection is marked.
  const cancelled = new Set(
    list(view['decisions']).flatMap((d) => {
      const data = (d['data'] ?? {}) as Json;
      return (Array.isArray(data['cancelled']) ? data['cancelled'] : []) as string[];
    }),
  );
  const onTable = (Array.isArray(view['onTable']) ? view['onTable'] : []) as string[];
  const beside = (Array.isArray(view['beside']) ? view['beside'] : []) as string[];
  const discard = (Array.isArray(view['discard']) ? view['discard'] : []) as string[];
  const removed = (Array.isArray(view['removed']) ? view['removed'] : []) as string[];
  const hand = (Array.isArray(view['hand']) ? view['hand'] : []) as string[];
  const pileKnown = (Array.isArray(view['pileKnown']) ? view['pileKnown'] : []) as (string | null)[];
  const pile = Number(view['drawPile'] ?? 0);
  const seated = list(view['players']).some((p) => text(p['id']) === viewer);
  const maybe = (Array.isArray(view['r2d2Could']) ? view['r2d2Could'] : []) as string[];
  const rules = (view['rules'] ?? {}) as Json;
  // Rogue One: the Cargo Ship beside the discard pile, and a loss set aside for its owner.
  const cargo = (view['cargo'] ?? null) as Json | null;
  const lot = (view['discarding'] ?? null) as Json | null;
  const cargoKnown = (Array.isArray(cargo?.['known']) ? cargo['known'] : []) as string[];
  const lotCards = (Array.isArray(lot?.['cards']) ? lot['cards'] : null) as string[] | null;

  return el(
    'section',
    { class: 'drawing stolen-plans', 'aria-label': 'the table' },
    el(
      'p',
      {},
      over ? 'The game is over. ' : `Turn ${text(view['turn'])}: ${turnPlayer === viewer ? 'your turn' : `${who(turnPlayer)} to play`}. `,
      el('span', { 'aria-hidden': 'true' }, '🂠 '),
      `Draw pile: ${plural(pile, 'card')}.`,
      ` ${plural(Number(rules['maxDefendCards'] ?? 2), 'Defend card')} against an Attack.`,
    ),
    el('ul', { class: 'players' }, ...rows),
    onTable.length === 0
      ? null
      : el(
          'div',
          {},
          el('h3', {}, 'Being played'),
          el('ul', { class: 'cards' }, ...onTable.map((c) => card(view, c, false, cancelled.has(c) ? ' — ✕ cancelled by Protection' : ''))),
        ),
    beside.length === 0
      ? null
      : el('div', {}, el('h3', {}, 'Beside the discard pile'), el('ul', { class: 'cards' }, ...beside.map((c) => card(view, c, true)))),
    cargo === null
      ? null
      : el(
          'div',
          { class: 'cargo' },
          el('h3', {}, `${faceOf(view, text(cargo['card'])).name} beside the discard pile`),
          el(
            'p',
            {},
            `${text(cargo['owner']) === viewer ? 'Yours' : `${who(text(cargo['owner']))}'s`}: ${plural(Number(cargo['count'] ?? 0), 'card')} of cargo face down.`,
          ),
          cargoKnown.length === 0 ? null : el('ul', { class: 'cards' }, ...cargoKnown.map((c) => card(view, c, false, ' — on the Cargo Ship, you know'))),
        ),
    lot === null
      ? null
      : el(
          'div',
          {},
          el('h3', {}, `Being discarded by ${text(lot['player']) === viewer ? 'you' : who(text(lot['player']))}, for the Cargo Ship's owner to look through`),
          lotCards === null
            ? el('p', {}, `${plural(Number(lot['count'] ?? 0), 'card')}, face down until the owner has chosen.`)
            : el('ul', { class: 'cards' }, ...lotCards.map((c) => card(view, c, false))),
        ),
    el(
      'div',
      {},
      el(
        'h3',
        {},
        discard.length === 0 ? 'Discard pile: empty' : `Discard pile, face up, first to last (${plural(discard.length, 'card')}; the last is the top)`,
      ),
      discard.length === 0
        ? null
        : el('ol', { class: 'cards discards' }, ...discard.map((c, i) => card(view, c, false, i === discard.length - 1 ? ' — the top' : ''))),
    ),
    removed.length === 0 ? null : el('div', {}, el('h3', {}, 'Removed from play'), el('ul', { class: 'cards' }, ...removed.map((c) => card(view, c, false)))),
    Number(view['removedFaceDown'] ?? 0) > 0 ? el('p', {}, `Removed from play face down: ${plural(Number(view['removedFaceDown']), 'card')}.`) : null,
    view['jediRemoved'] === true ? el('p', {}, '✕ Remove Jedi was played: no Jedi can be placed, and Jedi Only cards do nothing.') : null,
    pileKnown.some((c) => c !== null)
      ? el(
          'p',
          {},
          `You know in the draw pile (from the top): ${pileKnown.flatMap((c, i) => (c === null ? [] : [`${i + 1}. ${faceOf(view, c).name}`])).join(', ')}`,
        )
      : null,
    seated && !over && maybe.length > 0
      ? el('p', {}, `R2-D2 may be: ${maybe.map((m) => (m === 'pile' ? 'in the draw pile' : m === viewer ? 'with you' : `with ${who(m)}`)).join(', ')}.`)
      : null,
    seated
      ? el(
          'div',
          { class: 'hand' },
          el('h3', {}, hand.length === 0 ? 'Your hand: no cards' : `Your hand (${plural(hand.length, 'card')})`),
          hand.length === 0 ? null : el('ul', { class: 'cards' }, ...hand.map((c) => card(view, c, true))),
        )
      : null,
  );
};
