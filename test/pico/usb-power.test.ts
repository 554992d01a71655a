// USB power on the emulated Pico: the USB block runs only while VBUS is there, the timer does
// not go DORMANT while a host has the port (it would vanish), and it goes back to its battery
// behaviour when the cable is pulled out or the host suspends the bus.
import { beforeAll, describe, expect, it } from 'vitest';

import { Presser, bootPico, bootPicoOnUsb, command, runUntilUsbReady, texts, usbCommand } from './harness/session.ts';
import type { EmulatedPico } from './harness/emulated-pico.ts';
import { deepSleepMinute } from './harness/power.ts';
import { buildPicoImage, buildPicoVariant, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

const STATUS_READY = 'OK STATUS state=ready left=0 found=0 need=4 entry=-';

/** What the USB block and its clocks are doing now. */
function usbBlock(pico: EmulatedPico): { clkSys: number; pllUsbPwr: number; clkUsbCtrl: number; mainCtrl: number; pullup: boolean } {
  const read = (address: number): number => pico.rp2040.readUint32(address) >>> 0;
  return {
    clkSys: pico.rp2040.clkSys,
    pllUsbPwr: read(0x4002_c004),
    clkUsbCtrl: read(0x4000_8054),
    mainCtrl: read(0x5011_0040),
    pullup: (read(0x5011_004c) & (1 << 16)) !== 0,
  };
}

const STOPPED = { clkSys: 12_000_000, pllUsbPwr: 0x2d, clkUsbCtrl: 0, mainCtrl: 0, pullup: false };

describe.runIf(run)('USB power on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('leaves the USB block, PLL_USB and clk_usb off without VBUS, as an image without USB', () => {
    const pico = bootPico();
    pico.run(200);
    expect(usbBlock(pico)).toEqual(STOPPED);
    expect(pico.usbHost.connects).toBe(0);
  });

  it('does not go DORMANT while a host has the port, and does when the cable is pulled out', () => {
    const pico = bootPicoOnUsb();
    expect(usbCommand(pico, 'CONFIG sleep=30').at(-1)).toMatch(/^OK CONFIG /);
    const from = pico.usbHost.lines.length;
    pico.run(40_000);
    expect(pico.usbHost.lines.slice(from).map((line) => line.text)).toEqual(['EVT SLEEP']);
    expect(pico.isDormant).toBe(false);
    expect(pico.stats.dormantWakes).toBe(0);
    expect(usbBlock(pico).mainCtrl).toBe(1);

    pico.setUsbCable(false);
    pico.run(20);
    expect(pico.isDormant).toBe(true);
    expect(usbBlock(pico)).toEqual(STOPPED);
    const wakeups = pico.stats.wakeups;
    pico.run(10_000);
    expect(pico.stats.wakeups).toBe(wakeups); // not one wake-up in DORMANT
  });

  it('wakes when the cable is plugged back in, enumerates again and talks as before', () => {
    const pico = bootPicoOnUsb();
    usbCommand(pico, 'CONFIG sleep=30');
    pico.setUsbCable(false);
    pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
    pico.run(10);
    expect(pico.isDormant).toBe(true);

    pico.setUsbCable(true);
    runUntilUsbReady(pico);
    expect(pico.usbHost.connects).toBe(2);
    expect(pico.stats.dormantWakes).toBe(1);
    expect(pico.usbHost.toggleErrors).toEqual([]);
    // The firmware still sleeps: the first line wakes it, as on every runtime.
    expect(usbCommand(pico, 'STATUS')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(usbCommand(pico, 'STATUS')).toEqual([STATUS_READY]);
    expect(texts(command(pico, 'STATUS'))).toEqual([STATUS_READY]);
  });

  it('keeps UART0 going when the cable is pulled out half-way through a line from USB', () => {
    const pico = bootPicoOnUsb();
    pico.usbHost.send('CONFIG volume=');
    pico.run(5);
    pico.setUsbCable(false);
    pico.run(5);
    expect(texts(command(pico, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']); // the half line never ran
    pico.setUsbCable(true);
    runUntilUsbReady(pico);
    expect(usbCommand(pico, 'HELLO').at(-1)).toMatch(/^OK HELLO /);
  });

  it('goes back to battery behaviour when the host suspends the bus: DORMANT in deep sleep, the port back on waking', () => {
    const pico = bootPicoOnUsb();
    usbCommand(pico, 'CONFIG sleep=30');
    pico.usbHost.suspend();
    pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
    pico.run(10);
    expect(pico.isDormant).toBe(true);
    expect(usbBlock(pico)).toEqual(STOPPED);

    const from = pico.lines.length;
    new Presser(pico).press('circle');
    expect(texts(pico.lines.slice(from))).toEqual(['EVT WAKE']);
    runUntilUsbReady(pico);
    expect(pico.usbHost.connects).toBe(2);
    expect(usbCommand(pico, 'STATUS')).toEqual([STATUS_READY]);
  });

  it('on a USB charger (VBUS, no computer) goes DORMANT in deep sleep once no host has come for 2 s', () => {
    const pico = bootPico();
    command(pico, 'CONFIG sleep=30');
    pico.setUsbCable(true, false);
    pico.run(100);
    expect(usbBlock(pico).mainCtrl).toBe(1); // VBUS: the block runs, waiting for a host
    pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
    pico.run(10);
    expect(pico.isDormant).toBe(true);
    expect(usbBlock(pico)).toEqual(STOPPED);
    expect(pico.usbHost.connects).toBe(0);

    // Plugged into a charger while DORMANT: VBUS wakes it, the block waits 2 s for a host, then DORMANT again.
    pico.setUsbCable(false);
    pico.run(10);
    pico.setUsbCable(true, false);
    pico.run(100);
    expect(pico.stats.dormantWakes).toBe(1);
    expect(pico.isDormant).toBe(false);
    expect(usbBlock(pico).mainCtrl).toBe(1);
    pico.run(2_000);
    expect(pico.isDormant).toBe(true);
    expect(usbBlock(pico)).toEqual(STOPPED);
  });

  it('sounds a tone at the same pitch with USB running (clk_sys at 48 MHz) as without', () => {
    const onBattery = bootPico();
    const onUsb = bootPicoOnUsb();
    command(onBattery, 'PLAY chime');
    usbCommand(onUsb, 'PLAY chime');
    onBattery.run(1);
    onUsb.run(1);
    const battery = onBattery.buzzer();
    const usb = onUsb.buzzer();
    expect(battery.hz).toBeGreaterThan(0);
    expect(usb.hz).toBeCloseTo(battery.hz, 0);
    expect(usb.duty).toBeCloseTo(battery.duty, 2);
  });
});

describe.runIf(run)('deep sleep on batteries, with and without the USB code', () => {
  let noUsbUf2 = '';
  beforeAll(() => {
    buildPicoImage();
    noUsbUf2 = buildPicoVariant('imperial-timer-no-usb', ['--no-usb']);
  }, 300_000);

  it('draws no more than the image without USB (0.9 mA): the same DORMANT, the USB block, PLL_USB and clk_usb off', () => {
    const withUsb = bootPico({ seed: 3 });
    const withoutUsb = bootPico({ seed: 3, uf2File: noUsbUf2 });
    const a = deepSleepMinute(withUsb, (line) => command(withUsb, line));
    const b = deepSleepMinute(withoutUsb, (line) => command(withoutUsb, line));
    expect(a.state).toEqual(b.state);
    expect(a.dormantS).toBeCloseTo(60, 3);
    expect(a.wakeups).toBe(0);
    const rounding = 1e-9; // sums of float ns
    expect(a.currentMa).toBeLessThanOrEqual(b.currentMa + rounding);
    expect(a.currentMa).toBeLessThanOrEqual(0.9 + rounding);
  });
});
