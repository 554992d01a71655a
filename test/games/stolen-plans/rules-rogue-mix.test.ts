// Rogue One: the Cargo Ship, the AT-ACT and Saw Gerrera together with the squad cards (Defection
// on an AT-ACT, an Imperial card; the Cargo Ship's owner drawing with Defection while a loss is set
// aside; Saw Gerrera against the AT-ACT's moving attack; a Cargo Ship's owner saving squad cards).
import { describe, expect, it } from 'vitest';
import { stackProblems } from '../../../host/engine/decisions.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpState } from '../../../host/games/stolen-plans/state.ts';
import { hand, kinds, playAll } from './sp-fixtures.ts';

const sets = ['rogue-one'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];

describe('Stolen Plans, Rogue One: the Cargo Ship, the AT-ACT and Saw Gerrera with the squad cards', () => {
  it('Defection on an AT-ACT (an Imperial card, A2): its owner draws before either way of it is played', () => {
    const inPlay = [{ card: 'defection-1', owner: 'p3', nominee: 'p1' }];
    const s = dealtState([['at-act-1'], ['jawa-attack-1', 'jawa-attack-2'], ['x-wing-defend-1']], PILE, { sets, inPlay });
    // The moving attack: imperial-played first, then the target answers, then the remainder goes round (p3 after p2).
    const played = playAll(s, [{ actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' }]).state;
    expect(kinds(played)).toEqual(['turn', 'imperial-played']);
    const { state, events } = playAll(played, [
      { actor: 'p3', type: 'react', card: 'defection-1' },
      { actor: 'p2', type: 'pass' },
    ]);
    expect(events).toContainEqual({ type: 'drew', player: 'p3', card: 'ewok-defend-1', left: 3 });
    expect(events).toContainEqual({ type: 'remainder', player: 'p3', count: 5 });
    expect(hand(state, 'p3')).toEqual([]);
    expect(state.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
    // Destroying the Cargo Ship: the same window first.
    const ship: SpState = { ...s, cargo: { card: 'cargo-ship-1', owner: 'p2', hold: [{ card: 'han-solo-1', from: 'p3' }] } };
    const destroying = playAll(ship, [{ actor: 'p1', type: 'action', card: 'at-act-1' }]).state;
    expect(kinds(destroying)).toEqual(['turn', 'imperial-played']);
    const destroyed = playAll(destroying, [{ actor: 'p3', type: 'pass' }]);
    expect(destroyed.events).toContainEqual({ type: 'cargo-destroyed', player: 'p1', owner: 'p2', ship: 'cargo-ship-1', count: 1 });
    expect(destroyed.state.removedFaceDown).toEqual(['han-solo-1']);
  });

  it('Defection taking the last card as an AT-ACT is played: last-card opens over an imperial-played still open (no closed decision on the stack)', () => {
    const inPlay = [{ card: 'defection-1', owner: 'p3', nominee: 'p2' }];
    const s = dealtState([['jawa-attack-1'], ['at-act-1'], ['darth-vader-attack-1', 'continue-play-1']], ['ewok-defend-1'], {
      sets: ['rogue-one', 'bonus'],
      inPlay,
    });
    const turn2: SpState = { ...s, stack: [{ ...s.stack[0]!, asked: ['p2'], data: { at: 'turn', player: 'p2' } }] };
    const played = playAll(turn2, [
      { actor: 'p2', type: 'attack', card: 'at-act-1', target: 'p1' },
      { actor: 'p3', type: 'react', card: 'defection-1' },
    ]).state;
    expect(kinds(played)).toEqual(['turn', 'imperial-played', 'last-card']);
    expect(stackProblems(played.stack)).toEqual([]);
    // Nobody continues: the game ends there, the AT-ACT's play dropped (E1).
    const over = playAll(played, [{ actor: 'p3', type: 'pass' }]).state;
    expect(over.winners).not.toBeNull();
  });

  it('Saw Gerrera cancels the AT-ACT’s moving attack whole: no remainder goes round', () => {
    const s = dealtState([['at-act-1'], ['saw-gerrera-1', 'pao-1'], ['x-wing-defend-1', 'ewok-defend-2']], PILE, { sets });
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
      { actor: 'p2', type: 'react', card: 'saw-gerrera-1', with: ['pao-1'] },
    ]);
    expect(events.some((e) => e.type === 'remainder' || e.type === 'attack-resolved')).toBe(false);
    expect(hand(state, 'p3')).toEqual(['x-wing-defend-1', 'ewok-defend-2']);
    expect(state.moving).toBeNull();
    expect(state.discard).toEqual(['at-act-1', 'saw-gerrera-1', 'pao-1']);
  });

  it('a Cargo Ship owner loads the loss Saw Gerrera’s own-turn play makes each other player suffer, one loss at a time', () => {
    const s: SpState = {
      ...dealtState([['saw-gerrera-1'], ['jawa-attack-1', 'jawa-attack-2'], ['x-wing-defend-1']], PILE, { sets }),
      cargo: { card: 'cargo-ship-1', owner: 'p1', hold: [] },
    };
    const first = playAll(s, [{ actor: 'p1', type: 'action', card: 'saw-gerrera-1' }]).state;
    // p2 chooses their loss; it is set aside for p1.
    expect(kinds(first)).toEqual(['turn', 'choose-discards']);
    const chosen = playAll(first, [{ actor: 'p2', type: 'discard', card: 'jawa-attack-2' }]).state;
    expect(chosen.stack.at(-1)?.data).toEqual({ at: 'discarding', player: 'p2', owner: 'p1', count: 1, room: 6 });
    const second = playAll(chosen, [{ actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'jawa-attack-2' }]).state;
    expect(second.stack.at(-1)?.data).toEqual({ at: 'discarding', player: 'p3', owner: 'p1', count: 1, room: 5 });
    const done = playAll(second, [{ actor: 'p1', type: 'pass' }]).state;
    expect(done.discard).toEqual(['saw-gerrera-1', 'x-wing-defend-1']);
    expect(done.cargo?.hold).toEqual([{ card: 'jawa-attack-2', from: 'p2' }]);
    expect(toMove(stolenPlans, done)).toEqual(['p2']);
  });
});
