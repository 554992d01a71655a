// The `serve` command's flags, its LAN address and a run: the start page's address printed, the
// server answering, and stopping on Ctrl-C.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lanAddress, parseServeRequest, runServe } from '../../host/web/serve-command.ts';
import { UsageError } from '../../sim/cli/args.ts';
import { GAMES } from './support.ts';
import { testTempDir } from '../support/temp-dir.ts';

describe('serve command', () => {
  it('parses its flags strictly, naming the flag and the allowed values', () => {
    expect(parseServeRequest([], '/home/ana')).toEqual({ port: 0, lan: false, saveDir: '/home/ana/.imperial-timer' });
    expect(parseServeRequest(['--port', '8080', '--lan', '--save-dir', '/tmp/x'], '/h')).toEqual({ port: 8080, lan: true, saveDir: '/tmp/x' });
    expect(() => parseServeRequest(['--port', '0'], '/h')).toThrow(UsageError);
    expect(() => parseServeRequest(['--port', 'eighty'], '/h')).toThrow(/--port/);
    expect(() => parseServeRequest(['--bind', 'x'], '/h')).toThrow(/unknown flag --bind/);
  });

  it('finds the LAN address, or says there is none', () => {
    expect(lanAddress({ lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }], eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }] })).toBe('192.168.1.20');
    expect(() => lanAddress({ lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }] })).toThrow(/no LAN address/);
  });

  it('prints http://127.0.0.1:<port>/, serves the start page there, and stops when interrupted', async () => {
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (d) => (out += String(d)));
    let interrupt: () => void = () => undefined;
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    const done = runServe({ port: 0, lan: false, saveDir: testTempDir('serve-') }, GAMES, { stdout, interrupted });
    await expect.poll(() => out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const response = await fetch(out.trim());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/app/start.js');
    interrupt();
    expect(await done).toBe(0);
    await expect(fetch(out.trim())).rejects.toThrow();
  });
});
