import { describe, expect, it } from 'vitest';
import { cloneData } from '../../host/engine/draft.ts';

describe('cloneData', () => {
  it('copies plain data deeply so the draft can change without touching the original', () => {
    interface Shape {
      readonly a: readonly (number | { readonly b: string })[];
      readonly c: null;
      readonly d: boolean;
      readonly rng: readonly [number, number, number, number];
    }
    const original: Shape = { a: [1, { b: 'x' }], c: null, d: true, rng: [1, 2, 3, 4] };
    const draft = cloneData(original);
    expect(draft).toEqual(original);
    draft.a.push(2);
    (draft.a[1] as { b: string }).b = 'y';
    draft.rng[0] = 9;
    expect(original).toEqual({ a: [1, { b: 'x' }], c: null, d: true, rng: [1, 2, 3, 4] });
  });
});
