// The Queen's Gambit's events in words, told from the viewer's side ("you"). The events come
// already filtered by the game's `eventFor` (a card drawn by the other side has no name, Naboo's
// choice of the real Queen has no token for the Trade Federation), and this narration names only
// what the event holds: it never names a card or the real Queen the viewer may not know.

import type { Viewer } from '../../table/entry.ts';
import type { QgEvent, QgMove } from './model.ts';
import { DATA } from './rules.ts';
import {
  SIDE_NAMES,
  anakinSpaceName,
  capital,
  cardLine,
  cardActionWords,
  cardTitle,
  deckName,
  dieName,
  faceName,
  layerName,
  layerWords,
  type Names,
  trackWords,
  unitName,
  who,
} from './table-words.ts';
import type { UnitState } from './model.ts';

/** Units are named from their ids alone here (events carry ids): a named unit id is kept as its mark. */
const NO_UNITS: readonly UnitState[] = [];

/** A unit named from an event's id: a one-of-a-kind character by name, a group or piece by its kind and mark. */
function unitOf(id: string): string {
  const counted = DATA.units.units.find((u) => u.id === id);
  if (counted !== undefined) return unitName(id, NO_UNITS);
  const mark = /^([A-Z]+)\d+$/.exec(id)?.[1];
  const force = DATA.setup.forces.find((f) => f.mark === mark && f.zone === 'battlefield');
  return force === undefined ? id : `${DATA.unit(force.unit).name} ${id}`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function plannedLine(move: QgMove, by: string): string {
  switch (move.type) {
    case 'pick':
      return `${capital(by)} picked ${cardTitle(move.card)} for the plan.`;
    case 'undo':
      return `${capital(by)} took the last card back.`;
    case 'slide-bonus':
      return `${capital(by)} slid a bonus card beneath, unseen.`;
    case 'take-back-bonus':
      return `${capital(by)} took a bonus card back.`;
    default:
      return `${capital(by)} changed the plan.`;
  }
}

function rolledLine(e: Extract<QgEvent, { type: 'rolled' }>): string {
  if (e.for === 'anakin-roll') {
    const total = e.faces.reduce((a, f) => a + Number(f), 0);
    return `Anakin rolls ${e.faces.join(' and ')}: ${total}.`;
  }
  const what =
    e.for === 'attack-roll'
      ? 'The attack dice'
      : e.for === 'defense-roll'
        ? 'The defense dice'
        : e.for === 'grey-roll'
          ? "The Trade Federation's grey dice"
          : 'The dice';
  const faces = e.faces.map((f, i) => `${faceName(f)} (${dieName(e.dice[i] ?? '')})`);
  return `${what}: ${faces.join(', ') || 'none'}.`;
}

function damageLine(e: Extract<QgEvent, { type: 'damage' }>): string {
  const name = capital(unitOf(e.unit));
  const spec = DATA.units.units.find((u) => u.id === e.unit) ?? null;
  if (spec !== null && (spec.kind === 'figure' || spec.kind === 'fixture')) return e.eliminated ? `${name} is eliminated.` : `${name} holds.`;
  if (e.eliminated) return `${name} is eliminated.`;
  const track = unitTrack(e.unit);
  if (track !== null) return `${name} takes damage: ${trackWords(e.damage, track)}.`;
  return `${name} loses ${plural(e.figuresLost, 'figure', 'figures')}.`;
}

/** The damage track of a named unit id (a character), or null. */
function unitTrack(id: string): number | null {
  const counted = DATA.units.units.find((u) => u.id === id);
  if (counted !== undefined) return counted.damage;
  const mark = /^([A-Z]+)\d+$/.exec(id)?.[1];
  const force = DATA.setup.forces.find((f) => f.mark === mark && f.zone === 'battlefield');
  return force === undefined ? null : DATA.unit(force.unit).damage;
}

export function eventLines(e: QgEvent, viewer: Viewer, names: Names): string[] {
  const p = (id: string): string => who(names, viewer, id);
  const P = (id: string): string => capital(p(id));
  switch (e.type) {
    case 'drew': {
      const from = `from the ${deckName(e.deck)} deck`;
      if (e.count === 0) return [];
      return [`${P(e.player)} drew ${plural(e.count, 'card', 'cards')} ${from}${e.cards === null ? '.' : `: ${e.cards.map(cardTitle).join('; ')}.`}`];
    }
    case 'reshuffled':
      return [`The ${deckName(e.deck)} deck ran out: its ${plural(e.cards, 'revealed card is', 'revealed cards are')} shuffled into a new deck.`];
    case 'queen-chosen':
      return e.token === null
        ? [`${P(e.player)} chose the real Queen, in secret.`]
        : [`${P(e.player)} chose ${DATA.unit(e.token.replace('real-queen:', '')).name} as the real Queen (secret from the Trade Federation).`];
    case 'turn-started':
      return [`Turn ${e.turn}: the First Player marker is with ${p(e.marker)}. Everyone plans in secret.`];
    case 'planned':
      return [plannedLine(e.move, p(e.player))];
    case 'committed':
      return [`${P(e.player)} committed ${e.player === viewer ? 'your' : 'the'} plan.`];
    case 'plans-laid':
      return [
        `The plans are laid: ${Object.entries(e.piles)
          .map(([id, pile]) => `${p(id)} ${plural(pile.cards, 'card', 'cards')}${pile.bonus > 0 ? ` and ${pile.bonus} bonus beneath` : ''}`)
          .join('; ')}.`,
      ];
    case 'turned-over':
      return [`${P(e.player)} turned over ${e.bonus ? 'a bonus card, ' : ''}${cardLine(e.card)}.`];
    case 'drawn-and-played':
      return [`${P(e.player)} drew and plays ${cardLine(e.card)}.`];
    case 'action-chosen':
      return e.action === null
        ? [`${P(e.player)} played ${cardTitle(e.card)} for nothing.`]
        : [`${P(e.player)} carried out ${cardTitle(e.card)}: ${cardActionWords(e.card, e.action)}.`];
    case 'unit-acts':
      return [`${capital(unitOf(e.unit))} acts: moves up to ${e.move} at the table${e.windowLedge ? ' (Window Ledge Movement allowed)' : ''}.`];
    case 'rolled':
      return [rolledLine(e)];
    case 'attack':
      return [
        `${capital(unitOf(e.attacker))} attacked ${unitOf(e.target)}: ${plural(e.hits, 'hit', 'hits')}, ${e.blocks} blocked, ${e.through} through${e.riposte > 0 ? `; ${e.riposte} riposte ${e.riposte === 1 ? 'hit' : 'hits'} on the attacker` : ''}.`,
      ];
    case 'damage':
      return [damageLine(e)];
    case 'shield-down':
      return ['The shield generator is destroyed: the shield is down.'];
    case 'queen-revealed': {
      const real = DATA.unit(e.real).name;
      return [
        e.realQueenDead
          ? `${capital(real)} was the real Queen: Palace Guards move 2 less from now on.`
          : `The eliminated Queen was the decoy: ${real} is the real Queen.`,
      ];
    }
    case 'left-pit':
      return [`${capital(unitOf(e.unit))} leaves the Melting Pit.`];
    case 'bonus-earned':
      return [`${capital(SIDE_NAMES[e.side])} earns ${plural(e.cards, 'bonus card', 'bonus cards')}.`];
    case 'bonus-drawn':
      return e.deck === null
        ? [`${capital(SIDE_NAMES[e.side])} has no deck left to draw a bonus card from.`]
        : [`${capital(SIDE_NAMES[e.side])} draws a bonus card from the ${deckName(e.deck)} deck, face down and unseen.`];
    case 'healed': {
      const track = unitTrack(e.unit);
      return [`${capital(unitOf(e.unit))} recovers${track === null ? '' : `: damage ${trackWords(e.damage, track)}`}.`];
    }
    case 'droids-to-palace':
      return [
        `${plural(e.moved, 'droid', 'droids')} of ${unitOf(e.group)} go to the Palace: ${e.arrived} arrived${e.lost > 0 ? `, ${e.lost} out of the game (no free staging space)` : ''}.`,
      ];
    case 'droids-activated':
      return [`A new ${DATA.unit(e.unit).name} ${e.group} of ${plural(e.figures, 'droid', 'droids')} is activated next to a Multi Troop Transport.`];
    case 'nothing-happens':
      return [`Nothing happens: ${e.why}.`];
    case 'starfighter-drawn':
      return [`The Trade Federation draws ${layerName(e.card)} (${layerWords(e.card)}).`];
    case 'starfighter-placed':
      return [`${capital(layerName(e.card))} goes on grid ${e.grid}.`];
    case 'die-placed':
      return [`A grey die blocks space ${e.space} of ${layerName(e.layer)}.`];
    case 'anakin':
      if (!e.crossed) return [`Anakin's ${e.total} is blocked on ${layerName(e.layer)}: he stays at ${anakinSpaceName(e.at)}.`];
      return e.layer.startsWith('grid-')
        ? [`Anakin's ${e.total} crosses ${layerName(e.layer)}: he moves to ${anakinSpaceName(e.at)}.`]
        : [`Anakin's ${e.total} crosses ${layerName(e.layer)}, and he tries the next layer.`];
    case 'starfighter-crossed':
      return [`${capital(layerName(e.card))} leaves the game.`];
    case 'droid-control-ship':
      return [`Anakin destroys the Droid Control Ship: every droid is deactivated (${plural(e.removed, 'droid', 'droids')} removed).`];
    case 'throne-claim':
      return [e.claimed ? 'Naboo claims the majority in the throne room.' : 'Naboo makes no throne-room claim now.'];
    case 'throne-confirm':
      return [e.confirmed ? 'The Trade Federation confirms the throne-room claim.' : 'The Trade Federation disputes the claim: play goes on.'];
    case 'marker-passed':
      return [`The First Player marker passes to ${p(e.to)}.`];
    case 'device':
      return [];
    case 'game-over':
      return [`The game is over: ${e.summary}.`];
  }
}
