// deckFor: the deck of each option set and of every mix, the removals applied at set-up, the
// conflicts named, the player counts supported, the rules each set brings.
import { describe, expect, it } from 'vitest';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { CATALOG, loadCatalog, readCatalogFiles, type Catalog } from '../../../host/games/stolen-plans/load.ts';
import { allSets, deckFor, supportedPlayers, type DeckOptions, type DeckPlan } from '../../../host/games/stolen-plans/deck.ts';

function countsOf(plan: DeckPlan): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const card of plan.deck) counts[card.type] = (counts[card.type] ?? 0) + 1;
  return counts;
}

function kindsOf(plan: DeckPlan): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const card of plan.deck) {
    const kind = CATALOG.card(card.type).kind;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

function configError(options: DeckOptions, catalog: Catalog = CATALOG): string {
  try {
    deckFor(options, catalog);
  } catch (error) {
    expect(error).toBeInstanceOf(GameConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(options)} to be refused`);
}

describe('deckFor: the base deck', () => {
  const base = deckFor();

  it('holds the 46 cards of the chosen base deck', () => {
    expect(base.sets).toEqual(['base']);
    expect(base.deck).toHaveLength(46);
    expect(countsOf(base)).toEqual({
      'r2-d2': 1,
      'imperial-officer-attack': 4,
      'jawa-attack': 4,
      'imperial-guard-attack': 2,
      'imperial-stormtrooper-attack': 2,
      'darth-vader-attack': 1,
      'emperor-attack': 1,
      'rebel-trooper-defend': 4,
      'ewok-defend': 3,
      'x-wing-defend': 3,
      'millennium-falcon-defend': 2,
      'luke-skywalker': 1,
      'han-solo': 1,
      'princess-leia': 1,
      chewbacca: 1,
      'lando-calrissian': 1,
      'wedge-antilles': 1,
      'boba-fett-steal': 6,
      'jabba-the-hutt-steal': 2,
      jedi: 1,
      'lightsaber-defend': 1,
      'jedi-mind-trick': 1,
      'force-vision': 1,
      'jedi-wisdom': 1,
    });
    expect(kindsOf(base)).toEqual({ objective: 1, attack: 14, defend: 12, 'rebel-hero': 6, steal: 8, jedi: 1, 'jedi-only': 4 });
  });

  it('names every physical card <type>-<copy>, each once, in the data order', () => {
    expect(new Set(base.deck.map((card) => card.id)).size).toBe(base.deck.length);
    expect(base.deck.slice(0, 6).map((card) => card.id)).toEqual([
      'r2-d2-1',
      'imperial-officer-attack-1',
      'imperial-officer-attack-2',
      'imperial-officer-attack-3',
      'imperial-officer-attack-4',
      'jawa-attack-1',
    ]);
    expect(deckFor(), 'pure: the same options give the same plan').toEqual(base);
  });

  it('is for 2 to 5 players, with the base rules and nothing removed', () => {
    expect(base.players).toEqual({ min: 2, max: 5 });
    expect(base.removed).toEqual([]);
    expect(base.eachPlayer).toEqual([]);
    expect(base.besideDiscard).toEqual([]);
    expect(base.rules).toEqual({
      handSize: 5,
      maxDefendCards: 2,
      endsWhenPileEmpty: true,
      passAllowedWhenPileEmpty: false,
      r2d2InStartingHands: false,
      jediSlots: 1,
      quickWindowSeconds: 5,
    });
  });
});

describe('deckFor: each option set', () => {
  // Deck, per-player and beside-the-discard cards, players, removals, for the base deck plus one set.
  const cases: readonly [string[], number, number, number, string, string[]][] = [
    [['bonus'], 87, 0, 0, '2-6', []],
    [['r2-d2-where-are-you'], 46, 0, 0, '2-5', []],
    [['there-is-another'], 46, 0, 0, '2-5', []],
    [['starting-resources'], 46, 5, 0, '2-5', []],
    [['starting-resources', 'additional-resources'], 49, 5, 0, '2-5', []],
    [['new-ruling'], 46, 0, 1, '2-5', []],
    [['additional-bonus'], 50, 0, 0, '2-5', ['evade-scout']],
    [['rogue-one'], 62, 0, 0, '2-6', []],
    [allSets(), 110, 5, 1, '2-6', ['continue-play']],
  ];
  it.each(cases)('%j: %i cards, %i per player, %i beside the discard pile, players %s, removed %j', (sets, deck, each, beside, players, removed) => {
    const plan = deckFor({ sets });
    expect(plan.deck).toHaveLength(deck);
    expect(plan.eachPlayer).toHaveLength(each);
    expect(plan.besideDiscard).toHaveLength(beside);
    expect(`${plan.players.min}-${plan.players.max}`).toBe(players);
    expect(plan.removed.map((removal) => removal.card)).toEqual(removed);
    for (const card of plan.types) expect(plan.sets).toContain(card.set);
  });

  it('adds the bonus cards that are in by default, and leaves out the three that must be asked for', () => {
    const bonus = deckFor({ sets: ['bonus'] });
    const added = countsOf(bonus);
    for (const card of CATALOG.cards.filter((c) => c.set === 'bonus')) {
      expect(added[card.id] ?? 0, card.id).toBe(card.byDefault ? card.count : 0);
    }
    expect(CATALOG.cards.filter((c) => !c.byDefault).map((c) => c.id)).toEqual(['pass-a-card', 'lose-the-game', 'student-of-the-force']);
  });

  it('gives each player the five Starting Resources with their reactivation costs', () => {
    const plan = deckFor({ sets: ['starting-resources'] });
    expect(plan.eachPlayer.map((card) => [card.id, card.reactivateCost])).toEqual([
      ['food', 2],
      ['water', 1],
      ['binocs', 2],
      ['tracking-beacon', 1],
      ['data-pad', 3],
    ]);
    expect(plan.deck.some((card) => CATALOG.card(card.type).kind === 'resource')).toBe(false);
  });

  it('brings the rule changes of New Ruling and the optional rules', () => {
    expect(deckFor({ sets: ['new-ruling'] }).rules.maxDefendCards).toBe(1);
    expect(deckFor({ sets: ['new-ruling'] }).besideDiscard.map((card) => card.id)).toEqual(['new-ruling-1']);
    expect(deckFor({ sets: ['r2-d2-where-are-you'] }).rules.r2d2InStartingHands).toBe(true);
    const another = deckFor({ sets: ['there-is-another'] }).rules;
    expect([another.endsWhenPileEmpty, another.passAllowedWhenPileEmpty]).toEqual([false, true]);
    expect(deckFor({ sets: ['bonus'], include: ['student-of-the-force'] }).rules.jediSlots).toBe(2);
  });

  it('does not depend on the order the sets are given in', () => {
    expect(deckFor({ sets: [...allSets()].reverse() })).toEqual(deckFor({ sets: allSets() }));
  });

  it("passes on the rulebook's advice for the chosen sets", () => {
    expect(deckFor({ sets: ['rogue-one'] }).advice).toEqual(['Rogue One: For a first game, play Rogue One with the 2nd edition deck and no other expansion.']);
  });
});

describe('deckFor: removals at set-up', () => {
  it('replaces the Luke Skywalker hero with Student of the Force, and takes out End Game with the reason', () => {
    const plan = deckFor({ sets: ['bonus'], include: ['student-of-the-force'] });
    const counts = countsOf(plan);
    expect(counts['luke-skywalker']).toBeUndefined();
    expect(counts['student-of-the-force']).toBe(1);
    expect(counts['end-game']).toBeUndefined();
    expect(plan.removed).toEqual([
      { card: 'luke-skywalker', because: 'Jedi (Student of the Force) replaces it at set-up' },
      {
        card: 'end-game',
        because: 'it needs Luke Skywalker Rebel Hero (luke-skywalker) in the deck, which is out (Jedi (Student of the Force) replaces it at set-up)',
      },
    ]);
    expect(plan.deck).toHaveLength(87 - 1 - 1 + 1);
  });

  it('takes Continue Play out under There is another!', () => {
    const plan = deckFor({ sets: ['bonus', 'there-is-another'] });
    expect(countsOf(plan)['continue-play']).toBeUndefined();
    expect(plan.removed).toHaveLength(1);
    expect(plan.removed[0]?.because).toContain('could never be played');
  });

  it('takes out a default card left without the card it needs', () => {
    expect(deckFor({ sets: ['bonus'], leaveOut: ['advantage'] }).removed).toEqual([{ card: 'counter', because: 'it needs Advantage (advantage) in the deck' }]);
    expect(deckFor({ sets: ['additional-bonus'] }).removed).toEqual([{ card: 'evade-scout', because: 'it needs Scout (scout) in the deck' }]);
    expect(countsOf(deckFor({ sets: ['bonus', 'additional-bonus'] }))['evade-scout']).toBe(1);
  });

  it('takes out a card whose every way to be played needs a companion card that is out', () => {
    // In the shipped data every such companion is always in (R2-D2, Vader, Boba Fett...), so a
    // catalogue whose Steal Bonus goes with Scout, a card that can be left out, shows the rule.
    const files = readCatalogFiles();
    const cards = structuredClone(files.cards) as { cards: { id: string; plays: { with?: { card?: string }[] }[] }[] };
    const stealBonus = cards.cards.find((card) => card.id === 'steal-bonus')!;
    stealBonus.plays[0]!.with = [{ card: 'scout', use: 'play' } as { card: string }];
    const catalog = loadCatalog({ ...files, cards });
    expect(deckFor({ sets: ['bonus'], leaveOut: ['scout'] }, catalog).removed).toEqual([
      { card: 'steal-bonus', because: 'it needs Scout (scout) in the deck' },
    ]);
    expect(configError({ sets: ['bonus'], include: ['steal-bonus'], leaveOut: ['scout'] }, catalog)).toBe(
      'Steal Bonus (steal-bonus) cannot be in this game: it needs Scout (scout) in the deck. Add scout to include, or take steal-bonus out of include',
    );
    // Captain Phasma keeps a way to be played without the Stormtrooper, so it never goes.
    expect(deckFor({ sets: ['bonus'] }).types.some((card) => card.id === 'captain-phasma')).toBe(true);
  });

  it('leaves out what is asked and adds what is asked', () => {
    const plan = deckFor({ sets: ['bonus'], include: ['lose-the-game', 'pass-a-card'], leaveOut: ['movement', 'support'] });
    const counts = countsOf(plan);
    expect([counts['lose-the-game'], counts['pass-a-card'], counts.movement, counts.support]).toEqual([1, 2, undefined, undefined]);
    expect(plan.deck).toHaveLength(87 + 3 - 2);
  });
});

describe('deckFor: conflicts and bad options', () => {
  it('names the conflict when two cards asked for cannot go together', () => {
    expect(configError({ sets: ['bonus'], include: ['student-of-the-force', 'end-game'] })).toBe(
      'End Game (end-game) cannot be in this game: it needs Luke Skywalker Rebel Hero (luke-skywalker) in the deck, which is out (Jedi (Student of the Force) replaces it at set-up). Add luke-skywalker to include, or take end-game out of include',
    );
    expect(configError({ sets: ['bonus', 'there-is-another'], include: ['continue-play'] })).toContain(
      'Continue Play (continue-play) cannot be in this game: There is another!: Continue Play is played when the last card is picked up',
    );
  });

  it('refuses Lose the Game without Pass a Card, and Pass a Card without Lose the Game', () => {
    expect(configError({ sets: ['bonus'], include: ['lose-the-game'] })).toBe(
      'Lose the Game (Lured to the Dark Side) (lose-the-game) cannot be in this game: it needs Pass a Card (pass-a-card) in the deck. Add pass-a-card to include, or take lose-the-game out of include',
    );
    expect(configError({ sets: ['bonus'], include: ['pass-a-card'] })).toContain('Pass a Card (pass-a-card) cannot be in this game: it needs Lose the Game');
  });

  it('refuses Additional Resources without Starting Resources', () => {
    expect(configError({ sets: ['additional-resources'] })).toBe(
      'Additional Resources (additional-resources) is played with Starting Resources: add starting-resources, or leave out additional-resources',
    );
  });

  it('names an unknown set or card, and a card of a set not chosen or not chosen by card', () => {
    expect(configError({ sets: ['rogue-on'] })).toBe(
      '"rogue-on" is not an option set of Stolen Plans (choose from: bonus, r2-d2-where-are-you, there-is-another, starting-resources, additional-resources, new-ruling, additional-bonus, rogue-one)',
    );
    expect(configError({ sets: ['bonus'], include: ['lightsabre'] })).toBe('include: "lightsabre" is not a card of Stolen Plans');
    expect(configError({ include: ['scout'] })).toBe(
      'include: Scout (scout) comes with Bonus cards (2nd edition) (bonus), which is not chosen: add bonus to the sets',
    );
    expect(configError({ sets: ['rogue-one'], leaveOut: ['cargo-ship'] })).toBe(
      'leaveOut: Carry Cards (Cargo Ship SW-0608) (cargo-ship) is part of Rogue One, whose cards are not chosen one by one',
    );
    expect(configError({ sets: ['bonus'], include: ['scout'], leaveOut: ['scout'] })).toBe('"scout" is both included and left out: choose one');
  });

  it('checks the player count against the deck, saying what the draw pile would be', () => {
    expect(configError({ players: 6 })).toBe(
      'this deck (46 cards) is for 2 to 5 players, not 6: with 6 the draw pile after the deal would hold 16 cards, fewer than 4 per player; add a set with more cards (bonus, rogue-one)',
    );
    expect(configError({ players: 1 })).toBe('this deck (46 cards) is for 2 to 5 players, not 1');
    expect(configError({ sets: ['bonus'], players: 7 })).toBe('this deck (87 cards) is for 2 to 6 players, not 7');
    expect(configError({ players: 2.5 })).toContain('not 2.5');
    expect(deckFor({ players: 5 }).deck).toHaveLength(46);
    expect(deckFor({ sets: ['rogue-one'], players: 6 }).players.max).toBe(6);
  });

  it('takes a quick window of 1 to 60 whole seconds, 5 by default', () => {
    expect(deckFor({ quickWindowSeconds: 8 }).rules.quickWindowSeconds).toBe(8);
    for (const bad of [0, 61, 2.5]) {
      expect(configError({ quickWindowSeconds: bad })).toBe(`quickWindowSeconds must be a whole number of seconds from 1 to 60, not ${bad}`);
    }
  });
});

describe('supportedPlayers', () => {
  it('keeps at least 4 cards per player in the draw pile after the deal', () => {
    expect(supportedPlayers(CATALOG, 46)).toEqual({ min: 2, max: 5 });
    expect(supportedPlayers(CATALOG, 53)).toEqual({ min: 2, max: 5 });
    expect(supportedPlayers(CATALOG, 54)).toEqual({ min: 2, max: 6 });
    expect(supportedPlayers(CATALOG, 500)).toEqual({ min: 2, max: 6 });
    expect(supportedPlayers(CATALOG, 17)).toBeNull();
    expect(supportedPlayers(CATALOG, 18)).toEqual({ min: 2, max: 2 });
  });
});
