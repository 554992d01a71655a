// Which player carries out an action in the four-player game (host/games/queens-gambit/battles.ts).

import { describe, expect, it } from 'vitest';
import { controllerOf, roleOfZone } from '../../../host/games/queens-gambit/battles.ts';
import { DECK_IDS, standardData } from '../../../host/games/queens-gambit/load.ts';

const data = standardData();
const unitOf = (id: string) => data.unit(id);

describe('the battle an action concerns', () => {
  it('the Battlefield player has the Battlefield and space; the Palace player the Palace and the Melting Pit', () => {
    expect([roleOfZone('battlefield'), roleOfZone('palace'), roleOfZone('melting-pit')]).toEqual(['battlefield', 'palace', 'palace']);
  });

  it('by the kind of action', () => {
    expect(controllerOf({ kind: 'anakin' }, unitOf)).toBe('battlefield');
    expect(controllerOf({ kind: 'starfighter', cards: 1 }, unitOf)).toBe('battlefield');
    expect(controllerOf({ kind: 'droids-to-palace', max: 4 }, unitOf)).toBe('battlefield');
    expect(controllerOf({ kind: 'activate-droids', groups: [{ unit: 'battle-droid-group', count: 1 }] }, unitOf)).toBe('battlefield');
    expect(controllerOf({ kind: 'heal', unit: 'qui-gon', amount: 3 }, unitOf)).toBe('palace');
    expect(controllerOf({ kind: 'draw-and-play', draws: ['palace'] }, unitOf)).toBeNull();
    const activate = (unit: string) => controllerOf({ kind: 'activate', units: [{ unit, count: 1 }], windowLedge: false, doubleAttack: false }, unitOf);
    expect(activate('darth-maul')).toBe('palace');
    expect(activate('kaadu-group')).toBe('battlefield');
  });

  it('refuses an action spanning both battles', () => {
    expect(() =>
      controllerOf(
        {
          kind: 'activate',
          units: [
            { unit: 'palace-guard', count: 1 },
            { unit: 'gungan-group', count: 1 },
          ],
          windowLedge: false,
          doubleAttack: false,
        },
        unitOf,
      ),
    ).toThrow('both battles');
  });

  it('every action of every shipped card has one controller (or is a draw)', () => {
    for (const id of DECK_IDS) {
      for (const card of data.decks[id].cards) for (const action of card.actions) expect(() => controllerOf(action, unitOf)).not.toThrow();
    }
  });
});
