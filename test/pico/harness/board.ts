// The board around the emulated RP2040, from the checked hardware design (hw/pins.json and
// hw/diagram.json through hw/hardware.ts): the same source the Pico build generates board.h from.
import { adcCountsForBattery } from '../../../hw/diagram.ts';
import { hardware } from '../../../hw/hardware.ts';
import type { BoardPins } from './emulated-pico.ts';

export const boardPins: BoardPins = {
  buttons: hardware.buttons.map((b) => b.gpio),
  leds: hardware.leds.map((l) => l.gpio),
  buzzer: hardware.buzzer.gpio,
  uartRx: hardware.serial.rx.gpio,
  vbusSense: hardware.pins.boardGpios.vbusSense,
  batteryAdcChannel: hardware.battery.adcChannel,
  baud: hardware.serial.baud,
};

/** The ADC counts the battery input reads at `batteryMv`. */
export function batteryCounts(batteryMv: number): number {
  return adcCountsForBattery(hardware.battery, batteryMv);
}

export const buttonNames = hardware.buttons.map((b) => b.name);
