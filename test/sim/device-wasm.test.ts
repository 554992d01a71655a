// The virtual device and its stdio CLI with the real build/firmware.wasm.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POWER_SPEC, VirtualDevice, averageCurrentMa } from '../../sim/device/index.ts';
import { firmwareBuilt, loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testTempDir } from '../support/temp-dir.ts';

const built = firmwareBuilt();

function runCli(args: string[], input: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'sim/cli/device.ts', ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A scripted game: every printed code entered with PRESS, with time passing in between. */
function gameScript(codes: string[]): string {
  const lines = ['HELLO', 'START', 'SIM ADVANCE 1000'];
  for (const code of codes) {
    for (const digit of code) lines.push(`PRESS ${digit}`);
    lines.push('SIM ADVANCE 500', 'STATUS');
  }
  lines.push('SIM ADVANCE 800000', 'SIM ENERGY', 'SIM PIN triangle 1', 'SIM ADVANCE 100', 'SIM PIN triangle 0', 'STATUS');
  return `${lines.join('\n')}\n`;
}

describe.skipIf(!built)('the device with build/firmware.wasm', () => {
  const device = (seed = 11) => VirtualDevice.create({ seed, firmware: loadFirmwareModule() });

  it('boots, identifies itself and answers SIM lines in order', () => {
    const dev = device();
    expect(dev.lines).toEqual(['EVT POWER on']);
    expect(dev.send('HELLO')).toEqual([expect.stringMatching(/^OK HELLO name=imperial-timer fw=\S+ proto=1 /)]);
    expect(dev.send('START')).toEqual(['EVT START left=720000', 'OK START']);
    expect(dev.send('SIM ADVANCE 30000')).toEqual(['EVT TIME left=690000', 'OK ADVANCE now=30000']);
    expect(dev.state).toBe('running');
    expect(dev.timeLeftMs).toBe(690_000);
    expect(dev.lastSound).toEqual({ sound: 'start', t: 0 });
  });

  it('counts energy sensibly: a running game costs more than waiting, deep sleep least', () => {
    const dev = device();
    const boot = dev.energy();
    expect(boot.wakeups).toBeGreaterThanOrEqual(1);
    dev.send('START');
    const start = dev.energy();
    dev.advance(60_000);
    const running = dev.energy();
    expect(running.wakeups).toBeGreaterThan(start.wakeups + 30);
    expect(running.awakeMs).toBeGreaterThanOrEqual(running.wakeups * DEFAULT_POWER_SPEC.mcu.wakeCostMs);
    const runningMa = averageCurrentMa(start, running);
    expect(runningMa).toBeGreaterThan(DEFAULT_POWER_SPEC.mcu.sleepMa);

    dev.send('RESET');
    dev.advance(3_600_000);
    expect(dev.state).toBe('sleep');
    const asleep = dev.energy();
    dev.advance(3_600_000);
    const later = dev.energy();
    expect(later.wakeups).toBe(asleep.wakeups);
    expect(averageCurrentMa(asleep, later)).toBeCloseTo(DEFAULT_POWER_SPEC.mcu.deepSleepMa, 6);
    const [answer] = dev.send('SIM ENERGY');
    expect(answer).toBe(`OK ENERGY uah=${Math.round(later.uah)} wakeups=${later.wakeups} awake_ms=${later.awakeMs}`);
  });

  it('counts the buzzer: the same game draws more charge loud than muted', () => {
    const power = { ...DEFAULT_POWER_SPEC, buzzerMa: [0, 5, 10, 20] as const };
    const charge = (volume: number) => {
      const dev = VirtualDevice.create({ seed: 11, firmware: loadFirmwareModule(), power });
      dev.send(`CONFIG volume=${volume}`);
      dev.send('START');
      dev.advance(721_000);
      expect(dev.state).toBe('lost');
      return dev.energy().uah;
    };
    expect(charge(3)).toBeGreaterThan(charge(1));
    expect(charge(1)).toBeGreaterThan(charge(0));
  });

  it('with contact bounce, every press still makes exactly one key event', () => {
    const dev = VirtualDevice.create({ seed: 3, firmware: loadFirmwareModule(), bounce: { maxBurstMs: 8, maxBounces: 4 } });
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const button = (['circle', 'square', 'diamond', 'star'] as const)[i % 4] ?? 'circle';
      keys.push(...dev.press(button, { holdMs: 60 + (i % 5) * 20 }).filter((line) => line.startsWith('EVT KEY')));
    }
    expect(keys).toHaveLength(40);
    expect(keys.slice(0, 4)).toEqual(['EVT KEY circle', 'EVT KEY square', 'EVT KEY diamond', 'EVT KEY star']);
  });

  it('keeps settings over a power cycle and reseeds each boot', () => {
    const dev = device();
    expect(dev.send('CONFIG volume=1')[0]).toMatch(/volume=1$/);
    expect(dev.send('SIM POWER off')).toEqual(['OK POWER']);
    expect(dev.send('HELLO')).toEqual([]);
    expect(dev.send('SIM POWER on')).toEqual(['EVT POWER on', 'OK POWER']);
    expect(dev.send('CONFIG')[0]).toMatch(/volume=1$/);
    expect(dev.bootCount).toBe(2);
  });

  it('stdio: the same seed and input give byte-identical output; another seed a different game', () => {
    const codes = device()
      .send('CODES')
      .filter((line) => line.startsWith('OK CODE '))
      .map((line) => line.split(' ')[3] ?? '');
    expect(codes).toHaveLength(24);
    const script = gameScript(codes);
    const first = runCli(['--stdio', '--seed', '5'], script);
    const second = runCli(['--stdio', '--seed', '5'], script);
    const other = runCli(['--stdio', '--seed', '6'], script);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('EVT CHIME found=1');
    expect(first.stdout).toMatch(/^OK ENERGY uah=\d+ wakeups=\d+ awake_ms=\d+$/m);
    expect(second.stdout).toBe(first.stdout);
    expect(other.stdout).not.toBe(first.stdout);
    expect(
      first.stdout
        .split('\n')
        .filter((l) => l !== '')
        .every((l) => /^(OK|ERR|EVT) /.test(l)),
    ).toBe(true);
  });

  it('stdio: bad flags print the usage on stderr and exit 2; --help exits 0', () => {
    const bad = runCli(['--stdio', '--seed', 'abc'], '');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--seed must be a whole number');
    expect(bad.stderr).toContain('usage: npm run -s device');
    expect(runCli(['--stdoi'], '').status).toBe(2);
    expect(runCli(['--stdio', 'extra'], '').status).toBe(2);
    const help = runCli(['--help'], '');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--stdio');
  });
});

describe.runIf(built)('the stdio device with a store it cannot write', () => {
  it('says so on stderr and answers every later line (no EVT TRAP)', () => {
    const file = join(testTempDir('unwritable-'), 'a-file');
    writeFileSync(file, 'x');
    const result = runCli(['--stdio', '--store', join(file, 'store.bin')], 'CONFIG volume=1\nHELLO\nCONFIG sleep=0\nSTATUS\n');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      'EVT POWER on',
      'OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=1',
      expect.stringMatching(/^OK HELLO name=imperial-timer /),
      'OK CONFIG duration=720 correct=12 need=4 sleep=0 volume=1',
      'OK STATUS state=ready left=0 found=0 need=4 entry=-',
    ]);
    expect(result.stderr).toMatch(/^device: warning: cannot write the store file .*store\.bin/m);
    expect(result.stderr.match(/cannot write the store file/g)).toHaveLength(2);
  });
});
