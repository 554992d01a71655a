// A small stand-in for firmware.wasm behind the FirmwareInstance interface, for unit tests of
// the virtual device: it answers a few lines, blinks bar bit 0 every 500 ms, logs every call.
import type { FirmwareFactory, FirmwareHost, FirmwareInstance } from '../../sim/device/index.ts';

export interface FakeCall {
  name: 'init' | 'tick' | 'button' | 'rx';
  args: number[];
}

export const BLINK_MS = 500;

export class FakeFirmware implements FirmwareInstance {
  readonly calls: FakeCall[] = [];
  private line: number[] = [];
  private last = 0;
  private blinkAt: number | undefined;
  private lit = false;
  private asleep = false;

  constructor(private readonly host: FirmwareHost) {}

  init(seed: number, now: number): void {
    this.calls.push({ name: 'init', args: [seed, now] });
    this.last = now;
    this.blinkAt = (now + BLINK_MS) >>> 0;
    this.say(`EVT POWER on seed=${seed}`);
  }

  tick(now: number): void {
    this.calls.push({ name: 'tick', args: [now] });
    this.runDue(now);
  }

  button(index: number, level: number, now: number): void {
    this.calls.push({ name: 'button', args: [index, level, now] });
    this.runDue(now);
    this.say(`EVT EDGE ${index} ${level} t=${now}`);
  }

  rx(byte: number, now: number): void {
    this.calls.push({ name: 'rx', args: [byte, now] });
    this.runDue(now);
    if (byte !== 0x0a) {
      this.line.push(byte);
      return;
    }
    const text = String.fromCharCode(...this.line);
    this.line = [];
    this.command(text);
  }

  nextWake(): number {
    return this.blinkAt === undefined ? -1 : Math.max(0, (this.blinkAt - this.last) | 0);
  }

  state(): number {
    return this.asleep ? 5 : 0;
  }
  timeLeft(): number {
    return 0;
  }
  found(): number {
    return 0;
  }
  need(): number {
    return 4;
  }
  entryLength(): number {
    return 0;
  }
  entrySymbol(): number {
    return 0;
  }
  ledMask(): number {
    return this.lit ? 1 : 0;
  }
  toneHz(): number {
    return 0;
  }
  soundPlaying(): number {
    return -1;
  }
  powerMode(): number {
    return this.asleep ? 1 : 0;
  }
  heapTop(): number {
    return 1024;
  }

  private command(text: string): void {
    switch (text) {
      case 'HELLO':
        return this.say('OK HELLO name=fake');
      case 'SLEEP':
        this.asleep = true;
        this.blinkAt = undefined;
        this.lit = false;
        this.host.leds(0);
        this.host.sleep(1);
        return this.say('OK SLEEP');
      case 'TONE':
        this.host.tone(440, 2);
        return this.say('OK TONE');
      case 'QUIET':
        this.host.tone(0, 0);
        return this.say('OK QUIET');
      case 'SAVE':
        this.host.nvWrite(0, 0x42);
        this.host.nvCommit();
        return this.say('OK SAVE');
      case 'WRITE':
        this.host.nvWrite(1, 0x17);
        return this.say('OK WRITE');
      case 'LOAD':
        return this.say(`OK LOAD ${this.host.nvRead(0)} ${this.host.nvRead(1)}`);
      case 'BATTERY':
        return this.say(`OK BATTERY mv=${this.host.batteryMv()}`);
      case 'BADTONE':
        this.host.tone(440, 7);
        return this.say('OK BADTONE');
      case 'TRAP':
        throw new WebAssembly.RuntimeError('unreachable');
      default:
        return this.say(`ERR unknown ${text}`);
    }
  }

  private runDue(now: number): void {
    this.last = now;
    while (this.blinkAt !== undefined && ((this.blinkAt - now) | 0) <= 0) {
      this.lit = !this.lit;
      this.host.leds(this.lit ? 1 : 0);
      this.blinkAt = (this.blinkAt + BLINK_MS) >>> 0;
    }
  }

  private say(text: string): void {
    for (const char of `${text}\n`) this.host.tx(char.charCodeAt(0));
  }
}

/** A factory that also keeps every instance it made (one per boot). */
export function fakeFirmware(): { factory: FirmwareFactory; instances: FakeFirmware[] } {
  const instances: FakeFirmware[] = [];
  return {
    instances,
    factory: (host) => {
      const instance = new FakeFirmware(host);
      instances.push(instance);
      return instance;
    },
  };
}
