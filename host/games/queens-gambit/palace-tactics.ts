// The Palace and the Melting Pit as a careful player of either side fights them (README, "The
// bots"): a duelist in the Pit duels the enemy duelists there with all its dice at once (one
// defense roll, so one chance of a riposte), leaves the Pit as soon as it may, and outside it
// removes single-hit figures one die at a time; any other Palace attacker shoots the enemy
// easiest to remove outside the Pit (a Pit fighter is reached only through its door). Used by the
// planning Trade Federation bot and by the Naboo bot; it sees only the view.

import type { Bot } from '../../engine/table-play.ts';
import type { QgView } from './table-game.ts';
import type { QgMove } from './model.ts';
import { DATA } from './rules.ts';

/** The unit acting in an activation (the `activate` decision's `current`). */
export type ActivationCurrent = Extract<NonNullable<QgView['decision']>['data'], { at: 'activate' }>['current'];

/** How many hits a target takes to remove (a counted figure or one of a group: one), its defense dice a tie-break. */
export function hitsToRemove(view: QgView, id: string): number {
  const u = view.units.find((x) => x.id === id);
  const spec = DATA.unit(u?.unit ?? id);
  const defense = Object.values(spec.defense).reduce((n, k) => n + k, 0);
  return (u === undefined || spec.damage === null ? 1 : spec.damage - u.damage + 1) + defense / 10;
}

/** Whether a unit stands in the Melting Pit (only the duelists fight there). */
const inPit = (view: QgView, id: string): boolean => view.units.some((u) => u.id === id && u.inPit);

const numberOf = (option: string): number => Number(option.slice(option.indexOf(':') + 1));

/** The choice for the Palace or Pit unit acting now (`current` not null), or null for a Battlefield unit. */
export function palaceTacticChoice(view: QgView, current: NonNullable<ActivationCurrent>, options: readonly string[]): string | null {
  const acting = view.units.find((u) => u.id === current.unit);
  const spec = DATA.unit(acting?.unit ?? current.unit);
  if (spec.zone === 'battlefield') return null;
  const targets = options.filter((o) => o.startsWith('target:')).map((o) => o.slice('target:'.length));
  const easiest = (ids: readonly string[]): string | null =>
    ids.length === 0 ? null : `target:${ids.reduce((a, b) => (hitsToRemove(view, b) < hitsToRemove(view, a) ? b : a))}`;
  if (spec.split === null) return easiest(targets.filter((t) => !inPit(view, t))) ?? (options.includes('no-attack') ? 'no-attack' : null);
  if (options.includes('leave-pit')) return 'leave-pit';
  const dice = options.filter((o) => o.startsWith('dice:')).map(numberOf);
  if (dice.length > 0) {
    const target = current.target ?? '';
    const most = Math.max(...dice);
    return `dice:${Math.floor(hitsToRemove(view, target)) === 1 && !inPit(view, target) ? 1 : most}`;
  }
  const choice = acting?.inPit === true ? easiest(targets.filter((t) => inPit(view, t))) : easiest(targets);
  return choice ?? (options.includes('done') ? 'done' : null);
}

/** `bot` with these tactics inside its Palace and Pit activations; every other choice stays its own. */
export function withPalaceTactics(bot: Bot<QgView, QgMove>): Bot<QgView, QgMove> {
  return (view, legal, random) => {
    const data = view.decision?.data;
    if (data?.at === 'activate' && data.current !== null) {
      const options = legal.flatMap((m) => (m.type === 'choose' ? [m.option] : []));
      const option = palaceTacticChoice(view, data.current, options);
      const move = option === null ? undefined : legal.find((m) => m.type === 'choose' && m.option === option);
      if (move !== undefined) return move;
    }
    return bot(view, legal, random);
  };
}
