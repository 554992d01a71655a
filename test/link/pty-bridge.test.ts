import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProtocolClient } from '../../host/link/protocol-client.ts';
import { startPtyBridge } from '../../host/link/pty-bridge.ts';
import { SerialTransport } from '../../host/link/serial-transport.ts';
import { TimerLink, type LinkNotice } from '../../host/link/timer-link.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';

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

/** A socat stand-in: start n runs the real socat unless n is in `failing` (`*`: every start after the first); a failing start exits or is killed before the bridge is up. */
function flakySocat(failing: readonly number[] | '*', how: 'exit' | 'kill' = 'exit'): string {
  const dir = testTempDir('flaky-socat-');
  const real = spawnSync('sh', ['-c', 'command -v socat'], { encoding: 'utf8' }).stdout.trim();
  const script = join(dir, 'socat');
  const fails = failing === '*' ? '[ "$n" -gt 1 ]' : `case " ${failing.join(' ')} " in *" $n "*) true;; *) false;; esac`;
  writeFileSync(
    script,
    `#!/bin/sh
n=$(cat "${dir}/count" 2>/dev/null || echo 0); n=$((n+1)); echo "$n" > "${dir}/count"
if ${fails}; then ${how === 'kill' ? 'kill -9 $$' : 'echo "socat[$$] E simulated failure" >&2; exit 3'}; fi
exec "${real}" "$@"
`,
  );
  chmodSync(script, 0o755);
  return script;
}

const starts = (script: string): number => Number(readFileSync(join(dirname(script), 'count'), 'utf8'));

async function answersHello(path: string): Promise<boolean> {
  const client = new ProtocolClient(await SerialTransport.open(path), { timeoutMs: 2000 });
  try {
    return (await client.hello()).name === 'imperial-timer';
  } finally {
    await client.close();
  }
}

async function eventually<T>(probe: () => Promise<T>, ms: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.runIf(haveSocat)('the pseudo-terminal bridge when socat dies', () => {
  it('restarts socat when it is killed, also when the restart itself is killed or fails', async () => {
    const device = new VirtualTransport({ seed: 1, realTime: false });
    const socat = flakySocat([2, 3]);
    const bridge = await startPtyBridge(device, { socat, restartDelaysMs: [0, 20, 20, 20, 20] });
    let failure: Error | undefined;
    void bridge.failed.then((e) => (failure = e));
    try {
      spawnSync('pkill', ['-KILL', '-f', `link=${bridge.path}`]);
      expect(await eventually(() => answersHello(bridge.path), 10_000)).toBe(true);
      expect(starts(socat)).toBe(4);
      expect(failure).toBeUndefined();
    } finally {
      await bridge.close();
      await device.close();
    }
    const device2 = new VirtualTransport({ seed: 1, realTime: false });
    const killedDuringRestart = flakySocat([2], 'kill');
    const again = await startPtyBridge(device2, { socat: killedDuringRestart, restartDelaysMs: [0, 20] });
    try {
      spawnSync('pkill', ['-KILL', '-f', `link=${again.path}`]);
      expect(await eventually(() => answersHello(again.path), 10_000)).toBe(true);
      expect(starts(killedDuringRestart)).toBe(3);
    } finally {
      await again.close();
      await device2.close();
    }
  });

  it('stops with a clear message that says what to do when socat cannot be started again', async () => {
    const device = new VirtualTransport({ seed: 1, realTime: false });
    const socat = flakySocat('*');
    const bridge = await startPtyBridge(device, { socat, restartDelaysMs: [0, 10, 10] });
    try {
      spawnSync('pkill', ['-KILL', '-f', `link=${bridge.path}`]);
      const failure = await bridge.failed;
      expect(failure.message).toMatch(
        /the pseudo-terminal bridge to the built-in timer stopped: socat could not be started again \(3 tries; the last: socat ended \(exit code 3\) before the bridge was up: E simulated failure\), so .*timer is gone\. Check that socat works \(socat -V\), then start again; or leave out --pty/,
      );
      expect(starts(socat)).toBe(4);
    } finally {
      await bridge.close();
      await device.close();
    }
  });

  it('under a storm of kills, including during restarts, it recovers or stops with a message, never silently', async () => {
    const device = new VirtualTransport({ seed: 2, realTime: false });
    const bridge = await startPtyBridge(device);
    let failure: Error | undefined;
    void bridge.failed.then((e) => (failure = e));
    try {
      const until = Date.now() + 400;
      while (Date.now() < until) {
        spawnSync('pkill', ['-KILL', '-f', `link=${bridge.path}`]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const recovered = await eventually(async () => {
        if (failure) return false;
        return answersHello(bridge.path);
      }, 15_000);
      expect(recovered || /stopped: .*leave out --pty/.test(failure?.message ?? '')).toBe(true);
    } finally {
      await bridge.close();
      await device.close();
    }
  });

  it('the companion on --pty stops with a message and keeps the game when the bridge cannot be restarted', async () => {
    const socat = flakySocat('*');
    const savePath = join(testTempDir('pty-stop-'), 'rebel-missions.save.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'host/cli/imperial-timer.ts',
        'play',
        'rebel-missions',
        '--players',
        'Ana:hera',
        '--json',
        '--pty',
        '--seed',
        '3',
        '--save',
        savePath,
      ],
      {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { ...process.env, PATH: `${dirname(socat)}:${process.env.PATH ?? ''}` },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await eventually(async () => {
        if (!out.includes('"type":"table"')) throw new Error('no snapshot yet');
      }, 30_000);
      child.stdin.write('{"action":"start-timer"}\n');
      await eventually(async () => {
        if (!out.includes('"name":"START"')) throw new Error('no START yet');
      }, 30_000);
      const pty = /"pty":"([^"]+)"/.exec(out)?.[1];
      expect(pty).toBeDefined();
      spawnSync('pkill', ['-KILL', '-f', `link=${pty}`]);
      expect(await code).toBe(1);
      expect(err).toMatch(
        /imperial-timer: the pseudo-terminal bridge to the built-in timer stopped: socat could not be started again .*\. The game is saved in .*rebel-missions\.save\.json; continue it with --resume\./,
      );
      expect(existsSync(`${savePath}.lock`)).toBe(false);
      expect(existsSync(savePath)).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
