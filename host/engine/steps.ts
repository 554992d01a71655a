// Compound choices in small steps, so legal move lists stay short. Choosing and ordering 4
// cards of 10 is 5,040 whole moves but, step by step, at most 11 at a time: pick, pick, pick,
// pick (each with an undo), then commit. A choice that narrows as it goes (a unit, then its
// target, then the dice) is a path of steps with a step back. Both are plain data kept in the
// state (usually in the decision they answer), so a half-made choice is saved and replayed.

/**
 * An ordered choice of `min`..`max` items from `from`. `picked` is in the order chosen (the
 * first picked is the first played). Once `committed` it can no longer change.
 */
export interface Selection {
  from: string[];
  picked: string[];
  min: number;
  max: number;
  committed: boolean;
}

export type SelectionStep = { readonly step: 'pick'; readonly item: string } | { readonly step: 'undo' } | { readonly step: 'commit' };

export function selection(from: readonly string[], min: number, max: number = min): Selection {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min || max > from.length) {
    throw new RangeError(`a selection of ${min}..${max} items cannot be made from ${from.length}`);
  }
  if (new Set(from).size !== from.length) throw new RangeError('a selection offers an item twice');
  return { from: [...from], picked: [], min, max, committed: false };
}

/** The steps allowed now, in a fixed order: the unpicked items as offered, then undo, then commit. */
export function selectionSteps(sel: Selection): SelectionStep[] {
  if (sel.committed) return [];
  const steps: SelectionStep[] = [];
  if (sel.picked.length < sel.max) {
    for (const item of sel.from) if (!sel.picked.includes(item)) steps.push({ step: 'pick', item });
  }
  if (sel.picked.length > 0) steps.push({ step: 'undo' });
  if (sel.picked.length >= sel.min) steps.push({ step: 'commit' });
  return steps;
}

/** Why `step` is not allowed now, said for a person, or null. */
export function selectionProblem(sel: Selection, step: SelectionStep): string | null {
  if (sel.committed) return 'the choice is already committed';
  switch (step.step) {
    case 'pick':
      if (!sel.from.includes(step.item)) return `"${step.item}" is not one of the items to choose from`;
      if (sel.picked.includes(step.item)) return `"${step.item}" is already chosen`;
      if (sel.picked.length >= sel.max) return `${sel.max} are already chosen: undo one first or commit`;
      return null;
    case 'undo':
      return sel.picked.length === 0 ? 'nothing is chosen yet, so there is nothing to undo' : null;
    case 'commit':
      return sel.picked.length < sel.min ? `choose ${sel.min - sel.picked.length} more before committing (${sel.min} in all)` : null;
  }
}

/** Applies an allowed step in place (check `selectionProblem` first for untrusted input). */
export function applySelectionStep(sel: Selection, step: SelectionStep): void {
  const problem = selectionProblem(sel, step);
  if (problem !== null) throw new RangeError(problem);
  if (step.step === 'pick') sel.picked.push(step.item);
  else if (step.step === 'undo') sel.picked.pop();
  else sel.committed = true;
}

export function copySelection(sel: Selection): Selection {
  return { ...sel, from: sel.from.slice(), picked: sel.picked.slice() };
}

/**
 * A choice made along a path: each step picks one option among those the game offers for the
 * path so far (`optionsAt`), with a step back. The game says when the path is complete by
 * offering no options for it (then it resolves the choice: a unit and a target, then the roll).
 */
export type PathStep = { readonly step: 'choose'; readonly option: string } | { readonly step: 'back' };

/** The steps allowed on `path`, given the options the game offers for it: each option, then back. */
export function pathSteps(path: readonly string[], options: readonly string[]): PathStep[] {
  const steps: PathStep[] = options.map((option) => ({ step: 'choose', option }));
  if (path.length > 0) steps.push({ step: 'back' });
  return steps;
}

export function pathStepProblem(path: readonly string[], options: readonly string[], step: PathStep): string | null {
  if (step.step === 'back') return path.length === 0 ? 'nothing is chosen yet, so there is nothing to go back from' : null;
  return options.includes(step.option) ? null : `"${step.option}" is not offered here; the choices are ${options.join(', ') || 'none'}`;
}

/** Applies a step to the path in place. */
export function applyPathStep(path: string[], step: PathStep): void {
  if (step.step === 'back') path.pop();
  else path.push(step.option);
}
