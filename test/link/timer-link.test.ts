import { describe, expect, it } from 'vitest';
import { stateAfter, TimerLink } from '../../host/link/timer-link.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import type { Transport } from '../../host/link/transport.ts';

/** The built-in timer in virtual time, recording every line the link sends it. */
function recordingTimer(seed: number): { transport: Transport; sent: string[] } {
  const inner = new VirtualTransport({ seed, realTime: false });
  const sent: string[] = [];
  const transport: Transport = {
    description: inner.description,
    write: (text) => {
      sent.push(text.trim());
      return inner.write(text);
    },
    onData: (listener) => inner.onData(listener),
    onClose: (listener) => inner.onClose(listener),
    close: () => inner.close(),
  };
  return { transport, sent };
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('TimerLink heartbeat', () => {
  it('stays quiet outside a running game, so the timer can still deep-sleep, and checks the link while one runs', async () => {
    const { transport, sent } = recordingTimer(4);
    const link = new TimerLink({ open: async () => transport, heartbeatMs: 20 });
    try {
      await link.connect();
      expect(sent).toEqual(['HELLO', 'STATUS']);
      await wait(150);
      expect(sent).toEqual(['HELLO', 'STATUS']);
      await link.request('START');
      await wait(150);
      expect(sent.slice(3).length).toBeGreaterThan(0);
      expect(new Set(sent.slice(3))).toEqual(new Set(['STATUS']));
      await link.request('PAUSE');
      await wait(60);
      const afterPause = sent.length;
      await wait(150);
      expect(sent.length).toBe(afterPause);
    } finally {
      await link.close();
    }
  });
});

describe('stateAfter', () => {
  it('follows the state the events tell', () => {
    expect(stateAfter('ready', { name: 'START', leftMs: 1 })).toBe('running');
    expect(stateAfter('running', { name: 'PAUSE' })).toBe('paused');
    expect(stateAfter('paused', { name: 'RESUME' })).toBe('running');
    expect(stateAfter('running', { name: 'FANFARE' })).toBe('won');
    expect(stateAfter('running', { name: 'TIMEOUT' })).toBe('lost');
    expect(stateAfter('table', { name: 'TIMEOUT' })).toBe('table');
    expect(stateAfter('ready', { name: 'SLEEP' })).toBe('sleep');
    expect(stateAfter('sleep', { name: 'WAKE' })).toBeUndefined();
    expect(stateAfter('running', { name: 'TIME', leftMs: 5 })).toBe('running');
    expect(stateAfter(undefined, { name: 'POWER', on: true })).toBe('ready');
  });
});
