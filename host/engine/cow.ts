// One set of rules, two ways to apply them (after OpenSpiel's in-place `ApplyAction` and
// `Clone`). A game writes its rules once against a Writer: every nested object or list it
// changes is first claimed with `own(parent, key)`. In place (playouts on a clone), `own` hands
// back the object itself; copy-on-write (a persistent `apply`), it copies that object once,
// puts the copy into its (already owned) parent and hands the copy back, so only what a move
// changes is copied and everything else is shared with the state before it.

export interface Writer {
  /**
   * `parent[key]`, writable. `parent` must be the root being written or something this writer
   * handed out; a copy-on-write writer throws otherwise (a write that would reach the caller's state).
   */
  own<P extends object, K extends keyof P>(parent: P, key: K): P[K];
  /**
   * True when `own` hands back the object itself (the in-place writer): a hot rule may then read
   * `parent[key]` directly instead of calling `own` (one call site per field stays fast in V8,
   * where a shared `own` would see every shape and key).
   */
  readonly inPlace: boolean;
}

const IN_PLACE: Writer = { own: (parent, key) => parent[key], inPlace: true };

/** The writer for changing a state in place (a clone made for a playout). */
export function inPlaceWriter(): Writer {
  return IN_PLACE;
}

function shallowCopy<T>(value: T): T {
  return (Array.isArray(value) ? value.slice() : { ...(value as object) }) as T;
}

/** A shallow copy of `state` to write, and the writer that copies what is claimed below it. */
export function copyOnWrite<S extends object>(state: S): { readonly root: S; readonly writer: Writer } {
  const root = shallowCopy(state);
  const owned = new Set<object>([root]);
  const writer: Writer = {
    inPlace: false,
    own(parent, key) {
      if (!owned.has(parent)) throw new Error(`copy-on-write: "${String(key)}" is claimed from an object that was not claimed first`);
      const child = parent[key];
      if (typeof child !== 'object' || child === null || owned.has(child)) return child;
      const copy = shallowCopy(child);
      parent[key] = copy;
      owned.add(copy);
      return copy;
    },
  };
  return { root, writer };
}
