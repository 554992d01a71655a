// BOOTSEL (firmware/PROTOCOL.md): the firmware parses it and asks its runtime to restart into
// USB boot mode through the `reboot` import; a runtime that cannot (the virtual device, the
// browser) makes it answer ERR not-flashable. Refused during a game like other commands.
import { describe, expect, it } from 'vitest';
import { firmwareDevice } from '../support/firmware-device.ts';
import { FirmwareHarness } from '../support/firmware-harness.ts';

const answers = (lines: readonly string[]): string[] => lines.filter((line) => !line.startsWith('EVT '));

describe('BOOTSEL', () => {
  it('asks a runtime that can restart (a Pico) for USB boot mode, and answers OK BOOTSEL', () => {
    const harness = new FirmwareHarness({ canReboot: true });
    expect(answers(harness.send('bootsel'))).toEqual(['OK BOOTSEL']);
    expect(harness.callsOf('reboot').map((c) => c.args)).toEqual([[1]]);
  });

  it('answers ERR not-flashable on a runtime that cannot, and changes nothing', () => {
    const harness = new FirmwareHarness();
    expect(answers(harness.send('BOOTSEL'))).toEqual(['ERR not-flashable']);
    expect(harness.callsOf('reboot').map((c) => c.args)).toEqual([[1]]);
    expect(harness.state).toBe('ready');
  });

  it('is answered ERR not-flashable by the virtual device (it cannot be flashed)', () => {
    const device = firmwareDevice({ seed: 4 });
    expect(answers(device.send('BOOTSEL'))).toEqual(['ERR not-flashable']);
    device.send('PLAY click');
    expect(answers(device.send('BOOTSEL'))).toEqual(['ERR not-flashable']);
  });

  it('checks its arguments first, then refuses during a game without asking the runtime', () => {
    const harness = new FirmwareHarness({ canReboot: true });
    expect(answers(harness.send('BOOTSEL 1'))).toEqual(['ERR bad-args BOOTSEL']);
    harness.send('START');
    expect(answers(harness.send('BOOTSEL'))).toEqual(['ERR state running']);
    harness.send('PAUSE');
    expect(answers(harness.send('BOOTSEL'))).toEqual(['ERR state paused']);
    expect(harness.callsOf('reboot')).toEqual([]);
  });
});
