// The clock tree: everything runs from the 12 MHz crystal, both PLLs off; while USB runs
// (VBUS present), PLL_USB gives clk_usb and clk_sys 48 MHz.
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

// clk_sys now: 12 MHz from the crystal, 48 MHz while USB runs.
uint32_t clocks_sys_hz(void);

// USB's clocks: PLL_USB at 48 MHz for clk_usb and clk_sys (the controller needs clk_sys >=
// clk_usb); clk_ref, clk_peri (UART0), clk_adc and the TIMER's tick stay on the crystal.
void clocks_usb_start(void);

// Back to clk_sys = clk_ref = 12 MHz, clk_usb stopped, PLL_USB powered down and in reset.
void clocks_usb_stop(void);

#endif
