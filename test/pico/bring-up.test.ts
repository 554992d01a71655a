// The bring-up check's commands on the emulated Pico: SHOW drives the GPIOs hw/pins.json names for
// each light, BATTERY reads the battery through the ADC and the divider as the game start does.
import { beforeAll, describe, expect, it } from 'vitest';

import { batteryMvFromAdcCounts } from '../../hw/diagram.ts';
import { hardware } from '../../hw/hardware.ts';
import { batteryCounts } from './harness/board.ts';
import { bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

/** The face lighting only `led`: a bar segment by its index, or a found light. */
function faceOf(led: (typeof hardware.leds)[number]): string {
  const bar = [...'..........'];
  const found = [...'....'];
  if (led.group === 'bar') bar[led.bit] = '#';
  else found[led.bit - bar.length] = '#';
  return `${bar.join('')}|${found.join('')}`;
}

describe.runIf(run)('the bring-up commands on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('SHOW drives exactly the GPIO of each light, as hw/pins.json wires it', () => {
    const pico = bootPico();
    const gpios = hardware.leds.map((led) => led.gpio);
    for (const led of hardware.leds) {
      expect(texts(command(pico, `SHOW ${faceOf(led)}`))).toEqual(['OK SHOW']);
      pico.run(5);
      expect(
        gpios.filter((gpio) => pico.drivesHigh(gpio)),
        `${led.group} light of bit ${led.bit}`,
      ).toEqual([led.gpio]);
    }
    command(pico, 'SHOW ..........|....');
    pico.run(5);
    expect(gpios.filter((gpio) => pico.drivesHigh(gpio))).toEqual([]);
  });

  it('BATTERY reads the ADC through the divider, the millivolts EVT LOWBAT reports', () => {
    const pico = bootPico({ batteryMv: 3450 });
    const expectedMv = batteryMvFromAdcCounts(hardware.battery, batteryCounts(3450));
    expect(texts(command(pico, 'BATTERY'))).toEqual([`OK BATTERY mv=${expectedMv}`]);
    expect(texts(command(pico, 'START'))).toContain(`EVT LOWBAT mv=${expectedMv}`);
    pico.batteryAdcCounts = batteryCounts(4100);
    expect(texts(command(pico, 'BATTERY'))).toEqual([`OK BATTERY mv=${batteryMvFromAdcCounts(hardware.battery, batteryCounts(4100))}`]);
  });
});
