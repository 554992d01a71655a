// Rogue One, the squad cards (RO1-RO5, H3, A2, D5, D7, D15, D22, W2): placing them (with a nominee),
// Locate Plans, Reprogram and Force-Attuned, Gather Intelligence's quick peek at what its nominee drew,
// Defection's draw before its nominee's Imperial play goes on, the U-Wing, the troopers'
// eliminations and saving squad cards with Rebel Heroes; the deepest nesting of windows.
import { describe, expect } from 'vitest';
import { eventsSeenBy, toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, passStarts, playAll, reject } from './sp-fixtures.ts';

const sets = ['rogue-one'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];
const legal = (s: SpState, p: string): readonly SpMove[] => stolenPlans.legalMoves(s, p);

describe('Stolen Plans: Rogue One, the squad cards', () => {
  clause('RO1', 'squad cards are placed in play as the turn, stay there, and work only for the player they lie in front of', () => {
    const s = dealtState([['locate-plans-1', 'reprogram-1', 'force-attuned-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1']], PILE, {
      sets,
      discard: ['jawa-attack-1'],
    });
    expect(legal(s, 'p1')).toContainEqual({ actor: 'p1', type: 'action', card: 'locate-plans-1' });
    const placed = playAll(s, [{ actor: 'p1', type: 'action', card: 'locate-plans-1' }]);
    expect(placed.state.inPlay).toEqual([{ card: 'locate-plans-1', owner: 'p1' }]);
    expect(placed.events).toContainEqual({ type: 'played', player: 'p1', as: 'place', cards: ['locate-plans-1'], targets: [] });
    // Placing is the turn: p2 plays next.
    expect(placed.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // Several may be in play; a card in front of p1 is no use to p2.
    const two = dealtState([['reprogram-1'], ['r2-d2-1']], PILE, {
      sets,
      discard: ['jawa-attack-1'],
      inPlay: [
        { card: 'locate-plans-1', owner: 'p1' },
        { card: 'force-attuned-1', owner: 'p1' },
      ],
    });
    expect(legal(two, 'p1')).toContainEqual({ actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p2' });
    const p2turn = { ...two, stack: [{ ...two.stack[0]!, asked: ['p2'], data: { at: 'turn' as const, player: 'p2' } }] };
    expect(legal(p2turn, 'p2').filter((m) => m.type === 'use-squad')).toEqual([]);
    expect(reject(p2turn, { actor: 'p2', type: 'use-squad', card: 'locate-plans-1', target: 'p1' })).toBe(
      'Locate Plans is not in front of you: only its owner uses it (RO1)',
    );
    // A squad card in play is never discarded: a loss takes cards from the hand only.
    const discarding = playAll(
      dealtState([['discard-all-1'], ['ewok-defend-2']], PILE, { sets: ['bonus', ...sets], inPlay: [{ card: 'reprogram-1', owner: 'p2' }] }),
      [
        { actor: 'p1', type: 'action', card: 'discard-all-1', target: 'p2' },
        { actor: 'p2', type: 'pass' },
      ],
    ).state;
    expect(discarding.inPlay).toEqual([{ card: 'reprogram-1', owner: 'p2' }]);
    expect(discarding.discard).toEqual(['discard-all-1', 'ewok-defend-2']);
  });

  clause('RO3', 'Locate Plans looks at a hand (the view keeps it), Reprogram takes any card of the discard pile, each the whole turn; Force-Attuned', () => {
    const inPlay = [
      { card: 'locate-plans-1', owner: 'p1' },
      { card: 'reprogram-1', owner: 'p1' },
    ];
    const s = dealtState([['jawa-attack-2'], ['r2-d2-1', 'ewok-defend-2'], []], PILE, { sets, inPlay, discard: ['x-wing-defend-1', 'boba-fett-steal-1'] });
    const uses = legal(s, 'p1').filter((m) => m.type === 'use-squad');
    // D15: only a player holding a card is looked at.
    expect(uses).toEqual([
      { actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p2' },
      { actor: 'p1', type: 'use-squad', card: 'reprogram-1', take: 'x-wing-defend-1' },
      { actor: 'p1', type: 'use-squad', card: 'reprogram-1', take: 'boba-fett-steal-1' },
    ]);
    expect(reject(s, { actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p3' })).toBe('p3 holds no cards: there is nothing to look at (D15)');
    const looked = playAll(s, [{ actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p2' }]);
    expect(eventsSeenBy(stolenPlans, looked.events, 'p1')).toContainEqual({
      type: 'hand-shown',
      viewer: 'p1',
      holder: 'p2',
      cards: ['r2-d2-1', 'ewok-defend-2'],
    });
    expect(eventsSeenBy(stolenPlans, looked.events, 'p3')).toContainEqual({ type: 'hand-shown', viewer: 'p1', holder: 'p2', cards: null });
    const seen = stolenPlans.view(looked.state, 'p1');
    expect(seen.players.find((p) => p.id === 'p2')?.known).toEqual(['r2-d2-1', 'ewok-defend-2']);
    expect(seen.r2d2Could).toEqual(['p2']);
    expect(looked.state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // The card stays in play: it may be used again next turn.
    expect(looked.state.inPlay).toEqual(inPlay);

    const took = playAll(s, [{ actor: 'p1', type: 'use-squad', card: 'reprogram-1', take: 'boba-fett-steal-1' }]).state;
    expect(hand(took, 'p1')).toEqual(['jawa-attack-2', 'boba-fett-steal-1']);
    expect(took.discard).toEqual(['x-wing-defend-1']);
    expect(stolenPlans.view(took, 'p2').players.find((p) => p.id === 'p1')?.known).toEqual(['boba-fett-steal-1']);
    expect(reject(s, { actor: 'p1', type: 'use-squad', card: 'reprogram-1', take: 'jawa-attack-4' })).toBe('jawa-attack-4 is not in the discard pile (RO3)');

    // Force-Attuned: Jedi Only cards on your own turn (J2), never out of turn: no Lightsaber against an Attack.
    const attuned = dealtState(
      [
        ['jedi-wisdom-1', 'lightsaber-defend-1'],
        ['jawa-attack-1', 'r2-d2-1'],
      ],
      PILE,
      {
        sets,
        inPlay: [{ card: 'force-attuned-1', owner: 'p1' }],
        discard: ['ewok-defend-2'],
      },
    );
    expect(legal(attuned, 'p1')).toContainEqual({ actor: 'p1', type: 'jedi-wisdom', card: 'jedi-wisdom-1', take: 'ewok-defend-2' });
    const attacked = playAll({ ...attuned, stack: [{ ...attuned.stack[0]!, asked: ['p2'], data: { at: 'turn', player: 'p2' } }] }, [
      { actor: 'p2', type: 'attack', card: 'jawa-attack-1', target: 'p1' },
    ]).state;
    expect(kinds(attacked)).toEqual(['turn', 'target-response']);
    expect(legal(attacked, 'p1')).toEqual([{ actor: 'p1', type: 'pass' }]);
    expect(reject(attacked, { actor: 'p1', type: 'defend', cards: ['lightsaber-defend-1'] })).toBe(
      'Lightsaber Defend is Jedi Only: only a Jedi may defend with it (J2)',
    );
    // After Remove Jedi, Force-Attuned does nothing (J3).
    expect(legal({ ...attuned, jediRemoved: true }, 'p1').some((m) => m.type === 'jedi-wisdom')).toBe(false);
  });

  clause('RO2', 'the troopers: an Attack, or an elimination (Krennic with the Death Trooper, Death Trooper, Sand, Shore)', () => {
    const squads = [
      { card: 'locate-plans-1', owner: 'p2' },
      { card: 'reprogram-1', owner: 'p3' },
      { card: 'defection-1', owner: 'p1', nominee: 'p3' },
      { card: 'force-attuned-1', owner: 'p3' },
    ];
    const troopers = ['orson-krennic-1', 'death-trooper-1', 'sand-trooper-1', 'shore-trooper-1'];
    const s = dealtState([troopers, ['ewok-defend-2'], ['x-wing-defend-1'], ['r2-d2-1']], PILE, { sets, inPlay: squads });
    const moves = legal(s, 'p1');
    // Each is still an Attack (A).
    for (const card of troopers) expect(moves).toContainEqual({ actor: 'p1', type: 'attack', card, target: 'p4' });
    const eliminations = moves.filter((m) => m.type === 'eliminate');
    expect(eliminations).toEqual([
      { actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] },
      { actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p2' },
      { actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p3' },
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'locate-plans-1' },
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p3', squad: 'reprogram-1' },
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p3', squad: 'force-attuned-1' },
      // Shore Trooper: only the players on the left (p2) and the right (p4, who has none).
      { actor: 'p1', type: 'eliminate', card: 'shore-trooper-1', target: 'p2', squad: 'locate-plans-1' },
    ]);
    expect(reject(s, { actor: 'p1', type: 'eliminate', card: 'shore-trooper-1', target: 'p3', squad: 'reprogram-1' })).toBe(
      'Attack 7 (Shore Trooper) eliminates one squad card in front of the player on your left or your right: name the player and that card (RO2)',
    );
    expect(reject(s, { actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p4' })).toMatch(/another player who has some in front of them/);

    // Krennic with the Death Trooper: every squad card, the player's own included; each owner asked from the player's left.
    const all = playAll(s, [{ actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] }]);
    expect(all.events[0]).toEqual({
      type: 'played',
      player: 'p1',
      as: 'eliminate',
      cards: ['orson-krennic-1', 'death-trooper-1'],
      targets: ['p1', 'p2', 'p3'],
    });
    expect(kinds(all.state)).toEqual(['turn', 'elimination']);
    expect(toMove(stolenPlans, all.state)).toEqual(['p2']);
    const done = playAll(all.state, [
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
      { actor: 'p1', type: 'pass' },
    ]);
    expect(done.state.inPlay).toEqual([]);
    expect(done.state.removed).toEqual(['locate-plans-1', 'reprogram-1', 'defection-1', 'force-attuned-1']);
    expect(done.events).toContainEqual({ type: 'eliminated', player: 'p1', cards: ['locate-plans-1', 'reprogram-1', 'defection-1', 'force-attuned-1'] });
    expect(done.state.discard).toEqual(['orson-krennic-1', 'death-trooper-1']);
    expect(passStarts(done.state).stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });

    // The Death Trooper: all of one player's; the Sand Trooper: the card the player chose.
    // Aimed at one player: their target-response first (Saw Gerrera may be held: W7), then their elimination window.
    const aimed = playAll(s, [{ actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p3' }]).state;
    expect(kinds(aimed)).toEqual(['turn', 'target-response']);
    expect(aimed.stack.at(-1)?.data).toMatchObject({ at: 'target-response', effect: 'other', squads: ['reprogram-1', 'force-attuned-1'] });
    const asked = playAll(aimed, [{ actor: 'p3', type: 'pass' }]).state;
    expect(kinds(asked)).toEqual(['turn', 'elimination']);
    const death = playAll(asked, [{ actor: 'p3', type: 'pass' }]).state;
    expect(death.removed).toEqual(['reprogram-1', 'force-attuned-1']);
    expect(death.inPlay.map((c) => c.card)).toEqual(['locate-plans-1', 'defection-1']);
    const sand = playAll(s, [
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p3', squad: 'force-attuned-1' },
      { actor: 'p3', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]).state;
    expect(sand.removed).toEqual(['force-attuned-1']);
    // An owner holding no card is not asked (W1): the card goes at once.
    const empty = dealtState([['sand-trooper-1'], []], PILE, { sets, inPlay: [{ card: 'reprogram-1', owner: 'p2' }] });
    const gone = playAll(empty, [{ actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' }]).state;
    expect(gone.removed).toEqual(['reprogram-1']);
    expect(kinds(gone)).toEqual(['turn']);
  });

  clause('D15', 'an elimination, or the U-Wing, needs a Rogue One Squad card to act on', () => {
    const s = dealtState([['orson-krennic-1', 'death-trooper-1', 'sand-trooper-1', 'transport-squad-1'], ['ewok-defend-2']], PILE, { sets });
    expect(legal(s, 'p1').filter((m) => m.type === 'eliminate' || (m.type === 'action' && m.card === 'transport-squad-1'))).toEqual([]);
    expect(reject(s, { actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p2' })).toBe(
      'there is no Rogue One Squad card in play to eliminate (D15)',
    );
    expect(reject(s, { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' })).toBe(
      'Transport Squad is aimed at another player with a Rogue One Squad card in front of them (RO5, D15)',
    );
  });

  clause('H3', 'in elimination, one Rebel Hero discarded saves one squad card; Capture does not take it', () => {
    const inPlay = [
      { card: 'locate-plans-1', owner: 'p2' },
      { card: 'reprogram-1', owner: 'p2' },
      { card: 'defensive-1', owner: 'p3' },
    ];
    const s = dealtState(
      [
        ['orson-krennic-1', 'death-trooper-1'],
        ['bistan-1', 'han-solo-1', 'r2-d2-1'],
        ['pao-1', 'capture-1'],
      ],
      PILE,
      {
        sets: ['bonus', 'additional-bonus', ...sets],
        inPlay,
      },
    );
    const asked = playAll(s, [{ actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] }]).state;
    expect(legal(asked, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'bistan-1', on: 'locate-plans-1' },
      { actor: 'p2', type: 'react', card: 'bistan-1', on: 'reprogram-1' },
      { actor: 'p2', type: 'react', card: 'han-solo-1', on: 'locate-plans-1' },
      { actor: 'p2', type: 'react', card: 'han-solo-1', on: 'reprogram-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(reject(asked, { actor: 'p2', type: 'react', card: 'r2-d2-1', on: 'reprogram-1' })).toBe(
      'R2-D2 (Carrying Stolen Plans) is not a Rebel Hero: only a Rebel Hero saves a squad card (H3)',
    );
    expect(reject(asked, { actor: 'p2', type: 'react', card: 'bistan-1', on: 'defensive-1' })).toBe(
      'name a squad card of yours this elimination aims at, not saved yet (RO2, H3)',
    );
    // One hero saves one card; the owner is asked again for the other; then the next owner.
    const one = playAll(asked, [{ actor: 'p2', type: 'react', card: 'bistan-1', on: 'reprogram-1' }]);
    expect(one.events).toContainEqual({ type: 'reacted', player: 'p2', card: 'bistan-1', window: 'elimination', on: 'reprogram-1' });
    expect(toMove(stolenPlans, one.state)).toEqual(['p2']);
    expect(legal(one.state, 'p2')).toEqual([
      { actor: 'p2', type: 'react', card: 'han-solo-1', on: 'locate-plans-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    const both = playAll(one.state, [{ actor: 'p2', type: 'react', card: 'han-solo-1', on: 'locate-plans-1' }]).state;
    // Nothing opens for Capture: heroes saving squad cards are not defending or stealing (D13).
    expect(kinds(both)).toEqual(['turn', 'elimination']);
    expect(toMove(stolenPlans, both)).toEqual(['p3']);
    const done = playAll(both, [{ actor: 'p3', type: 'pass' }]);
    expect(done.state.inPlay).toEqual([
      { card: 'locate-plans-1', owner: 'p2' },
      { card: 'reprogram-1', owner: 'p2' },
    ]);
    expect(done.state.removed).toEqual(['defensive-1']);
    // The heroes are discarded after use; the Krennic and Death Trooper too.
    expect(done.state.discard).toEqual(['orson-krennic-1', 'death-trooper-1', 'bistan-1', 'han-solo-1']);
    expect(hand(done.state, 'p3')).toEqual(['pao-1', 'capture-1']);
  });

  clause('D5', 'Defensive (Baze Malbus) is a squad card: the troopers eliminate it, heroes save it, the U-Wing moves it', () => {
    const s = dealtState([['sand-trooper-1', 'transport-squad-1'], ['x-wing-defend-1']], PILE, {
      sets: ['additional-bonus', ...sets],
      inPlay: [{ card: 'defensive-1', owner: 'p2' }],
    });
    expect(legal(s, 'p1')).toContainEqual({ actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'defensive-1' });
    // The U-Wing is aimed at one player: their target-response (Saw Gerrera may be held: W7) comes first.
    const aimed = playAll(s, [{ actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' }]).state;
    expect(kinds(aimed)).toEqual(['turn', 'target-response']);
    const moved = playAll(aimed, [{ actor: 'p2', type: 'pass' }]).state;
    expect(moved.inPlay).toEqual([{ card: 'defensive-1', owner: 'p1' }]);
  });

  clause('RO5', 'the U-Wing moves every squad card of one player in front of you; you nominate anew', () => {
    const inPlay = [
      { card: 'gather-intelligence-1', owner: 'p2', nominee: 'p1' },
      { card: 'locate-plans-1', owner: 'p2' },
      { card: 'defection-1', owner: 'p2', nominee: 'p3' },
      { card: 'reprogram-1', owner: 'p3' },
    ];
    const s = dealtState([['transport-squad-1'], ['r2-d2-1'], ['ewok-defend-2']], PILE, { sets, inPlay });
    expect(legal(s, 'p1').filter((m) => m.type === 'action')).toEqual([
      { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' },
      { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p3' },
    ]);
    const moved = playAll(s, [
      { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(moved.events).toContainEqual({
      type: 'squads-moved',
      from: 'p2',
      to: 'p1',
      cards: ['gather-intelligence-1', 'locate-plans-1', 'defection-1'],
    });
    // The nominations go with the old owner: the new one nominates for each card that nominates.
    expect(kinds(moved.state)).toEqual(['turn', 'nominate']);
    expect(legal(moved.state, 'p1')).toEqual([
      { actor: 'p1', type: 'nominate', card: 'gather-intelligence-1', target: 'p2' },
      { actor: 'p1', type: 'nominate', card: 'gather-intelligence-1', target: 'p3' },
    ]);
    expect(reject(moved.state, { actor: 'p1', type: 'nominate', card: 'gather-intelligence-1', target: 'p1' })).toBe(
      'nominate another player at the table, not "p1" (RO4)',
    );
    const done = playAll(moved.state, [
      { actor: 'p1', type: 'nominate', card: 'gather-intelligence-1', target: 'p2' },
      { actor: 'p1', type: 'nominate', card: 'defection-1', target: 'p2' },
    ]);
    expect(done.events).toContainEqual({ type: 'nominated', player: 'p1', card: 'defection-1', nominee: 'p2' });
    expect(done.state.inPlay).toEqual([
      { card: 'gather-intelligence-1', owner: 'p1', nominee: 'p2' },
      { card: 'locate-plans-1', owner: 'p1' },
      { card: 'defection-1', owner: 'p1', nominee: 'p2' },
      { card: 'reprogram-1', owner: 'p3' },
    ]);
    expect(done.state.discard).toEqual(['transport-squad-1']);
    expect(passStarts(done.state).stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('RO4', 'Gather Intelligence and Defection nominate another player as they are placed', () => {
    const s = dealtState([['gather-intelligence-1', 'defection-1'], ['r2-d2-1'], ['ewok-defend-2']], PILE, { sets });
    const places = legal(s, 'p1').filter((m) => m.type === 'action');
    expect(places).toEqual([
      { actor: 'p1', type: 'action', card: 'gather-intelligence-1', target: 'p2' },
      { actor: 'p1', type: 'action', card: 'gather-intelligence-1', target: 'p3' },
      { actor: 'p1', type: 'action', card: 'defection-1', target: 'p2' },
      { actor: 'p1', type: 'action', card: 'defection-1', target: 'p3' },
    ]);
    expect(reject(s, { actor: 'p1', type: 'action', card: 'defection-1' })).toBe('Defection is placed nominating another player: name them (target) (RO4)');
    const placed = playAll(s, [{ actor: 'p1', type: 'action', card: 'defection-1', target: 'p3' }]);
    expect(placed.state.inPlay).toEqual([{ card: 'defection-1', owner: 'p1', nominee: 'p3' }]);
    expect(placed.events[0]).toEqual({ type: 'played', player: 'p1', as: 'place', cards: ['defection-1'], targets: ['p3'] });
    // The nomination is public.
    expect(stolenPlans.view(placed.state, 'p2').inPlay).toEqual([{ card: 'defection-1', owner: 'p1', nominee: 'p3' }]);
  });

  clause('D22', "Gather Intelligence: after its nominee's turn, a quick peek at every card they drew that turn, to the owner alone", () => {
    const s = dealtState([['jawa-attack-1'], ['r2-d2-1'], ['ewok-defend-2']], PILE, {
      sets: ['bonus', ...sets],
      inPlay: [
        { card: 'gather-intelligence-1', owner: 'p3', nominee: 'p1' },
        { card: 'advantage-1', owner: 'p1' },
      ],
    });
    // Advantage: two cards drawn; then `drawn` (quick) for the owner alone.
    const drew = playAll(s, [{ actor: 'p1', type: 'draw' }]);
    expect(kinds(drew.state)).toEqual(['turn', 'drawn']);
    expect(drew.state.stack.at(-1)).toMatchObject({ asked: ['p3'], limitSeconds: 5, data: { at: 'drawn', player: 'p1', count: 2, quickSeconds: 5 } });
    expect(legal(drew.state, 'p3')).toEqual([
      { actor: 'p3', type: 'react', card: 'gather-intelligence-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    // The hidden information: nothing in the window's data names a card.
    expect(JSON.stringify(stolenPlans.view(drew.state, 'p2').decisions)).not.toContain('ewok-defend-1');
    const peeked = playAll(drew.state, [{ actor: 'p3', type: 'react', card: 'gather-intelligence-1' }]);
    expect(eventsSeenBy(stolenPlans, peeked.events, 'p3')).toContainEqual({
      type: 'drawn-seen',
      viewer: 'p3',
      player: 'p1',
      cards: ['ewok-defend-1', 'jawa-attack-4'],
    });
    expect(eventsSeenBy(stolenPlans, peeked.events, 'p2')).toContainEqual({ type: 'drawn-seen', viewer: 'p3', player: 'p1', cards: null });
    expect(stolenPlans.view(peeked.state, 'p3').players.find((p) => p.id === 'p1')?.known).toEqual(['ewok-defend-1', 'jawa-attack-4']);
    expect(stolenPlans.view(peeked.state, 'p2').players.find((p) => p.id === 'p1')?.known).toEqual([]);
    // The peek is the card's use: it stays in play; the next turn starts.
    expect(peeked.state.inPlay.map((c) => c.card)).toContain('gather-intelligence-1');
    expect(passStarts(peeked.state).stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // A pass: too late from then on; another player's draw opens nothing; a play without drawing opens nothing.
    const passed = playAll(drew.state, [{ actor: 'p3', type: 'pass' }]);
    expect(passed.events.some((e) => e.type === 'drawn-seen')).toBe(false);
    const other = playAll({ ...s, stack: [{ ...s.stack[0]!, asked: ['p2'], data: { at: 'turn', player: 'p2' } }] }, [{ actor: 'p2', type: 'draw' }]).state;
    expect(kinds(passStarts(other))).toEqual(['turn']);
    const attack = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(attack.stack.some((d) => d.kind === 'drawn')).toBe(false);
  });

  clause('A2', 'Defection: when its nominee plays an Imperial card, imperial-played lets the owner take the top card before the play goes on', () => {
    const inPlay = [{ card: 'defection-1', owner: 'p3', nominee: 'p1' }];
    const s = dealtState([['darth-vader-attack-1', 'jawa-attack-1'], ['r2-d2-1', 'ewok-defend-2'], ['x-wing-defend-1']], PILE, { sets, inPlay });
    const played = playAll(s, [{ actor: 'p1', type: 'attack', card: 'darth-vader-attack-1', target: 'p2' }]);
    // The Imperial card lies face up on the table; the owner is asked first; the target waits.
    expect(kinds(played.state)).toEqual(['turn', 'imperial-played']);
    expect(played.state.onTable).toEqual(['darth-vader-attack-1']);
    expect(toMove(stolenPlans, played.state)).toEqual(['p3']);
    expect(legal(played.state, 'p3')).toEqual([
      { actor: 'p3', type: 'react', card: 'defection-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(reject(played.state, { actor: 'p2', type: 'pass' })).toBeTruthy();
    const drew = playAll(played.state, [{ actor: 'p3', type: 'react', card: 'defection-1' }]);
    expect(drew.events.slice(0, 2)).toEqual([
      { type: 'reacted', player: 'p3', card: 'defection-1', window: 'imperial-played', on: null },
      { type: 'drew', player: 'p3', card: 'ewok-defend-1', left: 3 },
    ]);
    // Then the play goes on: the Attack is played and its target answers.
    expect(drew.events).toContainEqual({ type: 'played', player: 'p1', as: 'attack', cards: ['darth-vader-attack-1'], targets: ['p2'] });
    expect(kinds(drew.state)).toEqual(['turn', 'target-response']);
    expect(drew.state.onTable).toEqual([]);
    expect(drew.state.discard).toEqual(['darth-vader-attack-1']);
    expect(hand(drew.state, 'p3')).toEqual(['x-wing-defend-1', 'ewok-defend-1']);
    // A pass: the play goes on all the same, nothing drawn.
    const passed = playAll(played.state, [{ actor: 'p3', type: 'pass' }]).state;
    expect(kinds(passed)).toEqual(['turn', 'target-response']);
    expect(passed.drawPile).toEqual(PILE);
    // A card that is not Imperial (the Jawa) opens nothing.
    expect(kinds(playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state)).toEqual(['turn', 'target-response']);
    // With an empty draw pile there is nothing to take (D15): no window.
    const empty = dealtState([['darth-vader-attack-1'], ['r2-d2-1']], [], {
      sets: ['there-is-another', ...sets],
      inPlay: [{ card: 'defection-1', owner: 'p2', nominee: 'p1' }],
    });
    expect(kinds(playAll(empty, [{ actor: 'p1', type: 'attack', card: 'darth-vader-attack-1', target: 'p2' }]).state)).toEqual(['turn', 'target-response']);
  });

  clause('D7', "Defection draws only for its nominee's Imperial cards, in or out of turn, once per play", () => {
    const inPlay = [{ card: 'defection-1', owner: 'p3', nominee: 'p2' }];
    const s = dealtState([['darth-vader-attack-1', 'rebel-strike-2-1'], ['imperial-strike-2-1', 'r2-d2-1'], ['x-wing-defend-1']], PILE, {
      sets: ['bonus', ...sets],
      inPlay,
    });
    // p1 is not nominated: their Imperial card opens nothing.
    expect(kinds(playAll(s, [{ actor: 'p1', type: 'attack', card: 'darth-vader-attack-1', target: 'p2' }]).state)).toEqual(['turn', 'target-response']);
    // p2 answers out of turn with an Imperial Strike: imperial-played inside target-response.
    const struck = playAll(s, [{ actor: 'p1', type: 'strike', card: 'rebel-strike-2-1', target: 'p2' }]).state;
    expect(kinds(struck)).toEqual(['turn', 'target-response']);
    const answered = playAll(struck, [{ actor: 'p2', type: 'react', card: 'imperial-strike-2-1' }]).state;
    expect(kinds(answered)).toEqual(['turn', 'target-response', 'imperial-played']);
    const done = playAll(answered, [{ actor: 'p3', type: 'react', card: 'defection-1' }]);
    expect(done.events).toContainEqual({ type: 'cancelled', player: 'p2', cards: ['rebel-strike-2-1'] });
    expect(done.events.filter((e) => e.type === 'drew')).toHaveLength(1);
    expect(done.state.discard).toEqual(['rebel-strike-2-1', 'imperial-strike-2-1']);
    // Krennic with the Death Trooper: two Imperial cards, one play: one window.
    const both = dealtState([['orson-krennic-1', 'death-trooper-1'], ['r2-d2-1'], ['x-wing-defend-1']], PILE, {
      sets,
      inPlay: [
        { card: 'defection-1', owner: 'p3', nominee: 'p1' },
        { card: 'reprogram-1', owner: 'p2' },
      ],
    });
    const once = playAll(both, [
      { actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] },
      { actor: 'p3', type: 'react', card: 'defection-1' },
    ]);
    expect(once.events.filter((e) => e.type === 'reacted')).toHaveLength(1);
    expect(kinds(once.state)).toEqual(['turn', 'elimination']);
  });

  clause('W2', 'the deepest nesting: turn → target-response → imperial-played → last-card', () => {
    const inPlay = [{ card: 'defection-1', owner: 'p3', nominee: 'p2' }];
    const s = dealtState(
      [
        ['rebel-strike-2-1', 'jawa-attack-1'],
        ['imperial-strike-2-1', 'r2-d2-1', 'ewok-defend-2'],
        ['x-wing-defend-1', 'ewok-defend-3'],
      ],
      ['boba-fett-steal-1'],
      {
        sets: ['bonus', ...sets],
        inPlay,
      },
    );
    const nested = playAll(s, [
      { actor: 'p1', type: 'strike', card: 'rebel-strike-2-1', target: 'p2' },
      { actor: 'p2', type: 'react', card: 'imperial-strike-2-1' },
      { actor: 'p3', type: 'react', card: 'defection-1' },
    ]).state;
    // Continue Play may still be held (W5): last-card opens on top of it all.
    expect(kinds(nested)).toEqual(['turn', 'target-response', 'imperial-played', 'last-card']);
    expect(nested.stack.at(-1)?.data).toEqual({ at: 'last-card', drawer: 'p3' });
    // Nobody reveals Continue Play: play stops at once (E1); the Imperial Strike being played goes to the discard pile.
    const over = playAll(
      nested,
      toMove(stolenPlans, nested).map((actor) => ({ actor, type: 'pass' as const })),
    ).state;
    expect(over.winners).toEqual(['p2']);
    expect(over.discard).toEqual(['rebel-strike-2-1', 'imperial-strike-2-1']);
    expect(over.onTable).toEqual([]);
  });

  clause('W7', 'a play from a hand at one player opens their target-response; plays at several, in-play abilities and gifts open none', () => {
    const inPlay = [
      { card: 'reprogram-1', owner: 'p2' },
      { card: 'locate-plans-1', owner: 'p1' },
    ];
    // With Rogue One, Saw Gerrera with a hero may answer anything aimed at one player: the window opens for each such play.
    const s = dealtState(
      [
        ['death-trooper-1', 'orson-krennic-1', 'transport-squad-1', 'burn-cards-1', 'pass-a-card-1', 'jawa-attack-1'],
        ['ewok-defend-2', 'r2-d2-1'],
        ['x-wing-defend-1'],
      ],
      PILE,
      { sets: ['bonus', ...sets], include: ['pass-a-card', 'lose-the-game'], inPlay },
    );
    const opens = (move: SpMove): string[] => kinds(playAll(s, [move]).state);
    // One player: an elimination of their squad cards, the U-Wing, an Attack.
    expect(opens({ actor: 'p1', type: 'eliminate', card: 'death-trooper-1', target: 'p2' })).toEqual(['turn', 'target-response']);
    expect(opens({ actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' })).toEqual(['turn', 'target-response']);
    expect(opens({ actor: 'p1', type: 'attack', card: 'orson-krennic-1', target: 'p3' })).toEqual(['turn', 'target-response']);
    // Several players (Krennic with the Death Trooper, Burn Cards), an ability in play (Locate Plans), a gift (Pass a Card): none.
    expect(opens({ actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] })).toEqual(['turn', 'elimination']);
    expect(opens({ actor: 'p1', type: 'action', card: 'burn-cards-1' }).includes('target-response')).toBe(false);
    expect(opens({ actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p2' }).includes('target-response')).toBe(false);
    expect(opens({ actor: 'p1', type: 'give', card: 'pass-a-card-1', target: 'p2', gift: 'jawa-attack-1' }).includes('target-response')).toBe(false);
  });
});
