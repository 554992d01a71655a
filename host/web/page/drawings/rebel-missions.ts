// Rebel Missions' drawing, from the view the page was sent (everything but the order of the
// face-down piles is public in this cooperative game): the found lights, the face-up placard with
// its code in the timer's symbols and what it still needs, the code to enter now, the dice, the
// piles, and each player with their profile, ability and tokens. Every symbol comes with its name
// and every state with words; colour is only an extra.
//
// The names come from the same data as the other front ends' (the game's data/glyphs.json, checked
// by its reader glyphs.ts) and the timer's button symbols from the simulator's page (sim/web/symbols.ts).

import type { RebelMissionsView, Stage } from '../../../games/rebel-missions/model.ts';
import glyphs from '../../../games/rebel-missions/data/glyphs.json' with { type: 'json' };
import { SYMBOL_GLYPHS } from '../../../../sim/web/symbols.ts';
import { el, type Child } from '../dom.ts';
import type { Drawing } from './common.ts';

/** The timer's found lights (the board has four; it shows min(found, 4)). */
export const FOUND_LIGHTS = 4;

type Player = RebelMissionsView['players'][number];
type DieGlyph = { readonly glyph: string; readonly name: string; readonly taken: string };

const DICE = glyphs.dice as Readonly<Record<string, DieGlyph>>;
const RESOURCES = glyphs.resources as Readonly<Record<string, string>>;

export const resourceName = (kind: string): string => RESOURCES[kind] ?? kind;

/** A timer button's symbol drawn with its name beside it ("◆ diamond"). */
export function symbolChip(name: string): HTMLElement {
  const glyph = (SYMBOL_GLYPHS as Readonly<Record<string, string>>)[name] ?? '?';
  return el('span', { class: `symbol symbol-${name}` }, el('span', { class: 'symbol-glyph', 'aria-hidden': 'true' }, glyph), ` ${name}`);
}

function code(symbols: readonly string[], label: string): HTMLElement {
  return el('span', { class: 'code', role: 'img', 'aria-label': `${label}: ${symbols.join(', ')}` }, ...symbols.map(symbolChip));
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Tokens grouped by kind: "Blaster ×2, Intel". */
function tokenList(tokens: readonly { kind: string }[], empty: string): HTMLElement {
  if (tokens.length === 0) return el('p', { class: 'tokens none' }, empty);
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t.kind, (counts.get(t.kind) ?? 0) + 1);
  return el(
    'ul',
    { class: 'tokens' },
    ...[...counts].map(([kind, n]) => el('li', { class: `token token-${kind}` }, n > 1 ? `${resourceName(kind)} ×${n}` : resourceName(kind))),
  );
}

function nameOf(view: RebelMissionsView, names: Readonly<Record<string, string>>, id: string): string {
  return names[id] ?? view.players.find((p) => p.id === id)?.name ?? id;
}

/** What is happening, in one line. */
function stageLine(view: RebelMissionsView, names: Readonly<Record<string, string>>): string {
  const turn = nameOf(view, names, view.turnPlayer);
  const lines: Readonly<Record<Stage, string>> = {
    'awaiting-start': `Waiting for the timer: press ${SYMBOL_GLYPHS.triangle} triangle on the timer to start.`,
    roll: `Turn ${view.turnNumber}: ${turn} rolls the dice.`,
    choose: `Turn ${view.turnNumber}: ${turn} chooses a die.`,
    drawn: `Turn ${view.turnNumber}: ${turn} rolls again or ends the turn.`,
    play: `Turn ${view.turnNumber}: ${turn} plays tokens or an ability.`,
    'all-play': `Turn ${view.turnNumber}, All Play: ${view.allPlayWaiting.map((id) => nameOf(view, names, id)).join(', ')} may still play.`,
    'enter-code': `Turn ${view.turnNumber}: the mission is complete; enter its code on the timer.`,
    won: `★ Won: ${count(view.codesFound, 'correct code')} entered. The Rebels stopped the Empire!`,
    lost: '✕ Lost: time ran out. The Empire wins.',
  };
  return lines[view.stage];
}

/** The timer's four found lights, lit ✔ or dark ·, with the count in words. */
export function foundLights(found: number): HTMLElement {
  const lit = Math.min(found, FOUND_LIGHTS);
  return el(
    'p',
    { class: 'found-lights' },
    el(
      'span',
      { class: 'lights', 'aria-hidden': 'true' },
      ...Array.from({ length: FOUND_LIGHTS }, (_, i) => el('span', { class: i < lit ? 'light lit' : 'light' }, i < lit ? '✔' : '·')),
    ),
    ` Codes found: ${found} of ${FOUND_LIGHTS}`,
  );
}

function placard(view: RebelMissionsView, names: Readonly<Record<string, string>>): HTMLElement {
  const p = view.placard;
  if (p === null)
    return el('section', { class: 'placard', 'aria-label': 'the face-up mission' }, el('p', { class: 'sub' }, 'Setting up: the missions are being shuffled.'));
  const byChopper = p.tokens.some((t) => t.kind === 'chopper');
  const needs = Object.entries(p.needs).map(([kind, n]) => {
    const missing = p.missing[kind] ?? 0;
    const have = n - missing;
    const met = missing === 0;
    const said = met ? ' ✔ met' : byChopper ? '' : `, ${missing} missing`;
    return el(
      'li',
      { class: `need${met ? ' met' : ''}` },
      el('span', { class: 'need-marks', 'aria-hidden': 'true' }, '●'.repeat(have) + '○'.repeat(missing)),
      ` ${resourceName(kind)}: ${have} of ${n}${said}`,
    );
  });
  const played: Child[] = [
    ...p.tokens.map((t) => el('li', {}, `${resourceName(t.kind)} token`)),
    ...p.abilities.map((a) => el('li', {}, `${nameOf(view, names, a.player)}'s ability (one ${resourceName(a.resource)}, this turn only)`)),
  ];
  return el(
    'section',
    { class: `placard${p.inquisitor ? ' inquisitor' : ''}`, 'aria-label': 'the face-up mission' },
    el('h3', {}, p.inquisitor ? `☠ Inquisitor: ${p.name}` : p.name, el('span', { class: 'placard-id' }, ` (${p.id})`)),
    p.inquisitor
      ? el('p', { class: 'sub' }, 'No code, and a Chopper cannot complete it.')
      : el('p', { class: 'placard-code' }, 'Code: ', code(p.codeSymbols, 'the code')),
    byChopper ? el('p', { class: 'need met' }, '✔ Completed by a Chopper token') : null,
    el('h4', {}, 'Needs'),
    el('ul', { class: 'needs' }, ...needs),
    played.length === 0
      ? el('p', { class: 'sub' }, 'Nothing played on it yet.')
      : el('div', {}, el('h4', {}, 'Played on it'), el('ul', { class: 'played' }, ...played)),
  );
}

function dice(faces: readonly string[], view: RebelMissionsView, names: Readonly<Record<string, string>>): HTMLElement {
  return el(
    'section',
    { class: 'dice', 'aria-label': 'the dice' },
    el('h3', {}, `${nameOf(view, names, view.turnPlayer)} rolled`),
    el(
      'ul',
      { class: 'dice-faces' },
      ...faces.map((face) => {
        const die = DICE[face];
        return el(
          'li',
          { class: `die die-${face}` },
          el('span', { class: 'die-glyph', 'aria-hidden': 'true' }, die?.glyph ?? '?'),
          el('span', { class: 'die-name' }, die?.name ?? face),
          die === undefined ? null : el('span', { class: 'die-taken' }, die.taken),
        );
      }),
    ),
  );
}

function player(view: RebelMissionsView, names: Readonly<Record<string, string>>, p: Player): HTMLElement {
  const you = p.id === view.viewer;
  const holdsDice = p.id === view.turnPlayer && view.stage !== 'awaiting-start' && view.stage !== 'won' && view.stage !== 'lost';
  const name = `${nameOf(view, names, p.id)}${you ? ' (you)' : ''}`;
  const state: Child[] = [];
  if (holdsDice) state.push(el('span', { class: 'badge turn' }, '▶ holds the dice'));
  if (view.stage === 'all-play')
    state.push(
      view.allPlayWaiting.includes(p.id) ? el('span', { class: 'badge may-play' }, '▶▶ may play') : el('span', { class: 'badge done' }, '✔ done playing'),
    );
  return el(
    'li',
    { class: `player${holdsDice ? ' turn' : ''}`, 'aria-label': name },
    el('h3', {}, `${holdsDice ? '▶ ' : ''}${name}`),
    el('p', { class: 'profile' }, p.profileName),
    el(
      'p',
      { class: 'ability' },
      el('strong', {}, p.ability.name),
      `: ${p.ability.text}`,
      p.abilityUsedThisTurn ? el('span', { class: 'badge used' }, ' ✔ used this turn') : null,
    ),
    state.length === 0 ? null : el('p', {}, ...state),
    el('p', { class: 'sub' }, `Tokens (${p.hand.length}):`),
    tokenList(p.hand, 'No tokens'),
  );
}

export const rebelMissions: Drawing = (json, names) => {
  const view = json as unknown as RebelMissionsView;
  const request = view.request;
  return el(
    'section',
    { class: 'drawing rebel-missions', 'aria-label': 'the table' },
    el('p', { class: 'stage' }, stageLine(view, names)),
    foundLights(view.codesFound),
    request === null
      ? null
      : el(
          'p',
          { class: 'code-request', role: 'status' },
          el('strong', {}, 'Enter the code on the timer: '),
          code(request.symbols, 'the code to enter'),
          el('span', { class: 'sub' }, ' CHIME = correct, BUZZ = decoy. Slipped? Press the last button again until it buzzes, then enter the code again.'),
        ),
    el('div', { class: 'rm-table' }, placard(view, names), view.dice === null ? null : dice(view.dice, view, names)),
    el(
      'p',
      { class: 'piles' },
      `Piles: ${count(view.tokenPileCount, 'token')} face down, ${count(view.tokenDiscard.length, 'token')} discarded; ${count(view.placardPileCount, 'mission')} face down, ${count(view.placardDiscard.length, 'mission')} done.`,
    ),
    el('ul', { class: 'players' }, ...view.players.map((p) => player(view, names, p))),
  );
};
