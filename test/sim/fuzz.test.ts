// Fuzzing the virtual device with the real firmware: random bytes and protocol-ish lines,
// random time, pins and power. After each batch the device must still answer HELLO properly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_LEDS_MASK, BUTTON_NAMES, STATE_NAMES, VirtualDevice, type ButtonName } from '../../sim/device/index.ts';
import { firmwareBuilt, loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';

type Action =
  | { kind: 'line'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'advance'; ms: number }
  | { kind: 'pin'; button: ButtonName; level: 0 | 1 };

const WORDS = [
  'HELLO',
  'STATUS',
  'START',
  'PRESS',
  'PAUSE',
  'RESUME',
  'CONFIG',
  'CODES',
  'PLAY',
  'TIMER',
  'RESET',
  'SIM',
  'ADVANCE',
  'PIN',
  'POWER',
  'BATTERY',
  'ENERGY',
  'on',
  'off',
  'triangle',
  'circle',
  'square',
  'diamond',
  'star',
  'chime',
  'buzz',
  'duration=60',
  'correct=3',
  'need=2',
  'sleep=30',
  'volume=0',
  'volume=3',
  'need=9',
  'x=1',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '142',
  '3300',
  '3500',
  '99999999999',
  '-1',
  'PACK',
  'BEGIN',
  'CODE',
  'END',
  'CANCEL',
  'BUILTIN',
  'OUTPUTS',
  '24',
  '25',
  '121',
  '123',
  '1231',
  'M01',
  'ABCDEFGHI',
];

const word = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...WORDS).map((w) => w.toLowerCase()),
  fc.string({ maxLength: 8 }),
  fc.nat({ max: 5000 }).map(String),
);

const protocolLine = fc
  .array(word, { minLength: 0, maxLength: 5 })
  .chain((words) => fc.tuple(fc.constant(words.join(' ')), fc.boolean(), fc.nat({ max: 40 })))
  .map(([text, withCr, crAt]) => (withCr ? `${text.slice(0, crAt)}\r${text.slice(crAt)}` : text));

const simLine = fc.oneof(
  fc.nat({ max: 120_000 }).map((ms) => `SIM ADVANCE ${ms}`),
  fc.tuple(fc.constantFrom(...BUTTON_NAMES, '1', '4', '7'), fc.constantFrom('0', '1', '2')).map(([b, l]) => `sim pin ${b} ${l}`),
  fc.constantFrom('SIM POWER off', 'SIM POWER on', 'SIM ENERGY', 'SIM BATTERY 3200', 'SIM BATTERY 3450', 'SIM BATTERY 4500', 'SIM', 'SIM FOO'),
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: protocolLine.map((text) => ({ kind: 'line', text }) as Action) },
  { weight: 3, arbitrary: simLine.map((text) => ({ kind: 'line', text }) as Action) },
  { weight: 1, arbitrary: fc.string({ minLength: 81, maxLength: 200 }).map((t) => ({ kind: 'line', text: t.replaceAll('\n', ' ') }) as Action) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 120 }).map((bytes) => ({ kind: 'bytes', bytes }) as Action) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('STA', 'HEL', 'PRESS 1', '\r', '\x00\x7f').map((t) => ({ kind: 'bytes', bytes: new TextEncoder().encode(t) }) as Action),
  },
  { weight: 2, arbitrary: fc.nat({ max: 90_000 }).map((ms) => ({ kind: 'advance', ms }) as Action) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...BUTTON_NAMES), fc.constantFrom(0 as const, 1 as const))
      .map(([button, level]) => ({ kind: 'pin', button, level }) as Action),
  },
);

function apply(dev: VirtualDevice, act: Action): void {
  switch (act.kind) {
    case 'line':
      dev.send(act.text.replaceAll('\n', ''));
      return;
    case 'bytes':
      dev.sendBytes(act.bytes);
      return;
    case 'advance':
      dev.advance(act.ms);
      return;
    case 'pin':
      dev.setPin(act.button, act.level);
      return;
  }
}

function checkReadOuts(dev: VirtualDevice): void {
  expect(STATE_NAMES).toContain(dev.state);
  expect(dev.timeLeftMs).toBeGreaterThanOrEqual(0);
  expect(dev.timeLeftMs).toBeLessThanOrEqual(3_600_000);
  expect(dev.need).toBeGreaterThanOrEqual(1);
  expect(dev.need).toBeLessThanOrEqual(24);
  expect(dev.found).toBeGreaterThanOrEqual(0);
  expect(dev.found).toBeLessThanOrEqual(dev.need);
  expect(dev.entry.length).toBeLessThanOrEqual(2);
  for (const symbol of dev.entry) expect([1, 2, 3, 4]).toContain(symbol);
  expect(dev.leds & ~ALL_LEDS_MASK).toBe(0);
  expect([0, 1, 2, 3]).toContain(dev.tone.volume);
}

describe.skipIf(!firmwareBuilt())('fuzz: the device survives any input', () => {
  it('still answers HELLO with exactly one OK HELLO line after every random batch', () => {
    const module = loadFirmwareModule();
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.array(fc.array(action, { maxLength: 20 }), { minLength: 1, maxLength: 6 }), (seed, batches) => {
        const dev = VirtualDevice.create({ seed, firmware: module, bounce: seed % 2 === 0 });
        const heapTop = dev.heapTop;
        for (const batch of batches) {
          for (const act of batch) apply(dev, act);
          dev.send('SIM POWER on');
          dev.sendBytes('\n');
          for (const button of BUTTON_NAMES) dev.setPin(button, 0);
          dev.advance(100);
          const answer = dev.send('HELLO');
          expect(answer.filter((line) => line.startsWith('OK ') || line.startsWith('ERR '))).toEqual([
            expect.stringMatching(/^OK HELLO name=imperial-timer fw=\S+ proto=1 symbols=circle,square,diamond,star$/),
          ]);
          expect(answer.every((line) => /^(OK|EVT) /.test(line))).toBe(true);
          checkReadOuts(dev);
          expect(dev.heapTop).toBe(heapTop);
        }
        for (const line of dev.lines) expect(line).toMatch(/^(OK|ERR|EVT) [ -~]*$/);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
