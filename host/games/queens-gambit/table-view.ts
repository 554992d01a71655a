// The Queen's Gambit's view as lines, for the table front end (the terminal, the JSON stream's
// `lines`, the pages' "table in words"): the turn and the First Player marker, the real Queen (as
// far as the viewer knows it), the plans (the viewer's team's cards, the others' only planning or
// committed), the hands the viewer may see, the bonus piles as "face down, unseen", the decks and
// the cards revealed so far, the forces of every zone with the characters' damage tracks, the
// pieces outside the board, the shield and the space battle. A pure function of the view.

import type { ActorId } from '../../engine/table-game.ts';
import type { QgView } from './table-game.ts';
import { DECK_IDS } from './load.ts';
import type { UnitState } from './model.ts';
import { otherSide } from './reference.ts';
import { DATA } from './rules.ts';
import type { Side, Zone } from './schema.ts';
import { SIDE_NAMES, anakinSpaceName, capital, cardLine, cardTitle, deckName, layerName, layerWords, type Names, trackWords, unitName } from './table-words.ts';

/** How many of each deck's latest revealed cards the lines list (the drawing shows them all). */
export const REVEALED_SHOWN = 6;

const ZONE_NAMES: Readonly<Record<Zone, string>> = { battlefield: 'The Battlefield', palace: 'The Theed Palace', 'melting-pit': 'The Melting Pit' };
const SIDES: readonly Side[] = ['naboo', 'trade-federation'];

/** The side of a seat, as the seating puts it (public: `rules.json`'s seating, by the seat's place). */
export function sideOfSeat(view: QgView, id: ActorId): Side | null {
  const players = Object.keys(view.handCounts);
  const seat = players.indexOf(id);
  if (seat < 0) return null;
  if (players.length === 4) return DATA.rules.fourPlayer.seating[seat]?.side ?? null;
  return seat === 0 ? DATA.rules.firstPlayer : otherSide(DATA.rules.firstPlayer);
}

/** A named unit with what is left of it: "Gungan group G1 (2 of 3)", "Captain Panaka, damage ■□□□ 1 of 4". */
export function unitLine(u: UnitState, units: readonly UnitState[]): string {
  const spec = DATA.unit(u.unit);
  const name = capital(unitName(u.id, units));
  if (spec.damage !== null) return `${name}, damage ${trackWords(u.damage, spec.damage)}`;
  return spec.figures > 1 ? `${name} (${u.figures} of ${spec.figures})` : name;
}

/** The real Queen as the viewer knows it. */
export function realQueenLine(view: QgView): string | null {
  const queen = view.realQueen === null ? null : view.realQueen.replace('real-queen:', '');
  if (queen === null) return view.side === 'trade-federation' ? 'The real Queen: unknown to you until a Queen is eliminated.' : null;
  const name = DATA.unit(queen).name;
  const other = DATA.unit(queen === 'red-queen' ? 'purple-queen' : 'red-queen').name;
  if (!view.queenRevealed) return `The real Queen: ${name} (secret from the Trade Federation); ${other} is the decoy.`;
  return `The real Queen was revealed: ${name}${view.realQueenDead ? ', eliminated (Palace Guards move 2 less)' : ''}; ${other} is the decoy.`;
}

function planLines(view: QgView, names: Names): string[] {
  const lines: string[] = [];
  for (const [id, plan] of Object.entries(view.plans)) {
    const side = sideOfSeat(view, id);
    const who = `${names[id] ?? id}${id === view.viewer ? ' (you)' : ''}${side === null ? '' : `, ${SIDE_NAMES[side]}`}${id === view.marker ? ' ▶ First Player' : ''}`;
    const hand = view.handCounts[id] ?? 0;
    const pile = view.piles[id] ?? 0;
    const planning = view.decision?.kind === 'plan';
    const state = planning ? (plan.committed ? 'plan committed' : 'planning') : pile > 0 ? `${pile} face down to turn over` : 'no card left to turn over';
    let cards = '';
    const bonus = plan.bonus ?? 0;
    const bonusWords = bonus > 0 ? ` + ${bonus} bonus ${bonus === 1 ? 'card' : 'cards'} (unseen)` : '';
    if (plan.picked !== null && (plan.picked.length > 0 || bonus > 0)) {
      cards = `; ${planning ? 'plan' : 'left face down'}: ${plan.picked.map(cardTitle).join('; ') || 'no card'}${bonusWords}`;
    } else if (!planning && pile > 0 && bonus > 0) {
      cards = `; ${bonus} of them bonus (unseen)`;
    }
    lines.push(`  ${who}: ${hand} ${hand === 1 ? 'card' : 'cards'} in hand; ${state}${cards}`);
  }
  return lines;
}

function handLines(view: QgView, names: Names): string[] {
  const lines: string[] = [];
  for (const [id, hand] of Object.entries(view.hands)) {
    // While a plan is made its cards are still in the hand: they are listed in the plan, not here.
    const planned = view.decision?.kind === 'plan' ? (view.plans[id]?.picked ?? []) : [];
    const rest = hand.filter((c) => !planned.includes(c));
    const inPlan = planned.length > 0 ? `, and ${planned.length} in the plan` : '';
    lines.push(`${id === view.viewer ? 'Your hand' : `${names[id] ?? id}'s hand`} (${rest.length}${inPlan}):`);
    for (const card of rest) lines.push(`  - ${cardLine(card)}`);
  }
  return lines;
}

function zoneLines(view: QgView): string[] {
  const lines: string[] = [];
  for (const zone of ['battlefield', 'palace', 'melting-pit'] as const) {
    lines.push(`${ZONE_NAMES[zone]}:`);
    for (const side of SIDES) {
      const parts: string[] = [];
      if (zone === 'palace') {
        for (const [unit, n] of Object.entries(view.palace)) {
          const spec = DATA.unit(unit);
          if (spec.side === side && n > 0) parts.push(`${n} ${n === 1 ? spec.name : spec.plural}`);
        }
      }
      for (const u of view.units) {
        const spec = DATA.unit(u.unit);
        const here =
          zone === 'melting-pit'
            ? spec.zone === 'melting-pit' && u.inPit
            : zone === 'palace'
              ? spec.zone === 'palace' || (spec.zone === 'melting-pit' && !u.inPit)
              : spec.zone === zone;
        if (here && spec.side === side && u.figures > 0)
          parts.push(unitLine(u, view.units) + (spec.zone === 'melting-pit' && !u.inPit ? ' (left the Pit)' : ''));
      }
      lines.push(`  ${capital(SIDE_NAMES[side])}: ${parts.join('; ') || 'nobody'}`);
    }
  }
  lines.push(`Pieces in the Palace (the victory counts): Naboo ${view.nabooPalacePieces}, the Trade Federation ${view.tradeFederationPalacePieces}.`);
  const gone = view.units.filter((u) => u.figures === 0).map((u) => unitName(u.id, view.units));
  if (gone.length > 0) lines.push(`Eliminated: ${gone.join(', ')}.`);
  const outside = Object.entries(view.piecesOutside)
    .filter(([, n]) => n > 0)
    .map(([piece, n]) => `${DATA.setup.pieces.find((p) => p.id === piece)?.name ?? piece} ${n}`);
  lines.push(`Pieces outside the board: ${outside.join(', ') || 'none'}.`);
  lines.push(view.shieldUp ? 'The shield is up: Armored Attack Tanks and Multi Troop Transports cannot cross it.' : 'The shield is down.');
  return lines;
}

function spaceLines(view: QgView): string[] {
  const lines = [
    `The space battle: Anakin is at ${anakinSpaceName(view.anakin)}${view.layerAhead === null ? '' : `; in front of him: ${layerName(view.layerAhead)} (${layerWords(view.layerAhead)})`}.`,
  ];
  DATA.space.grids.forEach((grid, i) => {
    const crossed = i < view.anakin;
    const stack = view.stacks[i] ?? [];
    const stacked = stack.length === 0 ? '' : `; Starfighter cards on it (top last): ${stack.map((c) => `${layerName(c)} (${layerWords(c)})`).join(', ')}`;
    lines.push(`  ${capital(layerName(grid.id))}${crossed ? ' (crossed)' : ''}: ${layerWords(grid.id)}${stacked}`);
  });
  lines.push(`  Starfighter deck: ${view.starfighterDeck} ${view.starfighterDeck === 1 ? 'card' : 'cards'} left, face down.`);
  if (view.droidsDeactivated) lines.push('  The Droid Control Ship is destroyed: every droid is deactivated.');
  return lines;
}

function deckLines(view: QgView): string[] {
  const lines = [
    `Bonus cards: ${SIDES.map((side) => `${SIDE_NAMES[side]} ${view.bonusPiles[side]} face down, unseen`).join('; ')}.`,
    'Decks (cards to draw; the cards revealed so far, latest last):',
  ];
  for (const id of DECK_IDS) {
    const d = view.decks[id];
    const shown = d.discard.slice(-REVEALED_SHOWN).map(cardTitle);
    const more = d.discard.length > shown.length ? `(${d.discard.length - shown.length} earlier) ` : '';
    lines.push(`  ${deckName(id)}: ${d.draw} to draw; revealed ${d.discard.length === 0 ? 'none' : `${more}${shown.join('; ')}`}`);
  }
  return lines;
}

export function viewLines(view: QgView, names: Names): string[] {
  const me =
    view.side === null
      ? 'The table (what everyone sees).'
      : `You are ${names[view.viewer] ?? view.viewer}: ${SIDE_NAMES[view.side]}, playing ${view.roles.map((r) => (r === 'battlefield' ? 'the Battlefield' : 'the Palace')).join(' and ')}.`;
  const lines = [`Turn ${view.turn}. The First Player marker: ${names[view.marker] ?? view.marker}. ${me}`];
  const queen = realQueenLine(view);
  if (queen !== null) lines.push(queen);
  lines.push('Players:', ...planLines(view, names));
  lines.push(...handLines(view, names));
  lines.push(...deckLines(view));
  lines.push(...zoneLines(view));
  lines.push(...spaceLines(view));
  if (view.over) lines.push(view.winner === null ? 'The game is over: a draw.' : `The game is over: ${SIDE_NAMES[view.winner]} won.`);
  return lines;
}
