import { describe, expect, it } from 'vitest';
import { GameConfigError } from '../../host/engine/table-game.ts';
import { checkMeta, checkPlayerCount, defaultOptions, resolveOptions, teamsFor } from '../../host/engine/meta.ts';
import { PLAN_META } from './plan-toy.ts';
import { REACTION_META } from './reaction-toy.ts';

describe('game metadata as data', () => {
  it('fills in the defaults and keeps what the table chose', () => {
    expect(defaultOptions(REACTION_META)).toEqual({ 'miss-a-turn': true, protection: true, burn: true, 'hand-size': 3, 'quick-seconds': 0 });
    expect(resolveOptions(REACTION_META, { protection: false, 'hand-size': 4 })).toEqual({
      'miss-a-turn': true,
      protection: false,
      burn: true,
      'hand-size': 4,
      'quick-seconds': 0,
    });
  });

  it('a bad option set gets an error naming the option', () => {
    const fails = (options: unknown) => () => resolveOptions(REACTION_META, options);
    expect(fails({ protecton: true })).toThrow(GameConfigError);
    expect(fails({ protecton: true })).toThrow(/unknown option "protecton" for Ambush; its options are miss-a-turn, protection, burn, hand-size/);
    expect(fails({ protection: 'yes' })).toThrow(/option "protection" is on or off \(true or false\), not "yes"/);
    expect(fails({ 'hand-size': 9 })).toThrow(/option "hand-size" must be a whole number from 2 to 5, not 9/);
    expect(fails({ 'hand-size': 2 })).toThrow(/option "burn" set to true cannot be combined with option "hand-size" set to 2: a Burn against hands/);
    expect(resolveOptions(REACTION_META, { 'hand-size': 2, burn: false })['hand-size']).toBe(2);
    expect(fails([1])).toThrow(/options must be an object/);
  });

  it('a rule that needs another option says which', () => {
    const meta = checkMeta({
      ...REACTION_META,
      options: [
        { id: 'lose-the-game', text: 'the Lose the Game card', kind: 'boolean', default: false },
        { id: 'pass-a-card', text: 'the Pass a Card cards', kind: 'boolean', default: false },
      ],
      rules: [
        {
          kind: 'requires',
          when: { option: 'lose-the-game', value: true },
          needs: { option: 'pass-a-card', value: true },
          why: 'otherwise it can never be given away',
        },
      ],
    });
    expect(() => resolveOptions(meta, { 'lose-the-game': true })).toThrow(
      /option "lose-the-game" set to true needs option "pass-a-card" set to true: otherwise it can never be given away/,
    );
    expect(resolveOptions(meta, { 'lose-the-game': true, 'pass-a-card': true })['lose-the-game']).toBe(true);
  });

  it('player counts and teams', () => {
    expect(() => checkPlayerCount(REACTION_META, 5)).toThrow(/Ambush is played by 2 to 4 players, not 5/);
    expect(teamsFor(PLAN_META, 4)).toEqual([
      { id: 'red', name: 'Red', seats: [0, 2] },
      { id: 'blue', name: 'Blue', seats: [1, 3] },
    ]);
    expect(teamsFor(REACTION_META, 3)).toBeNull();
  });

  it('malformed metadata is refused, saying where', () => {
    expect(() => checkMeta({ ...REACTION_META, players: { min: 3, max: 2 } })).toThrow(/game metadata \(players\): min is above max/);
    expect(() => checkMeta({ ...REACTION_META, options: [{ id: 'x', text: '', kind: 'choice', choices: ['a', 'b'], default: 'c' }] })).toThrow(
      /its default is not one of its choices/,
    );
    expect(() =>
      checkMeta({
        ...PLAN_META,
        teams: [
          {
            players: 4,
            teams: [
              { id: 'a', name: 'A', seats: [0, 1] },
              { id: 'b', name: 'B', seats: [1, 3] },
            ],
          },
        ],
      }),
    ).toThrow(/seat every player of its table size exactly once/);
    expect(() =>
      checkMeta({ ...REACTION_META, rules: [{ kind: 'excludes', when: { option: 'nope', value: true }, and: { option: 'burn', value: true }, why: '' }] }),
    ).toThrow(/names an option that is not declared/);
  });
});
