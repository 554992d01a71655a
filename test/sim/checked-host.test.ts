import { describe, expect, it } from 'vitest';
import { FirmwareAbiError, type FirmwareHost } from '../../sim/device/index.ts';
import { checkedHost } from '../../sim/device/checked-host.ts';

function recordingHost() {
  const calls: string[] = [];
  const host: FirmwareHost = {
    tone: (hz, volume) => void calls.push(`tone ${hz} ${volume}`),
    sound: (id) => void calls.push(`sound ${id}`),
    leds: (mask) => void calls.push(`leds ${mask}`),
    tx: (byte) => void calls.push(`tx ${byte}`),
    nvRead: () => 0xff,
    nvWrite: (offset, byte) => void calls.push(`nvWrite ${offset} ${byte}`),
    nvCommit: () => void calls.push('nvCommit'),
    batteryMv: () => 4500,
    sleep: (mode) => void calls.push(`sleep ${mode}`),
    reboot: (mode) => {
      calls.push(`reboot ${mode}`);
      return 0;
    },
  };
  return { calls, host: checkedHost(host) };
}

describe('checkedHost', () => {
  it('passes valid calls through (silence reported as volume 0)', () => {
    const { calls, host } = recordingHost();
    host.tone(440, 3);
    host.tone(0, 2);
    host.leds(0x3fff);
    host.sound(11);
    host.nvWrite(63, 255);
    host.sleep(1);
    expect(host.nvRead(0)).toBe(0xff);
    expect(calls).toEqual(['tone 440 3', 'tone 0 0', 'leds 16383', 'sound 11', 'nvWrite 63 255', 'sleep 1']);
  });

  it.each([
    [(h: FirmwareHost) => h.tone(440, 0), 'firmware called tone(440, 0): a sounding tone needs volume 1..3'],
    [(h: FirmwareHost) => h.tone(-1, 1), 'firmware called tone(-1, 1): hz must be >= 0'],
    [(h: FirmwareHost) => h.leds(1 << 14), 'firmware called leds(0x4000): only bits 0..13 exist'],
    [(h: FirmwareHost) => h.sound(12), 'firmware called sound(12): not a sound id 0..11'],
    [(h: FirmwareHost) => h.nvRead(512), 'firmware called nvRead(512): the store offset must be 0..511'],
    [(h: FirmwareHost) => h.nvWrite(0, 256), 'firmware called nvWrite(0, 256): the byte must be 0..255'],
    [(h: FirmwareHost) => h.sleep(2), 'firmware called sleep(2): the mode must be 0 or 1'],
    [(h: FirmwareHost) => h.reboot(0), 'firmware called reboot(0): the mode must be 1 (USB boot mode)'],
    [(h: FirmwareHost) => h.tx(300), 'firmware called tx(300): a byte is 0..255'],
  ])('rejects a bad call: %#', (call, message) => {
    const { calls, host } = recordingHost();
    expect(() => call(host)).toThrow(new FirmwareAbiError(message));
    expect(calls).toEqual([]);
  });
});
