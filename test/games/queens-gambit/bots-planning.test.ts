// The planning Trade Federation bot: it plays legal moves to the end at both table sizes and
// deterministically from a seed, and the choices that make it stronger than the heuristic bot,
// each in a crafted state through the rules' own legal moves. Its win rate is a bench figure
// (`npm run bench`), never asserted here.
import { describe, expect, it } from 'vitest';
import type { Random } from '../../../host/engine/rng.ts';
import { fuzzTable } from '../../../host/engine/table-check.ts';
import { nabooBot, playHeadless, tableOfBots, tradeFederationBot } from '../../../host/games/queens-gambit/bots.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { accountingProblems } from '../../../host/games/queens-gambit/rules.ts';
import type { Action } from '../../../host/games/queens-gambit/schema.ts';
import { planningTradeFederationBot, tfActionValue, tfPlanPick } from '../../../host/games/queens-gambit/trade-federation-bot.ts';
import { applyAll, atCard, choose, copy1, started, tableOf } from './play-helpers.ts';

const fixed = { below: () => 0, pick: <T>(xs: readonly T[]) => xs[0] as T, split: () => fixed } as unknown as Random;

/** The planning bot's move for p1 (the Trade Federation at two players) in `s`. */
function tfMove(s: QgState): QgMove {
  return planningTradeFederationBot(queensGambit.view(s, 'p1'), queensGambit.legalMoves(s, 'p1'), fixed);
}
const option = (m: QgMove): string => (m.type === 'choose' ? m.option : m.type);

/** The tactical Naboo bot's move for p2 (Naboo at two players) in `s`. */
function nabooMove(s: QgState): QgMove {
  return nabooBot(queensGambit.view(s, 'p2'), queensGambit.legalMoves(s, 'p2'), fixed);
}

/** `s` with `card` turned over by `player` (the Trade Federation unless told) and its action `i` chosen. */
const acting = (s: QgState, card: string, i = 0, player: 'p1' | 'p2' = 'p1'): QgState =>
  applyAll(atCard(s, player, card), [choose(player, `action:${i}`)]).state;

describe('the planning Trade Federation bot plays the game', () => {
  it('is the Trade Federation bot the tables seat', () => {
    expect(tradeFederationBot).toBe(planningTradeFederationBot);
  });

  it.each([2, 4] as const)(
    'plays legal moves to the end at %i players against the Naboo heuristic bot, every card and piece accounted for',
    (players) => {
      const report = fuzzTable(queensGambit, {
        games: 2,
        firstSeed: 70 + players,
        config: () => tableOf(players),
        seating: () => tableOfBots(players, { naboo: 'heuristic', 'trade-federation': 'planning' }),
        maxSteps: 20_000,
        invariants: accountingProblems,
      });
      expect(report.failures.map((f) => f.problem.slice(0, 300))).toEqual([]);
      expect(report.finished).toBe(2);
    },
    60_000,
  );

  it('plays the same game from the same seed', () => {
    const play = () => playHeadless(2, tableOfBots(2, { naboo: 'heuristic', 'trade-federation': 'planning' }), 11);
    const a = play();
    expect(play()).toEqual(a);
    expect(a.winner).not.toBeNull();
  }, 60_000);
});

describe('the choices that make it stronger', () => {
  it('lays a Starfighter first, then Reinforce the Palace, then the Palace attacks, and keeps a Battlefield-only card back', () => {
    const view = queensGambit.view(started(), 'p1');
    const hand = ['tb-move-2-battle-droid-groups/1', 'tp-four-battle-droids/1', 'tb-reinforce-the-palace/1', 'tp-two-destroyers/1', 'tb-starfighter/1'];
    const laid: string[] = [];
    for (let i = 0; i < 4; i++) {
      const left = hand.filter((c) => !laid.includes(c));
      laid.push(tfPlanPick(view, left, laid, 4 - laid.length, fixed));
    }
    expect(laid[0]).toBe('tb-starfighter/1');
    expect(laid[1]).toBe('tb-reinforce-the-palace/1');
    expect(laid.slice(2).sort()).toEqual(['tp-four-battle-droids/1', 'tp-two-destroyers/1']);
  });

  it('values a card by what it can still do: no Starfighter without cards left, no droids activated without an MTT', () => {
    const s = started();
    const view = queensGambit.view(s, 'p1');
    const starfighter: Action = { kind: 'starfighter', cards: 1 };
    const deploy: Action = { kind: 'activate-droids', groups: [{ unit: 'battle-droid-group', count: 1 }] };
    expect(tfActionValue(view, starfighter)).toBeGreaterThan(0);
    expect(tfActionValue({ ...view, starfighterDeck: 0 }, starfighter)).toBe(0);
    expect(tfActionValue(view, deploy)).toBeGreaterThan(0);
    expect(tfActionValue({ ...view, units: view.units.filter((u) => u.unit !== 'mtt') }, deploy)).toBe(0);
    // Two destroyers remove more Palace Guards than two battle droids.
    const two = (unit: string): Action => ({ kind: 'activate', units: [{ unit, count: 2 }], windowLedge: false, doubleAttack: false });
    expect(tfActionValue(view, two('destroyer-droid'))).toBeGreaterThan(tfActionValue(view, two('battle-droid')));
    expect(tfActionValue({ ...view, palace: { ...view.palace, 'destroyer-droid': 0 } }, two('destroyer-droid'))).toBe(0);
  });

  it('on a card of two actions takes the Starfighter over moving droid groups on the Battlefield', () => {
    const s = atCard(started(), 'p1', copy1('tb-starfighter-or-battle-droids'));
    expect(option(tfMove(s))).toBe('action:0');
  });

  it('activates a destroyer before the battle droids, and shoots a Palace Guard, never a Jedi in the Melting Pit', () => {
    let s = acting(started(), copy1('tp-destroyer-and-two-battle-droids'));
    expect(option(tfMove(s))).toBe('unit:destroyer-droid');
    s = applyAll(s, [choose('p1', 'unit:destroyer-droid')]).state;
    const legal = queensGambit.legalMoves(s, 'p1').map(option);
    expect(legal).toContain('target:qui-gon');
    expect(option(tfMove(s))).toBe('target:palace-guard');
  });

  it('has Darth Maul duel the Jedi in the Pit (the more damaged one) with all three dice at once', () => {
    let s = started();
    s = { ...s, units: s.units.map((u) => (u.unit === 'qui-gon' ? { ...u, damage: 1 } : u)) };
    s = acting(s, copy1('tp-darth-maul'));
    expect(option(tfMove(s))).toBe('unit:darth-maul');
    s = applyAll(s, [choose('p1', 'unit:darth-maul')]).state;
    expect(queensGambit.legalMoves(s, 'p1').map(option)).toContain('target:palace-guard');
    expect(option(tfMove(s))).toBe('target:qui-gon');
    s = applyAll(s, [choose('p1', 'target:qui-gon')]).state;
    expect(option(tfMove(s))).toBe('dice:3');
  });

  it('once both Jedi are dead, Darth Maul leaves the Pit and kills Palace Guards one die at a time', () => {
    let s = started();
    s = { ...s, units: s.units.map((u) => (u.unit === 'obi-wan' || u.unit === 'qui-gon' ? { ...u, figures: 0, damage: 6 } : u)) };
    s = acting(s, copy1('tp-darth-maul'));
    s = applyAll(s, [choose('p1', 'unit:darth-maul')]).state;
    expect(option(tfMove(s))).toBe('leave-pit');
    s = applyAll(s, [choose('p1', 'leave-pit')]).state;
    expect(option(tfMove(s))).toBe('target:palace-guard');
    s = applyAll(s, [choose('p1', 'target:palace-guard')]).state;
    expect(option(tfMove(s))).toBe('dice:1');
  });

  it('sends the biggest droid group to the Palace, all the card allows, and draws its bonus cards from the Palace deck', () => {
    let s = started();
    const small = s.units.find((u) => u.unit === 'battle-droid-group') as { id: string };
    s = { ...s, units: s.units.map((u) => (u.unit === 'battle-droid-group' && u.id !== small.id ? { ...u, figures: 2 } : u)) };
    s = acting(s, copy1('tb-reinforce-the-palace'));
    expect(option(tfMove(s))).toBe(`group:${small.id}`);
    s = applyAll(s, [choose('p1', `group:${small.id}`)]).state;
    expect(option(tfMove(s))).toBe('count:4');
    const bonus = { ...started(), stack: [] as QgState['stack'] };
    bonus.stack = [
      {
        kind: 'bonus',
        asked: ['p1'],
        mayPass: [],
        close: 'first-taker',
        answered: [],
        taker: null,
        chance: null,
        data: { at: 'bonus', player: 'p1', side: 'trade-federation', count: 1 },
      },
    ];
    expect(queensGambit.legalMoves(bonus, 'p1').map(option)).toEqual(['battlefield', 'palace']);
    expect(option(tfMove(bonus))).toBe('palace');
  });
});

describe('the Palace tactics the tactical Naboo bot shares', () => {
  it('plays legal moves to the end against the planning bot, deterministically', () => {
    const play = () => playHeadless(2, tableOfBots(2, { naboo: 'tactical', 'trade-federation': 'planning' }), 12);
    expect(play()).toEqual(play());
  }, 60_000);

  it('has a Jedi duel Darth Maul in the Pit with all three dice, not shoot droids through the door', () => {
    let s = acting(started(), copy1('np-qui-gon-fury'), 0, 'p2');
    s = applyAll(s, [choose('p2', 'unit:qui-gon')]).state;
    expect(queensGambit.legalMoves(s, 'p2').map(option)).toContain('target:battle-droid');
    expect(option(nabooMove(s))).toBe('target:darth-maul');
    s = applyAll(s, [choose('p2', 'target:darth-maul')]).state;
    expect(option(nabooMove(s))).toBe('dice:3');
  });

  it('has a Palace Guard shoot a Battle Droid (one hit, no defense) before a Destroyer Droid, never Darth Maul in the Pit', () => {
    let s = acting(started(), copy1('np-move-3-guards'), 0, 'p2');
    s = applyAll(s, [choose('p2', 'unit:palace-guard')]).state;
    const legal = queensGambit.legalMoves(s, 'p2').map(option);
    expect(legal).toEqual(expect.arrayContaining(['target:destroyer-droid', 'target:darth-maul']));
    expect(option(nabooMove(s))).toBe('target:battle-droid');
  });
});
