// The places the rulebook leaves open that referees read differently, each as played (README.md's
// decisions): a card being played when Continue Play reshuffles the discard pile mid-play (D35),
// a card with no use in the situation (Counter with no Advantage in play: D15), and the card
// texts a player reads (D36). Defection's reach (D7) and R2-D2 with Lose the Game (D17) are pinned
// in rules-rogue-squads.test.ts and rules-bonus-rest.test.ts.
import { describe, expect } from 'vitest';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { playsInDeck } from '../../../host/games/stolen-plans/describe.ts';
import { deckFor } from '../../../host/games/stolen-plans/deck.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove } from '../../../host/games/stolen-plans/state.ts';
import { clause, hand, kinds, playAll, reject } from './sp-fixtures.ts';

const shuffleAsIs = (n: number): SpMove => ({ actor: CHANCE, type: 'chance', outcome: Array.from({ length: n }, (_, i) => i) });

describe('Stolen Plans decisions: where the rulebook leaves it open', () => {
  clause('D35', 'Continue Play mid-play: the cards being played go into the new draw pile, the rest of their play is dropped, cards in play stay', () => {
    // p1's Rebel Strike at p2; p2, Defection's nominee, answers with an Imperial Strike; Defection draws p3 the last card.
    const s = dealtState(
      [
        ['rebel-strike-2-1', 'jawa-attack-1'],
        ['imperial-strike-2-1', 'r2-d2-1', 'ewok-defend-2'],
        ['continue-play-1', 'darth-vader-attack-1'],
      ],
      ['boba-fett-steal-1'],
      { sets: ['bonus', 'rogue-one'], inPlay: [{ card: 'defection-1', owner: 'p3', nominee: 'p2' }], discard: ['evade-1'] },
    );
    const nested = playAll(s, [
      { actor: 'p1', type: 'strike', card: 'rebel-strike-2-1', target: 'p2' },
      { actor: 'p2', type: 'react', card: 'imperial-strike-2-1' },
      { actor: 'p3', type: 'react', card: 'defection-1' },
    ]).state;
    expect(kinds(nested)).toEqual(['turn', 'target-response', 'imperial-played', 'last-card']);
    // The Imperial Strike is still being played (Defection's window is open over it); the Rebel Strike it cancels is discarded.
    expect(nested.onTable).toEqual(['imperial-strike-2-1']);
    expect(nested.discard).toEqual(['evade-1', 'rebel-strike-2-1']);
    const revealed = playAll(nested, [{ actor: 'p3', type: 'react', card: 'continue-play-1', with: ['darth-vader-attack-1'] }]).state;
    // The Imperial Strike being played is discarded first, so it is shuffled into the new draw pile with the rest.
    expect(kinds(revealed)).toEqual(['turn', 'continue-shuffle']);
    expect(revealed.onTable).toEqual([]);
    expect(revealed.discard).toEqual(['evade-1', 'rebel-strike-2-1', 'darth-vader-attack-1', 'imperial-strike-2-1']);
    const after = playAll(revealed, [shuffleAsIs(revealed.discard.length)]).state;
    expect(after.drawPile).toEqual(['evade-1', 'rebel-strike-2-1', 'darth-vader-attack-1', 'imperial-strike-2-1']);
    expect(hand(after, 'p2')).toEqual(['r2-d2-1', 'ewok-defend-2']);
    expect(after.lossQueue).toEqual([]);
    // Cards in play are not in the discard pile: Defection stays in front of p3.
    expect(after.inPlay.map((p) => p.card)).toEqual(['defection-1']);
    // A Support drawing its 5 stops at the last card: it draws no more from the new pile.
    const support = dealtState([['support-1'], ['continue-play-1', 'darth-vader-attack-1', 'r2-d2-1']], ['ewok-defend-1', 'jawa-attack-4'], {
      sets: ['bonus'],
      discard: ['evade-1'],
    });
    const drawn = playAll(support, [
      { actor: 'p1', type: 'action', card: 'support-1' },
      { actor: 'p2', type: 'react', card: 'continue-play-1', with: ['darth-vader-attack-1'] },
    ]).state;
    const next = playAll(drawn, [shuffleAsIs(drawn.discard.length)]).state;
    expect(hand(next, 'p1')).toEqual(['ewok-defend-1', 'jawa-attack-4']);
    expect(next.drawPile).toEqual(['evade-1', 'support-1', 'darth-vader-attack-1']);
    expect(next.stack[0]?.data).toEqual({ at: 'turn', player: 'p2' });
  });

  clause('D15', 'Counter with no Advantage in play has no use: it is not offered and is refused', () => {
    const s = dealtState([['counter-1', 'jawa-attack-1'], ['r2-d2-1']], ['ewok-defend-1'], { sets: ['bonus'] });
    expect(stolenPlans.legalMoves(s, 'p1').some((m) => 'card' in m && m.card === 'counter-1')).toBe(false);
    expect(reject(s, { actor: 'p1', type: 'action', card: 'counter-1', target: 'p2' })).toBe(
      "Counter discards another player's Advantage in play: name its owner (B2, D32)",
    );
  });

  clause(
    'D36',
    "card texts speak to players: no maker's words, no card of a set that is not chosen, a hero saves squad cards only where there are some",
    () => {
      for (const card of CATALOG.cards)
        for (const text of [card.text, ...card.plays.map((p) => p.text)]) expect(text, card.id).not.toMatch(/designed|rulebook|example/i);
      // The main deck's texts name only main-deck cards (and squad cards only in the plays that have no use without them).
      const base = deckFor({});
      const otherNames = CATALOG.cards.filter((c) => c.set !== 'base').flatMap((c) => [c.name, ...(c.character === undefined ? [] : [c.character])]);
      for (const card of base.types) {
        const shown = [card.text, ...playsInDeck(card, base.types).map((p) => p.text)].join(' ');
        for (const name of otherNames) expect(shown.includes(name), `${card.id} names ${name}`).toBe(false);
        expect(shown, card.id).not.toMatch(/squad/i);
      }
      const han = CATALOG.card('han-solo');
      expect(playsInDeck(han, base.types).map((p) => p.id)).toEqual(['pair-steal', 'defend']);
      expect(playsInDeck(han, deckFor({ sets: ['rogue-one'] }).types).map((p) => p.id)).toEqual(['pair-steal', 'defend', 'save-squad']);
    },
  );
});
