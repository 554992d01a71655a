// A USB host on the emulated RP2040's USB controller (rp2040js's device-mode model), with the
// CDC ACM driver a computer runs: it enumerates the device as Linux does, opens the port and
// moves the serial data on the bulk endpoints.
//
// rp2040js models the controller's DPRAM buffers and interrupts, and gives the host four
// hooks: a SETUP packet it sends (sendSetupPacket), IN packets the device hands over
// (onEndpointWrite), OUT buffers the device makes available (onEndpointRead, answered with
// endpointReadDone) and a bus reset (resetDevice). Its own host (USBCDC) reads only the
// configuration descriptor, sets the address and configuration and the control line state,
// and answers an OUT buffer at once with a zero-length packet when it has nothing to send, a
// packet every 10 us, which no host sends (a host sends OUT data only when it has some). This
// host instead:
//
//   - waits for the device to connect (its D+ pull-up, SIE_CTRL.PULLUP_EN, with VBUS present),
//     then 100 ms (USB 2.0 7.1.7.3), then resets the bus;
//   - runs each control transfer through its three stages: SETUP, the data stage (IN packets
//     collected up to wLength or a short packet; OUT data into the buffer the device arms),
//     and the status stage (a zero-length packet the other way), and sees a STALL the device
//     arms on endpoint 0 (EP_STALL_ARM and the buffer's STALL bit) as the request refused;
//   - checks the data toggle of every IN packet (DATA1 first on endpoint 0 after SETUP,
//     DATA0 first on a bulk endpoint after SET_CONFIGURATION, then alternating);
//   - sends bulk OUT data only when it has some, 64 bytes a packet, each taking its time on
//     the 12 Mbit/s bus; a buffer the device does not make available holds the data back.
import type { RP2040 } from 'rp2040js';

import type { VirtualClock } from './virtual-clock.ts';

type UsbController = RP2040['usbCtrl'];

const NS_PER_US = 1_000;
const SIE_CTRL = 0x4c;
const SIE_CTRL_PULLUP_EN = 1 << 16;
const EP_STALL_ARM = 0x68;
const EP0_IN_BUFFER_CONTROL = 0x80;
const EP0_OUT_BUFFER_CONTROL = 0x84;
const BUF_AVAILABLE = 1 << 10;
const BUF_STALL = 1 << 11;
const BUF_DATA1 = 1 << 13;
const SIE_STATUS_SUSPENDED = 1 << 4;
const SIE_STATUS_RESUME = 1 << 11;
const EP0_SIZE = 64;
/** What the host waits between transactions and after a status stage, in us. */
const TURNAROUND_US = 20;
/** USB 2.0 7.1.7.3: the host waits 100 ms after a connect before it resets the port. */
const CONNECT_DEBOUNCE_MS = 100;

export interface ControlRequest {
  readonly name: string;
  readonly requestType: number;
  readonly request: number;
  readonly value: number;
  readonly index: number;
  readonly length: number;
  readonly data?: Uint8Array;
}

export interface ControlResult {
  readonly request: ControlRequest;
  /** The device refused it (a STALL on endpoint 0). */
  readonly stalled: boolean;
  /** What the data stage of an IN request brought. */
  readonly data: Uint8Array;
  /** Virtual ms when it completed. */
  readonly ms: number;
}

export interface Enumeration {
  readonly device: Uint8Array;
  readonly configuration: Uint8Array;
  readonly langIds: number[];
  readonly manufacturer: string;
  readonly product: string;
  readonly serialNumber: string;
  readonly lineCoding: Uint8Array;
}

export interface UsbLine {
  readonly ms: number;
  readonly text: string;
}

export class UsbHostError extends Error {}

function setup(request: ControlRequest): Uint8Array {
  return Uint8Array.of(
    request.requestType,
    request.request,
    request.value & 0xff,
    request.value >> 8,
    request.index & 0xff,
    request.index >> 8,
    request.length & 0xff,
    request.length >> 8,
  );
}

function getDescriptor(name: string, type: number, index: number, length: number, langId = 0): ControlRequest {
  return { name, requestType: 0x80, request: 6, value: (type << 8) | index, index: langId, length };
}

function utf16(descriptor: Uint8Array): string {
  let text = '';
  for (let i = 2; i + 1 < descriptor.length; i += 2) text += String.fromCharCode((descriptor[i] ?? 0) | ((descriptor[i + 1] ?? 0) << 8));
  return text;
}

/** Endpoint numbers of the CDC data interface (class 0x0a) in a configuration descriptor. */
export function dataEndpoints(configuration: Uint8Array): { in: number; out: number } {
  const found = { in: -1, out: -1 };
  let inData = false;
  for (let at = 0; at + 1 < configuration.length; ) {
    const length = configuration[at] ?? 0;
    const type = configuration[at + 1];
    if (length < 2) break;
    if (type === 4) inData = configuration[at + 5] === 0x0a;
    if (type === 5 && inData && ((configuration[at + 3] ?? 0) & 3) === 2) {
      const address = configuration[at + 2] ?? 0;
      if (address & 0x80) found.in = address & 0xf;
      else found.out = address & 0xf;
    }
    at += length;
  }
  return found;
}

type Stage = 'data-in' | 'data-out' | 'status-in' | 'status-out' | 'done';

interface Transfer {
  readonly request: ControlRequest;
  stage: Stage;
  received: number[];
  stalled: boolean;
}

export class UsbCdcHost {
  /** Every control transfer, in order. */
  readonly controls: ControlResult[] = [];
  /** Lines the device sent on its bulk IN endpoint. */
  readonly lines: UsbLine[] = [];
  /** Data toggle errors: an IN packet whose DATA0/DATA1 was not the one expected. */
  readonly toggleErrors: string[] = [];
  /**
   * Bulk OUT packets sent, and the longest the device held data back (ms from a packet to its
   * next OUT buffer while the host had more to send: it takes input only when it has room).
   */
  readonly bulkOut = { packets: 0, longestHoldMs: 0 };
  private lastOutMs = 0;
  enumeration: Enumeration | undefined;
  /** The port is enumerated, configured and open (DTR set). */
  ready = false;
  /** Times the device connected (pull-up on with VBUS present) and was enumerated from a bus reset. */
  connects = 0;

  private cable = false;
  private notReading = false;
  private readonly heldIn: [number, number][] = [];
  private readonly handOver: (offset: number, value: number) => void;
  /** A computer at the other end (false: a USB charger, VBUS only, nobody enumerating). */
  private computer = true;
  private pullup = false;
  private session = 0;
  private queue: ControlRequest[] = [];
  private transfer: Transfer | undefined;
  private endpoints = { in: -1, out: -1 };
  private readonly inPids = new Map<number, number[]>();
  private readonly expectedPid = new Map<number, number>();
  private outArmed = false;
  /** Endpoint 0's OUT buffer is available (its size), not yet used for a data or status stage. */
  private ep0OutArmed: number | undefined;
  private pending: number[] = [];
  private partial = '';
  private readonly lineListeners = new Set<(line: UsbLine) => void>();
  private address = 0;

  constructor(
    private readonly usb: UsbController,
    private readonly clock: VirtualClock,
    private readonly nowMs: () => number,
  ) {
    usb.onUSBEnabled = () => {}; // the host reacts to the pull-up, not to the controller's enable bit
    usb.onResetReceived = () => this.afterReset();
    usb.onEndpointWrite = (endpoint, buffer) => this.onIn(endpoint, buffer);
    usb.onEndpointRead = (endpoint, size) => this.onOutAvailable(endpoint, size);
    const write = usb.writeUint32.bind(usb);
    usb.writeUint32 = (offset: number, value: number): void => {
      write(offset, value);
      if (offset === SIE_CTRL) this.setPullup((value & SIE_CTRL_PULLUP_EN) !== 0);
      if (offset === EP_STALL_ARM && value & 3 && this.transfer !== undefined) this.transfer.stalled = true;
    };
    const dpram = usb.DPRAMUpdated.bind(usb);
    this.handOver = dpram;
    usb.DPRAMUpdated = (offset: number, value: number): void => {
      this.watchBufferControl(offset, value);
      if (this.notReading && this.isDataInBuffer(offset, value)) {
        this.heldIn.push([offset, value]); // the host sends no IN token: the packet waits in the device
        return;
      }
      dpram(offset, value);
    };
  }

  // ---- the cable ----

  /** Plugs the cable in (VBUS on) or pulls it out; `computer` false: a charger at its other end. */
  setCable(plugged: boolean, computer = true): void {
    if (plugged === this.cable) return;
    this.cable = plugged;
    this.computer = computer;
    if (!plugged) this.disconnect();
    else if (this.pullup) this.connect();
  }

  private setPullup(on: boolean): void {
    if (on === this.pullup) return;
    this.pullup = on;
    if (!this.cable) return;
    if (on) this.connect();
    else this.disconnect();
  }

  private connect(): void {
    const session = ++this.session;
    if (!this.computer) return;
    this.clock.at(CONNECT_DEBOUNCE_MS * 1e6, () => {
      if (session === this.session) this.usb.resetDevice();
    });
  }

  /** rp2040js's controller state the bus sets (its suspend and resume status bits). */
  private get sie(): { sieStatus: number; sieStatusUpdated(): void } {
    return this.usb as unknown as { sieStatus: number; sieStatusUpdated(): void };
  }

  /** The computer suspends the bus (it sleeps): no frames for 3 ms, and the device's SIE reports SUSPENDED. */
  suspend(): void {
    this.sie.sieStatus |= SIE_STATUS_SUSPENDED;
    this.sie.sieStatusUpdated();
  }

  /** The computer resumes the bus (resume signalling, then frames again). */
  resume(): void {
    this.sie.sieStatus = (this.sie.sieStatus & ~SIE_STATUS_SUSPENDED) | SIE_STATUS_RESUME;
    this.sie.sieStatusUpdated();
  }

  private disconnect(): void {
    // The bus state goes with the connection (the device's controller is reset before it
    // connects again; rp2040js keeps its status bits across that reset).
    this.sie.sieStatus &= ~(SIE_STATUS_SUSPENDED | SIE_STATUS_RESUME);
    this.session++;
    this.ready = false;
    this.transfer = undefined;
    this.queue = [];
    this.outArmed = false;
    this.partial = '';
    this.address = 0;
  }

  // ---- enumeration ----

  private afterReset(): void {
    if (!this.cable || !this.pullup) return;
    this.connects++;
    this.ready = false;
    this.enumeration = undefined;
    this.expectedPid.clear();
    this.inPids.clear();
    this.outArmed = false;
    const address = 5;
    const collected: Partial<Record<'device' | 'configuration' | 'langs' | 'manufacturer' | 'product' | 'serial' | 'lineCoding', Uint8Array>> = {};
    const keep = (key: keyof typeof collected) => (data: Uint8Array) => {
      collected[key] = data;
    };
    const onDone = new Map<string, (data: Uint8Array) => void>();
    const steps: ControlRequest[] = [
      getDescriptor('GET_DESCRIPTOR device (64)', 1, 0, 64),
      { name: 'SET_ADDRESS', requestType: 0x00, request: 5, value: address, index: 0, length: 0 },
      getDescriptor('GET_DESCRIPTOR device', 1, 0, 18),
      getDescriptor('GET_DESCRIPTOR configuration (9)', 2, 0, 9),
    ];
    onDone.set('GET_DESCRIPTOR device', keep('device'));
    onDone.set('GET_DESCRIPTOR configuration (9)', (data) => {
      const total = (data[2] ?? 0) | ((data[3] ?? 0) << 8);
      this.queue.unshift(getDescriptor('GET_DESCRIPTOR configuration', 2, 0, total));
    });
    onDone.set('GET_DESCRIPTOR configuration', (data) => {
      collected.configuration = data;
      this.endpoints = dataEndpoints(data);
      const device = collected.device ?? new Uint8Array(18);
      this.queue.unshift(
        getDescriptor('GET_DESCRIPTOR string 0', 3, 0, 255),
        getDescriptor('GET_DESCRIPTOR string product', 3, device[15] ?? 0, 255, 0x0409),
        getDescriptor('GET_DESCRIPTOR string manufacturer', 3, device[14] ?? 0, 255, 0x0409),
        getDescriptor('GET_DESCRIPTOR string serial', 3, device[16] ?? 0, 255, 0x0409),
        getDescriptor('GET_DESCRIPTOR device qualifier', 6, 0, 10),
        { name: 'SET_CONFIGURATION', requestType: 0x00, request: 9, value: 1, index: 0, length: 0 },
        { name: 'SET_LINE_CODING', requestType: 0x21, request: 0x20, value: 0, index: 0, length: 7, data: Uint8Array.of(0x00, 0xc2, 0x01, 0x00, 0, 0, 8) },
        { name: 'SET_CONTROL_LINE_STATE', requestType: 0x21, request: 0x22, value: 3, index: 0, length: 0 },
        { name: 'GET_LINE_CODING', requestType: 0xa1, request: 0x21, value: 0, index: 0, length: 7 },
      );
    });
    onDone.set('GET_DESCRIPTOR string 0', keep('langs'));
    onDone.set('GET_DESCRIPTOR string product', keep('product'));
    onDone.set('GET_DESCRIPTOR string manufacturer', keep('manufacturer'));
    onDone.set('GET_DESCRIPTOR string serial', keep('serial'));
    onDone.set('SET_CONFIGURATION', () => {
      for (const ep of [this.endpoints.in]) this.expectedPid.set(ep, 0);
    });
    onDone.set('GET_LINE_CODING', (data) => {
      collected.lineCoding = data;
      const langs = collected.langs ?? new Uint8Array(0);
      const langIds: number[] = [];
      for (let i = 2; i + 1 < langs.length; i += 2) langIds.push((langs[i] ?? 0) | ((langs[i + 1] ?? 0) << 8));
      this.enumeration = {
        device: collected.device ?? new Uint8Array(0),
        configuration: collected.configuration ?? new Uint8Array(0),
        langIds,
        manufacturer: utf16(collected.manufacturer ?? new Uint8Array(0)),
        product: utf16(collected.product ?? new Uint8Array(0)),
        serialNumber: utf16(collected.serial ?? new Uint8Array(0)),
        lineCoding: data,
      };
      this.ready = true;
      this.serveOut();
    });
    this.queue = steps;
    this.onComplete = (result) => {
      if (result.request.name === 'SET_ADDRESS' && !result.stalled) this.address = address;
      if (!result.stalled || result.request.name.endsWith('device qualifier')) onDone.get(result.request.name)?.(result.data);
      else throw new UsbHostError(`the device refused ${result.request.name}`);
    };
    this.later(TURNAROUND_US, () => this.nextControl());
  }

  private onComplete: ((result: ControlResult) => void) | undefined;

  /** The device's address now (0 until SET_ADDRESS completes). */
  get deviceAddress(): number {
    return this.address;
  }

  private later(us: number, work: () => void): void {
    const session = this.session;
    this.clock.at(us * NS_PER_US, () => {
      if (session === this.session) work();
    });
  }

  // ---- control transfers ----

  private nextControl(): void {
    const request = this.queue.shift();
    if (request === undefined || this.transfer !== undefined) return;
    const stage: Stage = request.requestType & 0x80 ? 'data-in' : request.data !== undefined ? 'data-out' : 'status-in';
    this.transfer = { request, stage, received: [], stalled: false };
    this.ep0OutArmed = undefined;
    this.expectedPid.set(0, 1);
    this.usb.sendSetupPacket(setup(request));
  }

  private finishControl(): void {
    const transfer = this.transfer;
    if (transfer === undefined) return;
    this.transfer = undefined;
    const result: ControlResult = { request: transfer.request, stalled: transfer.stalled, data: Uint8Array.from(transfer.received), ms: this.nowMs() };
    this.controls.push(result);
    this.onComplete?.(result);
    this.later(TURNAROUND_US, () => this.nextControl());
  }

  /** Sends one more control request (after enumeration); its result lands in `controls`. */
  control(request: ControlRequest): void {
    this.queue.push(request);
    if (this.transfer === undefined) this.later(TURNAROUND_US, () => this.nextControl());
  }

  private watchBufferControl(offset: number, value: number): void {
    if (!this.cable) return;
    if ((offset === EP0_IN_BUFFER_CONTROL || offset === EP0_OUT_BUFFER_CONTROL) && value & BUF_STALL && this.transfer !== undefined) {
      this.transfer.stalled = true;
      this.later(TURNAROUND_US, () => this.finishControl());
      return;
    }
    // An IN buffer handed over: remember its PID for the packet the host is about to get.
    if (offset >= EP0_IN_BUFFER_CONTROL && offset < 0x100 && (offset & 4) === 0 && value & BUF_AVAILABLE) {
      const endpoint = (offset - EP0_IN_BUFFER_CONTROL) >> 3;
      const pids = this.inPids.get(endpoint) ?? [];
      pids.push(value & BUF_DATA1 ? 1 : 0);
      this.inPids.set(endpoint, pids);
    }
  }

  private checkToggle(endpoint: number): void {
    const pid = this.inPids.get(endpoint)?.shift();
    const expected = this.expectedPid.get(endpoint);
    if (pid === undefined || expected === undefined) return;
    if (pid !== expected) this.toggleErrors.push(`endpoint ${endpoint} IN: DATA${pid} where DATA${expected} was due`);
    this.expectedPid.set(endpoint, pid ^ 1);
  }

  private onIn(endpoint: number, buffer: Uint8Array): void {
    if (!this.cable) return;
    this.checkToggle(endpoint);
    if (endpoint === 0) {
      const transfer = this.transfer;
      if (transfer === undefined) return;
      if (transfer.stage === 'data-in') {
        transfer.received.push(...buffer);
        if (buffer.length < EP0_SIZE || transfer.received.length >= transfer.request.length) {
          transfer.stage = 'status-out';
          if (this.ep0OutArmed !== undefined) this.onOutAvailable(0, this.ep0OutArmed);
        }
      } else if (transfer.stage === 'status-in') {
        if (buffer.length !== 0) throw new UsbHostError(`${transfer.request.name}: a ${buffer.length}-byte packet where the status stage is a zero-length one`);
        transfer.stage = 'done';
        this.later(TURNAROUND_US, () => this.finishControl());
      }
      return;
    }
    if (endpoint === this.endpoints.in && this.ready) {
      for (const byte of buffer) {
        if (byte === 0x0a) {
          const line = { ms: this.nowMs(), text: this.partial };
          this.partial = '';
          this.lines.push(line);
          for (const listener of this.lineListeners) listener(line);
        } else {
          this.partial += String.fromCharCode(byte);
        }
      }
    }
  }

  private onOutAvailable(endpoint: number, size: number): void {
    if (!this.cable) return;
    if (endpoint === 0) {
      const transfer = this.transfer;
      this.ep0OutArmed = undefined;
      if (transfer?.stage === 'data-out') {
        this.usb.endpointReadDone(0, (transfer.request.data ?? new Uint8Array(0)).subarray(0, size));
        transfer.stage = 'status-in';
      } else if (transfer?.stage === 'status-out') {
        this.usb.endpointReadDone(0, new Uint8Array(0));
        transfer.stage = 'done';
        this.later(TURNAROUND_US, () => this.finishControl());
      } else {
        this.ep0OutArmed = size; // the device is ready before the host is: used when the data stage ends
      }
      return;
    }
    if (endpoint === this.endpoints.out) {
      if (this.pending.length > 0) this.bulkOut.longestHoldMs = Math.max(this.bulkOut.longestHoldMs, this.nowMs() - this.lastOutMs);
      this.outArmed = true;
      this.serveOut();
    }
  }

  private serveOut(): void {
    if (!this.outArmed || !this.ready || this.pending.length === 0) return;
    const packet = Uint8Array.from(this.pending.splice(0, 64));
    this.outArmed = false;
    this.bulkOut.packets++;
    this.lastOutMs = this.nowMs();
    // 12 Mbit/s with the token, handshake and bit stuffing: about 1 us a byte plus the overhead.
    this.usb.endpointReadDone(this.endpoints.out, packet, TURNAROUND_US + packet.length);
  }

  // ---- the serial data ----

  private isDataInBuffer(offset: number, value: number): boolean {
    return this.endpoints.in > 0 && offset === EP0_IN_BUFFER_CONTROL + 8 * this.endpoints.in && (value & BUF_AVAILABLE) !== 0;
  }

  /** The program that has the port open stops reading (the host polls the IN endpoint no more), or reads again. */
  setReading(reading: boolean): void {
    this.notReading = !reading;
    if (!reading) return;
    for (const [offset, value] of this.heldIn.splice(0)) this.handOver(offset, value);
  }

  /** Queues text for the device's bulk OUT endpoint. */
  send(text: string): void {
    for (const char of text) this.pending.push(char.charCodeAt(0) & 0xff);
    this.serveOut();
  }

  /** Bytes queued and not yet taken by the device. */
  get unsent(): number {
    return this.pending.length;
  }

  onLine(listener: (line: UsbLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }
}
