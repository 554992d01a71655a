import { describe, expect, it } from 'vitest';
import { Netlist, internalGroup } from '../../hw/netlist.ts';

const pin = (ref: string) => {
  const [part = '', name = ''] = ref.split(':');
  return { part, pin: name };
};
const wire = (from: string, to: string) => ({ from: pin(from), to: pin(to) });
const names = (refs: readonly { part: string; pin: string }[]) => refs.map((r) => `${r.part}:${r.pin}`).sort();

describe('Netlist', () => {
  it('joins wired pins transitively', () => {
    const nets = new Netlist([wire('a:1', 'b:1'), wire('b:1', 'c:2'), wire('d:1', 'd:2')]);
    expect(nets.connected(pin('a:1'), pin('c:2'))).toBe(true);
    expect(nets.connected(pin('a:1'), pin('d:1'))).toBe(false);
    expect(names(nets.members(pin('c:2')))).toEqual(['a:1', 'b:1', 'c:2']);
  });

  it('joins the pins a part connects inside (same prefix before the dot), and only within that part', () => {
    const nets = new Netlist([
      wire('mcu:GP2', 'btn:1.l'),
      wire('btn:1.r', 'led:A'),
      wire('mcu:GND.1', 'x:1'),
      wire('mcu:GND.8', 'y:1'),
      wire('other:1.l', 'z:1'),
    ]);
    expect(nets.connected(pin('mcu:GP2'), pin('led:A'))).toBe(true);
    expect(nets.connected(pin('x:1'), pin('y:1'))).toBe(true);
    expect(nets.connected(pin('btn:1.l'), pin('other:1.l'))).toBe(false);
    expect(internalGroup('GND.3')).toBe('GND');
    expect(internalGroup('A10')).toBeNull();
  });

  it('lists the other pins on a net without the pin itself or its internal twins', () => {
    const nets = new Netlist([wire('mcu:GP2', 'btn:1.l'), wire('btn:1.r', 'led:A')]);
    expect(names(nets.others(pin('btn:1.l')))).toEqual(['led:A', 'mcu:GP2']);
    expect(nets.others(pin('nowhere:1'))).toEqual([]);
    expect(nets.isWired(pin('nowhere:1'))).toBe(false);
    expect(nets.connected(pin('nowhere:1'), pin('nowhere:1'))).toBe(true);
  });
});
