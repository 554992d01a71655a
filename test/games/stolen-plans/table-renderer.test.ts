// Stolen Plans' renderer for the table front ends: the view as lines (the table in seat order, the
// discards face up in order, Jedi in front, declarations, New Ruling beside the discard pile, the
// hand with each card's text), a menu label with the card's text as its hint, and every event told
// from each viewer's side, naming a card only to whom the game's filter leaves it (a steal's card to
// thief and victim, a draw to the drawer, a hand shown to who looked).
import { describe, expect, it } from 'vitest';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { isCardId, withFaces } from '../../../host/games/stolen-plans/card-faces.ts';
import { cardName } from '../../../host/games/stolen-plans/card-words.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansRenderer as renderer } from '../../../host/games/stolen-plans/table-renderer.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { playAll } from './sp-fixtures.ts';

const names = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };
const VIEWERS = ['p1', 'p2', 'p3', TABLE] as const;

/** Each viewer's lines for the events, as the game's filter leaves them for that viewer. */
function told(events: readonly SpEvent[]): Record<string, string[]> {
  return Object.fromEntries(
    VIEWERS.map((viewer) => [
      viewer,
      events.flatMap((e) => {
        const seen = stolenPlans.eventFor(e, viewer);
        return seen === null ? [] : renderer.eventLines(seen, viewer, names);
      }),
    ]),
  );
}

/** The card ids an event names. */
const cardsIn = (e: SpEvent): string[] =>
  JSON.stringify(e)
    .match(/"[a-z0-9-]+-\d+"/g)
    ?.map((q) => q.slice(1, -1))
    .filter(isCardId) ?? [];

const text = (type: string): string => CATALOG.card(type).text;

describe("Stolen Plans' renderer", () => {
  it('tells a steal: the card to thief and victim only, "a card" to the others and the table', () => {
    const s = dealtState([['boba-fett-steal-1', 'jawa-attack-1'], ['r2-d2-1'], ['ewok-defend-1']], ['x-wing-defend-1', 'ewok-defend-2', 'jawa-attack-2']);
    const { events } = playAll(s, [
      { actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' },
      { actor: 'chance', type: 'chance', outcome: 0 },
    ]);
    const lines = told(events);
    expect(lines['p1']).toContain('You take R2-D2 (Carrying Stolen Plans) from Ben.');
    expect(lines['p2']).toContain('Ana takes R2-D2 (Carrying Stolen Plans) from you.');
    for (const other of ['p3', TABLE]) {
      expect(lines[other]).toContain('Ana takes a card from Ben.');
      expect((lines[other] ?? []).join('\n')).not.toMatch(/R2-D2/);
    }
    expect(lines['p2']).toContain('Ana plays Steal (Boba Fett) to steal from you.');
    expect(lines[TABLE]).toContain('Ana plays Steal (Boba Fett) to steal from Ben.');
  });

  it('tells a draw with its card to the drawer alone, and the start of a turn from each side', () => {
    const s = dealtState([['jawa-attack-1'], ['ewok-defend-1'], ['x-wing-defend-1']], ['darth-vader-attack-1', 'ewok-defend-2', 'jawa-attack-2']);
    const { events } = playAll(s, [{ actor: 'p1', type: 'draw' }]);
    const lines = told(events);
    expect(lines['p1']).toEqual(['You draw Darth Vader Attack (Attack 8) (2 cards left).', "Turn 2: Ben's turn."]);
    expect(lines['p2']).toEqual(['Ana draws a card (2 cards left).', 'Turn 2: your turn.']);
    expect(lines[TABLE]).toEqual(['Ana draws a card (2 cards left).', "Turn 2: Ben's turn."]);
  });

  it('tells an Attack, a Defend, the comparison, the chosen losses and a "cannot be discarded" declaration', () => {
    const s = dealtState(
      [['darth-vader-attack-1', 'jawa-attack-1'], ['ewok-defend-1', 'r2-d2-1', 'jawa-attack-2'], ['x-wing-defend-1']],
      ['ewok-defend-2', 'jawa-attack-3'],
    );
    // The base deck has no Protection or Capture: the Defend counts at once, and Ben loses what he can.
    const resolved = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'darth-vader-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['ewok-defend-1'] },
    ]);
    const lines = told(resolved.events);
    expect(lines['p2']).toContain('Ana attacks you with Darth Vader Attack (Attack 8).');
    expect(lines['p3']).toContain('Ana attacks Ben with Darth Vader Attack (Attack 8).');
    expect(lines['p1']).toContain('Ben defends with Ewok Defend (Defend 3).');
    expect(lines[TABLE]).toContain('Attack 8 against Defend 3: Ben loses 5 cards.');
    expect(lines['p2']).toContain('Attack 8 against Defend 3: you lose 5 cards.');
    expect(lines[TABLE]).toContain('Ben discards Jawa Attack (Attack 5).');
    expect(lines[TABLE]).toContain('Ben declares that the 1 card they still hold cannot be discarded.');
    expect(lines['p2']).toContain('You declare that the 1 card you still hold cannot be discarded.');
    // The declaration is public and stays on the table's view.
    const view = stolenPlans.view(resolved.state, TABLE);
    expect(renderer.viewLines(view, names)).toContain('> Ben: 1 card; declared on turn 1: cannot discard the 1 card kept');
  });

  it('tells a Protection on a Defend on an Attack, and shows the cancelled Defend on the table while the window is open', () => {
    const s = dealtState(
      [
        ['jawa-attack-1', 'ewok-defend-2'],
        ['x-wing-defend-1', 'rebel-trooper-defend-1'],
        ['protection-1', 'ewok-defend-3'],
      ],
      ['ewok-defend-1', 'jawa-attack-2'],
      {
        sets: ['bonus'],
      },
    );
    const { state, events } = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'defend', cards: ['x-wing-defend-1'] },
      { actor: 'p3', type: 'react', card: 'protection-1', on: 'x-wing-defend-1' },
    ]);
    // The Defend window is answered; the window on the Defend cards stays open (all pass in a row to close it).
    expect(state.stack.map((d) => d.kind)).toEqual(['turn', 'defend-played']);
    const lines = told(events);
    expect(lines['p2']).toContain('Cy plays Protection on X-Wing Defend (Defend 4) (Defend cards on the table).');
    expect(lines['p3']).toContain('You play Protection on X-Wing Defend (Defend 4) (Defend cards on the table).');
    for (const viewer of VIEWERS) {
      expect(renderer.viewLines(stolenPlans.view(state, viewer), names)).toContain('Being played: X-Wing Defend (cancelled by Protection)');
    }
  });

  it('draws the view: seat order with the turn marked, Jedi in front, New Ruling beside, the discards first to last, the hand with its texts', () => {
    const s = dealtState([['jawa-attack-1', 'r2-d2-1'], ['ewok-defend-1'], ['x-wing-defend-1', 'boba-fett-steal-1']], ['ewok-defend-2', 'jawa-attack-3'], {
      sets: ['new-ruling'],
      inPlay: [{ card: 'jedi-1', owner: 'p2' }],
      discard: ['jawa-attack-2', 'emperor-attack-1', 'rebel-trooper-defend-1'],
    });
    const lines = renderer.viewLines(stolenPlans.view(s, 'p1'), names);
    expect(lines[0]).toBe('Turn 1: your turn. Draw pile: 2 cards.');
    expect(lines).toContain('Rules: 1 Defend card against an Attack.');
    expect(lines).toContain('> Ana (you): 2 cards');
    expect(lines).toContain('  Ben: 1 card; Jedi in front: Jedi');
    expect(lines).toContain('  Cy: 2 cards');
    expect(lines.find((l) => l.startsWith('Beside the discard pile: New Ruling'))).toBeDefined();
    expect(lines).toContain('Discard pile, face up, first to last (the top): Jawa Attack, The Emperor Attack and Rebel Trooper Defend');
    expect(lines).toContain('Your hand (2 cards):');
    expect(lines).toContain(`  Jawa Attack (Attack 5): ${text('jawa-attack')}`);
    expect(lines).toContain(`  R2-D2 (Carrying Stolen Plans): ${text('r2-d2')}`);
    // The table's view: no hand, nothing of anyone's cards.
    const table = renderer.viewLines(stolenPlans.view(s, TABLE), names).join('\n');
    expect(table).not.toMatch(/Your hand|R2-D2 \(Carrying|X-Wing|Boba/);
    expect(table).toMatch(/^Turn 1: Ana to play\./);
  });

  it("labels every legal move in words, with the card's rulebook text as the hint", () => {
    const s = dealtState(
      [['jawa-attack-1', 'boba-fett-steal-1', 'han-solo-1', 'chewbacca-1', 'jedi-1'], ['ewok-defend-1'], ['x-wing-defend-1']],
      ['ewok-defend-2', 'jawa-attack-3'],
    );
    const view = stolenPlans.view(s, 'p1');
    const labels = stolenPlans.legalMoves(s, 'p1').map((m) => renderer.moveLabel(m, view, names));
    expect(labels).toContainEqual({ label: 'Draw a card', hint: 'Take the top card of the draw pile (2 cards left); your turn ends.' });
    expect(labels).toContainEqual({ label: 'Attack Ben with Jawa Attack (Attack 5)', hint: text('jawa-attack') });
    expect(labels).toContainEqual({ label: 'Steal from Cy with Steal (Boba Fett)', hint: text('boba-fett-steal') });
    expect(labels.map((l) => l.label)).toContain('Steal a card each from Ben and Cy with Chewbacca Rebel Hero and Han Solo Rebel Hero');
    expect(labels.map((l) => l.label)).toContain('Place Jedi in front of you');
    // The target's answers: Defend and passing.
    const attacked = playAll(s, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' }]).state;
    const theirs = stolenPlans.legalMoves(attacked, 'p2').map((m) => renderer.moveLabel(m, stolenPlans.view(attacked, 'p2'), names).label);
    expect(theirs).toEqual(['Defend with Ewok Defend (Defend 3)', 'Do not defend']);
  });

  it('tells every event of random games to every viewer in at least one line, and never names a card the filter took out', () => {
    const seen = new Set<string>();
    let hiddenChecked = 0;
    for (let seed = 1; seed <= 30; seed++) {
      let s: SpState = stolenPlans.setup({ players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], options: { bonus: true } }, seed).state;
      for (let step = 0; step < 3000 && s.winners === null; step++) {
        const top = stolenPlans.decisions(s).at(-1);
        const actor = top?.asked.find((a) => !top.answered.includes(a)) as string;
        const moves = top?.chance ? [sampledChanceMove(top.chance, s.rng)] : stolenPlans.legalMoves(s, actor);
        const move = moves[(seed * 7 + step * 13) % moves.length] as SpMove;
        const applied = stolenPlans.apply(s, move);
        if (!applied.ok) throw new Error(applied.reason);
        for (const e of applied.events) {
          seen.add(e.type);
          for (const viewer of VIEWERS) {
            const filtered = stolenPlans.eventFor(e, viewer);
            if (filtered === null) continue;
            const lines = renderer.eventLines(filtered, viewer, names);
            expect(lines.length, JSON.stringify(filtered)).toBeGreaterThan(0);
            for (const l of lines) expect(l).toMatch(/^[A-Z].*[.]$/);
            // A card the filter took out is not named (by its name: the lines carry no ids).
            const kept = new Set(cardsIn(filtered));
            for (const hidden of cardsIn(e).filter((c) => !kept.has(c))) {
              hiddenChecked++;
              expect(lines.join(' '), `${viewer}: ${JSON.stringify(e)}`).not.toContain(cardName(hidden));
            }
          }
        }
        s = applied.state;
      }
    }
    expect(seen.size).toBeGreaterThan(14);
    expect(hiddenChecked).toBeGreaterThan(100);
  });

  it('tells the Cargo Ship from each side: the cards set aside and loaded to the loser and the owner alone, the counts to all', () => {
    const dealt = dealtState([['jawa-attack-1', 'at-act-1'], ['x-wing-defend-1', 'han-solo-1', 'r2-d2-1'], ['ewok-defend-2']], ['ewok-defend-1'], {
      sets: ['rogue-one'],
    });
    const s: SpState = { ...dealt, cargo: { card: 'cargo-ship-1', owner: 'p3', hold: [] } };
    const hit = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    const lines = told(hit.events);
    expect(lines.p2).toContain('You discard X-Wing Defend (Defend 4), shown to Cy for the Cargo Ship.');
    expect(lines.p3).toContain('Ben discards X-Wing Defend (Defend 4), shown to you for the Cargo Ship.');
    expect(lines.p1).toContain("Ben discards a card, face down for now: Cy's Cargo Ship may take it.");
    expect(lines[TABLE]?.join(' ')).not.toContain('X-Wing');
    // The owner's view: what is being discarded, and the labels of loading and passing.
    const view = stolenPlans.view(hit.state, 'p3');
    expect(renderer.viewLines(view, names)).toContain(
      "Being discarded by Ben, for the Cargo Ship's owner to look through: X-Wing Defend and Han Solo Rebel Hero",
    );
    expect(renderer.viewLines(stolenPlans.view(hit.state, 'p1'), names)).toContain(
      "Being discarded by Ben, for the Cargo Ship's owner to look through: 2 cards",
    );
    const labels = stolenPlans.legalMoves(hit.state, 'p3').map((m) => renderer.moveLabel(m, view, names).label);
    expect(labels).toEqual([
      'Put X-Wing Defend (Defend 4) face down on your Cargo Ship',
      'Put Han Solo Rebel Hero (Defend 3) face down on your Cargo Ship',
      'Load no more onto the Cargo Ship',
    ]);
    const loaded = playAll(hit.state, [
      { actor: 'p3', type: 'react', card: 'cargo-ship-1', on: 'han-solo-1' },
      { actor: 'p3', type: 'pass' },
    ]);
    const after = told(loaded.events);
    expect(after.p1).toContain('Cy puts a card discarded by Ben face down on the Cargo Ship (1 card on it).');
    expect(after.p2).toContain('Cy puts Han Solo Rebel Hero (Defend 3) you discarded face down on the Cargo Ship (1 card on it).');
    expect(after.p1).toContain('Ben discards X-Wing Defend (Defend 4).');
    expect(renderer.viewLines(stolenPlans.view(loaded.state, 'p1'), names)).toContain(
      "Beside the discard pile: Carry Cards (Cargo Ship SW-0608), Cy's, with 1 card of cargo face down",
    );
    expect(renderer.viewLines(stolenPlans.view(loaded.state, 'p3'), names)).toContain(
      'Beside the discard pile: Carry Cards (Cargo Ship SW-0608), yours, with 1 card of cargo face down; you know it holds Han Solo Rebel Hero',
    );
    // Unloading (on the owner's turn, a free action), then the AT-ACT's words.
    const turn3: SpState = { ...loaded.state, stack: [{ ...loaded.state.stack[0]!, asked: ['p3'], data: { at: 'turn', player: 'p3' } }] };
    const unloadLabel = renderer.moveLabel({ actor: 'p3', type: 'unload', card: 'cargo-ship-1' }, stolenPlans.view(turn3, 'p3'), names);
    expect(unloadLabel.label).toBe('Unload your Cargo Ship into your hand (1 card)');
    const unloaded = told(playAll(turn3, [{ actor: 'p3', type: 'unload', card: 'cargo-ship-1' }]).events);
    expect(unloaded.p3).toEqual(["You take the Cargo Ship's 1 card into your hand: Han Solo Rebel Hero; the Cargo Ship is discarded."]);
    expect(unloaded.p1).toEqual(["Cy takes the Cargo Ship's 1 card into their hand; the Cargo Ship is discarded."]);
    const destroyed = told(
      playAll({ ...dealt, cargo: { card: 'cargo-ship-1', owner: 'p3', hold: [{ card: 'han-solo-1', from: 'p2' }] } }, [
        { actor: 'p1', type: 'action', card: 'at-act-1' },
      ]).events,
    );
    expect(destroyed.p2).toContain("Ana destroys Cy's Cargo Ship: it and its 1 card of cargo are removed from play.");
    const moving = told(
      playAll(dealtState([['at-act-1'], ['jawa-attack-2'], ['ewok-defend-2', 'x-wing-defend-2']], [], { sets: ['rogue-one'] }), [
        { actor: 'p1', type: 'attack', card: 'at-act-1', target: 'p2' },
        { actor: 'p2', type: 'pass' },
      ]).events,
    );
    expect(moving.p3).toContain("The AT-ACT's remainder: you lose 6 cards.");
  });

  it('gives a view the faces of the cards it names, and only those', () => {
    const s = dealtState([['jawa-attack-1', 'r2-d2-1'], ['ewok-defend-1'], ['x-wing-defend-1']], ['ewok-defend-2'], { discard: ['emperor-attack-1'] });
    const faces = withFaces(stolenPlans.view(s, 'p1')).faces;
    expect(Object.keys(faces).sort()).toEqual(['emperor-attack', 'jawa-attack', 'r2-d2']);
    expect(faces['jawa-attack']).toEqual({ name: 'Jawa Attack', kind: 'attack', attack: 5, defend: null, text: text('jawa-attack'), cannotBeDiscarded: false });
    expect(faces['r2-d2']?.cannotBeDiscarded).toBe(true);
    expect(Object.keys(withFaces(stolenPlans.view(s, TABLE)).faces)).toEqual(['emperor-attack']);
  });
});
