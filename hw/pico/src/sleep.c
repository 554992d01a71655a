#include "sleep.h"

#include "buttons.h"
#include "clocks.h"
#include "events.h"
#include "rp2040.h"
#include "timer.h"
#include "uart.h"
#include "usb.h"

// Light sleep (datasheet 2.11.5.1, 2.15.3.5): when both cores are in deep sleep, each clock
// destination runs only if its SLEEP_EN bit is set. Core 1 waits in the boot ROM's
// wait_for_vector with SCR.SLEEPDEEP set, so core 0's WFI with SLEEPDEEP puts the chip in
// SLEEP. What a wake-up and the outputs need in the meantime:
//   - the TIMER (alarm 0 wakes the core). Its 1 µs tick comes from the watchdog's tick
//     generator, clocked by clk_ref, which SLEEP_EN does not gate: only the TIMER's own
//     clk_sys branch must stay on, not the watchdog's register interface (pico-sdk's
//     pico_low_power and pico-extras' pico_sleep keep only CLK_SYS_TIMER for a timed sleep);
//   - UART0 on both clocks: clk_peri shifts bits in and out (bytes arriving fill the receive
//     FIFO and raise the interrupt at its trigger level, or 32 bit times after the last one;
//     the transmit FIFO keeps draining and asks for more), clk_sys runs its FIFOs and
//     interrupt logic;
//   - PWM: the buzzer's slice counts on clk_sys, so a tone keeps sounding;
//   - IO_BANK0, whose edge detectors sample the buttons (and RX) on clk_sys; PADS_BANK0's clock
//     serves only the pad control registers, and is kept so nothing on the input path is gated.
// Everything else stops: the processor's bus fabric, SRAM, XIP/flash cache, ROM, SIO (the LED
// outputs hold their level), ADC, the clock and reset controllers' register interfaces. No DMA
// runs, so no bus master needs the fabric or SRAM while the core sleeps; the clocks come back
// (WAKE_EN, all on) before the core takes the interrupt.
// The generators (XOSC, clk_ref, clk_sys, clk_peri) keep running; clk_ref and the watchdog
// tick are not gated.
#define LIGHT_SLEEP_EN0 (CLK_EN0_SYS_PWM | CLK_EN0_SYS_PADS | CLK_EN0_SYS_IO)
#define LIGHT_SLEEP_EN1 (CLK_EN1_SYS_UART0 | CLK_EN1_PERI_UART0 | CLK_EN1_SYS_TIMER)

void sleep_init(void) {
  REG(CLK_SLEEP_EN0) = LIGHT_SLEEP_EN0;
  REG(CLK_SLEEP_EN1) = LIGHT_SLEEP_EN1;
}

void sleep_light(bool timed, uint32_t wake_ms) {
  // With interrupts masked, a pending interrupt still ends WFI; it is taken after cpsie. So an
  // input that arrives between the check and the WFI cannot be slept through. SLEEPDEEP is set
  // only around this WFI (read-modify-write: the PPB has no atomic aliases), so the other WFIs
  // (waiting for room in the transmit ring, the halt) keep every clock.
  // While USB runs, the core waits in a plain WFI with every clock on: the controller answers
  // the host meanwhile (the board is powered by USB then).
  irq_disable_all();
  if (!events_pending() && !uart_rx_pending() && !usb_rx_pending()) {
    if (!timed || timer_alarm_at_ms(wake_ms)) {
      bool gate = !usb_powered();
      if (gate) REG(SCB_SCR) |= SCB_SCR_SLEEPDEEP;
      wait_for_interrupt();
      if (gate) REG(SCB_SCR) &= ~SCB_SCR_SLEEPDEEP;
    }
  }
  irq_enable_all();
  if (timed) timer_alarm_cancel();
}

bool sleep_dormant(void) {
  uart_flush();
  irq_disable_all();
  uart_rx_collect(); // bytes below the FIFO's trigger level would raise no interrupt before DORMANT
  if (events_pending() || uart_rx_pending()) { // an input came in meanwhile: stay awake for it
    irq_enable_all();
    return false;
  }
  buttons_dormant_wake(1);
  uart_dormant_wake(1);
  usb_dormant_wake(1); // plugging USB in wakes the timer
  // DORMANT (datasheet 2.11.5): stopping the crystal stops clk_ref, clk_sys and every
  // peripheral clock; an enabled GPIO edge restarts it and execution resumes here.
  REG(XOSC_DORMANT) = XOSC_DORMANT_VALUE;
  clocks_wait_xosc_stable();
  buttons_dormant_wake(0);
  uart_dormant_wake(0);
  usb_dormant_wake(0);
  bool serial = uart_rx_woke();
  irq_enable_all();
  buttons_poll();
  return serial;
}
