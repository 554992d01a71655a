// The LED outputs: bit i of the firmware's mask drives LED i (bits 0..9 the sand-timer bar,
// bits 10..13 the found-code lights), on the GPIOs of the pin map.
#ifndef LEDS_H
#define LEDS_H

#include <stdint.h>

void leds_init(void);
void leds_set(uint32_t mask);

#endif
