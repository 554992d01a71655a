// The virtual device's public surface (browser-safe; Node-only helpers live in ./node/).
export * from './virtual-device.ts';
export {
  EXPORT_NAMES,
  FirmwareAbiError,
  FirmwareTrapError,
  IMPORT_NAMES,
  compileFirmware,
  errorMessage,
  trapReason,
  wasmFirmware,
  type FirmwareFactory,
  type FirmwareHost,
  type FirmwareInstance,
} from './firmware-instance.ts';
export * from './names.ts';
export * from './power-model.ts';
export * from './bounce.ts';
export * from './store.ts';
export * from './sim-command.ts';
export { mixSeed, seededRandom } from './random.ts';
export { DEFAULT_POWER_SPEC } from './default-power.ts';
export * from './real-time-driver.ts';
export { HISTORY_LIMIT } from './history.ts';
