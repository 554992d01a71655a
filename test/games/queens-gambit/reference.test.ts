// The reference sheets applied (host/games/queens-gambit/reference.ts): dice by figures left,
// movement on a card and after the real Queen's death, hits and healing, bonus cards, victory.

import { describe, expect, it } from 'vitest';
import { standardData } from '../../../host/games/queens-gambit/load.ts';
import {
  applyHits,
  attackPool,
  bonusFor,
  fresh,
  healed,
  mayClaimThroneRoom,
  movementOf,
  otherSide,
  winnerOf,
  type VictoryCounts,
} from '../../../host/games/queens-gambit/reference.ts';

const data = standardData();
const u = (id: string) => data.unit(id);
const rules = data.rules;

describe('attack dice by figures left', () => {
  it('a group weakens as it shrinks', () => {
    expect(attackPool(u('gungan-group'))).toEqual({ grey: 3 });
    expect(attackPool(u('gungan-group'), 1)).toEqual({ grey: 1 });
    expect(attackPool(u('destroyer-droid-group'), 1)).toEqual({ red: 2 });
  });
  it('refuses a unit that cannot attack and a figure count it cannot have', () => {
    expect(() => attackPool(u('fambaa'))).toThrow('Fambaa cannot attack');
    expect(() => attackPool(u('gungan-group'), 4)).toThrow('1 to 3 figures');
    expect(() => attackPool(u('gungan-group'), 0)).toThrow('1 to 3 figures');
  });
});

describe('movement', () => {
  const rush = data.decks['naboo-palace'].cards.find((c) => c.title === 'Rush the Palace')?.actions[0];
  const guardsOrder = rush?.kind === 'activate' ? rush.units.find((o) => o.unit === 'palace-guard') : undefined;
  const panakaOrder = rush?.kind === 'activate' ? rush.units.find((o) => o.unit === 'captain-panaka') : undefined;

  it("a card that sets the movement replaces the unit's own", () => {
    expect(movementOf(u('palace-guard'), guardsOrder, false, rules)).toBe(8);
    expect(movementOf(u('captain-panaka'), panakaOrder, false, rules)).toBe(4);
    expect(movementOf(u('palace-guard'), undefined, false, rules)).toBe(4);
  });

  it('once the real Queen is dead Palace Guards move 2 less, on a card too; nobody else does', () => {
    expect(movementOf(u('palace-guard'), undefined, true, rules)).toBe(2);
    expect(movementOf(u('palace-guard'), guardsOrder, true, rules)).toBe(6);
    expect(movementOf(u('captain-panaka'), panakaOrder, true, rules)).toBe(4);
    expect(movementOf(u('battle-droid'), undefined, true, rules)).toBe(4);
  });
});

describe('hits and healing', () => {
  it('a group loses a figure a hit, hits beyond its figures are lost', () => {
    const droids = u('battle-droid-group');
    expect(applyHits(droids, fresh(droids), 2)).toEqual({ figures: 2, damage: 0, destroyed: false, removed: 2 });
    expect(applyHits(droids, { figures: 1, damage: 0 }, 3)).toEqual({ figures: 0, damage: 0, destroyed: true, removed: 1 });
    expect(applyHits(droids, fresh(droids), 0)).toEqual({ figures: 4, damage: 0, destroyed: false, removed: 0 });
  });

  it('a figure dies on one hit', () => {
    expect(applyHits(u('palace-guard'), fresh(u('palace-guard')), 1).destroyed).toBe(true);
  });

  it('a character moves along its track and dies when the marker reaches the red space', () => {
    const quiGon = u('qui-gon');
    const two = applyHits(quiGon, fresh(quiGon), 2);
    expect(two).toEqual({ figures: 1, damage: 2, destroyed: false, removed: 0 });
    expect(applyHits(quiGon, two, 1).damage).toBe(3);
    expect(applyHits(quiGon, two, 3)).toEqual({ figures: 0, damage: 5, destroyed: true, removed: 1 });
    expect(applyHits(u('fambaa'), fresh(u('fambaa')), 5).destroyed).toBe(true);
    expect(applyHits(u('fambaa'), fresh(u('fambaa')), 4).destroyed).toBe(false);
  });

  it('a Viceroy cannot be attacked; hits must be a whole number', () => {
    expect(() => applyHits(u('viceroy'), fresh(u('viceroy')), 1)).toThrow('cannot be attacked');
    expect(() => applyHits(u('qui-gon'), fresh(u('qui-gon')), -1)).toThrow('whole number');
  });

  it('recovering moves the marker back, not below 0, and does nothing for the dead', () => {
    expect(healed(u('qui-gon'), { figures: 1, damage: 4 }, 3)).toEqual({ figures: 1, damage: 1 });
    expect(healed(u('qui-gon'), { figures: 1, damage: 2 }, 3)).toEqual({ figures: 1, damage: 0 });
    expect(healed(u('qui-gon'), { figures: 0, damage: 5 }, 3)).toEqual({ figures: 0, damage: 5 });
    expect(() => healed(u('palace-guard'), fresh(u('palace-guard')), 3)).toThrow('no damage track');
  });
});

describe('bonus cards for an elimination', () => {
  it('a Battlefield unit clears its space for the enemy', () => {
    expect(bonusFor(u('fambaa'), rules)).toEqual({ to: 'trade-federation', cards: 1 });
    expect(bonusFor(u('battle-droid-group'), rules)).toEqual({ to: 'naboo', cards: 1 });
    expect(bonusFor(u('mtt'), rules)).toEqual({ to: 'naboo', cards: 1 });
  });
  it('Palace characters as their sheets say; Guards, Queens and Palace droids give none', () => {
    expect(bonusFor(u('captain-panaka'), rules)).toEqual({ to: 'trade-federation', cards: 1 });
    expect(bonusFor(u('obi-wan'), rules)).toEqual({ to: 'trade-federation', cards: 3 });
    expect(bonusFor(u('darth-maul'), rules)).toEqual({ to: 'naboo', cards: 5 });
    for (const id of ['palace-guard', 'red-queen', 'purple-queen', 'battle-droid', 'destroyer-droid']) expect(bonusFor(u(id), rules)).toBeNull();
  });
  it('sides', () => {
    expect(otherSide('naboo')).toBe('trade-federation');
    expect(otherSide('trade-federation')).toBe('naboo');
  });
});

describe('victory', () => {
  const start: VictoryCounts = { nabooPalacePieces: 26, droidsDeactivated: false, maulDead: false, throneRoomConfirmed: false };

  it('the Trade Federation wins at 2 Naboo pieces left in the Palace, not at 3', () => {
    expect(winnerOf({ ...start, nabooPalacePieces: 3 }, rules)).toBeNull();
    expect(winnerOf({ ...start, nabooPalacePieces: 2 }, rules)).toBe('trade-federation');
    expect(winnerOf({ ...start, nabooPalacePieces: 2, droidsDeactivated: true, maulDead: true }, rules)).toBe('trade-federation');
  });

  it('Naboo wins at once with the droids gone, Darth Maul dead and 3 pieces left', () => {
    expect(winnerOf({ ...start, nabooPalacePieces: 3, droidsDeactivated: true, maulDead: true }, rules)).toBe('naboo');
    expect(winnerOf({ ...start, maulDead: true }, rules)).toBeNull();
    expect(winnerOf({ ...start, droidsDeactivated: true }, rules)).toBeNull();
  });

  it('Naboo wins by the confirmed throne-room majority once the droids are gone, never before', () => {
    expect(winnerOf({ ...start, droidsDeactivated: true, throneRoomConfirmed: true }, rules)).toBe('naboo');
    expect(winnerOf({ ...start, throneRoomConfirmed: true }, rules)).toBeNull();
    expect(mayClaimThroneRoom({ ...start, droidsDeactivated: true }, rules)).toBe(true);
    expect(mayClaimThroneRoom(start, rules)).toBe(false);
    expect(mayClaimThroneRoom({ ...start, droidsDeactivated: true, nabooPalacePieces: 2 }, rules)).toBe(false);
  });

  it('the set-up counts 26 Naboo pieces in the Palace, the Jedi included', () => {
    const palace = data.setup.forces.filter((f) => f.side === 'naboo' && f.zone !== 'battlefield');
    expect(palace.reduce((n, f) => n + f.count * u(f.unit).figures, 0)).toBe(start.nabooPalacePieces);
  });
});
