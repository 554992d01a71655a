import { describe, expect, it } from 'vitest';
import { NvStore } from '../../sim/device/store.ts';
import { stateAfter, TimerLink, type LinkNotice } from '../../host/link/timer-link.ts';
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

/** A timer that answers the handshake and then sends whatever the test pushes. */
class PushingTransport implements Transport {
  readonly description = 'a pushing timer';
  private readonly dataListeners: ((chunk: Uint8Array | string) => void)[] = [];
  async write(text: string): Promise<void> {
    const line = text.trimEnd();
    const answer =
      line === 'HELLO'
        ? 'OK HELLO name=imperial-timer fw=0.1.0 proto=1 symbols=circle,square,diamond,star'
        : line === 'STATUS'
          ? 'OK STATUS state=ready left=0 found=0 need=4 entry=-'
          : 'ERR bad-byte';
    queueMicrotask(() => this.push(answer));
  }
  push(line: string): void {
    for (const listener of this.dataListeners) listener(`${line}\n`);
  }
  onData(listener: (chunk: Uint8Array | string) => void): void {
    this.dataListeners.push(listener);
  }
  onClose(): void {}
  async close(): Promise<void> {}
}

describe("TimerLink: the timer's warnings about itself", () => {
  it('says in words that the timer fell back to its default settings, when it is switched on with a damaged store', async () => {
    // A settings record written by the virtual timer, then one bit of it flipped (its CRC no longer matches).
    const first = new VirtualTransport({ seed: 1, realTime: false });
    first.device.send('CONFIG duration=300');
    const image = first.device.store.bytes();
    await first.close();
    image[3] = (image[3] ?? 0) ^ 0x01;

    const transport = new VirtualTransport({ seed: 2, realTime: false, store: new NvStore(image) });
    const link = new TimerLink({ open: async () => transport, heartbeatMs: 0 });
    const notices: LinkNotice[] = [];
    link.onNotice((notice) => notices.push(notice));
    try {
      await link.connect();
      await transport.write('SIM POWER off\nSIM POWER on\n');
      await wait(20);
      const warnings = notices.filter((notice) => notice.kind === 'timer-warning');
      expect(warnings).toEqual([
        {
          kind: 'timer-warning',
          event: { name: 'STORE', part: 'settings', reason: 'corrupt' },
          text: 'The settings saved on the timer are damaged, so it uses its default settings (game length, codes needed, volume, sleep). Set them again to save them.',
        },
      ]);
      expect(notices.filter((notice) => notice.kind === 'problem' && notice.text.includes('STORE'))).toEqual([]);
    } finally {
      await link.close();
    }
  });

  it('says in words that the timer lost input, and passes the event on typed', async () => {
    const transport = new PushingTransport();
    const link = new TimerLink({ open: async () => transport, heartbeatMs: 0 });
    const notices: LinkNotice[] = [];
    const events: string[] = [];
    link.onNotice((notice) => notices.push(notice));
    link.onEvent((event) => events.push(JSON.stringify(event)));
    try {
      await link.connect();
      transport.push('EVT OVERRUN lost=37');
      transport.push('EVT OVERRUN lost=1');
      transport.push('EVT STORE part=pack reason=version');
      expect(events).toEqual(['{"name":"OVERRUN","lost":37}', '{"name":"OVERRUN","lost":1}', '{"name":"STORE","part":"pack","reason":"version"}']);
      expect(notices.filter((notice) => notice.kind !== 'connected')).toEqual([
        {
          kind: 'timer-warning',
          event: { name: 'OVERRUN', lost: 37 },
          text: 'The timer lost 37 bytes of what it was sent (the input came faster than it could keep). The command they fell in was not run: it was answered ERR bad-byte; send it again.',
        },
        {
          kind: 'timer-warning',
          event: { name: 'OVERRUN', lost: 1 },
          text: 'The timer lost at least 1 byte of what it was sent (the input came faster than it could keep). The command they fell in was not run: it was answered ERR bad-byte; send it again.',
        },
        {
          kind: 'timer-warning',
          event: { name: 'STORE', part: 'pack', reason: 'version' },
          text: 'The pack of codes loaded on the timer was written by another firmware version, so it plays the built-in codes (those of the placards printed without --pack). Load the pack again to play its codes.',
        },
      ]);
      expect(stateAfter('running', { name: 'OVERRUN', lost: 3 })).toBe('running');
    } finally {
      await link.close();
    }
  });
});
