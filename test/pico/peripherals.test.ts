// The C hardware layer on the emulated RP2040: clocks, UART, buzzer PWM, LEDs, battery ADC.
import { beforeAll, describe, expect, it } from 'vitest';

import { batteryMvFromAdcCounts } from '../../hw/diagram.ts';
import { hardware } from '../../hw/hardware.ts';
import { batteryCounts, boardPins } from './harness/board.ts';
import { EmulatedPico } from './harness/emulated-pico.ts';
import { flashImageFromElf } from './harness/image.ts';
import { Presser, bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip, readElf } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

describe.runIf(run)('the Pico runtime on the emulated RP2040', () => {
  beforeAll(() => buildPicoImage());

  it('boots through boot2 and the ROM flash functions, runs from the 12 MHz crystal and answers HELLO', () => {
    const pico = bootPico();
    expect(pico.rom.calls.slice(0, 4).map((call) => call.name)).toEqual([
      'connect_internal_flash',
      'flash_exit_xip',
      'flash_flush_cache',
      'flash_enter_cmd_xip',
    ]);
    expect(pico.rom.xip).toBe(true);
    expect(pico.rp2040.clkSys).toBe(12_000_000);
    expect(pico.rp2040.clkPeri).toBe(12_000_000);
    expect(Math.abs(pico.uart.baudRate - 115_200) / 115_200).toBeLessThan(0.005);
    expect(texts(command(pico, 'HELLO'))).toEqual([expect.stringMatching(/^OK HELLO name=imperial-timer fw=\S+ proto=1 symbols=circle,square,diamond,star$/)]);
    expect(pico.warnings).toEqual([]);
  });

  it('boots the same from the ELF file', () => {
    const pico = new EmulatedPico({ image: flashImageFromElf(readElf()), board: boardPins, seed: 1, batteryAdcCounts: batteryCounts(4500) });
    pico.runUntilLine((text) => text === 'EVT POWER on', 100);
    expect(texts(command(pico, 'STATUS'))).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
  });

  it('plays the firmware tones on the buzzer PWM, with the duty cycle of the volume', () => {
    const pico = bootPico();
    command(pico, 'CONFIG volume=3');
    command(pico, 'PLAY buzz');
    pico.run(100);
    const tone = pico.buzzer();
    expect(tone.hz).toBeCloseTo(180, 0);
    expect(tone.duty).toBeCloseTo(hardware.buzzer.dutyByVolume[3] ?? NaN, 2);
    pico.run(500);
    expect(pico.buzzer()).toEqual({ hz: 0, duty: 0 });
    command(pico, 'CONFIG volume=1');
    command(pico, 'PLAY chime');
    pico.run(40);
    expect(pico.buzzer().hz).toBeCloseTo(1319, -1);
    expect(pico.buzzer().duty).toBeCloseTo(hardware.buzzer.dutyByVolume[1] ?? NaN, 2);
  });

  it('lights the sand-timer bar on the LED GPIOs and turns segments off as time passes', () => {
    const pico = bootPico();
    command(pico, 'CONFIG duration=60');
    expect(pico.ledMask()).toBe(0);
    new Presser(pico).press('triangle');
    expect(pico.ledMask()).toBe(0x3ff);
    pico.runUntilLine((text) => text === 'EVT TIME left=54000', 7_000);
    pico.run(5);
    expect(pico.ledMask()).toBe(0x1ff);
  });

  it('reads the battery through the ADC and the divider: LOWBAT with the millivolts the design gives', () => {
    const pico = bootPico({ batteryMv: 3450 });
    const counts = batteryCounts(3450);
    const expectedMv = batteryMvFromAdcCounts(hardware.battery, counts);
    const lines = texts(command(pico, 'START'));
    expect(lines).toContain(`EVT LOWBAT mv=${expectedMv}`);
    expect(Math.abs(expectedMv - 3450)).toBeLessThan(5);
  });
});
