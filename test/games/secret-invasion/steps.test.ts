// A Secret Invasion discard in small steps (host/games/secret-invasion/choosing.ts, table-game.ts):
// the card, then the target where it needs one, then the value where it needs one; undo before
// the last step; a target that is the only one offered taken with the card; nothing shown to the
// others until the last step; the value list the same whatever the target holds; Boba Fett's
// second try the same way; the labels and their knock-out hints; a whole move of the older
// format refused with what to do.
import { describe, expect, it } from 'vitest';
import { forEachPlayoutState } from '../../../host/engine/table-check.ts';
import { NO_TARGET_STEP, onlyTarget, TARGET_STEP, targetOffer, targetOptions } from '../../../host/games/secret-invasion/choosing.ts';
import type { SecretInvasionState, SecretInvasionStep } from '../../../host/games/secret-invasion/model.ts';
import { stepLabel } from '../../../host/games/secret-invasion/step-labels.ts';
import { secretInvasionTable as game } from '../../../host/games/secret-invasion/table-game.ts';
import { configFor, deck, handOf, isOut, table } from './fixtures.ts';

function step(state: SecretInvasionState, move: SecretInvasionStep): { state: SecretInvasionState; events: readonly { type: string }[] } {
  expect(game.legalMoves(state, move.actor)).toContainEqual(move);
  const applied = game.apply(state, move);
  if (!applied.ok) throw new Error(`${JSON.stringify(move)} refused: ${applied.reason}`);
  return { state: applied.state, events: applied.events };
}

const values = (actor: string): SecretInvasionStep[] => [2, 3, 4, 5, 6, 7, 8].map((value) => ({ actor, type: 'name', value }));
const undo = (actor: string): SecretInvasionStep => ({ actor, type: 'undo' });

describe('a Secret Invasion discard in small steps', () => {
  const four = () => table(4, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'], p3: ['han-solo'], p4: ['c-3po'] }, protected: ['p4'] });

  it('card, then target, then value; each list short; the move is played, and told, only at the last step', () => {
    const start = four();
    expect(game.legalMoves(start, 'p1')).toEqual([
      { actor: 'p1', type: 'discard', character: 'stormtrooper' },
      { actor: 'p1', type: 'discard', character: 'chewbacca' },
    ]);
    const card = step(start, { actor: 'p1', type: 'discard', character: 'stormtrooper' });
    expect(card.events).toEqual([]);
    expect(card.state.choosing).toEqual({ character: 'stormtrooper', target: null });
    expect(handOf(card.state, 'p1')).toEqual(['stormtrooper', 'chewbacca']);
    // The protected p4 is not offered.
    expect(game.legalMoves(card.state, 'p1')).toEqual([
      { actor: 'p1', type: 'target', target: 'p2' },
      { actor: 'p1', type: 'target', target: 'p3' },
      undo('p1'),
    ]);
    expect(game.prompt(card.state, 'p1')).toBe('Stormtrooper: whom do you choose?');
    const target = step(card.state, { actor: 'p1', type: 'target', target: 'p2' });
    expect(target.events).toEqual([]);
    expect(game.legalMoves(target.state, 'p1')).toEqual([...values('p1'), undo('p1')]);
    expect(game.prompt(target.state, 'p1')).toBe('Stormtrooper: which value do you name for Ben (p2)?');
    const named = step(target.state, { actor: 'p1', type: 'name', value: 8 });
    expect(named.events.map((e) => e.type)).toEqual(['card-discarded', 'guessed', 'player-out', 'card-discarded', 'turn-started', 'card-drawn']);
    expect(isOut(named.state, 'p2')).toBe(true);
    expect(named.state.choosing).toBeNull();
  });

  it('the value list is the same whatever the target holds, and nothing of the choice reaches anyone else', () => {
    const card = step(four(), { actor: 'p1', type: 'discard', character: 'stormtrooper' });
    const atBen = step(card.state, { actor: 'p1', type: 'target', target: 'p2' }).state;
    const atCal = step(card.state, { actor: 'p1', type: 'target', target: 'p3' }).state;
    expect(game.legalMoves(atBen, 'p1').map((m) => JSON.stringify(m))).toEqual(game.legalMoves(atCal, 'p1').map((m) => JSON.stringify(m)));
    const start = four();
    for (const other of ['p2', 'p3', 'p4']) {
      for (const during of [card.state, atBen, atCal]) {
        expect(game.view(during, other)).toEqual(game.view(start, other));
        expect(game.prompt(during, other)).toBe(game.prompt(start, other));
        expect(game.legalMoves(during, other)).toEqual([]);
      }
    }
    expect(game.view(atBen, 'p1').choosing).toEqual({ character: 'stormtrooper', target: 'p2' });
  });

  it('undo goes back one step at a time, and there is nothing to undo before the card', () => {
    const start = four();
    const card = step(start, { actor: 'p1', type: 'discard', character: 'stormtrooper' });
    const target = step(card.state, { actor: 'p1', type: 'target', target: 'p3' });
    const back = step(target.state, undo('p1'));
    expect(back.events).toEqual([]);
    expect(back.state.choosing).toEqual({ character: 'stormtrooper', target: null });
    const backAgain = step(back.state, undo('p1'));
    expect(backAgain.state).toEqual(start);
    expect(game.judge(start, undo('p1'))).toBe('nothing is chosen yet, so there is nothing to undo');
    expect(game.undoes?.(undo('p1'))).toBe(true);
  });

  it('refuses a step out of order, saying what is asked', () => {
    const start = four();
    expect(game.judge(start, { actor: 'p1', type: 'target', target: 'p2' })).toBe('choose the card to discard first, then its target');
    expect(game.judge(start, { actor: 'p1', type: 'name', value: 3 })).toBe('choose the card to discard first');
    const card = step(start, { actor: 'p1', type: 'discard', character: 'stormtrooper' }).state;
    expect(game.judge(card, { actor: 'p1', type: 'discard', character: 'chewbacca' })).toBe('Stormtrooper is chosen: choose its target, or undo');
    expect(game.judge(card, { actor: 'p1', type: 'target', target: 'p4' })).toBe('Dee (p4) is protected by Chewbacca until their next turn');
    expect(game.judge(card, { actor: 'p1', type: 'target', target: null })).toBe('Stormtrooper needs a target: choose one of Ben (p2), Cal (p3)');
    expect(game.judge(card, { actor: 'p1', type: 'target', target: 'p1' })).toBe('Stormtrooper targets an opponent, not yourself');
    const target = step(card, { actor: 'p1', type: 'target', target: 'p2' }).state;
    expect(game.judge(target, { actor: 'p1', type: 'name', value: 1 })).toBe('name a value from 2 to 8 with Stormtrooper, got 1');
    expect(game.judge(target, { actor: 'p2', type: 'undo' })).toBe("it is Ana (p1)'s turn, not Ben (p2)'s");
  });

  it('a card without a target, or with nobody to target, is played with the card step', () => {
    const chewie = step(four(), { actor: 'p1', type: 'discard', character: 'chewbacca' });
    expect(chewie.events.map((e) => e.type)).toEqual(['card-discarded', 'protected', 'turn-started', 'card-drawn']);
    const alone = table(3, { hands: { p1: ['stormtrooper', 'han-solo'], p2: ['c-3po'], p3: ['darth-vader'] }, protected: ['p2', 'p3'] });
    const guess = step(alone, { actor: 'p1', type: 'discard', character: 'stormtrooper' });
    expect(guess.events.map((e) => e.type)).toEqual(['card-discarded', 'no-effect', 'turn-started', 'card-drawn']);
    const look = step(alone, { actor: 'p1', type: 'discard', character: 'han-solo' });
    expect(look.events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'han-solo', reason: 'all-protected' });
  });

  it("the only target offered (the one opponent of two players) is taken with the card; undo goes back past it; Han Solo's 'no one' is a choice", () => {
    const two = table(2, { hands: { p1: ['stormtrooper', 'han-solo'], p2: ['c-3po'] } });
    const card = step(two, { actor: 'p1', type: 'discard', character: 'stormtrooper' });
    expect(card.state.choosing).toEqual({ character: 'stormtrooper', target: 'p2' });
    expect(game.legalMoves(card.state, 'p1')).toEqual([...values('p1'), undo('p1')]);
    expect(step(card.state, undo('p1')).state).toEqual(two);
    const han = step(two, { actor: 'p1', type: 'discard', character: 'han-solo' });
    expect(game.legalMoves(han.state, 'p1')).toEqual([
      { actor: 'p1', type: 'target', target: null },
      { actor: 'p1', type: 'target', target: 'p2' },
      undo('p1'),
    ]);
    const declined = step(han.state, { actor: 'p1', type: 'target', target: null });
    expect(declined.events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'han-solo', reason: 'declined' });
    const looked = step(han.state, { actor: 'p1', type: 'target', target: 'p2' });
    expect(looked.events.map((e) => e.type)).toContain('han-looked');
  });

  it("Boba Fett's second try: stop, or guess again, then the target, then the value, with undo", () => {
    const start = table(3, { hands: { p1: ['boba-fett', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    let s = step(start, { actor: 'p1', type: 'discard', character: 'boba-fett' }).state;
    s = step(s, { actor: 'p1', type: 'target', target: 'p2' }).state;
    const missed = step(s, { actor: 'p1', type: 'name', value: 2 });
    expect(missed.events.map((e) => e.type)).toEqual(['card-discarded', 'guessed', 'second-try-offered']);
    const again = step(missed.state, { actor: 'p1', type: 'guess-again' });
    expect(again.events).toEqual([]);
    expect(game.legalMoves(again.state, 'p1')).toEqual([
      { actor: 'p1', type: 'target', target: 'p2' },
      { actor: 'p1', type: 'target', target: 'p3' },
      undo('p1'),
    ]);
    expect(game.prompt(again.state, 'p1')).toBe('Boba Fett: whom do you guess at this time?');
    expect(step(again.state, undo('p1')).state).toEqual(missed.state);
    const at = step(again.state, { actor: 'p1', type: 'target', target: 'p3' });
    expect(game.legalMoves(at.state, 'p1')).toEqual([...values('p1'), undo('p1')]);
    const hit = step(at.state, { actor: 'p1', type: 'name', value: 3 });
    expect(hit.events.map((e) => e.type)).toEqual(['guessed', 'player-out', 'card-discarded', 'turn-started', 'card-drawn']);
    expect(isOut(hit.state, 'p3')).toBe(true);
  });

  it('labels each step for its chooser; the knock-out warning is the hint of the step that puts you out', () => {
    const leia = table(3, { hands: { p1: ['princess-leia', 'luke-skywalker'], p2: ['c-3po'], p3: ['han-solo'] } });
    const view = game.view(leia, 'p1');
    const names = { p1: 'Ana', p2: 'Ben', p3: 'Cal' };
    expect(stepLabel({ actor: 'p1', type: 'discard', character: 'princess-leia' }, view, deck, names)).toEqual({
      label: 'Discard Princess Leia (8)',
      hint: 'Discarding Princess Leia puts you out of the round.',
    });
    const luke = step(leia, { actor: 'p1', type: 'discard', character: 'luke-skywalker' }).state;
    const lukeView = game.view(luke, 'p1');
    expect(game.legalMoves(luke, 'p1').map((m) => stepLabel(m, lukeView, deck, names))).toEqual([
      { label: 'yourself', hint: 'Luke Skywalker on yourself makes you discard Princess Leia, which puts you out of the round.' },
      { label: 'Ben' },
      { label: 'Cal' },
      { label: 'Back: choose another card' },
    ]);
    // Everyone else protected: Luke can only take yourself, with the card, and the card step says so.
    const cornered = table(3, { hands: { p1: ['princess-leia', 'luke-skywalker'], p2: ['c-3po'], p3: ['han-solo'] }, protected: ['p2', 'p3'] });
    expect(stepLabel({ actor: 'p1', type: 'discard', character: 'luke-skywalker' }, game.view(cornered, 'p1'), deck, names).hint).toMatch(
      /^Luke Skywalker on yourself makes you discard Princess Leia, which puts you out of the round\. /,
    );
    const trooper = step(table(3, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['c-3po'], p3: ['han-solo'] } }), {
      actor: 'p1',
      type: 'discard',
      character: 'stormtrooper',
    }).state;
    const at = step(trooper, { actor: 'p1', type: 'target', target: 'p2' }).state;
    expect(game.legalMoves(at, 'p1').map((m) => stepLabel(m, game.view(at, 'p1'), deck, names).label)).toEqual([
      'Han Solo (2)',
      'C-3PO or R2-D2 (3)',
      'Chewbacca (4)',
      'Luke Skywalker (5)',
      'Darth Vader (6)',
      'Obi-Wan Kenobi (7)',
      'Princess Leia (8)',
      'Back: choose another player',
    ]);
  });

  it('a whole move of the older format is refused, saying so and what to do', () => {
    const start = four();
    const whole = { actor: 'p1', type: 'discard', character: 'stormtrooper', target: 'p2', guess: 3 } as unknown as SecretInvasionStep;
    expect(game.apply(start, whole)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^this is a whole move \(card, target and value in one\), .*: send the card \(discard\), then its target, then the value/),
    });
  });
});

describe('the target a discard offers, worked out without building the list', () => {
  it('targetOffer says what targetOptions and onlyTarget say, for every card and seat, over random playouts', () => {
    const seen = new Set<string>();
    let compared = 0;
    for (const players of [2, 3, 4]) {
      forEachPlayoutState(game, { games: 15, firstSeed: players * 100, config: () => configFor(players), maxSteps: 5_000 }, (state) => {
        for (const actor of game.players(state)) {
          for (const character of deck.characters) {
            const options = targetOptions(state, actor, character);
            const only = onlyTarget(options);
            const expected = options === null ? NO_TARGET_STEP : only === undefined ? TARGET_STEP : only;
            expect(targetOffer(state, actor, character)).toBe(expected);
            seen.add(typeof expected === 'string' ? 'one' : String(expected));
            compared++;
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(10_000);
    expect([...seen].sort()).toEqual(['0', '1', 'one']);
  });
});
