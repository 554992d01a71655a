// The Queen's Gambit's moves as menu entries, for the seat that may make them: a short label and a
// hint (a card's actions, a unit's sheet, a target's defense, the odds of a space). The plan is
// made in small steps, each labelled plainly: "Pick card 2 of 4: Rush the Palace", "Undo: take
// Rush the Palace back", "Slide a bonus card beneath", "Commit the plan". A pure function of
// the move and the mover's own view.

import type { MoveLabel } from '../../table/entry.ts';
import type { QgView } from './table-game.ts';
import type { QgMove } from './model.ts';
import { DATA, deckFor } from './rules.ts';
import {
  SIDE_NAMES,
  capital,
  cardActionWords,
  cardLine,
  cardTitle,
  cardWords,
  deckName,
  layerName,
  layerWords,
  type Names,
  sheetWords,
  specOfId,
  trackWords,
  unitName,
  poolWords,
} from './table-words.ts';

const numberOf = (option: string): number => Number(option.slice(option.indexOf(':') + 1));

/** The chance Anakin's 2d6 come to `total`, in 36ths. */
const waysOf = (total: number): number => 6 - Math.abs(7 - total);

function planLabel(move: QgMove, view: QgView): MoveLabel {
  const plan = view.plans[view.viewer];
  const picked = plan?.picked ?? [];
  switch (move.type) {
    case 'pick': {
      const size = planSize(view);
      // The label names the card: the hint is its actions, or nothing when they are its name.
      const label = `Pick card ${picked.length + 1} of ${size}: ${cardTitle(move.card)}`;
      const words = cardWords(move.card);
      return cardTitle(move.card).includes(words) ? { label } : { label, hint: words };
    }
    case 'undo': {
      const last = picked.at(-1);
      return {
        label: last === undefined ? 'Undo the last pick' : `Undo: take ${cardTitle(last)} back into your hand`,
        hint: `card ${picked.length} of your plan`,
      };
    }
    case 'slide-bonus': {
      const n = (plan?.bonus ?? 0) + 1;
      const pile = view.side === null ? 0 : view.bonusPiles[view.side];
      return {
        label: `Slide a bonus card beneath (${n} of ${pile})`,
        hint: 'from the bottom of your bonus pile, face down: nobody sees it, you neither, until it is turned over',
      };
    }
    case 'take-back-bonus':
      return { label: 'Take a bonus card back', hint: 'it goes back to your bonus pile, still unseen' };
    case 'commit': {
      const bonus = plan?.bonus ?? 0;
      return {
        label: 'Commit the plan',
        hint: `in this order: ${picked.map(cardTitle).join(', ')}${bonus > 0 ? `, then ${bonus} bonus ${bonus === 1 ? 'card' : 'cards'}` : ''}`,
      };
    }
    default:
      return { label: move.type };
  }
}

/** How many cards the viewer's plan takes this turn (the cards picked plus those still to pick). */
function planSize(view: QgView): number {
  const players = Object.keys(view.handCounts).length;
  const play = players === 4 ? DATA.rules.fourPlayer.play : DATA.rules.twoPlayer.play;
  const picked = view.plans[view.viewer]?.picked?.length ?? 0;
  return Math.min(play, picked + (view.hands[view.viewer]?.length ?? 0));
}

function targetHint(id: string, view: QgView): string {
  const spec = specOfId(id, view.units);
  const u = view.units.find((x) => x.id === id);
  const defense = Object.keys(spec.defense).length === 0 ? 'no defense dice' : `defends with ${poolWords(spec.defense)}`;
  if (u !== undefined && spec.damage !== null) return `${defense}; damage ${trackWords(u.damage, spec.damage)}`;
  if (u !== undefined && spec.figures > 1) return `${defense}; ${u.figures} of ${spec.figures} left`;
  return `${defense}; ${view.palace[id] ?? 1} left`;
}

function chooseLabel(option: string, view: QgView): MoveLabel {
  const data = view.decision?.data;
  const at = data?.at;
  if (at === 'queen') {
    const name = DATA.unit(option).name;
    return { label: `${capital(name)} is the real Queen`, hint: 'secret from the Trade Federation until a Queen is eliminated' };
  }
  if (at === 'action' && data !== undefined && data.at === 'action') {
    if (option === 'decline') return { label: 'Play it for nothing', hint: cardLine(data.card) };
    return { label: `Carry out: ${cardActionWords(data.card, numberOf(option))}`, hint: cardLine(data.card) };
  }
  if (option.startsWith('unit:')) {
    const id = option.slice(5);
    const spec = specOfId(id, view.units);
    const u = view.units.find((x) => x.id === id);
    return { label: `${capital(unitName(id, view.units))} acts`, hint: sheetWords(spec, u?.figures ?? 1) };
  }
  if (option.startsWith('target:')) {
    const id = option.slice(7);
    return { label: `Attack ${unitName(id, view.units)}`, hint: targetHint(id, view) };
  }
  if (option.startsWith('dice:')) {
    const n = numberOf(option);
    return { label: `Attack with ${n} ${n === 1 ? 'die' : 'dice'}`, hint: 'red attack dice from what is left for this action' };
  }
  if (option.startsWith('group:')) {
    const id = option.slice(6);
    const u = view.units.find((x) => x.id === id);
    const label = `Droids of ${unitName(id, view.units)} go to the Palace`;
    return u === undefined ? { label } : { label, hint: `${u.figures} droids in the group` };
  }
  if (option.startsWith('count:')) {
    const n = numberOf(option);
    return { label: `${n} ${n === 1 ? 'droid goes' : 'droids go'} to the Palace` };
  }
  if (option.startsWith('free:')) {
    const n = numberOf(option);
    return { label: `${n} staging ${n === 1 ? 'space is' : 'spaces are'} free at the table`, hint: 'the droids beyond the free spaces are out of the game' };
  }
  if (option.startsWith('size:')) {
    const n = numberOf(option);
    const unit = data?.at === 'activate-droids' ? DATA.unit(data.groups[data.index]?.unit ?? '') : null;
    return {
      label: `A new group of ${n} next to a Multi Troop Transport`,
      hint: `${unit === null ? '' : `${unit.name}; `}choosing it confirms there is a free hexagon next to an MTT at the table`,
    };
  }
  if (option.startsWith('grid:')) {
    const grid = numberOf(option);
    const stack = view.stacks[grid - 1] ?? [];
    const under = stack.at(-1) ?? (DATA.space.grids[grid - 1]?.id as string);
    return { label: `Put it on grid ${grid}`, hint: `on top of ${layerName(under)} (${layerWords(under)})` };
  }
  if (option.startsWith('space:')) {
    const t = numberOf(option);
    return { label: `Block space ${t}`, hint: `Anakin rolls ${t} ${waysOf(t)} times in 36` };
  }
  switch (option) {
    case 'battlefield':
    case 'palace': {
      const side = data?.at === 'bonus' ? data.side : (view.side ?? 'naboo');
      return { label: `Draw it from the ${deckName(deckFor(side, option))} deck`, hint: 'unseen, onto your bonus pile; usable from the next turn' };
    }
    case 'decline':
      return { label: 'Play it for nothing' };
    case 'done':
      return {
        label: data?.at === 'activate' && data.current !== null ? `${capital(unitName(data.current.unit, view.units))} is done` : 'Done: no more units act',
      };
    case 'no-attack':
      return { label: 'No attack' };
    case 'back':
      return { label: 'Back: choose another target' };
    case 'leave-pit':
      return { label: 'Leave the Melting Pit', hint: 'allowed once every enemy duelist is dead' };
    case 'none':
      return { label: 'No droids go to the Palace' };
    case 'skip':
      return { label: 'Activate no group here' };
    case 'claim':
      return {
        label: 'Claim the throne-room majority',
        hint: `Naboo has ${view.nabooPalacePieces} pieces in the Palace; the Trade Federation confirms or disputes`,
      };
    case 'pass':
      return { label: 'No claim now' };
    case 'confirm':
      return { label: 'Confirm: Naboo holds the throne room', hint: `${capital(SIDE_NAMES.naboo)} wins` };
    case 'dispute':
      return { label: 'Dispute the claim', hint: 'play goes on; the table settles it on the board' };
    default:
      return { label: option };
  }
}

export function moveLabel(move: QgMove, view: QgView, _names: Names): MoveLabel {
  if (move.type === 'choose') return chooseLabel(move.option, view);
  if (move.type === 'chance') return { label: 'the dice' };
  return planLabel(move, view);
}
