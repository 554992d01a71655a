// BOOTSEL on the emulated Pico: the protocol command restarts the timer into the RP2040's USB
// boot mode through the boot ROM's reset_usb_boot (the stand-in ROM records the call), only
// once the answer has left whole, and never during a game.
import { beforeAll, describe, expect, it } from 'vitest';

import { Presser, bootPico, bootPicoOnUsb, command, texts, usbCommand } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

describe.runIf(run)('BOOTSEL on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('answers OK BOOTSEL whole on USB, then calls reset_usb_boot(0, 0) and runs no more', () => {
    const pico = bootPicoOnUsb();
    const host = pico.usbHost;
    const from = host.lines.length;
    host.send('BOOTSEL\n');
    for (let ms = 0; ms < 500 && pico.rom.usbBoot === undefined; ms++) pico.run(1);
    // What reached the computer before the chip left for the ROM: the answer, whole.
    expect(host.lines.slice(from).map((l) => l.text)).toEqual(['OK BOOTSEL']);
    expect(pico.rom.usbBoot).toEqual({ gpioActivityPinMask: 0, disableInterfaceMask: 0 });
    expect(pico.rom.calls.filter((c) => c.name === 'reset_usb_boot')).toHaveLength(1);
    const instructions = pico.stats.instructions;
    pico.run(50);
    expect(pico.stats.instructions).toBe(instructions);
  });

  it('answers OK BOOTSEL whole on UART0 before the ROM call', () => {
    const pico = bootPico();
    const from = pico.lines.length;
    pico.sendLine('bootsel');
    for (let ms = 0; ms < 500 && pico.rom.usbBoot === undefined; ms++) pico.run(1);
    expect(texts(pico.lines.slice(from))).toEqual(['OK BOOTSEL']);
    expect(pico.rom.usbBoot).toEqual({ gpioActivityPinMask: 0, disableInterfaceMask: 0 });
  });

  it('refuses BOOTSEL with an argument and during a game, and stays', () => {
    const pico = bootPicoOnUsb();
    expect(usbCommand(pico, 'BOOTSEL now')).toEqual(['ERR bad-args BOOTSEL']);
    new Presser(pico).press('triangle');
    pico.run(300);
    expect(texts(command(pico, 'BOOTSEL'))).toEqual(['ERR state running']);
    pico.run(300);
    expect(pico.rom.usbBoot).toBeUndefined();
    expect(texts(command(pico, 'STATUS'))[0]).toMatch(/^OK STATUS state=running /);
  });
});
