// The Queen's Gambit's drawing, from the view the page was sent (the table's public view, or a
// seat's own): the turn and the First Player marker, the real Queen as far as the viewer knows it,
// the plans being made ("Ana has chosen 2 of 4" for the viewer's team, "choosing" or "committed"
// for the others), the hands the viewer may see, the card being carried out, the last dice rolled
// (each face as its symbol and in words), the forces of every zone with damage tracks drawn as
// tracks, the pieces outside the board, the shield, the space battle (Anakin's six spaces, each
// grid's totals 2 to 12 with its blocked spaces and the Starfighter cards stacked on it), the
// bonus piles ("2 face down, unseen") and every card revealed so far, in order. Names and card
// texts come from the game's data files (validated by the server when it starts; the same files
// are bundled here) and card-text.ts. Every state is said in words beside its symbol.

import type { QgView } from '../../../games/queens-gambit/table-game.ts';
import type { UnitState } from '../../../games/queens-gambit/model.ts';
import type { Card, DeckFile, DiceFile, RulesFile, SetupFile, SpaceFile, Unit, UnitsFile } from '../../../games/queens-gambit/schema.ts';
import { actionText, cardText } from '../../../games/queens-gambit/card-text.ts';
import diceJson from '../../../games/queens-gambit/data/dice.json' with { type: 'json' };
import nabooBattlefieldJson from '../../../games/queens-gambit/data/decks/naboo-battlefield.json' with { type: 'json' };
import nabooPalaceJson from '../../../games/queens-gambit/data/decks/naboo-palace.json' with { type: 'json' };
import tfBattlefieldJson from '../../../games/queens-gambit/data/decks/trade-federation-battlefield.json' with { type: 'json' };
import tfPalaceJson from '../../../games/queens-gambit/data/decks/trade-federation-palace.json' with { type: 'json' };
import rulesJson from '../../../games/queens-gambit/data/rules.json' with { type: 'json' };
import setupJson from '../../../games/queens-gambit/data/setup.json' with { type: 'json' };
import spaceJson from '../../../games/queens-gambit/data/space.json' with { type: 'json' };
import unitsJson from '../../../games/queens-gambit/data/units.json' with { type: 'json' };
import { el, type Child } from '../dom.ts';
import { text, type Drawing, type Json } from './common.ts';

const UNITS = (unitsJson as unknown as UnitsFile).units;
const DICE = diceJson as unknown as DiceFile;
const SETUP = setupJson as unknown as SetupFile;
const RULES = rulesJson as unknown as RulesFile;
const SPACE = spaceJson as unknown as SpaceFile;
const DECKS = [nabooBattlefieldJson, nabooPalaceJson, tfBattlefieldJson, tfPalaceJson] as unknown as DeckFile[];
const CARDS = new Map<string, Card>(DECKS.flatMap((d) => d.cards.map((c): [string, Card] => [c.id, c])));
const LAYERS = new Map([...SPACE.grids, ...SPACE.starfighters].map((g) => [g.id, g]));

type Side = 'naboo' | 'trade-federation';
const SIDE_NAMES: Readonly<Record<Side, string>> = { naboo: 'Naboo', 'trade-federation': 'the Trade Federation' };
const SIDE_SYMBOLS: Readonly<Record<Side, string>> = { naboo: '✦', 'trade-federation': '⚙' };

const unitSpec = (id: string): Unit | undefined => UNITS.find((u) => u.id === id);
const unitOf = (id: string): Unit => unitSpec(id) ?? ({ id, name: id, plural: id } as Unit);
const capital = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

function cardOf(physical: string): Card | undefined {
  return CARDS.get(physical.split('/')[0] ?? '');
}
function cardTitle(physical: string): string {
  const card = cardOf(physical);
  if (card === undefined) return physical;
  return card.title ?? cardText(card, unitOf);
}
function cardWords(physical: string): string {
  const card = cardOf(physical);
  return card === undefined ? '' : cardText(card, unitOf);
}

function cardItem(physical: string, withText: boolean, extra: Readonly<Record<string, string>> = {}): HTMLElement {
  const card = cardOf(physical);
  const titled = card?.title !== null && card?.title !== undefined;
  return el(
    'li',
    { class: 'card qg-card', ...extra },
    el('span', { class: 'card-name' }, cardTitle(physical)),
    withText && titled ? el('span', { class: 'card-summary' }, cardWords(physical)) : null,
  );
}

/** A named unit as players name it: "Gungan group G1", "the Red Queen". */
function unitName(u: UnitState): string {
  const spec = unitOf(u.unit);
  return spec.unique ? spec.name : `${spec.name} ${u.id}`;
}

/** A damage track drawn as a row of spaces, the damage taken filled in, and said in words. */
function track(damage: number, length: number): HTMLElement {
  const cells = Array.from({ length }, (_, i) => el('span', { class: `qg-step${i < damage ? ' taken' : ''}`, 'aria-hidden': 'true' }, i < damage ? '■' : '□'));
  return el(
    'span',
    { class: 'qg-track', role: 'img', 'aria-label': `damage ${damage} of ${length}` },
    ...cells,
    el('span', { class: 'qg-track-words' }, ` damage ${damage} of ${length}`),
  );
}

function unitItem(u: UnitState): HTMLElement {
  const spec = unitOf(u.unit);
  const parts: Child[] = [el('span', { class: 'qg-unit-name' }, capital(unitName(u)))];
  if (spec.damage !== null && spec.damage !== undefined) parts.push(' ', track(u.damage, spec.damage));
  else if (spec.figures > 1)
    parts.push(
      ' ',
      el('span', { 'aria-hidden': 'true' }, '●'.repeat(u.figures) + '○'.repeat(Math.max(0, spec.figures - u.figures))),
      ` ${u.figures} of ${spec.figures} figures`,
    );
  if (spec.zone === 'melting-pit') parts.push(u.inPit ? ' — in the Melting Pit' : ' — left the Pit');
  return el('li', { class: 'qg-unit' }, ...parts);
}

function zones(view: QgView): HTMLElement {
  const zone = (title: string, test: (spec: Unit, u: UnitState | null) => boolean, counted: boolean): HTMLElement =>
    el(
      'div',
      { class: 'qg-zone' },
      el('h3', {}, title),
      ...(['naboo', 'trade-federation'] as const).map((side) => {
        const items: HTMLElement[] = [];
        if (counted) {
          for (const [unit, n] of Object.entries(view.palace)) {
            const spec = unitSpec(unit);
            if (spec !== undefined && spec.side === side && n > 0) items.push(el('li', { class: 'qg-unit' }, `${n} ${n === 1 ? spec.name : spec.plural}`));
          }
        }
        for (const u of view.units) {
          const spec = unitSpec(u.unit);
          if (spec !== undefined && spec.side === side && u.figures > 0 && test(spec, u)) items.push(unitItem(u));
        }
        return el(
          'div',
          { class: `qg-side ${side}` },
          el('h4', {}, `${SIDE_SYMBOLS[side]} ${capital(SIDE_NAMES[side])}`),
          items.length === 0 ? el('p', {}, 'nobody') : el('ul', { class: 'qg-units' }, ...items),
        );
      }),
    );
  const outside = Object.entries(view.piecesOutside)
    .filter(([, n]) => n > 0)
    .map(([piece, n]) => `${SETUP.pieces.find((p) => p.id === piece)?.name ?? piece}: ${n}`);
  const gone = view.units.filter((u) => u.figures === 0).map(unitName);
  return el(
    'section',
    { class: 'qg-forces', 'aria-label': 'the forces' },
    el('h2', {}, 'The forces'),
    el(
      'p',
      { class: `qg-shield ${view.shieldUp ? 'up' : 'down'}` },
      view.shieldUp ? '🛡️ The shield is up: tanks and transports cannot cross it.' : '✕ The shield is down.',
    ),
    el(
      'p',
      {},
      `Pieces in the Palace (the victory counts): ${SIDE_SYMBOLS.naboo} Naboo ${view.nabooPalacePieces}, ${SIDE_SYMBOLS['trade-federation']} the Trade Federation ${view.tradeFederationPalacePieces}.`,
    ),
    el(
      'div',
      { class: 'qg-zones' },
      zone('The Battlefield', (spec) => spec.zone === 'battlefield', false),
      zone('The Theed Palace', (spec, u) => spec.zone === 'palace' || (spec.zone === 'melting-pit' && u !== null && !u.inPit), true),
      zone('The Melting Pit', (spec, u) => spec.zone === 'melting-pit' && u !== null && u.inPit, false),
    ),
    el('p', {}, `Pieces outside the board: ${outside.join(', ') || 'none'}.`),
    gone.length === 0 ? null : el('p', {}, `Eliminated: ${gone.join(', ')}.`),
  );
}

/** One grid (or Starfighter card) as the totals 2 to 12, blocked ones crossed out and said so. */
function layer(id: string, placed: readonly number[], label: string): HTMLElement {
  const grid = LAYERS.get(id);
  const blocked = grid?.blocked ?? [];
  const cells = Array.from({ length: 11 }, (_, i) => {
    const t = i + 2;
    const state = blocked.includes(t) ? 'blocked' : placed.includes(t) ? 'die' : 'free';
    const word = state === 'blocked' ? 'blocked' : state === 'die' ? 'blocked by a grey die' : 'free';
    return el(
      'li',
      { class: `qg-space ${state}`, 'aria-label': `${t} ${word}` },
      el('span', {}, String(t)),
      el('span', { 'aria-hidden': 'true' }, state === 'free' ? '○' : state === 'die' ? '▣' : '✕'),
    );
  });
  return el(
    'div',
    { class: 'qg-layer' },
    el(
      'p',
      { class: 'qg-layer-name' },
      `${label}: ${grid?.greyDice ?? 0} grey dice; blocked ${blocked.join(', ') || 'none'}${placed.length > 0 ? `; grey dice on ${placed.join(', ')}` : ''}`,
    ),
    el('ol', { class: 'qg-spaces' }, ...cells),
  );
}

const layerLabel = (id: string): string => {
  const grid = /^grid-(\d+)$/.exec(id);
  if (grid !== null) return `Grid ${grid[1]}`;
  return `Starfighter card ${/^starfighter-(\d+)$/.exec(id)?.[1] ?? id}`;
};

function space(view: QgView): HTMLElement {
  const last = SPACE.anakinSpaces - 1;
  const data = view.decision?.data as Json | undefined;
  const placedNow = data !== undefined && (data['at'] === 'place-dice' || data['at'] === 'anakin-roll') ? (data['placed'] as number[]) : [];
  const layerNow = data !== undefined && (data['at'] === 'place-dice' || data['at'] === 'anakin-roll') ? text(data['layer']) : null;
  const spaces = Array.from({ length: SPACE.anakinSpaces }, (_, i) => {
    const name = i === 0 ? 'start' : i === last ? 'Droid Control Ship' : `space ${i}`;
    const here = view.anakin === i;
    return el('li', { class: `qg-anakin${here ? ' here' : ''}`, 'aria-label': `${name}${here ? ': Anakin is here' : ''}` }, here ? `▲ ${name}` : name);
  });
  const grids = SPACE.grids.map((g, i) => {
    const stack = view.stacks[i] ?? [];
    const crossed = i < view.anakin;
    return el(
      'li',
      { class: `qg-grid${crossed ? ' crossed' : ''}` },
      el('h4', {}, `${layerLabel(g.id)}${crossed ? ' — crossed ✔' : i === view.anakin ? ' — in front of Anakin' : ''}`),
      layer(g.id, layerNow === g.id ? placedNow : [], 'Printed grid'),
      ...stack.map((c, k) => layer(c, layerNow === c ? placedNow : [], `${layerLabel(c)}${k === stack.length - 1 ? ' (on top)' : ''}`)),
    );
  });
  return el(
    'section',
    { class: 'qg-space-battle', 'aria-label': 'the space battle' },
    el('h2', {}, 'The space battle'),
    el('ol', { class: 'qg-anakin-track' }, ...spaces),
    view.droidsDeactivated ? el('p', {}, '✔ The Droid Control Ship is destroyed: every droid is deactivated.') : null,
    el('p', {}, `Starfighter deck: ${view.starfighterDeck} face down.`),
    el('ol', { class: 'qg-grids' }, ...grids),
  );
}

function plans(view: QgView, names: Readonly<Record<string, string>>): HTMLElement {
  const planning = view.decision?.kind === 'plan';
  const players = Object.keys(view.handCounts);
  const play = players.length === 4 ? RULES.fourPlayer.play : RULES.twoPlayer.play;
  const items = players.map((id) => {
    const plan = view.plans[id];
    const name = names[id] ?? id;
    const hand = view.handCounts[id] ?? 0;
    const pile = view.piles[id] ?? 0;
    const status: Child[] = [];
    if (planning && plan !== undefined) {
      if (plan.picked !== null) {
        const size = Math.min(play, hand);
        status.push(el('p', {}, `${plan.committed ? '✔' : '✎'} ${name} has chosen ${plan.picked.length} of ${size}${plan.committed ? ' and committed' : ''}`));
        if (plan.picked.length > 0) status.push(el('ol', { class: 'cards qg-plan' }, ...plan.picked.map((c) => cardItem(c, false))));
      } else status.push(el('p', {}, plan.committed ? `✔ ${name} has committed a plan` : `✎ ${name} is choosing a plan, in secret`));
      if ((plan.bonus ?? 0) > 0) status.push(el('p', {}, `＋ ${plan.bonus} bonus ${plan.bonus === 1 ? 'card' : 'cards'} beneath, face down, unseen`));
    } else {
      status.push(
        el(
          'p',
          {},
          pile > 0 ? `▼ ${pile} face down to turn over${(plan?.bonus ?? 0) > 0 ? ` (${plan?.bonus} bonus, unseen)` : ''}` : '— no card left to turn over',
        ),
      );
      if (plan?.picked !== null && plan?.picked !== undefined && plan.picked.length > 0)
        status.push(el('ol', { class: 'cards qg-plan' }, ...plan.picked.map((c) => cardItem(c, false))));
    }
    const marker = id === view.marker;
    return el(
      'li',
      { class: `player${marker ? ' turn' : ''}`, 'aria-label': `${name}${id === view.viewer ? ' (you)' : ''}` },
      el('h3', {}, `${marker ? '▶ ' : ''}${name}${id === view.viewer ? ' (you)' : ''}${marker ? ' — First Player marker' : ''}`),
      el('p', {}, `🂠 ${hand} ${hand === 1 ? 'card' : 'cards'} in hand`),
      ...status,
    );
  });
  return el(
    'section',
    { class: 'qg-plans', 'aria-label': 'the plans' },
    el('h2', {}, planning ? 'The plans being made' : 'The plans'),
    el('ul', { class: 'players' }, ...items),
  );
}

function hands(view: QgView, names: Readonly<Record<string, string>>): HTMLElement | null {
  const entries = Object.entries(view.hands);
  if (entries.length === 0) return null;
  return el(
    'section',
    { class: 'qg-hands', 'aria-label': 'the hands you see' },
    ...entries.map(([id, hand]) => {
      const planned = view.decision?.kind === 'plan' ? (view.plans[id]?.picked ?? []) : [];
      return el(
        'div',
        { class: 'hand' },
        el('h2', {}, id === view.viewer ? 'Your hand' : `${names[id] ?? id}'s hand`),
        el(
          'ul',
          { class: 'cards' },
          ...hand.map((c) => cardItem(c, true, planned.includes(c) ? { 'data-planned': 'yes', 'aria-label': `${cardTitle(c)}, in the plan` } : {})),
        ),
      );
    }),
  );
}

/** A face rolled, as its symbol and words from dice.json (a symbol never stands alone). */
function face(die: string, faceId: string): HTMLElement {
  if (die === 'anakin') {
    const pips = DICE.anakin.faceSymbols[DICE.anakin.faces.indexOf(Number(faceId))] ?? '';
    return el('li', { class: 'qg-die anakin' }, el('span', { 'aria-hidden': 'true' }, pips), ` ${faceId}`);
  }
  const symbol = DICE.symbols.find((s) => s.id === faceId);
  const dieName = DICE.dice.find((d) => d.id === die)?.name ?? `${die} die`;
  const words = symbol?.name ?? faceId;
  return el(
    'li',
    { class: `qg-die ${die}` },
    el('span', { class: 'qg-face', 'aria-hidden': 'true' }, symbol?.symbol ?? '?'),
    ` ${words} `,
    el('span', { class: 'qg-die-name' }, `(${dieName})`),
  );
}

const ROLL_NAMES: Readonly<Record<string, string>> = {
  'attack-roll': 'Attack dice',
  'defense-roll': 'Defense dice',
  'grey-roll': "The Trade Federation's grey dice",
  'anakin-roll': "Anakin's two dice",
};

/** The last roll: an attack with its defense, or a try of Anakin's with the grey dice before it. */
function lastRoll(recent: readonly Json[]): HTMLElement | null {
  const at = recent.findLastIndex((e) => e['type'] === 'rolled');
  if (at < 0) return null;
  const last = recent[at] as Json;
  const rolls: Json[] = [last];
  const before = recent.slice(0, at).findLast((e) => e['type'] === 'rolled');
  if (
    before !== undefined &&
    ((last['for'] === 'defense-roll' && before['for'] === 'attack-roll') || (last['for'] === 'anakin-roll' && before['for'] === 'grey-roll'))
  )
    rolls.unshift(before);
  const outcome = recent.slice(at).find((e) => e['type'] === 'attack' || e['type'] === 'anakin');
  let said = '';
  if (outcome?.['type'] === 'attack')
    said = `${text(outcome['hits'])} hits, ${text(outcome['blocks'])} blocked, ${text(outcome['through'])} through${Number(outcome['riposte']) > 0 ? `, ${text(outcome['riposte'])} riposte on the attacker` : ''}.`;
  if (outcome?.['type'] === 'anakin') said = `Anakin rolled ${text(outcome['total'])}: ${outcome['crossed'] === true ? 'crossed ✔' : 'blocked ✕'}.`;
  return el(
    'section',
    { class: 'qg-roll', 'aria-label': 'the last roll' },
    el('h2', {}, 'The last roll'),
    ...rolls.map((r) => {
      const dice = (r['dice'] as string[] | undefined) ?? [];
      const faces = (r['faces'] as string[] | undefined) ?? [];
      return el('div', {}, el('h3', {}, ROLL_NAMES[text(r['for'])] ?? 'Dice'), el('ul', { class: 'qg-dice' }, ...faces.map((f, i) => face(dice[i] ?? '', f))));
    }),
    said === '' ? null : el('p', {}, said),
  );
}

function revealed(view: QgView): HTMLElement {
  const decks = Object.entries(view.decks);
  const current = view.decision?.data as Json | undefined;
  const now = current !== undefined && typeof current['card'] === 'string' ? current['card'] : null;
  return el(
    'section',
    { class: 'qg-revealed', 'aria-label': 'the cards revealed so far' },
    el('h2', {}, 'Revealed so far'),
    now === null ? null : el('p', { class: 'qg-now' }, `▶ Now: ${cardTitle(now)} — ${cardWords(now)}`),
    el(
      'p',
      {},
      `Bonus cards: ${(['naboo', 'trade-federation'] as const).map((side) => `${SIDE_SYMBOLS[side]} ${SIDE_NAMES[side]} ${view.bonusPiles[side]} face down, unseen`).join('; ')}.`,
    ),
    ...decks.map(([id, d]) => {
      const name = DECKS.find((x) => x.id === id)?.name ?? id;
      return el(
        'div',
        { class: 'qg-deck' },
        el('h3', {}, `${name}: ${d.draw} to draw, ${d.discard.length} revealed`),
        d.discard.length === 0
          ? null
          : el('ol', { class: 'cards discards' }, ...d.discard.map((c) => cardItem(c, false, c === now ? { class: 'card qg-card now' } : {}))),
      );
    }),
  );
}

function queen(view: QgView): HTMLElement | null {
  if (view.realQueen === null)
    return view.side === 'trade-federation' ? el('p', { class: 'qg-queen' }, '♛ The real Queen: unknown to you until a Queen is eliminated.') : null;
  const real = unitOf(view.realQueen.replace('real-queen:', '')).name;
  if (!view.queenRevealed) return el('p', { class: 'qg-queen' }, `♛ The real Queen: ${real} (secret from the Trade Federation).`);
  return el('p', { class: 'qg-queen' }, `♛ The real Queen was revealed: ${real}${view.realQueenDead ? ', eliminated: Palace Guards move 2 less' : ''}.`);
}

export const queensGambit: Drawing = (json, names, recent = []) => {
  const view = json as unknown as QgView;
  const me =
    view.side === null ? 'The table: what everyone sees.' : `You: ${names[view.viewer] ?? view.viewer}, ${SIDE_SYMBOLS[view.side]} ${SIDE_NAMES[view.side]}.`;
  const actionWords = (() => {
    const data = view.decision?.data as Json | undefined;
    if (data === undefined || data['at'] !== 'action' || typeof data['card'] !== 'string') return null;
    const card = cardOf(data['card']);
    return card === undefined ? null : card.actions.map((a) => actionText(a, unitOf)).join(' — or — ');
  })();
  return el(
    'section',
    { class: 'drawing queens-gambit', 'aria-label': 'the table' },
    el(
      'p',
      { class: 'qg-head' },
      `${view.turn === 0 ? 'Before the first turn' : `Turn ${view.turn}`}. ▶ First Player marker: ${names[view.marker] ?? view.marker}. ${me}`,
    ),
    queen(view),
    actionWords === null ? null : el('p', { class: 'qg-now' }, `Card turned over: ${actionWords}`),
    plans(view, names),
    hands(view, names),
    lastRoll(recent),
    zones(view),
    space(view),
    revealed(view),
    view.over ? el('p', { class: 'result' }, view.winner === null ? 'The game is over: a draw.' : `The game is over: ${SIDE_NAMES[view.winner]} won.`) : null,
  );
};
