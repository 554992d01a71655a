// A cooperative bot for Rebel Missions that plays sensibly from its view: it plays every
// token and ability the mission can use, picks Play or All Play when the table holds
// something useful, otherwise draws, and rolls again while drawing. Random choices among
// equals come from the generator it is handed.

import type { Bot } from '../../engine/table-play.ts';
import { CHOPPER } from './load.ts';
import type { DieFace } from './schema.ts';
import type { RebelMissionsMove, RebelMissionsView } from './model.ts';

function useful(view: RebelMissionsView, hand: RebelMissionsView['players'][number]['hand'], ability: string | null): boolean {
  const placard = view.placard;
  if (placard === null) return false; // still setting up: no mission yet
  const missing = placard.missing;
  if (ability !== null && (missing[ability] ?? 0) > 0) return true;
  return hand.some((t) => (t.kind === CHOPPER ? !placard.inquisitor : (missing[t.kind] ?? 0) > 0));
}

export function rebelBot(): Bot<RebelMissionsView, RebelMissionsMove> {
  return (view, legal, rng) => {
    const me = view.players.find((p) => p.id === view.viewer);
    const plays = legal.filter((m) => m.type === 'play-token' || m.type === 'use-ability');
    if (plays.length > 0) return rng.pick(plays);
    const finish = legal.find((m) => m.type === 'finish');
    if (finish) return finish;
    const chooses = legal.filter((m): m is Extract<RebelMissionsMove, { type: 'choose' }> => m.type === 'choose');
    if (chooses.length > 0 && view.dice && me) {
      const faceOf = (m: { die: number }): DieFace | undefined => view.dice?.[m.die];
      const meUseful = useful(view, me.hand, me.abilityUsedThisTurn ? null : me.ability.countsAs);
      const anyoneUseful = view.players.some((p) => useful(view, p.hand, p.ability.countsAs));
      const rank = (face: DieFace | undefined): number => {
        if (face === 'play') return meUseful ? 5 : 0;
        if (face === 'all-play') return anyoneUseful ? 4 : 0;
        if (face === 'double-token') return 3;
        if (face === 'single-token') return 2;
        return -1;
      };
      return chooses.reduce((best, m) => (rank(faceOf(m)) > rank(faceOf(best)) ? m : best));
    }
    const roll = legal.find((m) => m.type === 'roll');
    const end = legal.find((m) => m.type === 'end-turn');
    if (roll && end) return rng.below(4) === 0 ? end : roll;
    return roll ?? end ?? rng.pick(legal);
  };
}
