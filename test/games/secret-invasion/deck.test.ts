// The deck data: the boxed deck's numbers, and load-time errors that name the file, the entry
// and the problem.
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import charactersJson from '../../../host/games/secret-invasion/data/characters.json' with { type: 'json' };
import rulesJson from '../../../host/games/secret-invasion/data/rules.json' with { type: 'json' };
import { loadDeck, STANDARD_DECK } from '../../../host/games/secret-invasion/deck.ts';

type Json = Record<string, unknown>;
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function withCharacter(index: number, change: (c: Json) => void): unknown {
  const file = copy(charactersJson) as unknown as { characters: Json[] };
  change(file.characters[index]!);
  return file;
}

function loadError(files: { characters?: unknown; rules?: unknown }): DataError {
  try {
    loadDeck({ characters: files.characters ?? charactersJson, rules: files.rules ?? rulesJson });
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected the deck to be rejected');
}

describe('Secret Invasion deck', () => {
  it('has 10 characters with values 1 to 8 and 17 cards with unique ids', () => {
    expect(STANDARD_DECK.characters).toHaveLength(10);
    expect([...new Set(STANDARD_DECK.characters.map((c) => c.value))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(STANDARD_DECK.cards).toHaveLength(17);
    expect(new Set(STANDARD_DECK.cards.map((c) => c.id)).size).toBe(17);
    expect(Object.fromEntries(STANDARD_DECK.characters.map((c) => [c.id, c.count]))).toEqual({
      stormtrooper: 4,
      'boba-fett': 1,
      'han-solo': 2,
      'c-3po': 2,
      'r2-d2': 1,
      chewbacca: 2,
      'luke-skywalker': 2,
      'darth-vader': 1,
      'obi-wan-kenobi': 1,
      'princess-leia': 1,
    });
    expect(STANDARD_DECK.character('obi-wan-kenobi').mustDiscardWith).toEqual(['luke-skywalker', 'darth-vader']);
    expect(STANDARD_DECK.characters.every((c) => c.quote.length > 0 && c.text.length > 0)).toBe(true);
    expect(STANDARD_DECK.rules.tokensToWin).toEqual({ 2: 7, 3: 5, 4: 4 });
  });

  it('rejects counts that do not add up to the deck size', () => {
    const e = loadError({ characters: withCharacter(0, (c) => (c.count = 5)) });
    expect(e.file).toBe('host/games/secret-invasion/data/characters.json');
    expect(e.message).toContain('the counts add up to 18 cards, but host/games/secret-invasion/data/rules.json says the deck has 17');
  });

  it('names the entry and field of a bad value, effect or unknown field', () => {
    expect(loadError({ characters: withCharacter(2, (c) => (c.value = 9)) }).message).toBe(
      'host/games/secret-invasion/data/characters.json: characters[2] (han-solo).value: must be a whole number from 1 to 8',
    );
    expect(loadError({ characters: withCharacter(5, (c) => (c.effect = 'roar')) }).message).toMatch(
      /characters\[5\] \(chewbacca\)\.effect: expected \("guess" \| "guess-twice" \| .*\), got the text "roar"/,
    );
    expect(loadError({ characters: withCharacter(5, (c) => (c.power = 3)) }).message).toMatch(/characters\[5\] \(chewbacca\): unknown field "power"/);
    expect(loadError({ characters: withCharacter(9, (c) => delete c.quote) }).message).toMatch(/characters\[9\] \(princess-leia\)\.quote: missing/);
  });

  it('gives every character a one-line summary of what it does, for menus and screens', () => {
    for (const c of STANDARD_DECK.characters) expect(c.summary).toMatch(/^[A-Z].{10,108}\.$/);
    expect(loadError({ characters: withCharacter(3, (c) => delete c.summary) }).message).toMatch(/characters\[3\] \(c-3po\)\.summary: missing/);
    expect(loadError({ characters: withCharacter(3, (c) => (c.summary = 'x'.repeat(111))) }).message).toBe(
      'host/games/secret-invasion/data/characters.json: characters[3] (c-3po).summary: a summary is one short line (at most 110 characters), got 111',
    );
  });

  it('rejects a duplicate id, an unknown character in mustDiscardWith and a missing value', () => {
    expect(loadError({ characters: withCharacter(1, (c) => (c.id = 'stormtrooper')) }).message).toContain(
      'characters[1] (stormtrooper).id: character id "stormtrooper" appears more than once',
    );
    expect(loadError({ characters: withCharacter(8, (c) => (c.mustDiscardWith = ['yoda'])) }).message).toContain(
      'characters[8] (obi-wan-kenobi).mustDiscardWith: "yoda" is not a character of this deck',
    );
    const noHan = copy(charactersJson) as unknown as { characters: Json[] };
    noHan.characters.splice(2, 1);
    noHan.characters[0]!.count = 6;
    expect(loadError({ characters: noHan }).message).toContain('no character has the value 2');
  });

  it('checks the table numbers', () => {
    const rules = copy(rulesJson) as unknown as Json;
    (rules.tokensToWin as Json)['3'] = 0;
    expect(loadError({ rules }).message).toBe('host/games/secret-invasion/data/rules.json: tokensToWin.3: must be a whole number from 1 to 99');
    const crowded = copy(rulesJson) as unknown as Json;
    (crowded.faceUpSetAside as Json)['4'] = 12;
    expect(loadError({ rules: crowded }).message).toContain('a 4-player round needs 18 cards but the deck has 17');
    const fiveSeats = copy(rulesJson) as unknown as Json;
    (fiveSeats.tokensToWin as Json)['5'] = 3;
    expect(loadError({ rules: fiveSeats }).message).toBe(
      'host/games/secret-invasion/data/rules.json: tokensToWin: unknown field "5" (the table sizes are 2, 3, 4)',
    );
    const missing = copy(rulesJson) as unknown as Json;
    delete (missing.faceUpSetAside as Json)['3'];
    expect(loadError({ rules: missing }).message).toBe('host/games/secret-invasion/data/rules.json: faceUpSetAside.3: missing');
  });
});
