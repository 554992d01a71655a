// The oracle's candidates for Rebel Missions: every move that could be legal for an actor (a
// generous superset), which the judge filters; `legalMovesMatchJudge` holds the table game's
// directly built lists to the candidates the judge accepts.

import type { Catalog } from '../../../host/games/rebel-missions/catalog.ts';
import { seatOf } from '../../../host/games/rebel-missions/catalog.ts';
import { BUZZ_REASONS, TIMER, type RebelMissionsMove, type RebelMissionsState } from '../../../host/games/rebel-missions/model.ts';

/** Every move that could be legal for `actor`, before the judge filters them. */
export function candidateMoves(catalog: Catalog, state: RebelMissionsState, actor: string): RebelMissionsMove[] {
  if (actor === TIMER) {
    const left = state.timeLeftMs ?? catalog.components.representativeStartMs;
    return [
      { actor: TIMER, type: 'start', leftMs: catalog.components.representativeStartMs },
      { actor: TIMER, type: 'time', leftMs: left },
      { actor: TIMER, type: 'timeout' },
      { actor: TIMER, type: 'chime', found: state.codesFound + 1 },
      ...BUZZ_REASONS.map((reason) => ({ actor: TIMER, type: 'buzz', reason }) as const),
      { actor: TIMER, type: 'fanfare' },
    ];
  }
  const seat = seatOf(state, actor);
  if (!seat) return [];
  const dice = state.dice ?? [];
  const chooses = dice.flatMap((face, die) => (dice.indexOf(face) === die ? [{ actor, type: 'choose', die } as const] : []));
  return [
    { actor, type: 'roll' },
    ...chooses,
    { actor, type: 'end-turn' },
    ...seat.hand.map((token) => ({ actor, type: 'play-token', token }) as const),
    { actor, type: 'use-ability' },
    { actor, type: 'finish' },
  ];
}
