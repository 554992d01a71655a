// The state table of firmware/PROTOCOL.md ("Commands allowed in each state"), state by command:
// an allowed command is never answered ERR state, a refused one is answered `ERR state <state>`
// and changes nothing (the state machine's accepts() in game.ts is that table).
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../sim/device/index.ts';
import { enterCode, firmwareDevice, PRINTED_CODES } from '../support/firmware-device.ts';

type State = 'ready' | 'running' | 'paused' | 'won' | 'lost' | 'table';

const reach: Record<State, (device: VirtualDevice) => void> = {
  ready: () => {},
  running: (d) => void d.send('START'),
  paused: (d) => void [d.send('START'), d.send('PAUSE')],
  won: (d) => void [d.send('CONFIG correct=24 need=1'), d.send('START'), enterCode(d, PRINTED_CODES[0] ?? '')],
  lost: (d) => void [d.send('CONFIG duration=60'), d.send('START'), d.advance(61_000)],
  table: (d) => void d.send('PLAY click'),
};

const ALL: State[] = ['ready', 'running', 'paused', 'won', 'lost', 'table'];
const NOT_IN_GAME: State[] = ['ready', 'won', 'lost', 'table'];

/** Each command and the states that allow it. */
const table: [string, State[]][] = [
  ['HELLO', ALL],
  ['STATUS', ALL],
  ['CODES', ALL],
  ['CONFIG', ALL],
  ['PRESS circle', ALL],
  ['RESET', ALL],
  ['START', NOT_IN_GAME],
  ['PAUSE', ['running']],
  ['RESUME', ['paused']],
  ['CONFIG volume=1', NOT_IN_GAME],
  ['PLAY chime', NOT_IN_GAME],
  ['TIMER 30', NOT_IN_GAME],
  ['PACK', ALL],
  ['PACK CANCEL', ALL],
  ['PACK BUILTIN', NOT_IN_GAME],
  ['PACK BEGIN 1', NOT_IN_GAME],
  ['SHOW #.........|....', NOT_IN_GAME],
  ['BATTERY', ALL],
];

describe('the state table', () => {
  for (const state of ALL) {
    for (const [command, allowed] of table) {
      const allows = allowed.includes(state);
      it(`${state} × ${command}: ${allows ? 'handled' : 'ERR state'}`, () => {
        const device = firmwareDevice({ seed: 4 });
        reach[state](device);
        expect(device.state).toBe(state);
        const before = device.send('STATUS');
        const answer = device
          .send(command)
          .filter((line) => !line.startsWith('EVT '))
          .at(-1);
        if (allows) {
          expect(answer).toMatch(/^OK /);
        } else {
          expect(answer).toBe(`ERR state ${state}`);
          expect(device.send('STATUS')).toEqual(before);
        }
      });
    }
  }
});
