// The electrical nets of a diagram: which part pins are joined by wires, including the pins a part
// joins internally (Wokwi's convention: pins named `<prefix>.<suffix>` with the same prefix, such as a
// pushbutton's `1.l` and `1.r` or the Pico's `GND.1`..`GND.8`, are one conductor).

import type { PartPin } from './pin-map.ts';

export interface Wire {
  readonly from: PartPin;
  readonly to: PartPin;
}

function keyOf(ref: PartPin): string {
  return `${ref.part}:${ref.pin}`;
}

/** The prefix that joins pins inside a part, or null for a pin that stands alone. */
export function internalGroup(pin: string): string | null {
  const dot = pin.indexOf('.');
  return dot > 0 ? pin.slice(0, dot) : null;
}

export class Netlist {
  private readonly parent = new Map<string, string>();
  private readonly refs = new Map<string, PartPin>();

  constructor(wires: readonly Wire[]) {
    const groups = new Map<string, string>();
    for (const wire of wires) {
      for (const ref of [wire.from, wire.to]) {
        const key = this.add(ref);
        const group = internalGroup(ref.pin);
        if (group === null) continue;
        const groupKey = `${ref.part}:${group}.`;
        const first = groups.get(groupKey);
        if (first === undefined) groups.set(groupKey, key);
        else this.union(first, key);
      }
      this.union(keyOf(wire.from), keyOf(wire.to));
    }
  }

  private add(ref: PartPin): string {
    const key = keyOf(ref);
    if (!this.parent.has(key)) {
      this.parent.set(key, key);
      this.refs.set(key, ref);
    }
    return key;
  }

  private root(key: string): string {
    let current = key;
    for (;;) {
      const up = this.parent.get(current) ?? current;
      if (up === current) return current;
      const grand = this.parent.get(up) ?? up;
      this.parent.set(current, grand);
      current = grand;
    }
  }

  private union(a: string, b: string): void {
    const ra = this.root(a);
    const rb = this.root(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }

  /** True when a wire touches this pin. */
  isWired(ref: PartPin): boolean {
    return this.parent.has(keyOf(ref));
  }

  connected(a: PartPin, b: PartPin): boolean {
    if (!this.isWired(a) || !this.isWired(b)) return keyOf(a) === keyOf(b);
    return this.root(keyOf(a)) === this.root(keyOf(b));
  }

  /** Every wired pin on the same net as `ref` (including `ref` itself when it is wired). */
  members(ref: PartPin): PartPin[] {
    const key = keyOf(ref);
    if (!this.parent.has(key)) return [];
    const root = this.root(key);
    const found: PartPin[] = [];
    for (const [candidate, pin] of this.refs) {
      if (this.root(candidate) === root) found.push(pin);
    }
    return found;
  }

  /** The pins on the net of `ref`, other than those of `ref`'s own part that `ref` joins internally. */
  others(ref: PartPin): PartPin[] {
    const group = internalGroup(ref.pin);
    return this.members(ref).filter((m) => !(m.part === ref.part && (m.pin === ref.pin || (group !== null && internalGroup(m.pin) === group))));
  }
}

export function formatPin(ref: PartPin): string {
  return `${ref.part}:${ref.pin}`;
}
