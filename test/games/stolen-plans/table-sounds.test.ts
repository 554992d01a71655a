// The Imperial Timer's sounds during Stolen Plans (data/sounds.json): which events play which
// sound, once a move, the end's sound alone when a move ends the game; a sound never depends on a
// card (the same events with other cards sound the same); a bad sounds file is refused naming the
// file, the entry and the problem.
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { loadSounds, parseSounds, SOUNDS, SOUNDS_FILE, soundsFor } from '../../../host/games/stolen-plans/table-sounds.ts';
import { stolenPlansEntry } from '../../../host/games/stolen-plans/table-entry.ts';

const played = (as: string): SpEvent => ({ type: 'played', player: 'p1', as, cards: ['jawa-attack-1'], targets: ['p2'] });

describe("Stolen Plans' timer sounds", () => {
  it('plays a BUZZ for an Attack, WARN for a steal, CLICK for a card out of turn, CHIME for a declaration, FANFARE for the winner', () => {
    expect(soundsFor([played('attack')])).toEqual([{ play: 'buzz' }]);
    expect(soundsFor([played('strike')])).toEqual([{ play: 'buzz' }]);
    expect(soundsFor([played('steal')])).toEqual([{ play: 'warn' }]);
    expect(soundsFor([played('hero-steal')])).toEqual([{ play: 'warn' }]);
    expect(soundsFor([played('support')])).toEqual([]);
    expect(soundsFor([{ type: 'reacted', player: 'p2', card: 'evade-1', window: 'target-response', on: null }])).toEqual([{ play: 'click' }]);
    expect(soundsFor([{ type: 'cannot-discard', player: 'p2', count: 1 }])).toEqual([{ play: 'chime' }]);
    expect(soundsFor([{ type: 'drew', player: 'p1', card: 'r2-d2-1', left: 3 }])).toEqual([]);
    const over = (winners: string[]): SpEvent => ({ type: 'game-over', winners, r2d2: null, summary: 'x' });
    expect(soundsFor([played('attack'), { type: 'cannot-discard', player: 'p2', count: 1 }, over(['p1'])])).toEqual([{ play: 'fanfare' }]);
    expect(soundsFor([over([])])).toEqual([{ play: 'lose' }]);
    // Once a move: two reactions in one move click once.
    const react: SpEvent = { type: 'reacted', player: 'p2', card: 'protection-1', window: 'defend-played', on: 'ewok-defend-1' };
    expect(soundsFor([played('attack'), react, react])).toEqual([{ play: 'buzz' }, { play: 'click' }]);
    expect(stolenPlansEntry.timer).toMatchObject({ kind: 'device' });
  });

  it('never depends on a card: the events of random games with every card id replaced sound the same', () => {
    const blank = (e: SpEvent): SpEvent => JSON.parse(JSON.stringify(e).replace(/"[a-z0-9-]+-\d+"/g, '"card-0"')) as SpEvent;
    let moves = 0;
    for (let seed = 1; seed <= 20; seed++) {
      let s: SpState = stolenPlans.setup({ players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }], options: { bonus: true } }, seed).state;
      for (let step = 0; step < 3000 && s.winners === null; step++) {
        const top = stolenPlans.decisions(s).at(-1);
        const actor = top?.asked.find((a) => !top.answered.includes(a)) as string;
        const legal = top?.chance ? [sampledChanceMove(top.chance, s.rng)] : stolenPlans.legalMoves(s, actor);
        const applied = stolenPlans.apply(s, legal[(seed + step * 5) % legal.length] as SpMove);
        if (!applied.ok) throw new Error(applied.reason);
        expect(soundsFor(applied.events.map(blank))).toEqual(soundsFor(applied.events));
        s = applied.state;
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(500);
  });

  it('loads the shipped file, and refuses a bad one naming the file, the entry and the problem', () => {
    expect(loadSounds()).toEqual(SOUNDS);
    const file = (sounds: unknown[]) => ({ format: 'stolen-plans-sounds/1', description: '', sounds });
    const problem = (value: unknown): string => {
      try {
        parseSounds(value);
      } catch (error) {
        expect(error).toBeInstanceOf(DataError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(problem(file([{ event: 'played', sound: 'honk', says: 'x' }]))).toMatch(new RegExp(`^${SOUNDS_FILE}: sounds\\[0\\]\\.sound: `));
    expect(problem(file([{ event: 'exploded', sound: 'buzz', says: 'x' }]))).toMatch(/sounds\[0\]\.event/);
    expect(problem(file([{ event: 'drew', as: ['attack'], sound: 'buzz', says: 'x' }]))).toMatch(/sounds\[0\]\.as: only a "played" rule names kinds of play/);
    expect(problem(file([{ event: 'played', winners: 'some', sound: 'buzz', says: 'x' }]))).toMatch(/sounds\[0\]\.winners: only a "game-over" rule/);
    expect(problem(file([{ event: 'played', sound: 'buzz', says: 'x', card: 'r2-d2' }]))).toMatch(/unknown field "card"/);
    expect(() => loadSounds('/no/such/sounds.json', 'x/sounds.json')).toThrow(/^x\/sounds.json: .*cannot be read/);
  });
});
