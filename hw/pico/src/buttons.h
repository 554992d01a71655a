// The five buttons: GPIO inputs with pull-ups, every edge posted to the event queue.
#ifndef BUTTONS_H
#define BUTTONS_H

#include <stdint.h>

void buttons_init(void);

// Posts an event for every button whose level differs from the last one posted: at power-up
// (a button held then is pressed from the firmware's start) and after waking from DORMANT.
void buttons_poll(void);

// Raw levels of all buttons, bit i = button i closed.
uint32_t buttons_levels(void);

// The DORMANT wake sources: both edges of every button.
void buttons_dormant_wake(int enable);

#endif
