// Power saving between firmware calls.
//   light sleep: the core in deep sleep (SCR.SLEEPDEEP, WFI) until the next wake time (TIMER
//                alarm) or any input interrupt, with only the clocks a wake-up or a sounding
//                buzzer needs left running (CLOCKS SLEEP_EN0/SLEEP_EN1);
//   deep sleep:  DORMANT (every clock stopped, the crystal off) until a button edge or a start
//                bit on the serial line.
#ifndef SLEEP_H
#define SLEEP_H

#include <stdbool.h>
#include <stdint.h>

// Sets which clocks keep running in light sleep. Once, at start-up.
void sleep_init(void);

// Sleeps until the ms clock reaches `wake_ms`, or until an input arrives. `timed` false: no
// time limit (only an input wakes).
void sleep_light(bool timed, uint32_t wake_ms);

// Enters DORMANT; returns after a wake edge, with the crystal stable again. Returns true when
// the serial line woke it (that byte is lost: the clocks were stopped).
bool sleep_dormant(void);

#endif
