// The ABI's rules for import arguments, enforced around a host: a firmware that breaks them gets
// a FirmwareAbiError naming the call, instead of a device quietly showing nonsense.
import { FirmwareAbiError, type FirmwareHost } from './firmware-instance.ts';
import { ALL_LEDS_MASK, SOUND_NAMES } from './names.ts';
import { STORE_SIZE } from './store.ts';

export function checkedHost(host: FirmwareHost): FirmwareHost {
  return {
    tone: (hz, volume) => {
      if (!Number.isInteger(hz) || hz < 0) fail(`tone(${hz}, ${volume}): hz must be >= 0`);
      if (hz > 0 && (volume < 1 || volume > 3)) fail(`tone(${hz}, ${volume}): a sounding tone needs volume 1..3`);
      host.tone(hz, hz === 0 ? 0 : volume);
    },
    sound: (id) => {
      if (id < 0 || id >= SOUND_NAMES.length) fail(`sound(${id}): not a sound id 0..${SOUND_NAMES.length - 1}`);
      host.sound(id);
    },
    leds: (mask) => {
      if (mask < 0 || (mask & ~ALL_LEDS_MASK) !== 0) fail(`leds(0x${(mask >>> 0).toString(16)}): only bits 0..13 exist`);
      host.leds(mask);
    },
    tx: (byte) => {
      if (byte < 0 || byte > 255) fail(`tx(${byte}): a byte is 0..255`);
      host.tx(byte);
    },
    nvRead: (offset) => {
      checkOffset('nvRead', offset);
      return host.nvRead(offset);
    },
    nvWrite: (offset, byte) => {
      checkOffset('nvWrite', offset);
      if (byte < 0 || byte > 255) fail(`nvWrite(${offset}, ${byte}): the byte must be 0..255`);
      host.nvWrite(offset, byte);
    },
    nvCommit: () => host.nvCommit(),
    batteryMv: () => host.batteryMv(),
    sleep: (mode) => {
      if (mode !== 0 && mode !== 1) fail(`sleep(${mode}): the mode must be 0 or 1`);
      host.sleep(mode);
    },
    reboot: (mode) => {
      if (mode !== 1) fail(`reboot(${mode}): the mode must be 1 (USB boot mode)`);
      return host.reboot(mode);
    },
  };
}

function checkOffset(call: string, offset: number): void {
  if (offset < 0 || offset >= STORE_SIZE) fail(`${call}(${offset}): the store offset must be 0..${STORE_SIZE - 1}`);
}

function fail(message: string): never {
  throw new FirmwareAbiError(`firmware called ${message}`);
}
