import { DEFAULT_FIRMWARE_PATH } from '../../sim/device/node/load-firmware.ts';
import { firmwareSize } from './firmware-device.ts';
import { formatNumber, type BenchSection } from './section.ts';

const section: BenchSection = {
  title: 'firmware',
  run: () => [{ label: 'build/firmware.wasm', value: `${formatNumber(firmwareSize())} bytes (${DEFAULT_FIRMWARE_PATH})` }],
};

export default section;
