// The README's tables, made from the data files, so the README cannot drift from them: each
// table sits between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->` in README.md.
// `npx tsx host/games/stolen-plans/readme-tables.ts` rewrites them in place; a test checks that
// the README holds exactly what this makes.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, type Catalog } from './load.ts';
import { allSets, deckFor, type DeckOptions } from './deck.ts';
import { describeAsk, describePassive, describePlay } from './describe.ts';
import { deckFigures } from './figures.ts';

export const README_PATH = join(import.meta.dirname, 'README.md');

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`;
}

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

function percent(p: number): string {
  return `${(p * 100).toFixed(0)}%`;
}

function setsTable(catalog: Catalog): string {
  return table(
    ['set', 'id', 'kind', 'requires', 'removes', 'rule changes', 'cards'],
    catalog.sets.map((set) => {
      const cards = catalog.cards.filter((card) => card.set === set.id);
      const rules = Object.entries(set.rules).map(([key, value]) => `${key}: ${String(value)}`);
      return [
        set.name,
        `\`${set.id}\``,
        set.always ? `${set.kind}, always` : set.cardsChosen ? `${set.kind}, cards chosen` : set.kind,
        set.requires.join(', ') || '-',
        set.removes.map((removal) => removal.card).join(', ') || '-',
        rules.join(', ') || '-',
        cards.length === 0
          ? '-'
          : `${cards.length} kinds, ${cards.reduce((sum, card) => sum + card.count, 0)} cards${cards.some((c) => c.dealt === 'each-player') ? ' per player' : ''}`,
      ];
    }),
  );
}

function cardsTable(catalog: Catalog, setId: string): string {
  return table(
    ['card', 'id', 'kind', 'copies', 'ways to play', 'in play', 'notes'],
    catalog.cards
      .filter((card) => card.set === setId)
      .map((card) => {
        const notes = [
          card.origin === 'designed' ? 'designed' : '',
          card.tags.length > 0 ? `tags: ${card.tags.join(', ')}` : '',
          card.reactivateCost !== undefined ? `reactivate: discard ${card.reactivateCost}` : '',
          card.requires !== undefined ? `needs ${card.requires.join(', ')}` : '',
          card.replaces !== undefined ? `replaces ${card.replaces}` : '',
          card.byDefault ? '' : 'only when included',
        ].filter((note) => note !== '');
        return [
          card.character !== undefined && !card.name.includes(card.character) ? `${card.name} (${card.character})` : card.name,
          `\`${card.id}\``,
          card.kind,
          card.dealt === 'each-player' ? `${card.count} each` : card.count,
          card.plays.map((play) => describePlay(play, catalog)).join('; ') || 'never played',
          (card.inPlay ?? []).map(describePassive).join('; ') || '-',
          notes.join('; ') || '-',
        ];
      }),
  );
}

function windowsTable(catalog: Catalog): string {
  return table(
    ['window', 'kind', 'opens when', 'asks', 'closes', 'quick', 'opens inside', 'answered by'],
    catalog.windows.map((window) => [
      `\`${window.id}\``,
      window.kind,
      window.opens,
      window.askedOnlyIf.length === 0 ? window.asks : `${window.asks}, if ${window.askedOnlyIf.map(describeAsk).join(' and ')}`,
      window.closes,
      window.quick ? 'yes' : 'no',
      window.nestsIn.join(', '),
      [...new Set(catalog.answersIn(window.id).map(({ card }) => card.id))].join(', ') || '-',
    ]),
  );
}

const MIXES: readonly { readonly name: string; readonly options: DeckOptions }[] = [
  { name: 'base deck', options: {} },
  { name: 'base + bonus cards', options: { sets: ['bonus'] } },
  { name: 'base + Rogue One', options: { sets: ['rogue-one'] } },
  { name: 'base + Additional Bonus Cards', options: { sets: ['additional-bonus'] } },
  { name: 'base + bonus + Additional Bonus Cards', options: { sets: ['bonus', 'additional-bonus'] } },
  { name: 'base + bonus + Rogue One', options: { sets: ['bonus', 'rogue-one'] } },
  { name: 'everything', options: { sets: allSets() } },
];

function mixesTable(catalog: Catalog): string {
  return table(
    ['sets', 'deck', 'players', 'draw pile after the deal', 'shortest game (rounds)', 'left out'],
    MIXES.map(({ name, options }) => {
      const plan = deckFor(options, catalog);
      const figures = deckFigures(plan);
      return [
        name,
        plan.deck.length,
        `${plan.players.min}-${plan.players.max}`,
        figures.perPlayerCount.map((f) => `${f.players}: ${f.pile}`).join(', '),
        figures.perPlayerCount.map((f) => `${f.players}: ${f.shortestGameRounds.toFixed(1)}`).join(', '),
        plan.removed.map((removal) => removal.card).join(', ') || '-',
      ];
    }),
  );
}

function defendTable(catalog: Catalog, options: DeckOptions): string {
  const figures = deckFigures(deckFor(options, catalog));
  const cell = (o: { reach: number; beat: number; expectedLoss: number }): string => `${percent(o.reach)} / ${percent(o.beat)} / ${o.expectedLoss.toFixed(1)}`;
  return [
    table(
      ['Attack', 'copies', 'up to 2 Defend cards: reach / beat / cards lost', '1 Defend card (New Ruling): reach / beat / cards lost'],
      figures.defendOdds.map((odds) => [odds.attack, odds.copies, cell(odds.twoCards), cell(odds.oneCard)]),
    ),
    '',
    `A starting hand holds a Defend card ${percent(figures.anyDefend)} of the time and a Steal card ${percent(figures.anySteal)} of the time.`,
  ].join('\n');
}

/** Every generated table of the README, by name. */
export function readmeTables(catalog: Catalog = CATALOG): Record<string, string> {
  const tables: Record<string, string> = {
    sets: setsTable(catalog),
    mixes: mixesTable(catalog),
    'defend-odds-base': defendTable(catalog, {}),
    'defend-odds-bonus': defendTable(catalog, { sets: ['bonus'] }),
    windows: windowsTable(catalog),
  };
  for (const set of catalog.sets) if (catalog.cards.some((card) => card.set === set.id)) tables[`cards-${set.id}`] = cardsTable(catalog, set.id);
  return tables;
}

const BLOCK = /<!-- generated: ([a-z0-9-]+) -->\n[\s\S]*?<!-- end generated: \1 -->/g;

/** The names of the generated blocks a README text holds, in order. */
export function blocksIn(text: string): string[] {
  return [...text.matchAll(BLOCK)].map((match) => match[1]!);
}

/** `text` with every generated block replaced by the table of its name. */
export function withTables(text: string, tables: Record<string, string>): string {
  return text.replace(BLOCK, (_whole, name: string) => {
    const body = tables[name];
    if (body === undefined) throw new Error(`README.md has a generated block "${name}" that no table fills (known: ${Object.keys(tables).join(', ')})`);
    return `<!-- generated: ${name} -->\n${body}\n<!-- end generated: ${name} -->`;
  });
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const before = readFileSync(README_PATH, 'utf8');
  const after = withTables(before, readmeTables());
  if (after !== before) writeFileSync(README_PATH, after);
  console.log(after === before ? 'README.md tables are up to date' : 'README.md tables rewritten');
}
