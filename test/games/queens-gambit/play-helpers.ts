// Helpers for The Queen's Gambit's rule tests: tables of 2 or 4, moves applied with their
// events, dice entered as the table would, and the generous candidate moves the judge checks.
import type { ActorId } from '../../../host/engine/table-game.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgEvent, QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { DECK_IDS } from '../../../host/games/queens-gambit/load.ts';
import { DATA } from '../../../host/games/queens-gambit/rules.ts';

export const TWO = { players: [{ name: 'Julie' }, { name: 'Dan' }] };
export const FOUR = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] };
export const tableOf = (players: number) => (players === 4 ? FOUR : TWO);

export function applyAll(state: QgState, moves: readonly QgMove[]): { state: QgState; events: QgEvent[] } {
  const events: QgEvent[] = [];
  for (const move of moves) {
    const applied = queensGambit.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
    events.push(...applied.events);
  }
  return { state, events };
}

export const choose = (actor: ActorId, option: string): QgMove => ({ actor, type: 'choose', option });
export const roll = (...faces: string[]): QgMove => ({ actor: 'chance', type: 'chance', outcome: faces });

/** Every shape of move with every value that could make sense: a superset for the judge. */
export function candidates(s: QgState, actor: ActorId): QgMove[] {
  const cards = DECK_IDS.flatMap((id) => DATA.decks[id].physicalCards);
  const options = [
    'red-queen',
    'purple-queen',
    'decline',
    'done',
    'no-attack',
    'back',
    'leave-pit',
    'battlefield',
    'palace',
    'skip',
    'none',
    'claim',
    'pass',
    'confirm',
    'dispute',
    ...[0, 1, 2, 3].map((i) => `action:${i}`),
    ...[...s.units.map((u) => u.id), ...Object.keys(s.palace)].flatMap((id) => [`unit:${id}`, `target:${id}`, `group:${id}`]),
    ...Array.from({ length: 10 }, (_, i) => [`dice:${i}`, `count:${i}`, `free:${i}`, `size:${i}`, `grid:${i}`]).flat(),
    ...Array.from({ length: 13 }, (_, i) => `space:${i}`),
  ];
  return [
    ...cards.map((card): QgMove => ({ actor, type: 'pick', card })),
    ...(['undo', 'slide-bonus', 'take-back-bonus', 'commit'] as const).map((type): QgMove => ({ actor, type })),
    ...options.map((option) => choose(actor, option)),
  ];
}

/** A new game with the real Queen chosen (the red one unless told), waiting on the first plans. */
export function started(players = 2, options: Record<string, string | number> = {}, queen = 'red-queen', seed = 7): QgState {
  const s = queensGambit.setup({ ...tableOf(players), options }, seed).state;
  const chooser = players === 4 ? 'p3' : 'p2';
  return applyAll(s, [choose(chooser, queen)]).state;
}

/** `state` with `card` just turned over by `player`: taken from wherever it was to its discard pile, its action to choose. */
export function atCard(state: QgState, player: ActorId, card: string): QgState {
  const s = queensGambit.clone(state);
  for (const id of DECK_IDS) s.decks[id].draw = s.decks[id].draw.filter((c) => c !== card);
  s.hands = s.hands.map((h) => h.filter((c) => c !== card));
  const deck = DECK_IDS.find((id) => DATA.decks[id].physicalCards.includes(card)) as (typeof DECK_IDS)[number];
  s.decks[deck].discard.push(card);
  // Put the hands back to a whole plan's worth of cards elsewhere: the other cards stay where they are.
  s.plans = s.plans.map((p) => ({ ...p, committed: true }));
  s.piles = s.players.map(() => []);
  s.stack = [
    { kind: 'action', asked: [player], mayPass: [], close: 'first-taker', answered: [], taker: null, chance: null, data: { at: 'action', player, card } },
  ];
  return s;
}

/** The first physical copy of a card id. */
export const copy1 = (id: string): string => `${id}/1`;
