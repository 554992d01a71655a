#include "sleep.h"

#include "buttons.h"
#include "clocks.h"
#include "events.h"
#include "rp2040.h"
#include "timer.h"
#include "uart.h"

void sleep_light(bool timed, uint32_t wake_ms) {
  // With interrupts masked, a pending interrupt still ends WFI; it is taken after cpsie. So an
  // input that arrives between the check and the WFI cannot be slept through.
  irq_disable_all();
  if (!events_pending()) {
    if (!timed || timer_alarm_at_ms(wake_ms)) wait_for_interrupt();
  }
  irq_enable_all();
  if (timed) timer_alarm_cancel();
}

bool sleep_dormant(void) {
  uart_flush();
  irq_disable_all();
  if (events_pending()) { // an input came in meanwhile: stay awake for it
    irq_enable_all();
    return false;
  }
  buttons_dormant_wake(1);
  uart_dormant_wake(1);
  // DORMANT (datasheet 2.11.5): stopping the crystal stops clk_ref, clk_sys and every
  // peripheral clock; an enabled GPIO edge restarts it and execution resumes here.
  REG(XOSC_DORMANT) = XOSC_DORMANT_VALUE;
  clocks_wait_xosc_stable();
  buttons_dormant_wake(0);
  uart_dormant_wake(0);
  bool serial = uart_rx_woke();
  irq_enable_all();
  buttons_poll();
  return serial;
}
