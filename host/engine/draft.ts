// Working copies of game states. Games expose deeply readonly, plain-data states; `apply`
// copies the state it is given into a writable draft, changes the draft and returns it, so
// the caller's state is never touched.

/** A deeply writable version of a plain-data type (tuples stay tuples). */
export type Mutable<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

/** A deep copy of plain JSON data (objects, arrays, strings, numbers, booleans, null), writable. */
export function cloneData<T>(value: T): Mutable<T> {
  return copy(value) as Mutable<T>;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}
