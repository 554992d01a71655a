import { describe, expect, it } from 'vitest';
import { applyPathStep, applySelectionStep, pathStepProblem, pathSteps, selection, selectionProblem, selectionSteps } from '../../host/engine/steps.ts';

const TEN = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

describe('choose and order k of n in small steps', () => {
  it('choosing 4 of 10 never offers more than 11 steps at once (not 5,040 whole moves)', () => {
    const sel = selection(TEN, 4);
    const sizes: number[] = [];
    for (const item of ['c', 'a', 'j', 'e']) {
      sizes.push(selectionSteps(sel).length);
      applySelectionStep(sel, { step: 'pick', item });
    }
    sizes.push(selectionSteps(sel).length);
    expect(sizes).toEqual([10, 10, 9, 8, 2]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(11);
    expect(selectionSteps(sel)).toEqual([{ step: 'undo' }, { step: 'commit' }]);
    expect(sel.picked).toEqual(['c', 'a', 'j', 'e']);
  });

  it('undo takes back the last pick before the commit; nothing changes after it', () => {
    const sel = selection(TEN, 2);
    applySelectionStep(sel, { step: 'pick', item: 'b' });
    applySelectionStep(sel, { step: 'pick', item: 'd' });
    applySelectionStep(sel, { step: 'undo' });
    expect(sel.picked).toEqual(['b']);
    expect(selectionProblem(sel, { step: 'commit' })).toMatch(/choose 1 more before committing/);
    applySelectionStep(sel, { step: 'pick', item: 'a' });
    applySelectionStep(sel, { step: 'commit' });
    expect(sel.picked).toEqual(['b', 'a']);
    expect(selectionSteps(sel)).toEqual([]);
    expect(selectionProblem(sel, { step: 'undo' })).toMatch(/already committed/);
  });

  it('says why a step is refused', () => {
    const sel = selection(TEN, 1);
    expect(selectionProblem(sel, { step: 'undo' })).toMatch(/nothing to undo/);
    expect(selectionProblem(sel, { step: 'pick', item: 'z' })).toMatch(/"z" is not one of the items/);
    applySelectionStep(sel, { step: 'pick', item: 'a' });
    expect(selectionProblem(sel, { step: 'pick', item: 'a' })).toMatch(/already chosen/);
    expect(selectionProblem(sel, { step: 'pick', item: 'b' })).toMatch(/1 are already chosen/);
    expect(() => selection(['a'], 2)).toThrow(/cannot be made from 1/);
  });

  it('a choice along a path: unit, then target, with a step back', () => {
    const path: string[] = [];
    expect(pathSteps(path, ['tank', 'jedi'])).toEqual([
      { step: 'choose', option: 'tank' },
      { step: 'choose', option: 'jedi' },
    ]);
    applyPathStep(path, { step: 'choose', option: 'tank' });
    expect(pathSteps(path, ['droid'])).toEqual([{ step: 'choose', option: 'droid' }, { step: 'back' }]);
    expect(pathStepProblem(path, ['droid'], { step: 'choose', option: 'tank' })).toMatch(/not offered here; the choices are droid/);
    applyPathStep(path, { step: 'back' });
    expect(path).toEqual([]);
    expect(pathStepProblem(path, ['tank'], { step: 'back' })).toMatch(/nothing to go back from/);
  });
});
