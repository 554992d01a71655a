// The windows as data: who may answer in each, how they nest, who is asked (public facts only);
// and in play, that the windows a move opens never depend on a hand the mover cannot see.
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import { ANSWERABLE_TARGETS } from '../../../host/games/stolen-plans/schema.ts';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { limitOf } from '../../../host/engine/decisions.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import type { SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansTable as game } from '../../../host/games/stolen-plans/table-entry.ts';

const answers = (windowId: string): string[] => CATALOG.answersIn(windowId).map(({ card, play }) => `${card.id}.${play.id}`);

describe('Stolen Plans windows', () => {
  it('open inside the turn or another window, never in a loop', () => {
    const walk = (id: string, seen: readonly string[]): void => {
      if (id === 'turn') return;
      expect(seen, `a loop through ${id}`).not.toContain(id);
      for (const outer of CATALOG.window(id).nestsIn) walk(outer, [...seen, id]);
    };
    for (const window of CATALOG.windows) walk(window.id, []);
  });

  it('nest as the rules spec says', () => {
    const inside = (inner: string, outer: string): boolean => CATALOG.window(inner).nestsIn.includes(outer);
    // Protection and Capture on a Defend on an Attack; the attacker's Protection after it.
    expect(inside('defend-played', 'target-response') && inside('target-response', 'turn')).toBe(true);
    expect(inside('attack-failed', 'target-response')).toBe(true);
    // Saw Gerrera against a Miss a Turn, inside the start of the turn.
    expect(inside('target-response', 'turn-start')).toBe(true);
    // Defection's draw when an Imperial Strike or Assault answers, and the last card it may take.
    expect(inside('imperial-played', 'target-response') && inside('last-card', 'imperial-played')).toBe(true);
    for (const id of ['steal-peek', 'discarding', 'scout-played', 'drawn', 'elimination', 'after-play', 'after-draw', 'heroes-played']) {
      expect(CATALOG.window(id).nestsIn, id).toEqual(['turn']);
    }
  });

  it('let a target answer with the cards the rulebook names, each against what it answers', () => {
    const against = Object.fromEntries(CATALOG.answersIn('target-response').map(({ card, play }) => [`${card.id}.${play.id}`, play.against]));
    expect(against).toMatchObject({
      'ewok-defend.defend': ['effect:attack'],
      'luke-skywalker.defend': ['effect:attack'],
      'lightsaber-defend.defend': ['effect:attack'],
      'attack-defend-9.defend': ['effect:attack'],
      'evade.evade': ['effect:attack'],
      'cancel.cancel': ['effect:attack', 'tag:steal-card', 'tag:imperial-strike', 'tag:rebel-strike'],
      'block-steal.block': ['card:boba-fett-steal'],
      'rebel-strike-2.cancel-strike': ['tag:imperial-strike'],
      'imperial-strike-3.cancel-strike': ['tag:rebel-strike'],
      'rebel-assault.stop-assault': ['tag:imperial-assault'],
      'imperial-assault-2.stop-assault': ['tag:rebel-assault'],
      'saw-gerrera.cancel': ['against-you'],
    });
    expect(
      Object.entries(against)
        .filter(([, a]) => a?.includes('against-you'))
        .map(([id]) => id),
    ).toEqual(['saw-gerrera.cancel']);
    expect(CATALOG.card('saw-gerrera').plays[1]?.with).toEqual([{ tag: 'rebel-hero', use: 'play' }]);
  });

  it('open the other reaction windows to the cards the rulebook names', () => {
    expect(answers('turn-start')).toEqual(['miss-a-turn.skip']);
    expect(answers('defend-played')).toEqual(['capture.capture-defend', 'protection.cancel-defend']);
    expect(answers('attack-failed')).toEqual(['protection.avoid-loss']);
    expect(answers('heroes-played')).toEqual(['capture.capture-steal']);
    expect(answers('steal-peek')).toEqual(['tracking-beacon.track']);
    expect(answers('discarding')).toEqual(['cargo-ship.load']);
    expect(answers('scout-played')).toEqual(['evade-scout.evade-scout']);
    expect(answers('imperial-played')).toEqual(['defection.defect-draw']);
    expect(answers('drawn')).toEqual(['gather-intelligence.peek-draw']);
    expect(answers('last-card')).toEqual(['continue-play.continue']);
    expect(answers('after-play')).toEqual(['food.bonus-play']);
    expect(answers('after-draw')).toEqual(['water.bonus-draw']);
    expect(answers('any-time')).toEqual(['cargo-ship.unload']);
    expect(answers('elimination').every((answer) => answer.endsWith('.save-squad'))).toBe(true);
    expect(answers('elimination')).toHaveLength(9);
  });

  it('open target-response for the cards played from a hand at one player (W7)', () => {
    const answerable = new Set(ANSWERABLE_TARGETS);
    const opening = CATALOG.cards.flatMap((card) =>
      card.plays
        .filter((play) => (play.from ?? 'hand') === 'hand' && play.target !== undefined && answerable.has(play.target) && play.unanswered !== true)
        .map((play) => `${card.id}.${play.id}`),
    );
    const attacks = CATALOG.cards.flatMap((card) => card.plays.filter((p) => p.effect.kind === 'attack').map((p) => `${card.id}.${p.id}`));
    expect(opening.filter((id) => !attacks.includes(id)).sort()).toEqual([
      'bistan.pair-steal',
      'boba-fett-steal.steal',
      'c1-10p.pair-steal',
      'chewbacca.pair-steal',
      'counter.counter',
      'crush-the-rebellion.crush',
      'death-trooper.eliminate',
      'detonator.deactivate',
      'discard-all.discard-all',
      'han-solo.pair-steal',
      'imperial-assault-2.assault',
      'imperial-assault-3.assault',
      'imperial-strike-2.strike',
      'imperial-strike-3.strike',
      'jabba-the-hutt-steal.steal',
      'jedi-mind-trick.peek-and-take',
      'lando-calrissian.pair-steal',
      'luke-skywalker.pair-steal',
      'miss-a-turn.skip',
      'pao.pair-steal',
      'princess-leia.pair-steal',
      'rebel-assault.assault',
      'rebel-strike-2.strike',
      'rebel-strike-3.strike',
      'sand-trooper.eliminate',
      'shore-trooper.eliminate',
      'steal-bonus.steal-all',
      'transport-squad.move-squad',
      'vicious-attack.vicious',
      'wedge-antilles.pair-steal',
    ]);
    // Every Attack is aimed at one player and answered.
    for (const id of attacks) expect(opening, id).toContain(id);
    // Gifts are aimed at one player but never answered.
    expect(CATALOG.cards.flatMap((card) => card.plays.filter((p) => p.unanswered === true).map((p) => `${card.id}.${p.id}`))).toEqual([
      'pass-a-card.give',
      'friendly-gesture.give',
    ]);
  });

  it('are timed exactly where the rulebook says to be quick', () => {
    expect(CATALOG.windows.filter((window) => window.quick).map((window) => window.id)).toEqual(['turn-start', 'scout-played', 'drawn']);
  });

  it('make forced decisions be answered by everyone asked, with no card', () => {
    const forced = CATALOG.windows.filter((window) => window.kind === 'forced');
    expect(forced.map((window) => window.id)).toEqual(['friendly-gesture', 'choose-discards', 'vicious-order']);
    for (const window of forced) {
      expect(window.closes).toBe('each-answers');
      expect(answers(window.id)).toEqual([]);
    }
  });

  it('ask for a hand card only players who hold a card, while one of its answers may be in a hand', () => {
    for (const window of CATALOG.windows.filter((w) => w.kind === 'reaction')) {
      const fromHand = CATALOG.answersIn(window.id).filter(({ play }) => (play.from ?? 'hand') === 'hand');
      const mayHold = window.askedOnlyIf.filter((c) => c.startsWith('may-hold:')).flatMap((c) => c.slice('may-hold:'.length).split(','));
      if (fromHand.length === 0) {
        // Answered from play: asked by what lies in play, never by a hand.
        expect(
          window.askedOnlyIf.some((c) => /^(owns|active|nominated-opener):/.test(c)),
          window.id,
        ).toBe(true);
        expect(mayHold, window.id).toEqual([]);
        continue;
      }
      expect(
        window.askedOnlyIf.some((c) => c.startsWith('holds-cards:')),
        window.id,
      ).toBe(true);
      if (window.id === 'target-response' || window.id === 'elimination') continue; // every kind of answer: a hand card
      const expected = new Set(fromHand.flatMap(({ card, play }) => [card.id, ...(play.with ?? []).flatMap((c) => (c.card === undefined ? [] : [c.card]))]));
      expect(new Set(mayHold), window.id).toEqual(expected);
    }
  });
});

describe('Stolen Plans windows open from public facts alone', () => {
  /** The reaction windows on the stack: what opens, whom it asks, its time limit. */
  const windowsOf = (s: SpState): unknown[] =>
    s.stack.filter((d) => d.chance === null && CATALOG.windows.some((w) => w.id === d.kind && w.kind === 'reaction')).map((d) => [d.kind, d.asked, limitOf(d)]);

  for (const [label, options, players] of [
    ['the bonus cards, 3 players', { bonus: true }, 3],
    ['the bonus cards, the Additional Bonus Cards and Rogue One, 4 players', { bonus: true, 'additional-bonus': true, 'rogue-one': true }, 4],
  ] as const) {
    it(`two deals the turn player cannot tell apart open the same windows after each of their moves (${label})`, () => {
      const random = randomFrom(seedRng(11));
      let compared = 0;
      let differentDeals = 0;
      const opened = new Set<string>();
      for (let seed = 1; seed <= 3; seed++) {
        let s = game.setup(
          { players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })), options: { ...options, 'quick-window-seconds': 5 } },
          seed,
        ).state;
        for (let step = 0; step < 600 && s.winners === null; step++) {
          const top = s.stack.at(-1);
          if (top?.kind === 'turn' && step % 3 === 0) {
            const player = top.asked[0] as string;
            for (let k = 0; k < 2; k++) {
              const other = game.determinize(s, player, random);
              if (JSON.stringify(other.hands) !== JSON.stringify(s.hands)) differentDeals++;
              const moves = game.legalMoves(s, player);
              expect(game.legalMoves(other, player)).toEqual(moves);
              for (const move of moves) {
                const a = game.apply(s, move);
                const b = game.apply(other, move);
                if (!a.ok || !b.ok) throw new Error('a legal move refused');
                expect(windowsOf(b.state), JSON.stringify(move)).toEqual(windowsOf(a.state));
                for (const d of a.state.stack) opened.add(d.kind);
                compared++;
              }
            }
          }
          const actor = top?.asked.find((x) => !top.answered.includes(x)) as string;
          const moves: readonly SpMove[] = top?.chance ? [sampledChanceMove(top.chance, s.rng)] : game.legalMoves(s, actor);
          const applied = game.apply(s, random.pick(moves));
          if (!applied.ok) throw new Error(applied.reason);
          s = applied.state;
        }
      }
      expect(compared).toBeGreaterThan(100);
      expect(differentDeals).toBeGreaterThan(10);
      // The Miss a Turn window at the next turn's start among them (the bonus cards are in).
      expect(opened.has('turn-start')).toBe(true);
    }, 60_000);
  }
});
