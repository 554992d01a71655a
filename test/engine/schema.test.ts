import { describe, expect, it } from 'vitest';
import { parseData, v } from '../../host/engine/schema.ts';

const Card = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  value: v.pipe(v.number(), v.integer(), v.minValue(0, 'must be 0 or more')),
  text: v.optional(v.string()),
});
const Deck = v.strictObject({ cards: v.array(Card) });

describe('parseData', () => {
  it('returns the typed value of a valid file', () => {
    const deck = parseData(Deck, { cards: [{ id: 'jawa-attack', value: 5 }] }, 'deck.json');
    expect(deck.cards[0]?.value).toBe(5);
  });

  it('names the file, the entry with its id, and the problem', () => {
    expect(() =>
      parseData(
        Deck,
        {
          cards: [
            { id: 'a', value: 1 },
            { id: 'jawa', value: -1 },
          ],
        },
        'deck.json',
      ),
    ).toThrow('deck.json: cards[1] (jawa).value: must be 0 or more');
    expect(() => parseData(Deck, { cards: [{ id: 'jawa', value: 'five' }] }, 'deck.json')).toThrow(
      'deck.json: cards[0] (jawa).value: expected number, got the text "five"',
    );
  });

  it('reports a missing field and an unknown field by name', () => {
    expect(() => parseData(Deck, { cards: [{ id: 'jawa' }] }, 'deck.json')).toThrow('deck.json: cards[0] (jawa).value: missing');
    expect(() => parseData(Deck, { cards: [{ id: 'jawa', value: 1, valeu: 2 }] }, 'deck.json')).toThrow('deck.json: cards[0] (jawa): unknown field "valeu"');
  });

  it('reports a wrong top-level shape as the file', () => {
    expect(() => parseData(Deck, 'cards', 'deck.json')).toThrow('deck.json: the file: expected an object, got the text "cards"');
  });
});
