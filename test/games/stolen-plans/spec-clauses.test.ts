// The rules spec's clauses: numbered in order in each section, every reference between them
// resolves, every bonus and Additional Bonus card has its clause.
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { readmeClauses, SPEC_SECTIONS, specClauses } from '../../../host/games/stolen-plans/spec-clauses.ts';

const clauses = readmeClauses();

describe('Stolen Plans rules spec', () => {
  it('numbers its clauses 1, 2, 3... in each section, in the order of the sections', () => {
    const sections = [...new Set(clauses.map((clause) => clause.section))];
    expect(sections).toEqual([...SPEC_SECTIONS]);
    for (const section of SPEC_SECTIONS) {
      const numbers = clauses.filter((clause) => clause.section === section).map((clause) => Number(clause.id.slice(section.length)));
      expect(numbers, section).toEqual(numbers.map((_, i) => i + 1));
    }
    for (const clause of clauses) expect(clause.text.length, clause.id).toBeGreaterThan(2);
  });

  it('refers only to clauses that exist', () => {
    const ids = new Set(clauses.map((clause) => clause.id));
    const pattern = new RegExp(`\\b(${[...SPEC_SECTIONS].sort((a, b) => b.length - a.length).join('|')})(\\d+)\\b`, 'g');
    for (const clause of clauses) {
      const text = clause.text.replace(/R2[- ]D2/g, '');
      for (const match of text.matchAll(pattern)) expect(ids.has(match[0]), `${clause.id} refers to ${match[0]}`).toBe(true);
    }
  });

  it('has a clause for every bonus card and Additional Bonus card, named in its title', () => {
    const titles = clauses.filter((clause) => clause.section === 'B' || clause.section === 'X').map((clause) => clause.title);
    for (const card of CATALOG.cards.filter((c) => c.set === 'bonus' || c.set === 'additional-bonus')) {
      const names = [card.name, card.name.replace(/ \(.*\)$/, '').replace(/ \d$/, ''), card.character ?? '', card.name.replace(/^Jedi \((.*)\)$/, '$1')];
      expect(
        titles.some((title) => names.some((name) => name !== '' && title.includes(name))),
        `${card.id} in ${titles.join(' | ')}`,
      ).toBe(true);
    }
  });

  it('reads clauses from any README text', () => {
    const text = ['# t', '## The rules as the engine implements them', '- **A1** First, and', '  more.', '- **B1 Card**: second.', '', 'after'].join('\n');
    expect(specClauses(text)).toEqual([
      { id: 'A1', section: 'A', title: '', text: 'First, and more.' },
      { id: 'B1', section: 'B', title: 'Card', text: 'second.' },
    ]);
    expect(specClauses('no spec here')).toEqual([]);
  });
});
