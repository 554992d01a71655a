// Rogue One's squad cards at the table: the view's lines name a squad card's nominee, the menu labels
// of the new moves and answers say what they do, the new events are told from each viewer's side
// (Gather Intelligence's peek names the cards to the peeker alone), and an elimination sounds like an
// Attack (a public event).
import { describe, expect, it } from 'vitest';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansRenderer as renderer } from '../../../host/games/stolen-plans/table-renderer.ts';
import { soundsFor } from '../../../host/games/stolen-plans/table-sounds.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { playAll } from './sp-fixtures.ts';

const names = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };
const sets = ['rogue-one'];
const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];

const told = (events: readonly SpEvent[], viewer: string): string[] =>
  events.flatMap((e) => {
    const seen = stolenPlans.eventFor(e, viewer);
    return seen === null ? [] : renderer.eventLines(seen, viewer, names);
  });
const label = (s: SpState, move: SpMove): string => renderer.moveLabel(move, stolenPlans.view(s, move.actor), names).label;

describe('Stolen Plans at the table: the Rogue One squad cards in words', () => {
  it('the view names the nominee; the moves and answers have labels that say what they do', () => {
    const inPlay = [
      { card: 'defection-1', owner: 'p3', nominee: 'p1' },
      { card: 'locate-plans-1', owner: 'p1' },
      { card: 'reprogram-1', owner: 'p2' },
    ];
    const s = dealtState([['sand-trooper-1', 'orson-krennic-1', 'death-trooper-1'], ['bistan-1', 'r2-d2-1'], ['x-wing-defend-1']], PILE, {
      sets,
      inPlay,
      discard: ['jawa-attack-1'],
    });
    expect(renderer.viewLines(stolenPlans.view(s, 'p2'), names)).toContain('  Cy: 1 card; in play: Defection (nominating Ana)');
    expect(renderer.viewLines(stolenPlans.view(s, 'p1'), names)).toContain('  Cy: 1 card; in play: Defection (nominating you)');
    expect(label(s, { actor: 'p1', type: 'use-squad', card: 'locate-plans-1', target: 'p2' })).toBe("Use Locate Plans: look at Ben's hand");
    expect(label(s, { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' })).toBe(
      'Play Attack 7 (Sand Trooper): eliminate Reprogram in front of Ben',
    );
    expect(label(s, { actor: 'p1', type: 'eliminate', card: 'orson-krennic-1', with: ['death-trooper-1'] })).toBe(
      'Play Attack 8 (Orson Krennic) and Attack 9 (Death Trooper): eliminate every Rogue One Squad card in play',
    );
    // Defection's window: the owner's answer and pass.
    const imperial = playAll(s, [{ actor: 'p1', type: 'attack', card: 'death-trooper-1', target: 'p2' }]).state;
    expect(label(imperial, { actor: 'p3', type: 'react', card: 'defection-1' })).toBe('Take the top card of the draw pile (Defection)');
    expect(label(imperial, { actor: 'p3', type: 'pass' })).toBe('Take no card (Defection)');
    // The elimination window: a hero on the card it saves.
    const elim = playAll(s, [
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' },
      { actor: 'p3', type: 'pass' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(elim.stack.at(-1)?.kind).toBe('elimination');
    expect(label(elim, { actor: 'p2', type: 'react', card: 'bistan-1', on: 'reprogram-1' })).toBe('Save Reprogram with Bistan Rebel Hero');
    expect(stolenPlans.prompt(elim, 'p2')).toBe('P1 (p1) eliminates Reprogram in front of you: save each with a Rebel Hero, or pass.');
  });

  it("the events told to each viewer: the elimination, the U-Wing, a nomination, Gather Intelligence's peek to the peeker alone", () => {
    const s = dealtState([['sand-trooper-1', 'transport-squad-1'], ['jawa-attack-2'], ['x-wing-defend-1']], PILE, {
      sets,
      inPlay: [
        { card: 'gather-intelligence-1', owner: 'p2', nominee: 'p3' },
        { card: 'reprogram-1', owner: 'p2' },
      ],
    });
    const eliminated = playAll(s, [
      { actor: 'p1', type: 'eliminate', card: 'sand-trooper-1', target: 'p2', squad: 'reprogram-1' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p2', type: 'pass' },
    ]).events;
    expect(told(eliminated, 'p3')).toContain('Ana plays Attack 7 (Sand Trooper) to eliminate the Rogue One Squad cards of Ben.');
    expect(told(eliminated, TABLE)).toContain('Reprogram is eliminated: removed from play.');
    expect(soundsFor(eliminated)).toEqual([{ play: 'buzz' }]);

    const moved = playAll(s, [
      { actor: 'p1', type: 'action', card: 'transport-squad-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
      { actor: 'p1', type: 'nominate', card: 'gather-intelligence-1', target: 'p2' },
    ]);
    expect(told(moved.events, 'p1')).toContain('Gather Intelligence and Reprogram move from in front of Ben to in front of you.');
    expect(told(moved.events, 'p2')).toContain('Ana nominates you for Gather Intelligence.');

    // Ben (nominated) draws on his turn; Ana peeks: she alone is told the card.
    const turn =
      moved.state.stack.at(-1)?.kind === 'turn-start'
        ? playAll(moved.state, [
            { actor: 'p1', type: 'pass' },
            { actor: 'p3', type: 'pass' },
          ]).state
        : moved.state;
    const drew = playAll(turn, [{ actor: 'p2', type: 'draw' }]).state;
    expect(drew.stack.at(-1)?.kind).toBe('drawn');
    const peek = playAll(drew, [{ actor: 'p1', type: 'react', card: 'gather-intelligence-1' }]).events;
    expect(told(peek, 'p1')).toContain('Gather Intelligence shows you the cards Ben drew this turn: Ewok Defend.');
    expect(told(peek, 'p3')).toContain('Ana uses Gather Intelligence to peek at the cards drawn.');
    expect(told(peek, 'p3')).toContain('Ana peeks at the cards Ben drew (Gather Intelligence).');
    expect(told(peek, 'p3').join(' ')).not.toContain('Ewok');
    expect(told(peek, TABLE).join(' ')).not.toContain('Ewok');
  });
});
