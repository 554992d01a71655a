import { describe, expect, it } from 'vitest';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import type { DeviceEvent } from '../../host/link/messages.ts';

describe('VirtualTransport with the protocol client', () => {
  it('plays through the built-in timer in virtual time, reproducibly', async () => {
    const play = async (): Promise<string[]> => {
      const transport = new VirtualTransport({ seed: 42, realTime: false });
      const client = new ProtocolClient(transport);
      const seen: string[] = [];
      client.onEvent((_e: DeviceEvent, line: string) => seen.push(line));
      expect((await client.hello()).protocol).toBe('1');
      const codes = await client.codes();
      expect(codes).toHaveLength(24);
      await client.request('START');
      for (const code of codes.slice(0, 6)) {
        for (const digit of code) await client.request(`PRESS ${digit}`);
      }
      const status = await client.status();
      expect(status.state === 'running' || status.state === 'won').toBe(true);
      await client.request('SIM ADVANCE 1000');
      await client.close();
      return seen;
    };
    const first = await play();
    expect(first.filter((l) => l.startsWith('EVT CHIME') || l.startsWith('EVT BUZZ') || l === 'EVT FANFARE').length).toBeGreaterThan(0);
    expect(await play()).toEqual(first);
  });

  it('sends a command again when it woke the timer from deep sleep', async () => {
    const transport = new VirtualTransport({ seed: 2, realTime: false });
    const client = new ProtocolClient(transport);
    const events: string[] = [];
    client.onEvent((e) => events.push(e.name));
    await client.request('CONFIG sleep=30');
    await client.request('SIM ADVANCE 30000');
    expect(events).toContain('SLEEP');
    const status = await client.status();
    expect(status.state).toBe('ready');
    expect(events.at(-1)).toBe('WAKE');
    await client.close();
  });

  it('reports the link closed to a waiting client', async () => {
    const transport = new VirtualTransport({ seed: 1, realTime: false });
    const client = new ProtocolClient(transport);
    await transport.close();
    await expect(client.request('HELLO')).rejects.toThrow(/closed/);
  });
});
