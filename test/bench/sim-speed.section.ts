// How fast the virtual device runs the firmware: virtual seconds per wall second.
import { benchDevice, idleGame, pressingGame, timed } from './firmware-device.ts';
import { formatNumber, type BenchFigure, type BenchSection } from './section.ts';

function speed(label: string, run: () => { virtualMs: number; note: string }): BenchFigure {
  let result = { virtualMs: 0, note: '' };
  const wallMs = timed(() => {
    result = run();
  });
  const ratio = result.virtualMs / wallMs;
  return {
    label,
    value: `${formatNumber(ratio)} x real time (${formatNumber(result.virtualMs / 1000, 1)} virtual s in ${formatNumber(wallMs, 1)} ms; ${result.note})`,
  };
}

const section: BenchSection = {
  title: 'virtual device speed',
  run: () => {
    benchDevice().advance(1000); // warm up the compiler
    return [
      speed('12-minute game to TIMEOUT', () => {
        const device = benchDevice();
        const start = device.now;
        idleGame(device);
        return { virtualMs: device.now - start, note: `${device.lines.length} lines, ends ${device.state}` };
      }),
      speed('12-minute game with presses', () => {
        const device = benchDevice();
        const start = device.now;
        const presses = pressingGame(device);
        return { virtualMs: device.now - start, note: `${presses} presses, ends ${device.state}` };
      }),
    ];
  },
};

export default section;
