// Every slow paste of serial-paste.ts on the emulated Pico: lines up to 10,000 bytes, and the
// flash written in the middle of a paste with the typical and the slowest erase times
// (serial-input.test.ts plays the shorter ones).
import { beforeAll, describe, it } from 'vitest';
import { checkFlashDuringPaste, checkLongLine, SERIAL_PASTES } from './serial-paste.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

describe.runIf(picoToolsOrSkip())('serial input at 115200 baud on the emulated Pico, every slow paste', () => {
  beforeAll(() => buildPicoImage());

  it.each(SERIAL_PASTES.soak.longLines)('answers a line of %i bytes with one ERR too-long, and the commands after it normally', (length) => {
    checkLongLine(length);
  });

  it.each(SERIAL_PASTES.soak.flashes)(
    'loses no byte while a settings change and a pack transfer write the flash in the middle of a paste ($flash erase times)',
    (paste) => {
      checkFlashDuringPaste(paste);
    },
  );
});
