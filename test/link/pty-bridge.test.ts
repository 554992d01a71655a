import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { startPtyBridge } from '../../host/link/pty-bridge.ts';
import { SerialTransport } from '../../host/link/serial-transport.ts';
import { TimerLink, type LinkNotice } from '../../host/link/timer-link.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';

const haveSocat = debianToolOrSkip('socat', 'socat', 'the pseudo-terminal bridge tests');

function waitFor(notices: LinkNotice[], kind: LinkNotice['kind'], ms = 10_000): Promise<LinkNotice> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = (): void => {
      const found = notices.find((n) => n.kind === kind);
      if (found) return resolve(found);
      if (Date.now() - started > ms) return reject(new Error(`no "${kind}" notice within ${ms} ms: ${JSON.stringify(notices)}`));
      setTimeout(poll, 20);
    };
    poll();
  });
}

describe.runIf(haveSocat)('the pseudo-terminal bridge', () => {
  it('lets the real serialport stack talk to the virtual timer, and a client reconnect', async () => {
    const device = new VirtualTransport({ seed: 9, realTime: false });
    const bridge = await startPtyBridge(device);
    try {
      for (let round = 0; round < 2; round++) {
        const client = new ProtocolClient(await SerialTransport.open(bridge.path));
        expect(await client.hello()).toMatchObject({ name: 'imperial-timer', protocol: '1' });
        expect(await client.codes()).toHaveLength(24);
        await client.close();
      }
    } finally {
      await bridge.close();
      await device.close();
    }
  });

  it('reports a vanished port, reconnects, and resumes with STATUS', async () => {
    const device = new VirtualTransport({ seed: 3, realTime: false });
    const bridge = await startPtyBridge(device);
    const notices: LinkNotice[] = [];
    const link = new TimerLink({ open: () => SerialTransport.open(bridge.path), reconnect: true, retryDelaysMs: [100], heartbeatMs: 200, timeoutMs: 500 });
    link.onNotice((n) => notices.push(n));
    try {
      await link.connect();
      await link.request('START');
      await link.request('PRESS 1');
      // Pull the cable: the pseudo-terminal disappears under the open port.
      spawnSync('pkill', ['-f', `link=${bridge.path}`]);
      const lost = await waitFor(notices, 'lost');
      expect(lost).toMatchObject({ kind: 'lost' });
      await expect(link.request('STATUS')).rejects.toThrow(/not connected.*reconnect/);
      const resumed = await waitFor(notices, 'resumed');
      expect(resumed).toMatchObject({ kind: 'resumed', status: { state: 'running', entry: '1' } });
      expect((await link.status()).state).toBe('running');
    } finally {
      await link.close();
      await bridge.close();
      await device.close();
    }
  });
});
