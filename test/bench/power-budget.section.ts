// The power model over a game and in deep sleep, and the battery life it implies.
import { averageCurrentMa, batteryLife, type EnergyReading } from '../../sim/device/index.ts';
import { GAME_MS, benchDevice, pressingGame } from './firmware-device.ts';
import { formatNumber, type BenchSection } from './section.ts';

const HOUR_MS = 3_600_000;

function perMinute(from: EnergyReading, to: EnergyReading): number {
  return ((to.wakeups - from.wakeups) * 60_000) / (to.atMs - from.atMs);
}

const section: BenchSection = {
  title: 'power (model: hw/power.json)',
  run: () => {
    const device = benchDevice();
    const spec = device.power;

    device.send('START');
    const gameStart = device.energy();
    device.advance(GAME_MS + 1000);
    const gameEnd = device.energy();

    const played = benchDevice();
    const playedStart = played.energy();
    pressingGame(played);
    const playedEnd = played.energy();

    device.send('RESET');
    const readyStart = device.energy();
    device.advance(60_000);
    const readyEnd = device.energy();
    device.advance(HOUR_MS);
    if (device.state !== 'sleep') throw new Error(`expected deep sleep after an idle hour, found ${device.state}`);
    const sleepStart = device.energy();
    device.advance(24 * HOUR_MS);
    const sleepEnd = device.energy();

    const runningMa = averageCurrentMa(gameStart, gameEnd);
    const playedMa = averageCurrentMa(playedStart, playedEnd);
    const readyMa = averageCurrentMa(readyStart, readyEnd);
    const sleepMa = averageCurrentMa(sleepStart, sleepEnd);
    const capacity = `${formatNumber(spec.battery.capacityMah)} mAh (${spec.battery.cells} x ${spec.battery.chemistry})`;
    return [
      { label: 'running game, no input', value: `${formatNumber(perMinute(gameStart, gameEnd), 1)} wake-ups/min, ${formatNumber(runningMa, 3)} mA average` },
      { label: 'game with presses', value: `${formatNumber(perMinute(playedStart, playedEnd), 1)} wake-ups/min, ${formatNumber(playedMa, 3)} mA average` },
      { label: 'ready, before deep sleep', value: `${formatNumber(perMinute(readyStart, readyEnd), 1)} wake-ups/min, ${formatNumber(readyMa, 3)} mA average` },
      { label: 'deep sleep', value: `${formatNumber(perMinute(sleepStart, sleepEnd), 3)} wake-ups/min, ${formatNumber(sleepMa, 3)} mA average` },
      { label: 'battery', value: capacity },
      {
        label: 'play time on one battery set',
        value: `${formatNumber(batteryLife(spec, runningMa).hours, 0)} hours (no input), ${formatNumber(batteryLife(spec, playedMa).hours, 0)} hours (with presses)`,
      },
      { label: 'standby in deep sleep', value: `${formatNumber(batteryLife(spec, sleepMa).years, 2)} years` },
    ];
  },
};

export default section;
