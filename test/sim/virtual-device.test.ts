import { describe, expect, it } from 'vitest';
import { FirmwareAbiError, FirmwareTrapError, NvStore, VirtualDevice, mixSeed, trapReason } from '../../sim/device/index.ts';
import { BLINK_MS, fakeFirmware } from './fake-firmware.ts';

function device(options: { seed?: number; bounce?: boolean; store?: NvStore; startMs?: number } = {}) {
  const fake = fakeFirmware();
  const dev = VirtualDevice.create({ seed: options.seed ?? 7, firmware: fake.factory, ...options });
  const firmware = () => {
    const last = fake.instances.at(-1);
    if (!last) throw new Error('no firmware instance');
    return last;
  };
  return { dev, fake, firmware };
}

describe('VirtualDevice clock', () => {
  it('boots at t=0 with the seed and runs the firmware at each wake instant in order', () => {
    const { dev, firmware } = device();
    expect(dev.lines).toEqual(['EVT POWER on seed=7']);
    dev.advance(1200);
    expect(dev.now).toBe(1200);
    const ticks = firmware()
      .calls.filter((c) => c.name === 'tick')
      .map((c) => c.args[0]);
    expect(ticks).toEqual([500, 1000, 1200]);
    expect(dev.leds).toBe(0);
    dev.advance(300);
    expect(dev.leds).toBe(1);
  });

  it('passes the clock to the firmware modulo 2^32 when started near the wrap', () => {
    const { dev, firmware } = device({ startMs: 2 ** 32 - 200 });
    dev.advance(600);
    expect(dev.now).toBe(2 ** 32 + 400);
    expect(firmware().calls[0]).toEqual({ name: 'init', args: [7, 2 ** 32 - 200] });
    const ticks = firmware()
      .calls.filter((c) => c.name === 'tick')
      .map((c) => c.args[0]);
    expect(ticks).toEqual([300, 400]);
  });

  it('reports when it next needs to run', () => {
    const { dev } = device();
    expect(dev.msUntilNextEvent()).toBe(BLINK_MS);
    dev.advance(100);
    expect(dev.msUntilNextEvent()).toBe(400);
    dev.send('SLEEP');
    expect(dev.msUntilNextEvent()).toBeUndefined();
  });
});

describe('VirtualDevice serial', () => {
  it('feeds a line byte by byte with its newline and returns the answer', () => {
    const { dev, firmware } = device();
    expect(dev.send('HELLO')).toEqual(['OK HELLO name=fake']);
    const bytes = firmware()
      .calls.filter((c) => c.name === 'rx')
      .map((c) => c.args[0]);
    expect(bytes).toEqual([...'HELLO\n'].map((c) => c.charCodeAt(0)));
  });

  it('answers SIM lines itself, in order with the events they cause', () => {
    const { dev } = device();
    dev.takeLines();
    expect(dev.send('SIM ADVANCE 1000')).toEqual(['OK ADVANCE now=1000']);
    expect(dev.send('sim pin 2 1')).toEqual(['EVT EDGE 2 1 t=1000', 'OK PIN']);
    expect(dev.send('SIM BATTERY 3400')).toEqual(['OK BATTERY']);
    expect(dev.send('BATTERY')).toEqual(['OK BATTERY mv=3400']);
    expect(dev.send('SIM PIN x 1')).toEqual(['ERR bad-value button']);
    expect(dev.takeLines()).toHaveLength(6);
  });

  it('gives overlong and bad-byte SIM lines to the firmware', () => {
    const { dev, firmware } = device();
    const long = `SIM ADVANCE ${'1'.repeat(80)}`;
    expect(dev.send(long)).toEqual([`ERR unknown ${long}`]);
    expect(dev.send('SIM\tADVANCE 1')).toEqual(['ERR unknown SIM\tADVANCE 1']);
    expect(firmware().calls.filter((c) => c.name === 'rx').length).toBe(long.length + 1 + 14);
  });

  it('is dead while powered off but still answers SIM lines', () => {
    const { dev, fake } = device();
    expect(dev.send('SIM POWER off')).toEqual(['OK POWER']);
    expect(dev.state).toBe('off');
    expect(dev.send('HELLO')).toEqual([]);
    expect(dev.send('SIM ADVANCE 5000')).toEqual(['OK ADVANCE now=5000']);
    expect(dev.send('SIM POWER on')).toEqual([`EVT POWER on seed=${mixSeed(7, 1)}`, 'OK POWER']);
    expect(fake.instances).toHaveLength(2);
    expect(dev.send('HELLO')).toEqual(['OK HELLO name=fake']);
  });

  it('drops a half-sent line at power off', () => {
    const { dev } = device();
    dev.sendBytes('HEL');
    dev.setPower(false);
    dev.setPower(true);
    expect(dev.send('HELLO')).toEqual(['OK HELLO name=fake']);
  });
});

describe('VirtualDevice outputs and power', () => {
  it('records the buzzer timeline and darkens outputs at power off', () => {
    const { dev } = device();
    dev.advance(600);
    expect(dev.leds).toBe(1);
    dev.send('TONE');
    dev.advance(100);
    dev.send('QUIET');
    dev.setPower(false);
    expect(dev.leds).toBe(0);
    expect(dev.toneTimeline).toEqual([
      { t: 600, hz: 440, volume: 2 },
      { t: 700, hz: 0, volume: 0 },
    ]);
  });

  it('keeps committed store bytes across a power cycle and loses uncommitted ones', () => {
    const store = new NvStore();
    const { dev } = device({ store });
    dev.send('SAVE');
    dev.send('WRITE');
    expect(dev.send('LOAD')).toEqual(['OK LOAD 66 255']);
    dev.setPower(false);
    dev.setPower(true);
    dev.send('SAVE');
    expect(store.bytes()[1]).toBe(0xff);
    expect(dev.send('LOAD')).toEqual(['OK LOAD 66 255']);
  });

  it('counts wake-ups: one per wake instant and one per burst of calls inside a millisecond', () => {
    const { dev } = device();
    const boot = dev.energy();
    expect(boot.wakeups).toBe(1);
    dev.advance(2100);
    expect(dev.energy().wakeups).toBe(5);
    dev.send('HELLO');
    expect(dev.energy().wakeups).toBe(6);
    expect(dev.send('SIM ENERGY')).toEqual([expect.stringMatching(/^OK ENERGY uah=\d+ wakeups=6 awake_ms=6$/)]);
  });

  it("draws nothing while off and holds the last boot's totals until the next boot", () => {
    const { dev } = device();
    dev.advance(1000);
    dev.setPower(false);
    const off = dev.energy();
    dev.advance(60_000);
    expect(dev.energy()).toEqual(off);
    expect(dev.send('SIM ENERGY')).toEqual([`OK ENERGY uah=${Math.round(off.uah)} wakeups=3 awake_ms=3`]);
    dev.setPower(true);
    const boot = dev.energy();
    expect(boot).toMatchObject({ atMs: 61_000, wakeups: 1, awakeMs: 1 });
    expect(boot.uah).toBeLessThan(off.uah);
  });

  it('surfaces a trap with the time and the last input, then stays dead until a power cycle', () => {
    const { dev } = device();
    dev.advance(1234);
    expect(() => dev.send('TRAP')).toThrow(FirmwareTrapError);
    try {
      dev.sendBytes('X');
    } catch {
      // already halted: nothing is called
    }
    expect(dev.state).toBe('fault');
    expect(dev.lines.at(-1)).toBe('EVT TRAP reason=unreachable');
    expect(dev.fault?.message).toBe("firmware trapped (unreachable) at t=1234 ms in rx(0x0a '\\n', now=1234); last input: rx(0x0a '\\n', now=1234)");
    expect(dev.send('HELLO')).toEqual([]);
    dev.setPower(false);
    dev.setPower(true);
    expect(dev.send('HELLO')).toEqual(['OK HELLO name=fake']);
  });
});

describe('trapReason', () => {
  it('names traps with the words the microcontroller runtime sends', () => {
    expect(trapReason(new WebAssembly.RuntimeError('unreachable'))).toBe('unreachable');
    expect(trapReason(new WebAssembly.RuntimeError('memory access out of bounds'))).toBe('out-of-bounds');
    expect(trapReason(new WebAssembly.RuntimeError('divide by zero'))).toBe('divide-by-zero');
    expect(trapReason(new WebAssembly.RuntimeError('integer overflow'))).toBe('integer-overflow');
    expect(trapReason(new WebAssembly.RuntimeError('float unrepresentable in integer range'))).toBe('invalid-conversion');
    expect(trapReason(new RangeError('Maximum call stack size exceeded'))).toBe('call-stack-exhausted');
    expect(trapReason(new FirmwareAbiError('bad call'))).toBe('abi');
    expect(trapReason(new Error('something else'))).toBe('unknown');
  });
});

describe('VirtualDevice ABI checks', () => {
  it('halts a firmware that calls an import with arguments the ABI forbids', () => {
    const { dev } = device();
    expect(() => dev.send('BADTONE')).toThrow(new FirmwareAbiError('firmware called tone(440, 7): a sounding tone needs volume 1..3'));
    expect(dev.state).toBe('fault');
    expect(dev.lines.at(-1)).toBe('EVT TRAP reason=abi');
    expect(dev.tone).toEqual({ hz: 0, volume: 0 });
  });
});

describe('VirtualDevice buttons', () => {
  it('delivers a clean press and release with press()', () => {
    const { dev, firmware } = device();
    dev.advance(10);
    const lines = dev.press('square', { holdMs: 80, gapMs: 20 });
    expect(lines).toEqual(['EVT EDGE 2 1 t=10', 'EVT EDGE 2 0 t=90']);
    expect(dev.now).toBe(110);
    expect(
      firmware()
        .calls.filter((c) => c.name === 'button')
        .map((c) => c.args),
    ).toEqual([
      [2, 1, 10],
      [2, 0, 90],
    ]);
  });

  it('bounces reproducibly: an odd burst per change, settling on the new level', () => {
    const run = () => {
      const { dev, firmware } = device({ bounce: true, seed: 99 });
      dev.press('circle', { holdMs: 100 });
      return firmware()
        .calls.filter((c) => c.name === 'button')
        .map((c) => c.args);
    };
    const edges = run();
    expect(run()).toEqual(edges);
    const levels = edges.map(([, level]) => level);
    expect(levels.at(-1)).toBe(0);
    expect(edges.filter(([, , t]) => (t ?? 0) < 100).at(-1)?.[1]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]).not.toBe(levels[i - 1]);
  });

  it('SIM PIN with bounce answers at once and delivers the chatter as time advances', () => {
    const { dev } = device({ bounce: true, seed: 3 });
    const first = dev.send('SIM PIN star 1');
    expect(first.at(-1)).toBe('OK PIN');
    expect(first[0]).toBe('EVT EDGE 4 1 t=0');
    dev.advance(10);
    expect(dev.pinLevel('star')).toBe(1);
    expect(dev.lines.filter((l) => l.startsWith('EVT EDGE 4')).at(-1)).toMatch(/^EVT EDGE 4 1 /);
  });

  it('tells the firmware about a button held through a power-up', () => {
    const { dev } = device();
    dev.setPower(false);
    dev.setPin('triangle', 1);
    expect(dev.setPower(true)).toEqual([`EVT POWER on seed=${mixSeed(7, 1)}`, 'EVT EDGE 0 1 t=0']);
  });
});

describe('VirtualDevice queued presses', () => {
  it("queues a press after the same button's pending edges, releasing a held button first", () => {
    const { dev, firmware } = device();
    dev.schedulePress('circle', { holdMs: 100 });
    const end = dev.schedulePress('circle', { holdMs: 100 });
    expect(end).toBe(250);
    dev.advance(300);
    dev.setPin('star', 1);
    dev.press('star', { holdMs: 40, gapMs: 0 });
    expect(
      firmware()
        .calls.filter((c) => c.name === 'button')
        .map((c) => c.args),
    ).toEqual([
      [1, 1, 0],
      [1, 0, 100],
      [1, 1, 150],
      [1, 0, 250],
      [4, 1, 300],
      [4, 0, 300],
      [4, 1, 350],
      [4, 0, 390],
    ]);
  });
});
