// The short English of plays, effects and window conditions (menus and the README's tables).
import { describe, expect, it } from 'vitest';
import { CATALOG, EFFECT_KINDS } from '../../../host/games/stolen-plans/load.ts';
import { describeAsk, describeEffect, describePassive, describePlay } from '../../../host/games/stolen-plans/describe.ts';

const play = (cardId: string, playId: string) => CATALOG.card(cardId).plays.find((p) => p.id === playId)!;

describe('Stolen Plans card texts', () => {
  it('say when, with what, against what and what happens', () => {
    expect(describePlay(play('jawa-attack', 'attack'), CATALOG)).toBe('your turn, at one other player: Attack 5');
    expect(describePlay(play('captain-phasma', 'attack-16'), CATALOG)).toBe('your turn, at one other player, with Imperial Stormtrooper Attack: Attack 16');
    expect(describePlay(play('traitor', 'win'), CATALOG)).toBe(
      'your turn, revealing R2-D2 (Carrying Stolen Plans), revealing Darth Vader Attack: the game ends and you win',
    );
    expect(describePlay(play('block-steal', 'block'), CATALOG)).toBe(
      'window target-response, against card:boba-fett-steal: cancel it: it has no effect and every card of it and of the answer is discarded',
    );
    expect(describePlay(play('han-solo', 'pair-steal'), CATALOG)).toBe(
      'your turn, at any other players, with a card tagged rebel-hero: take 2 cards at random from any other players (needs target-has-cards)',
    );
    expect(describePlay(play('binocs', 'observe'), CATALOG)).toBe(
      "your turn (from play), at one other player: look at one other player's hand (up to 10 s) (needs target-has-cards)",
    );
    expect(describePlay(play('pass-a-card', 'give'), CATALOG)).toBe(
      'your turn, at one other player (unanswered): give 1 card of your hand to one other player (needs holds-another-card)',
    );
    expect(describeEffect({ kind: 'discard', count: 'all', who: 'one-other', cannotBeDiscarded: 'top-of-draw-pile' })).toBe(
      'one other player discards every card; cards that cannot be discarded go face down on top of the draw pile',
    );
  });

  it('describe every effect kind and passive the data uses', () => {
    const seen = new Set<string>();
    for (const card of CATALOG.cards) {
      for (const p of card.plays) {
        seen.add(p.effect.kind);
        expect(describeEffect(p.effect), `${card.id}.${p.id}`).toMatch(/^[a-zA-Z0-9 ,;:'()./-]+$/);
      }
      for (const passive of card.inPlay ?? []) expect(describePassive(passive)).not.toBe('');
    }
    expect([...seen].sort()).toEqual([...EFFECT_KINDS].sort());
  });

  it('say who a window asks', () => {
    expect(CATALOG.window('last-card').askedOnlyIf.map(describeAsk)).toEqual([
      'holds 2 or more cards or has cargo on their Cargo Ship',
      'continue-play may be in their hand',
      'darth-vader-attack may be in their hand',
    ]);
    expect(describeAsk('may-hold:protection,capture')).toBe('protection or capture may be in their hand');
    expect(describeAsk('nominated-opener:defection')).toBe('their defection nominates the player who opened it');
    expect(describeAsk('no-resource-used-this-turn')).toBe('no resource used this turn');
  });
});
