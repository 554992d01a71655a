import { DEFAULT_FIRMWARE_PATH } from '../../sim/device/node/load-firmware.ts';
import { firmwareSize } from './firmware-device.ts';
import { formatNumber, type BenchSection } from './section.ts';

/** The size build/firmware.wasm is meant to stay within (8 KiB), printed beside the figure. */
export const FIRMWARE_SIZE_GOAL = 8 * 1024;

const section: BenchSection = {
  title: 'firmware',
  run: () => {
    const size = firmwareSize();
    const against = size <= FIRMWARE_SIZE_GOAL ? 'within' : `${formatNumber(size - FIRMWARE_SIZE_GOAL)} bytes over`;
    return [
      { label: 'build/firmware.wasm', value: `${formatNumber(size)} bytes, goal ${formatNumber(FIRMWARE_SIZE_GOAL)} (${against}) (${DEFAULT_FIRMWARE_PATH})` },
    ];
  },
};

export default section;
