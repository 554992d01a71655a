// Reset handler and vector table (Cortex-M0+, RP2040 datasheet 2.3.2 for the IRQ numbers).
// boot2 points VTOR at this table and jumps to reset_handler with the stack set.
#include <stdint.h>
#include <string.h>

#include "halt.h"

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[], __stack_top[];
int main(void);

void timer_alarm_isr(void);
void buttons_isr(void);
void uart_isr(void);

__attribute__((noreturn)) void reset_handler(void) {
  memcpy(__data_start, __data_load, (size_t)((char *)__data_end - (char *)__data_start));
  memset(__bss_start, 0, (size_t)((char *)__bss_end - (char *)__bss_start));
  main();
  halt_with_reason("main-returned");
}

static void hard_fault_handler(void) { halt_with_reason("hardfault"); }
static void unexpected_interrupt(void) { halt_with_reason("unexpected-irq"); }

typedef void (*vector_t)(void);

#define IRQ_COUNT 32
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
__attribute__((section(".vectors"), used)) static const vector_t vectors[16 + IRQ_COUNT] = {
    [0] = (vector_t)__stack_top,
    [1] = reset_handler,
    [2 ... 16 + IRQ_COUNT - 1] = unexpected_interrupt,
    [3] = hard_fault_handler,
    [4 ... 10] = 0,  // reserved on ARMv6-M
    [12 ... 13] = 0, // reserved
    [16 + 0] = timer_alarm_isr,  // TIMER_IRQ_0
    [16 + 13] = buttons_isr,     // IO_IRQ_BANK0
    [16 + 20] = uart_isr,        // UART0_IRQ
};
#pragma GCC diagnostic pop
