// The checked hardware design of this repository: hw/diagram.json against hw/pins.json.
// Importing this module validates both files; a mistake in either fails with a message that names
// the file, the part or connection, and the problem.

import diagramJson from './diagram.json' with { type: 'json' };
import pinsJson from './pins.json' with { type: 'json' };
import { loadHardware, type HardwareView } from './diagram.ts';

export const hardware: HardwareView = loadHardware(diagramJson, pinsJson);
