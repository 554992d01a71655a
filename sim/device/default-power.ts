// The power model figures of the timer's hardware, from hw/power.json (validated on load).
import powerData from '../../hw/power.json';
import { parsePowerSpec, type PowerSpec } from './power-model.ts';

export const DEFAULT_POWER_SPEC: PowerSpec = parsePowerSpec(powerData, 'hw/power.json');
