// The built-in virtual timer as a link: the same firmware.wasm, in this process. With
// `realTime` its clock follows the wall clock (for people at the table); without it the clock
// moves only with `SIM ADVANCE` (for tests and scripted games, fully reproducible).

import { RealTimeDriver, VirtualDevice, type NvStore, type WiringFaults } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import type { Transport } from './transport.ts';

export interface VirtualTransportOptions {
  seed: number;
  /** The clock follows the wall clock (default true). */
  realTime?: boolean;
  /** The timer's settings store (e.g. kept in a file); default a blank one. */
  store?: NvStore;
  /** Bounce the virtual button contacts. */
  bounce?: boolean;
  /** A timer soldered wrong (the bring-up check's tests): dark LEDs, buttons on other pins or none. */
  wiring?: WiringFaults;
  /** Override the firmware (default build/firmware.wasm). */
  firmwarePath?: string;
}

export class VirtualTransport implements Transport {
  readonly description: string;
  readonly device: VirtualDevice;
  private readonly driver: RealTimeDriver | undefined;
  private readonly dataListeners: ((chunk: Uint8Array | string) => void)[] = [];
  private readonly closeListeners: ((error?: Error) => void)[] = [];
  private partial: number[] = [];
  private closed = false;

  constructor(options: VirtualTransportOptions) {
    this.device = VirtualDevice.create({
      seed: options.seed,
      firmware: loadFirmwareModule(options.firmwarePath),
      ...(options.store ? { store: options.store } : {}),
      ...(options.bounce ? { bounce: true } : {}),
      ...(options.wiring ? { wiring: options.wiring } : {}),
    });
    const realTime = options.realTime ?? true;
    this.description = `the built-in virtual timer (seed ${options.seed}${realTime ? '' : ', virtual time'})`;
    // Lines reach listeners asynchronously, as they would from a serial port.
    this.device.onLine((line) => queueMicrotask(() => this.emit(`${line}\n`)));
    if (realTime) {
      this.driver = new RealTimeDriver(this.device);
      this.driver.start();
    }
  }

  async write(text: string): Promise<void> {
    if (this.closed) throw new Error(`${this.description} is closed`);
    for (const byte of new TextEncoder().encode(text)) {
      if (byte !== 0x0a) {
        this.partial.push(byte);
        continue;
      }
      const line = Uint8Array.from(this.partial);
      this.partial = [];
      if (this.driver) this.driver.input((device) => device.sendLine(line));
      else this.device.sendLine(line);
    }
  }

  onData(listener: (chunk: Uint8Array | string) => void): void {
    this.dataListeners.push(listener);
  }

  onClose(listener: (error?: Error) => void): void {
    this.closeListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.driver?.stop();
    for (const listener of this.closeListeners) listener();
  }

  private emit(text: string): void {
    if (this.closed) return;
    for (const listener of this.dataListeners) listener(text);
  }
}
