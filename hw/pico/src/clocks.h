// The clock tree: everything runs from the 12 MHz crystal, both PLLs stay off.
#ifndef CLOCKS_H
#define CLOCKS_H

#include <stdint.h>

// Starts the crystal oscillator and switches clk_ref, clk_sys, clk_peri and clk_adc to it,
// stops clk_usb and clk_rtc, and starts the 1 µs tick that drives the TIMER.
void clocks_init(void);

// Waits until the crystal oscillator reports stable (after power-up or DORMANT).
void clocks_wait_xosc_stable(void);

// 32 bits from the ring oscillator's random bit (read before the ring oscillator is stopped).
uint32_t clocks_random_seed(void);

// Stops the ring oscillator (nothing uses it once clk_ref runs from the crystal).
void clocks_stop_rosc(void);

#endif
