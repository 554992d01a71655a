// The README agrees with the data: its tables are exactly those made from the data files, the
// numbers its prose gives are the data's, and the rules spec speaks of every window and card.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG, EFFECT_KINDS } from '../../../host/games/stolen-plans/load.ts';
import { deckFor } from '../../../host/games/stolen-plans/deck.ts';
import { blocksIn, README_PATH, readmeTables, withTables } from '../../../host/games/stolen-plans/readme-tables.ts';

const README = readFileSync(README_PATH, 'utf8');
/** The README without its generated tables: what people wrote. */
const PROSE = README.replace(/<!-- generated: ([a-z0-9-]+) -->\n[\s\S]*?<!-- end generated: \1 -->/g, '');
/** The prose with its line breaks as spaces (sentences wrap anywhere). */
const FLAT = PROSE.replace(/\s+/g, ' ');

describe('Stolen Plans README', () => {
  it('holds every table made from the data, once each', () => {
    expect([...blocksIn(README)].sort()).toEqual(Object.keys(readmeTables()).sort());
  });

  it('holds exactly the tables the data makes (run readme-tables.ts to refresh them)', () => {
    const refreshed = withTables(README, readmeTables());
    const lines = README.split('\n');
    const fresh = refreshed.split('\n');
    const first = lines.findIndex((line, i) => line !== fresh[i]);
    expect(first === -1 ? null : { line: first + 1, readme: lines[first], data: fresh[first] }).toBeNull();
    expect(refreshed).toBe(README);
  });

  it('gives the numbers of the base deck as the data has them', () => {
    const base = deckFor();
    const count = (id: string): number => CATALOG.card(id).count;
    const value = (id: string, kind: 'attack' | 'defend'): number => {
      const effect = CATALOG.card(id).plays.find((play) => play.effect.kind === kind)!.effect;
      return 'value' in effect ? effect.value : NaN;
    };
    const spoken: [string, string][] = [
      ['imperial-officer-attack', 'Officer'],
      ['jawa-attack', 'Jawa'],
      ['imperial-guard-attack', 'Guard'],
      ['imperial-stormtrooper-attack', 'Stormtrooper'],
      ['darth-vader-attack', 'Darth Vader'],
      ['emperor-attack', 'The Emperor'],
    ];
    for (const [id, name] of spoken) expect(FLAT).toContain(`${name} ${value(id, 'attack')} ×${count(id)}`);
    for (const [id, name] of [
      ['rebel-trooper-defend', 'Rebel Trooper'],
      ['ewok-defend', 'Ewok'],
      ['x-wing-defend', 'X-Wing'],
      ['millennium-falcon-defend', 'Millennium Falcon'],
    ] as const) {
      expect(FLAT).toContain(`${name} ${value(id, 'defend')} ×${count(id)}`);
    }
    expect(FLAT).toContain(`**${base.deck.length} cards in the base deck**`);
    expect(FLAT).toContain(
      `${count('boba-fett-steal') + count('jabba-the-hutt-steal')} Steals (${count('boba-fett-steal')} Boba Fett, ${count('jabba-the-hutt-steal')} Jabba the Hutt)`,
    );
    expect(FLAT).toContain(`**Rebel Heroes** Defend ${value('han-solo', 'defend')}`);
    expect(FLAT).toContain(`(Defend ${value('lightsaber-defend', 'defend')}, out of turn`);
    const costs = ['food', 'water', 'binocs', 'tracking-beacon', 'data-pad'].map(
      (id) => `${CATALOG.card(id).name.replace(/ \(.*$/, '')} ${CATALOG.card(id).reactivateCost}`,
    );
    expect(FLAT).toContain(`Reactivation costs: ${costs.join(', ')}`);
    expect(FLAT).toContain(`The base deck alone is for ${base.players.min} to ${base.players.max}`);
    expect(FLAT).toContain(`at least ${CATALOG.table.minPilePerPlayer} cards per player`);
  });

  it('quotes the removals and conflicts as deckFor gives them', () => {
    const refusal = (options: Parameters<typeof deckFor>[0]): string => {
      try {
        deckFor(options);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(FLAT).toContain(refusal({ sets: ['additional-resources'] }));
    expect(FLAT).toContain(refusal({ sets: ['bonus'], include: ['student-of-the-force', 'end-game'] }));
    const removed = deckFor({ sets: ['bonus'], include: ['student-of-the-force'] }).removed.find((r) => r.card === 'end-game');
    expect(FLAT).toContain(`("${removed?.because}")`);
  });

  it('lists every effect kind, and every special effect the data uses', () => {
    const kinds = FLAT.slice(FLAT.indexOf('### The effect kinds'), FLAT.indexOf('## Windows'));
    for (const kind of EFFECT_KINDS) expect(kinds, kind).toMatch(new RegExp(`\`${kind}( \\{[^}]*\\})?\``));
    const specials = CATALOG.cards.flatMap((card) => card.plays.flatMap((play) => (play.effect.kind === 'special' ? [play.effect.id] : [])));
    expect(specials).toEqual(['force-vision']);
    expect(kinds).toContain('`special {id}` (only `force-vision`)');
  });

  it('speaks of every window in the rules spec', () => {
    for (const window of CATALOG.windows) expect(PROSE, window.id).toContain(`\`${window.id}\``);
  });

  it('speaks of every bonus and expansion card in the rules spec', () => {
    const spec = FLAT.slice(FLAT.indexOf('## The rules as the engine implements them'));
    for (const card of CATALOG.cards.filter((c) => c.set !== 'base')) {
      const names = [card.name, card.name.replace(/ \(.*\)$/, ''), card.character ?? card.name, card.name.replace(/ \d$/, '')];
      expect(
        names.some((name) => spec.includes(name)),
        `${card.id} (${names.join(' / ')})`,
      ).toBe(true);
    }
  });
});
