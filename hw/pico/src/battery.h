// The battery voltage, read on the ADC through the board's resistor divider.
#ifndef BATTERY_H
#define BATTERY_H

#include <stdint.h>

void battery_init(void);

// One conversion, in millivolts at the battery. The ADC is powered only during the reading.
uint32_t battery_read_mv(void);

#endif
