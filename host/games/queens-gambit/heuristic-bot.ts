// The heuristic bot of each side of The Queen's Gambit: it plays on its view and legal moves alone
// (its hand and plan, never the other side's, nor the real Queen as the Trade Federation). It is
// the baseline the bench measures; the tactical Naboo bot (palace-tactics.ts) and the planning
// Trade Federation bot (trade-federation-bot.ts) build on it.

import type { Bot } from '../../engine/table-play.ts';
import type { Random } from '../../engine/rng.ts';
import type { QgView } from './table-game.ts';
import type { QgMove } from './model.ts';
import { DATA, cardOf } from './rules.ts';
import type { Action, Side } from './schema.ts';

type QgBot = Bot<QgView, QgMove>;

const totals = DATA.spaceDice.totals;
const SHIP = DATA.space.anakinSpaces - 1;

const alive = (view: QgView, unit: string): number => view.units.filter((u) => u.unit === unit && u.figures > 0).length + (view.palace[unit] ?? 0);

/** What an action is worth to `side` now: the units it can really use, the space race, the duel. */
export function actionValue(view: QgView, _side: Side, action: Action): number {
  switch (action.kind) {
    case 'activate':
      return action.units.reduce((v, o) => {
        const unit = DATA.unit(o.unit);
        const n = Math.min(o.count, alive(view, o.unit));
        const weight = unit.split !== null ? (action.doubleAttack ? 3 : 2) : unit.zone === 'battlefield' ? 0.6 : 0.8;
        return v + n * weight;
      }, 0);
    case 'anakin':
      return view.anakin >= SHIP ? 0 : 2.5 + view.anakin * 0.4;
    case 'starfighter':
      return view.anakin >= SHIP || view.starfighterDeck === 0 ? 0 : 1.5 + view.anakin * 0.4;
    case 'draw-and-play':
      return 1.5 * action.draws.length;
    case 'droids-to-palace':
      return view.droidsDeactivated ? 0 : 2.5;
    case 'activate-droids':
      return alive(view, 'mtt') > 0 && !view.droidsDeactivated ? 1.5 : 0;
    case 'heal': {
      const u = view.units.find((x) => x.unit === action.unit && x.figures > 0);
      return u === undefined ? 0 : Math.min(u.damage, action.amount) * 0.9;
    }
  }
}

const cardValue = (view: QgView, side: Side, card: string): number => Math.max(0, ...cardOf(card).actions.map((a) => actionValue(view, side, a)));

/** How much `side` wants to hit a target (option `target:<id>`): finishing weak enemies, and what wins the game. */
function targetValue(view: QgView, side: Side, id: string): number {
  const spec = DATA.unit(view.units.find((u) => u.id === id)?.unit ?? id);
  const u = view.units.find((x) => x.id === id);
  let value = 1;
  if (u !== undefined && spec.damage !== null) value += u.damage / spec.damage;
  if (u !== undefined && spec.damage === null) value += 1 - u.figures / spec.figures;
  if (spec.defense && Object.keys(spec.defense).length === 0) value += 0.8;
  if (side === 'trade-federation' && spec.zone !== 'battlefield' && spec.side === 'naboo') value += 0.5;
  if (spec.split !== null) value += 0.6;
  if (spec.special.includes('shield-generator')) value += 0.4;
  return value;
}

const numberOf = (option: string): number => Number(option.slice(option.indexOf(':') + 1));
const best = <T>(items: readonly T[], score: (x: T) => number): T => items.reduce((a, b) => (score(b) > score(a) ? b : a));

/** The heuristic bot of `side`: it plays on its view and legal moves alone. */
export function heuristicBot(side: Side): QgBot {
  return (view, legal, random: Random) => {
    const first = legal[0] as QgMove;
    const chooses = legal.filter((m): m is Extract<QgMove, { type: 'choose' }> => m.type === 'choose');
    const by = (option: string): QgMove | undefined => chooses.find((m) => m.option === option);
    const picks = legal.filter((m): m is Extract<QgMove, { type: 'pick' }> => m.type === 'pick');
    if (picks.length > 0) return best(picks, (m) => cardValue(view, side, m.card) + random.below(100) / 1000);
    const slide = legal.find((m) => m.type === 'slide-bonus');
    if (slide !== undefined) return slide;
    const commit = legal.find((m) => m.type === 'commit');
    if (commit !== undefined) return commit;
    if (chooses.length === 0) return first;
    const options = chooses.map((m) => m.option);
    const at = view.decision?.data.at;
    switch (at) {
      case 'queen':
        return random.pick(chooses);
      case 'action': {
        const card = (view.decision!.data as { card: string }).card;
        const actions = cardOf(card).actions;
        const i = actions.reduce((b, a, k) => (actionValue(view, side, a) > actionValue(view, side, actions[b] as Action) ? k : b), 0);
        return by(`action:${i}`) ?? first;
      }
      case 'activate': {
        const units = options.filter((o) => o.startsWith('unit:'));
        if (units.length > 0)
          return by(best(units, (o) => (DATA.unit(view.units.find((u) => u.id === o.slice(5))?.unit ?? o.slice(5)).split !== null ? 2 : 1))) ?? first;
        const dice = options.filter((o) => o.startsWith('dice:'));
        if (dice.length > 0) return by(best(dice, numberOf)) ?? first;
        const targets = options.filter((o) => o.startsWith('target:'));
        if (targets.length > 0) return by(best(targets, (o) => targetValue(view, side, o.slice(7)))) ?? first;
        return by('leave-pit') ?? by('no-attack') ?? by('done') ?? first;
      }
      case 'bonus':
        return by(side === 'naboo' ? 'battlefield' : 'palace') ?? first;
      case 'droids-to-palace': {
        const groups = options.filter((o) => o.startsWith('group:'));
        if (groups.length > 0) return by(best(groups, (o) => view.units.find((u) => u.id === o.slice(6))?.figures ?? 0)) ?? first;
        return by(best(options, numberOf)) ?? first;
      }
      case 'activate-droids':
        return by(best(options, (o) => (o === 'skip' ? 0 : numberOf(o)))) ?? first;
      case 'starfighter':
        return by(best(options, (o) => -numberOf(o))) ?? first;
      case 'place-dice':
        return by(best(options, (o) => totals[numberOf(o)]?.toNumber() ?? 0)) ?? first;
      case 'throne-claim':
        return by(view.nabooPalacePieces > view.tradeFederationPalacePieces ? 'claim' : 'pass') ?? first;
      case 'throne-confirm':
        return by(view.nabooPalacePieces > view.tradeFederationPalacePieces ? 'confirm' : 'dispute') ?? first;
      default:
        return first;
    }
  };
}
