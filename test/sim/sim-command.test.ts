import { describe, expect, it } from 'vitest';
import { parseSimBytes, parseSimLine } from '../../sim/device/index.ts';

describe('parseSimLine', () => {
  it.each([
    ['SIM ADVANCE 1500', { kind: 'advance', ms: 1500 }],
    ['sim advance 0', { kind: 'advance', ms: 0 }],
    ['  SIM   Advance  4294967295 ', { kind: 'advance', ms: 4294967295 }],
    ['SIM PIN triangle 1', { kind: 'pin', button: 'triangle', level: 1 }],
    ['SIM PIN 4 0', { kind: 'pin', button: 'star', level: 0 }],
    ['SIM PIN Diamond 1', { kind: 'pin', button: 'diamond', level: 1 }],
    ['SIM POWER OFF', { kind: 'power', on: false }],
    ['SIM POWER on', { kind: 'power', on: true }],
    ['SIM BATTERY 3300', { kind: 'battery', mv: 3300 }],
    ['SIM ENERGY', { kind: 'energy' }],
    ['sim outputs', { kind: 'outputs' }],
    ['SIM EN\rERGY\r', { kind: 'energy' }],
  ])('parses %j', (line, command) => {
    expect(parseSimLine(line)).toEqual({ ok: true, command });
  });

  it.each([
    ['SIM', 'ERR bad-args SIM'],
    ['SIM JUMP 3', 'ERR bad-args SIM'],
    ['SIM ADVANCE', 'ERR bad-args SIM ADVANCE'],
    ['SIM ADVANCE 1 2', 'ERR bad-args SIM ADVANCE'],
    ['SIM ADVANCE -5', 'ERR bad-value ms'],
    ['SIM ADVANCE +5', 'ERR bad-value ms'],
    ['SIM ADVANCE 4294967296', 'ERR bad-value ms'],
    ['SIM ADVANCE 12345678901', 'ERR bad-value ms'],
    ['SIM ADVANCE 1.5', 'ERR bad-value ms'],
    ['SIM PIN 5 1', 'ERR bad-value button'],
    ['SIM PIN 0 1', 'ERR bad-value button'],
    ['SIM PIN circle 2', 'ERR bad-value level'],
    ['SIM PIN circle', 'ERR bad-args SIM PIN'],
    ['SIM POWER maybe', 'ERR bad-value power'],
    ['SIM BATTERY 10000', 'ERR bad-value mv'],
    ['SIM ENERGY now', 'ERR bad-args SIM ENERGY'],
    ['SIM OUTPUTS leds', 'ERR bad-args SIM OUTPUTS'],
  ])('answers %j with %j', (line, answer) => {
    expect(parseSimLine(line)).toEqual({ ok: false, answer });
  });

  it.each(['HELLO', 'SIMADVANCE 5', '', 'XSIM ENERGY', `SIM ADVANCE ${'0'.repeat(70)}`, 'SIM\tENERGY', 'SIM ENERGY\u00e9'])(
    'leaves %j to the firmware',
    (line) => {
      expect(parseSimLine(line)).toBeUndefined();
    },
  );

  it('counts 80 bytes without the carriage returns', () => {
    const eighty = `SIM ADVANCE${' '.repeat(68)}1`;
    expect(eighty).toHaveLength(80);
    expect(parseSimLine(eighty)).toEqual({ ok: true, command: { kind: 'advance', ms: 1 } });
    expect(parseSimBytes(new TextEncoder().encode(`${eighty}\r`))).toEqual(parseSimLine(eighty));
    expect(parseSimLine(`${eighty}0`)).toBeUndefined();
  });
});
