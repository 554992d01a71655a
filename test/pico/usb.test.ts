// USB serial on the emulated Pico: a computer on the USB port (./harness/usb-host.ts, on
// rp2040js's model of the RP2040's USB controller) enumerates the image as a CDC ACM device,
// opens the port, and talks the protocol over it: the same answers as on UART0 and on the
// virtual device, back-to-back input without loss, and each link answered on its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { PRINTED_CODES, firmwareDevice } from '../support/firmware-device.ts';
import { packLines, type PackCode } from '../support/pack-sum.ts';
import { Presser, bootPico, bootPicoOnUsb, command, texts, usbCommand } from './harness/session.ts';
import { DEFAULT_FLASH_UNIQUE_ID } from './harness/stand-in-rom.ts';
import { ROOT, buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';
import { dataEndpoints } from './harness/usb-host.ts';
import { code, mismatches, playOnPico, playOnPicoUsb, playOnVirtualDevice, press, type Step } from './scenario.ts';

const run = picoToolsOrSkip();
const SEED = 0x05b_2026;
const usbJson = JSON.parse(readFileSync(join(ROOT, 'hw', 'pico', 'usb.json'), 'utf8')) as { vid: string; pid: string; manufacturer: string; product: string };
const PACK: PackCode[] = [{ digits: '414', id: 'M01' }, { digits: '232', id: 'M02' }, { digits: '321' }, { digits: '143', id: 'M04' }];

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');

/**
 * The conformance scenario: HELLO, STATUS, CONFIG, CODES, a PACK loaded and listed, a game won
 * on the buttons with the loaded codes after a wrong one, and STATUS. It starts at `t0`, once the
 * USB port is open. (Deep sleep with the port open: usb-power.test.ts.)
 */
function conformance(t0: number): { steps: Step[]; endMs: number } {
  const steps: Step[] = [
    { at: t0, send: 'HELLO' },
    { at: t0 + 20, send: 'STATUS' },
    { at: t0 + 40, send: 'CONFIG duration=60 sleep=30' },
    { at: t0 + 100, send: 'CONFIG' },
    { at: t0 + 120, send: 'FOO' },
    { at: t0 + 140, send: 'CODES' },
  ];
  let at = t0 + 200;
  for (const line of packLines(PACK)) {
    steps.push({ at, send: line });
    at += 150; // PACK END writes the flash: 45 ms to erase
  }
  steps.push({ at, send: 'PACK' }, { at: at + 20, send: 'CODES' });
  at += 200;
  steps.push(...press('triangle', at));
  at += 600;
  steps.push(...code('1111', at));
  at += 1_000;
  for (const { digits } of PACK) {
    steps.push(...code(digits, at));
    at += 900;
  }
  steps.push({ at: at + 200, send: 'STATUS' }, ...press('star', at + 400), { at: at + 700, send: 'PLAY chime' });
  return { steps, endMs: at + 1_200 };
}

describe.runIf(run)('USB serial on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('enumerates as a CDC ACM device with the ids of hw/pico/usb.json and the flash unique id as its serial number', () => {
    const pico = bootPicoOnUsb();
    const host = pico.usbHost;
    const found = host.enumeration;
    if (found === undefined) throw new Error('not enumerated');
    const word = (bytes: Uint8Array, at: number): number => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
    expect(found.device.length).toBe(18);
    expect(found.device[4]).toBe(0x02); // class CDC
    expect(found.device[7]).toBe(64); // bMaxPacketSize0
    expect(word(found.device, 8)).toBe(parseInt(usbJson.vid, 16));
    expect(word(found.device, 10)).toBe(parseInt(usbJson.pid, 16));
    expect(found.manufacturer).toBe(usbJson.manufacturer);
    expect(found.product).toBe('Imperial Timer');
    expect(found.serialNumber).toBe(hex(DEFAULT_FLASH_UNIQUE_ID));
    expect(pico.rom.uniqueIdReads).toBe(1);
    expect(found.langIds).toEqual([0x0409]);
    expect(word(found.configuration, 2)).toBe(found.configuration.length);
    expect(dataEndpoints(found.configuration)).toEqual({ in: 2, out: 2 });
    expect(found.lineCoding).toEqual(Uint8Array.of(0x00, 0xc2, 0x01, 0x00, 0, 0, 8)); // what SET_LINE_CODING set
    expect(host.deviceAddress).toBe(5);
    const refused = host.controls.filter((c) => c.stalled).map((c) => c.request.name);
    expect(refused).toEqual(['GET_DESCRIPTOR device qualifier']); // a full-speed-only device has none
    expect(host.toggleErrors).toEqual([]);
    expect(pico.rp2040.clkSys).toBe(48_000_000);
  });

  it('takes its serial number from the flash chip it has', () => {
    const id = Uint8Array.of(0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef);
    const pico = bootPicoOnUsb({ flashUniqueId: id });
    expect(pico.usbHost.enumeration?.serialNumber).toBe('0123456789ABCDEF');
  });

  it('answers the conformance scenario over USB as the virtual device and UART0 do', () => {
    const { steps, endMs } = conformance(500);
    const virtual = playOnVirtualDevice(firmwareDevice({ seed: SEED }), steps, endMs);
    const uart = playOnPico(bootPico({ seed: SEED }), steps, endMs);
    const usbPico = bootPicoOnUsb({ seed: SEED });
    const overUsb = playOnPicoUsb(usbPico, steps, endMs);

    expect(virtual.some((line) => line.startsWith('OK PACK END n=4 '))).toBe(true);
    expect(virtual).toContain('OK CODE 1 414 id=M01');
    expect(virtual).toContain('EVT FANFARE');
    expect(virtual.some((line) => line.startsWith('OK STATUS state=won '))).toBe(true);
    expect(mismatches(virtual, uart, 1)).toEqual([]);
    // The port opens after power-up: everything but EVT POWER on reaches the computer on USB.
    expect(virtual[0]).toBe('EVT POWER on');
    expect(mismatches(virtual.slice(1), overUsb.usb, 1)).toEqual([]);
    // UART0 meanwhile carries only the EVT lines: answers go to the link the command came from.
    expect(
      mismatches(
        virtual.slice(1).filter((line) => line.startsWith('EVT ')),
        overUsb.uart,
        1,
      ),
    ).toEqual([]);
    expect(usbPico.usbHost.toggleErrors).toEqual([]);
  });

  it('answers input pasted back to back over USB, every line in order, nothing lost', () => {
    const lines = [...Array.from({ length: 150 }, () => 'STATUS'), `${'x'.repeat(2_000)}`, 'HELLO', 'CODES', 'FOO', 'CONFIG volume=1', 'CONFIG'];
    const device = firmwareDevice({ seed: SEED });
    device.advance(500);
    const from = device.lines.length;
    for (const line of lines) device.send(line);
    device.advance(500);
    const expected = device.lines.slice(from);

    const pico = bootPicoOnUsb({ seed: SEED });
    pico.usbHost.send(lines.map((line) => `${line}\n`).join(''));
    const deadline = pico.nowMs + 5_000;
    while ((pico.usbHost.unsent > 0 || pico.usbHost.lines.length < expected.length) && pico.nowMs < deadline) pico.run(5);
    pico.run(50);
    expect(expected.filter((line) => line === 'OK STATUS state=ready left=0 found=0 need=4 entry=-')).toHaveLength(150);
    expect(
      mismatches(
        expected,
        pico.usbHost.lines.map((line) => line.text),
        1,
      ),
    ).toEqual([]);
    // The device took input only as it had room (the host waited, its OUT buffer not available), and lost none.
    expect(pico.usbHost.bulkOut.longestHoldMs).toBeGreaterThan(1);
  });

  it('answers each link on its own when both talk at once, and sends EVT lines to both', () => {
    const pico = bootPicoOnUsb({ seed: SEED });
    const usbFrom = pico.usbHost.lines.length;
    const uartFrom = pico.lines.length;
    pico.usbHost.send('STATUS\nHELLO\nCODES\n');
    pico.sendBytes('HELLO\nCONFIG\nSTATUS\n');
    pico.run(100);
    const overUsb = pico.usbHost.lines.slice(usbFrom).map((line) => line.text);
    const overUart = texts(pico.lines.slice(uartFrom));
    expect(overUsb.filter((line) => !line.startsWith('OK CODE '))).toEqual([
      'OK STATUS state=ready left=0 found=0 need=4 entry=-',
      'OK HELLO name=imperial-timer fw=0.1.0 proto=1 symbols=circle,square,diamond,star',
      'OK CODES n=24',
    ]);
    expect(overUart).toEqual([
      'OK HELLO name=imperial-timer fw=0.1.0 proto=1 symbols=circle,square,diamond,star',
      'OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2',
      'OK STATUS state=ready left=0 found=0 need=4 entry=-',
    ]);
    const usbEvents = pico.usbHost.lines.length;
    const uartEvents = pico.lines.length;
    command(pico, 'START');
    expect(pico.usbHost.lines.slice(usbEvents).map((line) => line.text)).toEqual(['EVT START left=720000']);
    expect(texts(pico.lines.slice(uartEvents))).toEqual(['EVT START left=720000', 'OK START']);
    expect(usbCommand(pico, 'STATUS').at(-1)).toMatch(/^OK STATUS state=running /);
  });

  it('plays the printed codes of the built-in pack over USB as over UART0', () => {
    const pico = bootPicoOnUsb({ seed: SEED });
    const listed = usbCommand(pico, 'CODES')
      .map((line) => /^OK CODE \d+ ([1-4]+)$/.exec(line)?.[1])
      .filter((digits): digits is string => digits !== undefined);
    expect(listed).toEqual(PRINTED_CODES);
  });
});

describe.runIf(run)('USB output to a program that stops reading', () => {
  beforeAll(() => buildPicoImage());

  it('drops the output the program does not read after 250 ms, keeps UART0 and the buttons going, and sends whole lines again once it reads', () => {
    const pico = bootPicoOnUsb({ seed: SEED });
    const host = pico.usbHost;
    host.setReading(false);
    host.send('CODES\nCODES\nCODES\nCODES\nCODES\n'); // five 360-byte answers: more than the 1 KiB ring
    pico.run(50);
    const from = pico.lines.length;
    pico.sendBytes('STATUS\n');
    pico.runUntilLine((text) => text.startsWith('OK STATUS'), 2_000, from);
    expect(pico.nowMs).toBeLessThan(1_500);
    const pressed = pico.lines.length;
    new Presser(pico).press('triangle');
    expect(texts(pico.lines.slice(pressed))).toContain('EVT START left=720000');

    host.setReading(true);
    pico.run(50);
    const after = host.lines.length;
    expect(usbCommand(pico, 'HELLO').at(-1)).toMatch(/^OK HELLO /);
    expect(host.lines.slice(after).map((line) => line.text)).toEqual(['OK HELLO name=imperial-timer fw=0.1.0 proto=1 symbols=circle,square,diamond,star']);
    // What did arrive is whole lines of the protocol, never a line cut short.
    const shapes = host.lines
      .map((line) => line.text)
      .filter((text) => !/^(OK CODE \d+ [1-4]{3}|OK CODES n=24|EVT [A-Z]+( [a-z]+=\S+)*|OK HELLO .*)$/.test(text));
    expect(shapes).toEqual([]);
  });
});
