import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { editCommandLine, keyAction, LONG_PRESS_MS } from '../../sim/cli/panel-keys.ts';
import { PLAIN, formatTimeLeft, renderBar, renderFoundLights, renderPanel, renderSound, type PanelModel } from '../../sim/cli/panel-view.ts';

const running: PanelModel = {
  seed: 42,
  state: 'running',
  leds: 0b0000011111 | (0b0011 << 10),
  timeLeftMs: 354_321,
  found: 2,
  need: 4,
  entry: [1, 4],
  sound: 'chime',
  lastSound: 'chime',
  toneHz: 880,
  volume: 2,
  batteryMv: 4480,
  energyUah: 12.34,
  wakeups: 56,
  serial: Array.from({ length: 12 }, (_, i) => `EVT TIME left=${i}`),
  fault: undefined,
  command: undefined,
};

describe('panel rendering', () => {
  it('draws the bar with segment 0 on the left and the found lights', () => {
    expect(renderBar(0b0000000111, PLAIN)).toBe('[█ █ █ · · · · · · ·]');
    expect(renderBar(0, PLAIN)).toBe('[· · · · · · · · · ·]');
    expect(renderFoundLights(0b1010 << 10, PLAIN)).toBe('○ ● ○ ●');
  });

  it('formats time left and sounds', () => {
    expect(formatTimeLeft(720_000)).toBe('12:00.0');
    expect(formatTimeLeft(59_999)).toBe('00:59.9');
    expect(formatTimeLeft(0)).toBe('00:00.0');
    expect(renderSound('fanfare', 523, 3)).toBe('♪ FANFARE  523 Hz, volume 3');
    expect(renderSound(undefined, 0, 0)).toBe('silent');
    expect(renderSound(undefined, 0, 0, 'click')).toBe('silent, last CLICK');
  });

  it('shows the whole panel of a running game with the last 10 serial lines', () => {
    const lines = renderPanel(running, PLAIN);
    expect(lines[0]).toBe('IMPERIAL TIMER  virtual device, seed 42');
    expect(lines).toContain('  state    RUNNING');
    expect(lines).toContain('  sand     [█ █ █ █ █ · · · · ·]   05:54.3 left');
    expect(lines).toContain('  found    ● ● ○ ○   2 of 4');
    expect(lines).toContain('  entry    circle star');
    expect(lines).toContain('  sound    ♪ CHIME  880 Hz, volume 2');
    expect(lines).toContain('  battery  4.48 V   power ON   12.3 µAh, 56 wake-ups since boot');
    const serial = lines.filter((l) => l.startsWith('    EVT'));
    expect(serial).toEqual(Array.from({ length: 10 }, (_, i) => `    EVT TIME left=${i + 2}`));
    expect(lines.at(-1)).toContain('q quit');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(90);
  });

  it('shows a dark panel when off, a fault, and the command line when open', () => {
    const off = renderPanel({ ...running, state: 'off', leds: 0 }, PLAIN);
    expect(off).toContain('  state    OFF');
    expect(off).toContain('  battery  4.48 V   power OFF');
    const fault = renderPanel({ ...running, state: 'fault', fault: 'firmware trapped (unreachable)' }, PLAIN);
    expect(fault).toContain('  state    FAULT');
    expect(fault).toContain('  firmware trapped (unreachable)');
    const typing = renderPanel({ ...running, command: 'CONFIG vol' }, PLAIN);
    expect(typing).toContain('  serial> CONFIG vol█');
  });
});

describe('panel keys', () => {
  it('maps keys to device actions', () => {
    expect(keyAction(' ')).toEqual({ kind: 'press', button: 'triangle', holdMs: 120 });
    expect(keyAction('\r')).toEqual({ kind: 'press', button: 'triangle', holdMs: LONG_PRESS_MS });
    expect(keyAction('p')).toEqual(keyAction('\r'));
    expect(keyAction('3')).toEqual({ kind: 'press', button: 'diamond', holdMs: 120 });
    expect(keyAction('o')).toEqual({ kind: 'power' });
    expect(keyAction('b')).toEqual({ kind: 'battery', deltaMv: -100 });
    expect(keyAction('B')).toEqual({ kind: 'battery', deltaMv: 100 });
    expect(keyAction('\x03')).toEqual({ kind: 'quit' });
    expect(keyAction('x')).toBeUndefined();
  });

  it('edits the serial command line', () => {
    expect(editCommandLine('HELL', 'O')).toEqual({ kind: 'edit', text: 'HELLO' });
    expect(editCommandLine('HELLO', '\x7f')).toEqual({ kind: 'edit', text: 'HELL' });
    expect(editCommandLine('HELLO', '\r')).toEqual({ kind: 'send', text: 'HELLO' });
    expect(editCommandLine('HELLO', '\x1b')).toEqual({ kind: 'cancel' });
    expect(editCommandLine('A', '\x01')).toEqual({ kind: 'edit', text: 'A' });
  });
});

describe('panel command', () => {
  it('refuses to run without a terminal and points to the stdio device', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'sim/cli/panel.ts', '--seed', '1'], {
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('needs an interactive terminal');
    expect(run.stderr).toContain('npm run -s device -- --stdio');
  });
});
