// The Queen's Gambit at the table: its entry (renderer, bots, configuration, the timer as a table
// device) and whole games through the table host with bots (host-games.ts: a few seeds at 2
// players here, every seed at 2 and 4 players in table-entry.soak.ts), every update each viewer
// receives rendered and checked against what that viewer may not know.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chanceDecision } from '../../../host/engine/decisions.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgData, QgEvent, QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { DATA, poolDice } from '../../../host/games/queens-gambit/rules.ts';
import { configFor, queensGambitEntry, queensGambitRenderer, timerCommandsFor } from '../../../host/games/queens-gambit/table-entry.ts';
import { TABLE_ENTRIES, findEntry } from '../../../host/games/index.ts';
import { tablePlayUsage } from '../../../host/cli/play.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { readSave, writeSave } from '../../../host/engine/save.ts';
import { webGame } from '../../../host/web/web-match.ts';
import type { QgView } from '../../../host/games/queens-gambit/table-game.ts';
import { testSeeds } from '../../support/soak-seeds.ts';
import { testTempDir } from '../../support/temp-dir.ts';
import { hostGamesOfSeed, playHostGame } from './host-games.ts';
import { applyAll, choose, copy1, roll, started } from './play-helpers.ts';
import { namesTheRealQueen, secretWords, wordLeaks } from './table-support.ts';

const R = queensGambitRenderer;
const NAMES2 = { p1: 'Ana', p2: 'Ben' };
const view = (s: QgState, viewer: string): QgView => queensGambit.view(s, viewer);
const labels = (s: QgState, seat: string): string[] => queensGambit.legalMoves(s, seat).map((m) => R.moveLabel(m, view(s, seat), NAMES2).label);

describe("The Queen's Gambit's table entry", () => {
  it('is registered: serve (and play) offer it by its id, with its bots, options and the timer as a table device', () => {
    const found = findEntry('queens-gambit');
    expect(found?.title).toBe("Star Wars: The Queen's Gambit");
    expect(TABLE_ENTRIES.map((e) => e.id)).toContain('queens-gambit');
    const web = webGame(queensGambitEntry);
    expect(web.bots.map((b) => b.id)).toEqual(['random', 'heuristic', 'search']);
    expect(web.defaultBot).toBe('heuristic');
    expect(web.usesTimer).toBe('device');
    expect(web.meta.options.map((o) => o.id)).toEqual(['deck-out', 'droid-pool', 'planning-seconds']);
    expect(web.meta.teams?.map((t) => t.players)).toEqual([2, 4]);
  });

  it("play's help offers the droid pool with the rulebook's as the default, and no option of its own for who rolls (--table-dice does)", () => {
    const help = tablePlayUsage(findEntry('queens-gambit') as NonNullable<ReturnType<typeof findEntry>>);
    const droids = help.split('\n').find((l) => l.includes('--droid-pool'));
    expect(droids).toMatch(/^ {2}--droid-pool eliminated\|box-and-eliminated {2}The droids an MTT can activate: .*\(default eliminated\)$/);
    expect(help).toContain('--table-dice');
    expect(help).not.toMatch(/--dice\b/);
  });

  it('configFor seats 2 or 4 players with the options, and refuses another count or an unknown option saying what to do', () => {
    expect(configFor(['Ana', 'Ben'], { 'deck-out': 'stop', 'droid-pool': 'box-and-eliminated' })).toEqual({
      players: [{ name: 'Ana' }, { name: 'Ben' }],
      options: { 'deck-out': 'stop', 'droid-pool': 'box-and-eliminated' },
    });
    expect(configFor(['A', 'B', 'C', 'D'], {}).players).toHaveLength(4);
    expect(() => configFor(['A', 'B', 'C'], {})).toThrow(/2 players \(the Trade Federation, then Naboo\) or 4 in two teams, not 3: seat 2 or 4/);
    expect(() => configFor(['A', 'B'], { tides: 'high' })).toThrow(/no option "tides" \(its options are deck-out, droid-pool, planning-seconds\)/);
    expect(() =>
      TableHost.start(
        queensGambitEntry,
        {
          seats: [
            { name: 'A', bot: null },
            { name: 'B', bot: null },
            { name: 'C', bot: null },
          ],
          seed: 1,
        },
        { savePath: null },
      ),
    ).toThrow(/not 3/);
  });

  it('labels the plan plainly, one small step at a time: pick card 1 of 4, 2 of 4, undo naming the card, slide a bonus card, commit', () => {
    let s = started();
    // Naboo (p2) has a bonus card to slide.
    s = {
      ...s,
      bonus: { ...s.bonus, naboo: s.decks['naboo-palace'].draw.slice(0, 1) },
      decks: { ...s.decks, 'naboo-palace': { draw: s.decks['naboo-palace'].draw.slice(1), discard: [] } },
    };
    const first = labels(s, 'p2');
    expect(first).toHaveLength(10);
    for (const l of first) expect(l).toMatch(/^Pick card 1 of 4: \S/);
    const picks = queensGambit.legalMoves(s, 'p2').map((m) => R.moveLabel(m, view(s, 'p2'), NAMES2));
    // The label names the card; the hint is its actions in words, never the label again.
    for (const p of picks) expect([p.label, p.hint === undefined || !p.label.includes(p.hint)]).toEqual([p.label, true]);
    const hints = picks.map((p) => `${p.label} ${p.hint ?? ''}`);
    const hand = s.hands[1] as string[];
    expect(hints[0]).toContain(
      DATA.decks[hand[0]?.startsWith('nb-') ? 'naboo-battlefield' : 'naboo-palace'].card((hand[0] as string).split('/')[0] as string).title ?? '',
    );
    s = applyAll(s, [{ actor: 'p2', type: 'pick', card: hand[0] as string }]).state;
    const second = labels(s, 'p2');
    expect(second.filter((l) => l.startsWith('Pick card 2 of 4: '))).toHaveLength(9);
    expect(second.at(-1)).toMatch(/^Undo: take .+ back into your hand$/);
    s = applyAll(
      s,
      hand.slice(1, 4).map((card): QgMove => ({ actor: 'p2', type: 'pick', card })),
    ).state;
    const full = labels(s, 'p2');
    expect(full).toEqual([expect.stringMatching(/^Undo: take /), 'Slide a bonus card beneath (1 of 1)', 'Commit the plan']);
    s = applyAll(s, [{ actor: 'p2', type: 'slide-bonus' }]).state;
    expect(labels(s, 'p2')).toEqual(['Take a bonus card back', 'Commit the plan']);
    const commit = queensGambit.legalMoves(s, 'p2').find((m) => m.type === 'commit') as QgMove;
    expect(R.moveLabel(commit, view(s, 'p2'), NAMES2).hint).toMatch(/^in this order: .+, then 1 bonus card$/);
    // The other side sees only that Ben is planning, and the bonus pile as "face down, unseen".
    const tf = R.viewLines(view(s, 'p1'), NAMES2).join('\n');
    expect(tf).toContain('Ben, Naboo: 10 cards in hand; planning');
    expect(tf).toContain('Naboo 1 face down, unseen');
    const own = R.viewLines(view(s, 'p2'), NAMES2).join('\n');
    expect(own).toMatch(/Ben \(you\), Naboo: 10 cards in hand; planning; plan: .+ \+ 1 bonus card \(unseen\)/);
    expect(own).toContain('Your hand (6, and 4 in the plan):');
    expect(tf).not.toContain("Ben's hand");
  });

  it("says the real Queen to Naboo only, until a Queen is eliminated; the Trade Federation's lines never tell which", () => {
    const fresh = queensGambit.setup({ players: [{ name: 'Ana' }, { name: 'Ben' }] }, 4).state;
    const queenMoves = queensGambit.legalMoves(fresh, 'p2').map((m) => R.moveLabel(m, view(fresh, 'p2'), NAMES2).label);
    expect(queenMoves).toEqual(['The Red Queen is the real Queen', 'The Purple Queen is the real Queen']);
    const chosen = queensGambit.apply(fresh, choose('p2', 'purple-queen'));
    if (!chosen.ok) throw new Error(chosen.reason);
    const told = (viewer: string) =>
      chosen.events.flatMap((e) => {
        const seen = queensGambit.eventFor(e, viewer);
        return seen === null ? [] : R.eventLines(seen, viewer, NAMES2);
      });
    expect(told('p2')).toContain('You chose the Purple Queen as the real Queen (secret from the Trade Federation).');
    expect(told('p1')).toContain('Ben chose the real Queen, in secret.');
    expect(told(TABLE)).toContain('Ben chose the real Queen, in secret.');
    for (const l of [...told('p1'), ...told(TABLE), ...R.viewLines(view(chosen.state, 'p1'), NAMES2)]) expect(namesTheRealQueen(l), l).toBe(false);
    // The check can fail: Naboo's own lines name the real Queen.
    expect(R.viewLines(view(chosen.state, 'p2'), NAMES2).some(namesTheRealQueen)).toBe(true);
    expect(R.viewLines(view(chosen.state, 'p1'), NAMES2)).toContain('The real Queen: unknown to you until a Queen is eliminated.');
    // The Purple Queen eliminated: she was the real one, and everyone is told.
    let s: QgState = { ...chosen.state, units: chosen.state.units.map((u) => (u.id === 'purple-queen' ? { ...u, damage: 2 } : u)) };
    s = {
      ...s,
      stack: [
        ...s.stack,
        chanceDecision<QgData>(
          'attack-roll',
          { kind: 'roll', dice: poolDice({ red: 1 }) },
          { at: 'attack-roll', attacker: 'darth-maul', attackerSide: 'trade-federation', target: 'purple-queen', pool: { red: 1 } },
        ),
      ],
    };
    const hit = { state: applyAll(s, [roll('multiple-hits'), roll('blank')]).state, events: applyAll(s, [roll('multiple-hits'), roll('blank')]).events };
    const tfLines = hit.events.flatMap((e) => R.eventLines(queensGambit.eventFor(e, 'p1') as QgEvent, 'p1', NAMES2));
    expect(tfLines).toContain('The Purple Queen is eliminated.');
    expect(tfLines).toContain('The Purple Queen was the real Queen: Palace Guards move 2 less from now on.');
    expect(R.viewLines(view(hit.state, 'p1'), NAMES2)).toContain(
      'The real Queen was revealed: the Purple Queen, eliminated (Palace Guards move 2 less); the Red Queen is the decoy.',
    );
  });

  it('shows the forces of every zone, damage tracks as tracks, the pieces outside the board, the shield and the space battle', () => {
    const s = started();
    const lines = R.viewLines(view(s, TABLE), NAMES2);
    const text = lines.join('\n');
    expect(lines[0]).toBe('Turn 1. The First Player marker: Ana. The table (what everyone sees).');
    expect(text).toContain('Gungan group G1 (3 of 3)');
    expect(text).toContain('Captain Panaka, damage □□□□ 0 of 4');
    expect(text).toContain('Darth Maul, damage □□□□□□□ 0 of 7');
    expect(text).toContain('21 Palace Guards');
    expect(text).toMatch(/Pieces outside the board: .*Battle Droid \d+/);
    expect(text).toContain('The shield is up');
    expect(text).toContain('The space battle: Anakin is at the start; in front of him: grid 1 (2 grey dice; blocked 2, 3, 11, 12).');
    expect(text).toContain('Starfighter deck: 8 cards left, face down.');
    expect(text).not.toContain('Your hand');
    // Damage drawn as a track; a Starfighter card on a grid shown with its blocked spaces.
    const hurt: QgState = {
      ...s,
      units: s.units.map((u) => (u.id === 'captain-panaka' ? { ...u, damage: 2 } : u)),
      stacks: s.stacks.map((st, i) => (i === 1 ? ['starfighter-7'] : st)),
    };
    const hurtText = R.viewLines(view(hurt, TABLE), NAMES2).join('\n');
    expect(hurtText).toContain('Captain Panaka, damage ■■□□ 2 of 4');
    expect(hurtText).toContain('Grid 2: 2 grey dice; blocked 2, 4, 10, 12; Starfighter cards on it (top last): Starfighter card 7 (4 grey dice; blocked 5, 9)');
  });

  it("labels every other decision's options with a hint: actions, units with their sheet, targets with their defense, dice, spaces with their odds", () => {
    const card = copy1('np-rush-the-palace');
    const atAction = {
      ...started(),
      stack: [
        {
          kind: 'action',
          asked: ['p2'],
          mayPass: [],
          close: 'first-taker' as const,
          answered: [],
          taker: null,
          chance: null,
          data: { at: 'action' as const, player: 'p2', card },
        },
      ],
    };
    expect(labels(atAction, 'p2')).toEqual(['Carry out: Captain Panaka and 4 Palace Guards (move 8)', 'Play it for nothing']);
    const acted = applyAll(atAction, [choose('p2', 'action:0')]).state;
    const unitMoves = queensGambit.legalMoves(acted, 'p2');
    const unitLabels = unitMoves.map((m) => R.moveLabel(m, view(acted, 'p2'), NAMES2));
    expect(unitLabels.map((l) => l.label)).toEqual(['Captain Panaka acts', 'A Palace Guard acts', 'Done: no more units act']);
    expect(unitLabels[0]?.hint).toBe('move 4, range: line of sight, attack 1 red, defense 1 blue, damage track 4');
    const panaka = applyAll(acted, [choose('p2', 'unit:captain-panaka')]).state;
    const targets = queensGambit.legalMoves(panaka, 'p2').map((m) => R.moveLabel(m, view(panaka, 'p2'), NAMES2));
    expect(targets.map((t) => t.label)).toContain('Attack a Battle Droid');
    expect(targets.find((t) => t.label === 'Attack Darth Maul')?.hint).toBe('defends with 1 green and 1 gold; damage □□□□□□□ 0 of 7');
    expect(targets.at(-1)?.label).toBe('No attack');
    const spaceMove = { actor: 'p1', type: 'choose', option: 'space:7' } as const;
    const placing = {
      ...started(),
      stack: [
        {
          kind: 'place-dice',
          asked: ['p1'],
          mayPass: [],
          close: 'first-taker' as const,
          answered: [],
          taker: null,
          chance: null,
          data: { at: 'place-dice' as const, player: 'p1', layer: 'grid-1', left: 1, placed: [] },
        },
      ],
    };
    expect(R.moveLabel(spaceMove, view(placing, 'p1'), NAMES2)).toEqual({ label: 'Block space 7', hint: 'Anakin rolls 7 6 times in 36' });
  });

  it("the timer as a table device: the game's own lines become the commands (planning clock, a chime for an elimination, the fanfare); anything else is an error naming it", () => {
    const events: QgEvent[] = [
      { type: 'device', line: 'TIMER 45' },
      { type: 'marker-passed', to: 'p2' },
      { type: 'device', line: 'PLAY chime' },
      { type: 'device', line: 'TIMER 0' },
      { type: 'device', line: 'PLAY fanfare' },
    ];
    expect(timerCommandsFor(events)).toEqual([{ clock: 45 }, { play: 'chime' }, { clock: 0 }, { play: 'fanfare' }]);
    expect(() => timerCommandsFor([{ type: 'device', line: 'PLAY trumpet' }])).toThrow(/"PLAY trumpet", which is neither PLAY <chime\|buzz/);
  });

  it.each(testSeeds('queens-gambit-host-games').flatMap((seed) => hostGamesOfSeed(seed, [2])))(
    'plays a whole game with bots at $players players through the host (seed $seed, $bot bots), with a timer; every line each viewer gets is only what it may know',
    (game) => playHostGame(game),
  );

  it('the check can fail: a line naming a card hidden from its reader is found', () => {
    const s = started();
    const tfCard = (s.hands[0] as string[])[0] as string;
    const hidden = secretWords(s, 'p2');
    expect(hidden).toContain(tfCard);
    const pick = R.moveLabel({ actor: 'p1', type: 'pick', card: tfCard }, view(s, 'p1'), NAMES2);
    const leak = `Ana holds ${pick.label.replace(/^Pick card \d+ of \d+: /, '')} ${pick.hint ?? ''}`;
    // Unless every copy's words are public, the hidden card's words are found in the line.
    const problems = wordLeaks(s, s, 'p2', [leak, ...R.viewLines(view(s, 'p1'), NAMES2)]);
    const ownWords = wordLeaks(s, s, 'p1', R.viewLines(view(s, 'p1'), NAMES2));
    expect(ownWords).toEqual([]);
    expect(problems.length).toBeGreaterThan(0);
  });

  it('the search bot plays its moves through the table bot driver', async () => {
    const { host } = TableHost.start(
      queensGambitEntry,
      {
        seats: [
          { name: 'Ana', bot: 'search' },
          { name: 'Ben', bot: null },
        ],
        seed: 5,
      },
      { savePath: null },
    );
    const ben = host.snapshot('p2');
    expect(ben.moves.map((m) => m.type)).toEqual(['choose', 'choose']);
    const picked = host.submit('p2', ben.moves[0]);
    expect(picked).toEqual({ ok: true });
    await host.settled();
    // Ana (the search bot) has made and committed her plan; Ben is asked for his.
    expect(host.state.plans[0]?.committed).toBe(true);
    expect(host.snapshot('p2').moves.every((m) => m.type === 'pick')).toBe(true);
    await host.close();
  }, 60_000);

  it('table dice: the host waits for what the table rolled, refuses a face the die does not have saying what it has, and takes the roll', async () => {
    const { host } = TableHost.start(
      queensGambitEntry,
      {
        seats: [
          { name: 'Ana', bot: 'heuristic' },
          { name: 'Ben', bot: 'heuristic' },
        ],
        seed: 8,
      },
      { savePath: null, chance: 'table' },
    );
    const table: string[] = [];
    host.subscribe(TABLE, (u) => {
      if (u.kind === 'snapshot') table.push(...R.viewLines(u.snapshot.view, NAMES2));
    });
    let entered = 0;
    for (let guard = 0; guard < 40 && !host.result.finished; guard++) {
      await host.settled();
      const spec = host.snapshot(TABLE).dice;
      if (spec === null || spec.kind !== 'roll') break;
      if (entered === 0) {
        const refused = host.enterDice(
          TABLE,
          spec.dice.map(() => 'seven'),
        );
        expect(refused.ok).toBe(false);
        expect(refused.ok ? '' : refused.reason).toMatch(/the dice: .*seven/);
      }
      expect(
        host.enterDice(
          TABLE,
          spec.dice.map((d) => d.faces[0]?.id),
        ),
      ).toEqual({ ok: true });
      entered++;
    }
    expect(entered).toBeGreaterThan(5);
    // The entered faces are logged as the table typed them.
    expect(host.log.moves.filter((m) => m.type === 'chance')).toHaveLength(entered);
    await host.close();
  }, 60_000);

  it('a match saved after every move resumes exactly where it was, the bots included', async () => {
    const savePath = join(testTempDir('qg-table-save-'), 'queens-gambit.save.json');
    const seats = [
      { name: 'Ana', bot: 'heuristic' },
      { name: 'Ben', bot: null },
    ];
    const first = TableHost.start(queensGambitEntry, { seats, seed: 19 }, { savePath }).host;
    await first.settled();
    // Ben chooses the Queen and picks two cards; Ana's bot has planned meanwhile.
    for (let i = 0; i < 3; i++) {
      const move = first.snapshot('p2').moves[0];
      expect(first.submit('p2', move)).toEqual({ ok: true });
      await first.settled();
    }
    const before = JSON.stringify(first.snapshot('p2'));
    const table = JSON.stringify(first.snapshot(TABLE));
    await first.close();
    const again = TableHost.resume(queensGambitEntry, { savePath }).host;
    expect(JSON.stringify(again.snapshot('p2'))).toBe(before);
    expect(JSON.stringify(again.snapshot(TABLE))).toBe(table);
    expect(again.snapshot('p2').prompt).toBe('Choose card 3 of 4 for your plan.');
    await again.close();
  });

  it('the droid pool is the rulebook\'s by default; a save that chose the variant, or holds the retired option "dice", resumes with what it chose', async () => {
    const seats = [
      { name: 'Ana', bot: 'heuristic' },
      { name: 'Ben', bot: null },
    ];
    const fresh = TableHost.start(queensGambitEntry, { seats, seed: 19 }, { savePath: null }).host;
    expect(fresh.state.droidPool).toBe('eliminated');
    await fresh.close();

    const savePath = join(testTempDir('qg-old-options-'), 'queens-gambit.save.json');
    const first = TableHost.start(queensGambitEntry, { seats, seed: 19, options: { 'droid-pool': 'box-and-eliminated' } }, { savePath }).host;
    await first.settled();
    expect(first.submit('p2', first.snapshot('p2').moves[0])).toEqual({ ok: true });
    await first.settled();
    const moves = first.log.moves.length;
    await first.close();
    // As an earlier version saved it: every option resolved into the config, "dice" among them.
    const shape = queensGambitEntry.game;
    const saved = readSave(shape, savePath);
    const config = saved.log.config;
    expect(config.options).toMatchObject({ 'droid-pool': 'box-and-eliminated' });
    writeSave(
      shape,
      savePath,
      { ...saved.log, config: { ...config, options: { ...config.options, dice: 'table' } } },
      saved.table ? { table: saved.table } : {},
    );
    expect(readSave(shape, savePath).log.config.options).toMatchObject({ dice: 'table' });

    const { host: again, notes } = TableHost.resume(queensGambitEntry, { savePath });
    expect(notes).toEqual([]);
    expect(again.state.droidPool).toBe('box-and-eliminated');
    expect(again.log.moves).toHaveLength(moves);
    expect(again.snapshot('p2').moves.length).toBeGreaterThan(0);
    await again.close();
  });
});
