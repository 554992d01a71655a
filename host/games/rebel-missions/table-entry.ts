// Rebel Missions' table entry: what the game brings to the table front end (host/table/) and so
// to every front end on it (the terminal, the JSON stream, the browser). Its renderer is
// screens.ts (the board, move labels with what each does, events told from the viewer's side);
// its bots are the cooperative one (rebel-bot.ts) and a random one; its configuration takes the
// players' names and each seat's Rebel profile as options (`profile-1`..`profile-5`), and the
// placards of a user's pack when one is given; the timer is an external actor whose events
// become its moves (timer-moves.ts), with what the table front end needs to keep the countdown,
// hold play while it is stopped, catch up with the timer's STATUS and press its buttons.

import type { ActorId } from '../../engine/table-game.ts';
import type { OptionValue } from '../../engine/meta.ts';
import { randomTableBot } from '../../engine/table-play.ts';
import type { TableEntry, TableRenderer } from '../../table/entry.ts';
import { catalogOf } from './catalog.ts';
import { STANDARD_COMPONENTS, type Components } from './load.ts';
import type { PackIdentity, RebelMissionsConfig, RebelMissionsEvent, RebelMissionsView, RebelTableMove, RebelTableState } from './model.ts';
import { rebelBot } from './rebel-bot.ts';
import { PLAIN } from '../../ui/terminal/style.ts';
import { boardLines, eventLines, moveLabel, timerLine } from './screens.ts';
import { createRebelMissionsTable, REBEL_MISSIONS_META, tableBot } from './table-game.ts';
import { rebelTimerBinding } from './timer-binding.ts';

type Names = Readonly<Record<ActorId, string>>;

export type RebelMissionsEntry = TableEntry<RebelMissionsConfig, RebelTableState, RebelTableMove, RebelMissionsView, RebelMissionsEvent>;

/** The profile each seat takes: the table's options `profile-1`.. (their defaults are the seat order's). */
export function profilesFrom(count: number, options: Readonly<Record<string, OptionValue>>): string[] {
  return Array.from({ length: count }, (_, i) => {
    const chosen = options[`profile-${i + 1}`];
    const fallback = REBEL_MISSIONS_META.options.find((o) => o.id === `profile-${i + 1}`)?.default;
    return String(chosen ?? fallback ?? '');
  });
}

export function rebelMissionsRenderer(components: Components): TableRenderer<RebelMissionsView, RebelTableMove, RebelMissionsEvent> {
  const catalog = catalogOf(components);
  return {
    viewLines: (view, names: Names) => boardLines(view, names),
    moveLabel: (move, view) => moveLabel(move, view),
    eventLines: (event, viewer, names) => eventLines(catalog, event, viewer, names),
    timerLine: (clock, view) => timerLine(clock, PLAIN, view.stage === 'won' || view.stage === 'lost'),
  };
}

/** The entry for a game dealt from `components` (a user's pack: its identity goes into every config). */
export function createRebelMissionsEntry(components: Components = STANDARD_COMPONENTS, pack?: PackIdentity): RebelMissionsEntry {
  return {
    game: createRebelMissionsTable(components, pack),
    renderer: rebelMissionsRenderer(components),
    bots: [
      { id: 'cooperative', text: 'plays every token the mission can use, picks Play or All Play when useful', make: () => tableBot('cooperative', rebelBot()) },
      { id: 'random', text: 'plays any legal move', make: () => randomTableBot<RebelTableState, RebelTableMove, RebelMissionsView>() },
    ],
    defaultBot: 'cooperative',
    configFor: (names, options) => {
      const profiles = profilesFrom(names.length, options);
      return { players: names.map((name, i) => ({ name, profile: profiles[i] as string })), ...(pack ? { pack } : {}) };
    },
    timer: rebelTimerBinding,
  };
}

/** Rebel Missions with the boxed placards. */
export const rebelMissionsEntry: RebelMissionsEntry = createRebelMissionsEntry();
