// The README's tables, made from the data: the dice, the reference sheets, the set-up, the
// space battle and the four decks. The README holds each between `<!-- table: name -->` and
// `<!-- /table -->`; a test checks that they agree with the data, and `write-readme-tables.ts`
// rewrites them after the data changes.

import { cardText } from './card-text.ts';
import { Fraction } from './fraction.ts';
import { DECK_IDS, type QueensGambitData } from './load.ts';
import {
  atLeast,
  damageDistribution,
  expectedAnakinActions,
  expectedValue,
  hitsDistribution,
  blocksDistribution,
  layerCrossingChance,
  type Pool,
} from './odds.ts';
import type { Range, Unit, UnitStat } from './schema.ts';

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
}

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

function fixed(x: Fraction, digits = 3): string {
  return x.toNumber().toFixed(digits);
}

export function poolText(pool: Pool): string {
  const parts = Object.entries(pool).map(([die, n]) => `${n} ${die}`);
  return parts.length === 0 ? '-' : parts.join(' + ');
}

function rangeText(range: Range): string {
  switch (range.kind) {
    case 'hexes':
      return `${range.hexes}${range.firstSpaceEmpty ? ' (first space empty)' : ''}${range.overOccupied ? ' (over occupied spaces)' : ''}`;
    case 'line-of-sight':
      return 'line of sight';
    case 'adjacent':
      return 'adjacent';
    case 'none':
      return '-';
  }
}

function sideText(side: string): string {
  return side === 'naboo' ? 'Naboo' : 'Trade Federation';
}

/** A stat with its source tag when it is not chosen: "4 [R]". */
function tagged(unit: Unit, stat: UnitStat, text: string): string {
  const source = unit.sources[stat];
  return source === undefined ? text : `${text} [${source}]`;
}

function diceTable(data: QueensGambitData): string {
  const symbols = new Map(data.dice.symbols.map((s) => [s.id, s.name]));
  return table(
    ['die', 'in the box', 'faces', 'mean', 'a face that scores', 'source'],
    data.dice.dice.map((die) => {
      const one = { [die.id]: 1 };
      const dist = die.role === 'attack' ? hitsDistribution(data.diceTable, one) : blocksDistribution(data.diceTable, one);
      return [
        die.name,
        die.inBox,
        die.faces.map((f) => symbols.get(f) ?? f).join(', '),
        `${fixed(expectedValue(dist))} ${die.role === 'attack' ? 'hits' : 'blocks'}`,
        atLeast(dist, 1).toString(),
        die.source,
      ];
    }),
  );
}

function unitsTable(data: QueensGambitData): string {
  return table(
    ['unit', 'side', 'zone', 'figures', 'move', 'range', 'attack (by figures left)', 'defense', 'damage', 'bonus when eliminated', 'special'],
    data.units.units.map((u) => [
      u.name,
      sideText(u.side),
      u.zone,
      tagged(u, 'figures', String(u.figures)),
      tagged(u, 'move', String(u.move)),
      tagged(u, 'range', rangeText(u.range)),
      tagged(u, 'attack', u.attack.length === 0 ? '-' : u.attack.map(poolText).join(' / ')),
      tagged(u, 'defense', poolText(u.defense)),
      tagged(u, 'damage', u.kind === 'fixture' ? 'cannot be attacked' : u.damage === null ? '1 hit per figure' : String(u.damage)),
      tagged(u, 'bonus', u.bonus === null ? '-' : `${u.bonus.cards} to ${sideText(u.bonus.to)}`),
      tagged(
        u,
        'special',
        [
          ...(u.split === null
            ? []
            : [`${u.split.dicePerAction} dice an action (${u.split.dicePerDoubleAttack} on a Double Attack), at most ${u.split.maxDicePerAttack} an attack`]),
          ...u.special,
          ...(u.droid ? ['droid'] : []),
        ].join('; ') || '-',
      ),
    ]),
  );
}

function forcesTable(data: QueensGambitData): string {
  return table(
    ['side', 'zone', 'mark', 'units', 'pieces', 'source'],
    data.setup.forces.map((f) => {
      const u = data.unit(f.unit);
      const units = u.unique && f.count === 1 ? u.name : `${f.count} ${f.count === 1 ? u.name : u.plural}`;
      return [sideText(f.side), f.zone, f.mark, units, f.count * u.figures, f.source];
    }),
  );
}

function piecesTable(data: QueensGambitData): string {
  return table(
    ['piece', 'side', 'in the box', 'on the table at set-up', 'outside the board'],
    data.setup.pieces.map((p) => {
      const outside = data.piecesOutsideBoard[p.id] ?? 0;
      return [p.name, sideText(p.side), p.inBox, p.inBox - outside, outside];
    }),
  );
}

function spaceTable(data: QueensGambitData): string {
  const layers = [...data.space.grids.map((g) => ({ g, what: 'printed grid' })), ...data.space.starfighters.map((g) => ({ g, what: 'Starfighter card' }))];
  return table(
    ['grid', 'kind', 'grey dice', 'printed Starfighters on', 'free without dice', 'chance to cross', 'Anakin actions added'],
    layers.map(({ g, what }) => {
      const p = layerCrossingChance(data.spaceDice, g);
      const added = what === 'printed grid' ? expectedAnakinActions(data.spaceDice, [g]) : Fraction.ONE.div(p).sub(Fraction.ONE);
      const free = Fraction.sum(data.spaceDice.totals.filter((_, t) => !g.blocked.includes(t)));
      return [g.id, what, g.greyDice, g.blocked.join(', '), free.toString(), `${p.toString()} = ${fixed(p)}`, fixed(added, 2)];
    }),
  );
}

function deckTable(data: QueensGambitData, id: (typeof DECK_IDS)[number]): string {
  const deck = data.decks[id];
  return table(
    ['copies', 'card', 'actions (one of)', 'source', 'note'],
    deck.cards.map((c) => [c.copies, c.title ?? '-', cardText(c, (u) => data.unit(u)), c.source, c.note ?? '']),
  );
}

/** Attack against defense, for the README's balance notes. */
const MATCHUPS: readonly [string, string][] = [
  ['qui-gon', 'darth-maul'],
  ['darth-maul', 'qui-gon'],
  ['palace-guard', 'battle-droid'],
  ['battle-droid', 'palace-guard'],
  ['captain-panaka', 'battle-droid'],
  ['destroyer-droid', 'palace-guard'],
  ['palace-guard', 'destroyer-droid'],
  ['gungan-group', 'battle-droid-group'],
  ['battle-droid-group', 'gungan-group'],
  ['kaadu-group', 'battle-droid-group'],
  ['catapult', 'destroyer-droid-group'],
  ['destroyer-droid-group', 'gungan-group'],
  ['destroyer-droid-group', 'fambaa'],
  ['aat', 'catapult'],
];

function matchupsTable(data: QueensGambitData): string {
  return table(
    ['attacker (full strength)', 'defender', 'mean hits through', 'at least 1 through', 'at least 2 through'],
    MATCHUPS.map(([a, d]) => {
      const attacker = data.unit(a);
      const defender = data.unit(d);
      const dist = damageDistribution(data.diceTable, attacker.attack[attacker.figures - 1] ?? {}, defender.defense);
      return [attacker.name, defender.name, fixed(expectedValue(dist)), fixed(atLeast(dist, 1)), fixed(atLeast(dist, 2))];
    }),
  );
}

/**
 * The mean eliminations of single-hit `target`s by one card of `deck`, taking each card's best
 * alternative and a target for every unit: a unit kills with the chance its pool gets a hit
 * through; a duelist spreads its dice one to a target.
 */
export function meanEliminationsPerCard(data: QueensGambitData, deck: (typeof DECK_IDS)[number], target: string): Fraction {
  const defense = data.unit(target).defense;
  const killChance = (pool: Pool) => atLeast(damageDistribution(data.diceTable, pool, defense), 1);
  const cards = data.decks[deck].cards;
  const total = Fraction.sum(
    cards.map((card) => {
      const best = card.actions
        .map((action) => {
          if (action.kind !== 'activate') return Fraction.ZERO;
          return Fraction.sum(
            action.units.map((order) => {
              const unit = data.unit(order.unit);
              if (unit.split !== null) {
                const dice = action.doubleAttack ? unit.split.dicePerDoubleAttack : unit.split.dicePerAction;
                const oneDie = Object.fromEntries(Object.keys(unit.attack[0] ?? {}).map((die) => [die, 1]));
                return killChance(oneDie).mul(Fraction.of(dice * order.count));
              }
              return killChance(unit.attack[unit.figures - 1] ?? {}).mul(Fraction.of(order.count));
            }),
          );
        })
        .reduce((a, b) => (b.compare(a) > 0 ? b : a), Fraction.ZERO);
      return best.mul(Fraction.of(card.copies));
    }),
  );
  return total.div(Fraction.of(data.decks[deck].size));
}

function balanceTable(data: QueensGambitData): string {
  const copiesWith = (deck: (typeof DECK_IDS)[number], kind: string) =>
    data.decks[deck].cards.filter((c) => c.actions.some((a) => a.kind === kind)).reduce((n, c) => n + c.copies, 0);
  const toShip = Fraction.sum(data.space.grids.map((g) => expectedAnakinActions(data.spaceDice, [g])));
  const added = data.space.starfighters.map((g) => Fraction.ONE.div(layerCrossingChance(data.spaceDice, g)).sub(Fraction.ONE).toNumber());
  return table(
    ['figure', 'value'],
    [
      ['Naboo Battlefield cards that can move Anakin', copiesWith('naboo-battlefield', 'anakin')],
      ['Trade Federation Battlefield cards that can place a Starfighter card', copiesWith('trade-federation-battlefield', 'starfighter')],
      ['Trade Federation Battlefield cards that can send droids to the Palace', copiesWith('trade-federation-battlefield', 'droids-to-palace')],
      ['mean Move Anakin actions to reach the ship, no Starfighter card played', fixed(toShip, 2)],
      ['Move Anakin actions one Starfighter card adds', `${Math.min(...added).toFixed(2)} to ${Math.max(...added).toFixed(2)}`],
      ['Trade Federation Palace card: mean Palace Guards eliminated', fixed(meanEliminationsPerCard(data, 'trade-federation-palace', 'palace-guard'), 2)],
      ['Naboo Palace card: mean Battle Droids eliminated', fixed(meanEliminationsPerCard(data, 'naboo-palace', 'battle-droid'), 2)],
    ],
  );
}

/** Every README table by name. */
export function readmeTables(data: QueensGambitData): Record<string, string> {
  return {
    dice: diceTable(data),
    units: unitsTable(data),
    forces: forcesTable(data),
    pieces: piecesTable(data),
    space: spaceTable(data),
    matchups: matchupsTable(data),
    balance: balanceTable(data),
    ...Object.fromEntries(DECK_IDS.map((id) => [`deck-${id}`, deckTable(data, id)])),
  };
}

const BLOCK = /<!-- table: ([a-z0-9-]+) -->\n([\s\S]*?)\n?<!-- \/table -->/g;

/** The tables a README holds, by name. */
export function tablesIn(readme: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of readme.matchAll(BLOCK)) found[m[1] ?? ''] = (m[2] ?? '').trim();
  return found;
}

/** The README with every table block rewritten from the data (unknown names are an error). */
export function withTables(readme: string, tables: Record<string, string>): string {
  return readme.replace(BLOCK, (_, name: string) => {
    const text = tables[name];
    if (text === undefined) throw new RangeError(`the README asks for a table "${name}" the data does not make`);
    return `<!-- table: ${name} -->\n${text}\n<!-- /table -->`;
  });
}
