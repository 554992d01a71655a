import { describe, expect, it } from 'vitest';
import { copyOnWrite } from '../../host/engine/cow.ts';
import {
  answer,
  answerProblem,
  answerTop,
  CHANCE,
  chanceDecision,
  decision,
  isClosed,
  stackProblems,
  stackWaitingOn,
  waitingOn,
  type Decision,
} from '../../host/engine/decisions.ts';

const window = (close: 'first-taker' | 'all-answered' | 'all-committed', asked = ['p2', 'p3', 'p4'], mayPass: boolean | string[] = true) =>
  decision({ kind: 'protect', asked, mayPass, close, data: null });

describe('decisions', () => {
  it('first taker: everyone asked is waited on until one takes, which closes it for all', () => {
    const d = window('first-taker');
    expect(waitingOn(d)).toEqual(['p2', 'p3', 'p4']);
    expect(answer(d, 'p3', 'pass')).toBe(false);
    expect(waitingOn(d)).toEqual(['p2', 'p4']);
    expect(answer(d, 'p4', 'take')).toBe(true);
    expect(d.taker).toBe('p4');
    expect(waitingOn(d)).toEqual([]);
    expect(answerProblem(d, 'p2', 'take')).toMatch(/already taken by "p4"/);
  });

  it('first taker: it also closes when every one of them has passed, and nobody took it', () => {
    const d = window('first-taker', ['p1', 'p2']);
    answer(d, 'p2', 'pass');
    expect(isClosed(d)).toBe(false);
    expect(answer(d, 'p1', 'pass')).toBe(true);
    expect(d.taker).toBeNull();
  });

  it('all answered: closes after each one asked has answered once, in any order', () => {
    const d = window('all-answered', ['p2', 'p3', 'p4'], false);
    expect(answer(d, 'p4', 'take')).toBe(false);
    expect(answerProblem(d, 'p4', 'take')).toMatch(/already answered/);
    expect(answerProblem(d, 'p2', 'pass')).toMatch(/may not pass/);
    expect(answer(d, 'p2', 'take')).toBe(false);
    expect(waitingOn(d)).toEqual(['p3']);
    expect(answer(d, 'p3', 'take')).toBe(true);
  });

  it('all committed: only a commit answers it', () => {
    const d = window('all-committed', ['p1', 'p2'], false);
    expect(answerProblem(d, 'p1', 'take')).toMatch(/closed with a commit/);
    expect(answer(d, 'p2', 'commit')).toBe(false);
    expect(waitingOn(d)).toEqual(['p1']);
    expect(answer(d, 'p1', 'commit')).toBe(true);
  });

  it('who may pass is said per player', () => {
    const d = window('first-taker', ['p1', 'p2'], ['p2']);
    expect(answerProblem(d, 'p1', 'pass')).toMatch(/"p1" may not pass/);
    expect(answerProblem(d, 'p2', 'pass')).toBeNull();
    expect(answerProblem(d, 'p5', 'take')).toMatch(/"p5" is not asked/);
    expect(() => answer(d, 'p1', 'pass')).toThrow(/may not pass/);
  });

  it('nested windows: whose move comes from the top of the stack; the inner one resolves first', () => {
    const turn = decision({ kind: 'turn', asked: ['p1'], close: 'first-taker', data: null });
    const defend = decision({ kind: 'defend', asked: ['p2'], mayPass: true, close: 'first-taker', data: null });
    const stack: Decision[] = [turn, defend];
    expect(stackWaitingOn(stack)).toEqual(['p2']);
    stack.push(window('first-taker', ['p1', 'p3']));
    expect(stackWaitingOn(stack)).toEqual(['p1', 'p3']);
    stack.pop();
    expect(stackWaitingOn(stack)).toEqual(['p2']);
    expect(stackWaitingOn([])).toEqual([]);
  });

  it('chance decisions ask the chance actor alone', () => {
    const roll = chanceDecision('roll', { kind: 'index', size: 3, secret: true }, null);
    expect(waitingOn(roll)).toEqual([CHANCE]);
    expect(stackProblems([roll])).toEqual([]);
    expect(stackProblems([{ ...roll, chance: null }])).toEqual([expect.stringMatching(/only chance decisions ask "chance"/)]);
  });

  it('refuses malformed decisions and reports a closed one left on the stack', () => {
    expect(() => decision({ kind: 'x', asked: [], close: 'first-taker', data: null })).toThrow(/asks nobody/);
    expect(() => decision({ kind: 'x', asked: ['p1', 'p1'], close: 'first-taker', data: null })).toThrow(/twice/);
    expect(() => decision({ kind: 'x', asked: ['p1'], mayPass: ['p2'], close: 'first-taker', data: null })).toThrow(/does not ask them/);
    const d = window('first-taker', ['p1']);
    answer(d, 'p1', 'take');
    expect(stackProblems([d])).toEqual([expect.stringMatching(/closed but still on the stack/)]);
  });

  it('answerTop answers on a copy-on-write draft without touching the state it came from', () => {
    const state = { stack: [window('all-answered', ['p1', 'p2'], false)] };
    const before = JSON.stringify(state);
    const { root, writer } = copyOnWrite(state);
    expect(answerTop(writer.own(root, 'stack'), 'p2', 'take', writer)).toBe(false);
    expect(JSON.stringify(state)).toBe(before);
    expect(root.stack[0]?.answered).toEqual(['p2']);
  });
});
