// The two clauses a table device and a bot's pace decide (W6, HI5), checked on whole games with
// every set the rules play: a bot answers after the same pause whatever it holds and whatever it
// answers, and the timer's sounds depend on no card.
import { afterEach, describe, expect, vi } from 'vitest';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { RULES_SETS, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansEntry } from '../../../host/games/stolen-plans/table-entry.ts';
import { soundsFor } from '../../../host/games/stolen-plans/table-sounds.ts';
import { TableHost } from '../../../host/table/host.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { clause } from './sp-fixtures.ts';

const EVERY_SET: Record<string, boolean> = Object.fromEntries(RULES_SETS.map((set) => [set, true]));

/** A pause no other timer of the host uses, so the pauses before bot moves can be counted. */
const PAUSE_MS = 3;

describe('Stolen Plans: the pace of bots and the timer sounds', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  clause('W6', 'a bot answers every decision after the same pause, whether it passes, reacts or plays, whatever it holds', async () => {
    const pauses: number[] = [];
    const real = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms === PAUSE_MS) pauses.push(ms);
      return real(handler, ms);
    }) as typeof setTimeout);
    let botMoves = 0;
    let passes = 0;
    let plays = 0;
    for (const seed of [3, 8]) {
      const seats = ['Ana', 'Ben', 'Cy', 'Dee'].map((name) => ({ name, bot: seed === 3 ? 'hunter' : 'random' }));
      const { host } = TableHost.start(
        stolenPlansEntry,
        { seats, options: EVERY_SET, seed },
        { savePath: null, botDelayMs: PAUSE_MS, clock: new ManualClock(0) },
      );
      for (let guard = 0; guard < 5_000 && !host.result.finished; guard++) await host.settled();
      expect(host.result.finished).toBe(true);
      const moves = host.log.moves.filter((m) => m.actor !== 'chance');
      botMoves += moves.length;
      passes += moves.filter((m) => m.type === 'pass').length;
      plays += moves.filter((m) => m.type !== 'pass').length;
      await host.close();
    }
    // Every move a bot made, a pass in a window or a card, came after one pause of the same length.
    expect(pauses.length).toBe(botMoves);
    expect(passes).toBeGreaterThan(20);
    expect(plays).toBeGreaterThan(20);
  });

  clause(
    'HI5',
    "the timer's sounds come from events alone and never from a card: random games with every set sound the same with every card id blanked",
    () => {
      const blank = (e: SpEvent): SpEvent => JSON.parse(JSON.stringify(e).replace(/"[a-z0-9-]+-\d+"/g, '"card-0"')) as SpEvent;
      let sounded = 0;
      for (let seed = 1; seed <= 12; seed++) {
        let s: SpState = stolenPlans.setup({ players: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name })), options: EVERY_SET }, seed).state;
        for (let step = 0; step < 4_000 && s.winners === null; step++) {
          const top = stolenPlans.decisions(s).at(-1);
          const actor = top?.asked.find((a) => !top.answered.includes(a)) as string;
          const legal = top?.chance ? [sampledChanceMove(top.chance, s.rng)] : stolenPlans.legalMoves(s, actor);
          const applied = stolenPlans.apply(s, legal[(seed * 7 + step * 5) % legal.length] as SpMove);
          if (!applied.ok) throw new Error(applied.reason);
          const sounds = soundsFor(applied.events);
          expect(soundsFor(applied.events.map(blank))).toEqual(sounds);
          sounded += sounds.length;
          s = applied.state;
        }
        expect(s.winners).not.toBeNull();
      }
      expect(sounded).toBeGreaterThan(50);
    },
  );
});
