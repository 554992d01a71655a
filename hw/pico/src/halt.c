#include "halt.h"

#include "buzzer.h"
#include "leds.h"
#include "rp2040.h"
#include "uart.h"

__attribute__((noreturn)) void halt_with_reason(const char *reason) {
  irq_disable_all();
  buzzer_set(0, 0);
  leds_set(0);
  uart_write_polled("EVT TRAP reason=");
  uart_write_polled(reason);
  uart_write_polled("\n");
  for (;;) wait_for_interrupt();
}
