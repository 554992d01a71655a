// The planning Trade Federation bot (README, "The bots"): it values each card by what its actions
// can really do for the two ways the Trade Federation wins or holds on: Naboo pieces removed from
// the Palace (each attacker by its chance to remove one) and Anakin held back (a Starfighter card
// is a layer more to cross); it orders its plan so that a card that helps another comes first
// (Starfighters before Naboo's Anakin cards, new droid groups before Reinforce the Palace, droids
// into the Palace before the cards that activate them), sends a group to the Palace from the
// biggest, activates droid groups near an MTT only to feed the Palace, and takes its bonus cards
// from the Palace deck. Everything it does not decide better is the heuristic bot's
// (`heuristicBot('trade-federation')`). It sees only its view.

import type { Bot } from '../../engine/table-play.ts';
import type { Random } from '../../engine/rng.ts';
import type { QgView } from './table-game.ts';
import type { QgMove } from './model.ts';
import { heuristicBot } from './heuristic-bot.ts';
import { palaceTacticChoice, type ActivationCurrent } from './palace-tactics.ts';
import { DATA, cardOf } from './rules.ts';
import type { Action } from './schema.ts';

type QgBot = Bot<QgView, QgMove>;

const SHIP = DATA.space.anakinSpaces - 1;

/**
 * The bot's weights, one place to read and tune them (figures: `npm run bench`). A value is in
 * "Naboo Palace pieces removed" (the Trade Federation wins when at most 2 of 26 are left).
 */
export const TF_WEIGHTS = {
  /** The chance that one Palace attacker removes an undefended Palace Guard (its dice, our faces). */
  palaceKill: { 'battle-droid': 1 / 3, 'destroyer-droid': 8 / 9 } as Readonly<Record<string, number>>,
  /** An action of Darth Maul (a Double Attack: twice the dice): the duel for 3 bonus cards a Jedi, then the Palace. */
  maul: 2,
  maulDoubleAttack: 3.5,
  /** A Battlefield unit's attack: its share of a bonus card (an eliminated Naboo unit gives one). */
  battlefieldUnit: 0.15,
  /** A Starfighter card: Anakin's tries it costs Naboo, by what each try is worth as he nears the ship. */
  starfighter: 1.4,
  starfighterPerSpace: 0.25,
  /** A droid sent to the Palace: what it will do there (more when the Palace droids are few). */
  droidToPalace: 0.45,
  /** A droid group made next to an MTT: a group that can later go to the Palace. */
  newGroup: 0.35,
  /** A card drawn and played: about an average card of that deck. */
  drawPalace: 1.1,
  drawBattlefield: 0.8,
  /** A point of Darth Maul's damage healed. */
  heal: 0.45,
} as const;

const palaceCount = (view: QgView, unit: string): number => view.palace[unit] ?? 0;
const battlefieldGroups = (view: QgView): { id: string; unit: string; figures: number }[] =>
  view.units.filter((u) => (u.unit === 'battle-droid-group' || u.unit === 'destroyer-droid-group') && u.figures > 0);
const named = (view: QgView, unit: string) => view.units.filter((u) => u.unit === unit && u.figures > 0);
const mttAlive = (view: QgView): boolean => named(view, 'mtt').length > 0;

/** The biggest group Reinforce the Palace could send now, and its kind. */
function biggestGroup(view: QgView): { unit: string; figures: number } | null {
  const groups = battlefieldGroups(view);
  if (groups.length === 0) return null;
  return groups.reduce((a, b) => (b.figures > a.figures ? b : a));
}

/** What one action is worth to the Trade Federation now (README, "The bots"). */
export function tfActionValue(view: QgView, action: Action): number {
  const w = TF_WEIGHTS;
  switch (action.kind) {
    case 'activate':
      return action.units.reduce((v, o) => {
        // Darth Maul duels the Jedi in the Pit, or once they are dead leaves it for the Palace.
        if (o.unit === 'darth-maul') return named(view, 'darth-maul').length === 0 ? v : v + (action.doubleAttack ? w.maulDoubleAttack : w.maul);
        const kill = w.palaceKill[o.unit];
        if (kill !== undefined) return v + Math.min(o.count, palaceCount(view, o.unit)) * kill;
        return v + Math.min(o.count, named(view, o.unit).length) * w.battlefieldUnit;
      }, 0);
    case 'starfighter':
      return view.anakin >= SHIP || view.starfighterDeck === 0 || view.droidsDeactivated ? 0 : w.starfighter + view.anakin * w.starfighterPerSpace;
    case 'droids-to-palace': {
      const group = biggestGroup(view);
      if (view.droidsDeactivated || group === null) return 0;
      const arriving = Math.min(action.max, group.figures);
      const kind = group.unit === 'destroyer-droid-group' ? 'destroyer-droid' : 'battle-droid';
      // Fewer droids in the Palace than a card activates: each arriving one is used at once.
      const scarce = palaceCount(view, 'battle-droid') + 2 * palaceCount(view, 'destroyer-droid') < 8 ? 1.6 : 1;
      return arriving * w.droidToPalace * scarce * ((w.palaceKill[kind] ?? 0) * 3);
    }
    case 'activate-droids': {
      if (view.droidsDeactivated || !mttAlive(view)) return 0;
      return action.groups.reduce((v, g) => {
        const piece = DATA.unit(g.unit).piece;
        const size = Math.min(DATA.unit(g.unit).figures, view.piecesOutside[piece] ?? 0);
        return v + (size > 0 ? g.count * w.newGroup * (size / DATA.unit(g.unit).figures) : 0);
      }, 0);
    }
    case 'draw-and-play':
      return action.draws.reduce((v, d) => v + (d === 'palace' ? w.drawPalace : w.drawBattlefield), 0);
    case 'heal': {
      const u = named(view, action.unit)[0];
      return u === undefined ? 0 : Math.min(u.damage, action.amount) * w.heal;
    }
    case 'anakin':
      return 0;
  }
}

const bestAction = (view: QgView, card: string): { index: number; value: number; kind: Action['kind'] } =>
  cardOf(card).actions.reduce<{ index: number; value: number; kind: Action['kind'] }>(
    (b, a, i) => {
      const value = tfActionValue(view, a);
      return value > b.value ? { index: i, value, kind: a.kind } : b;
    },
    { index: -1, value: -1, kind: 'activate' },
  );

/** The order a plan's cards go in: what helps a later card first (lower goes first). */
const ORDER: Readonly<Record<Action['kind'], number>> = {
  starfighter: 0,
  'activate-droids': 1,
  'droids-to-palace': 2,
  'draw-and-play': 3,
  activate: 4,
  heal: 5,
  anakin: 6,
};

/**
 * The plan: the 4 (or 2) cards of the most value, then laid in the order that makes them worth
 * most. Picking is one card at a time, so the bot picks the first of its chosen cards in order.
 */
export function tfPlanPick(view: QgView, picks: readonly string[], already: readonly string[], toPick: number, random: Random): string {
  const scored = picks.map((card) => ({ card, ...bestAction(view, card), tie: random.below(1000) / 1e6 }));
  // Two Starfighters in one plan are still both worth it; a second Reinforce the Palace finds a smaller group.
  const reinforcing = already.filter((c) => bestAction(view, c).kind === 'droids-to-palace').length;
  const value = (x: (typeof scored)[number]): number => x.value * (x.kind === 'droids-to-palace' && reinforcing > 0 ? 0.5 : 1) + x.tie;
  const chosen = [...scored].sort((a, b) => value(b) - value(a)).slice(0, Math.max(1, toPick));
  return chosen.reduce((a, b) => (ORDER[b.kind] < ORDER[a.kind] || (ORDER[b.kind] === ORDER[a.kind] && value(b) > value(a)) ? b : a)).card;
}

/**
 * The Trade Federation's choice inside an activation (null: the heuristic's): destroyers first,
 * then Darth Maul; then the Palace and duel tactics both sides share (`palaceTacticChoice`).
 */
export function tfActivateChoice(view: QgView, current: ActivationCurrent, options: readonly string[]): string | null {
  if (current === null) {
    const units = options.filter((o) => o.startsWith('unit:'));
    return units.find((o) => o === 'unit:destroyer-droid') ?? units.find((o) => o === 'unit:darth-maul') ?? null;
  }
  return palaceTacticChoice(view, current, options);
}

const numberOf = (option: string): number => Number(option.slice(option.indexOf(':') + 1));

const base = heuristicBot('trade-federation');

/** The planning Trade Federation bot. */
export const planningTradeFederationBot: QgBot = (view, legal, random) => {
  const picks = legal.filter((m): m is Extract<QgMove, { type: 'pick' }> => m.type === 'pick');
  if (picks.length > 0) {
    const plan = view.plans[view.viewer];
    const already = plan?.picked ?? [];
    const max = view.roles.length === 2 ? DATA.rules.twoPlayer.play : DATA.rules.fourPlayer.play;
    const card = tfPlanPick(
      view,
      picks.map((m) => m.card),
      already,
      max - already.length,
      random,
    );
    return picks.find((m) => m.card === card) ?? (picks[0] as QgMove);
  }
  const chooses = legal.filter((m): m is Extract<QgMove, { type: 'choose' }> => m.type === 'choose');
  const by = (option: string): QgMove | undefined => chooses.find((m) => m.option === option);
  const options = chooses.map((m) => m.option);
  const data = view.decision?.data;
  switch (data?.at) {
    case 'action': {
      const b = bestAction(view, data.card);
      return (b.value > 0 ? by(`action:${b.index}`) : undefined) ?? base(view, legal, random);
    }
    case 'activate': {
      const option = tfActivateChoice(view, data.current, options);
      return (option === null ? undefined : by(option)) ?? base(view, legal, random);
    }
    case 'bonus':
      return by('palace') ?? by('battlefield') ?? base(view, legal, random);
    case 'droids-to-palace': {
      const groups = options.filter((o) => o.startsWith('group:'));
      if (groups.length > 0) {
        // The biggest group; at equal size the destroyers (they remove the most in the Palace).
        const score = (o: string): number => {
          const u = view.units.find((x) => x.id === o.slice(6));
          return u === undefined ? 0 : u.figures + (u.unit === 'destroyer-droid-group' ? 0.5 : 0);
        };
        return by(groups.reduce((a, b) => (score(b) > score(a) ? b : a))) ?? base(view, legal, random);
      }
      const counts = options.filter((o) => o.startsWith('count:'));
      if (counts.length > 0) return by(counts.reduce((a, b) => (numberOf(b) > numberOf(a) ? b : a))) ?? base(view, legal, random);
      return base(view, legal, random);
    }
    default:
      return base(view, legal, random);
  }
};
