// Reset handler and vector table (Cortex-M0+, RP2040 datasheet 2.3.2 for the IRQ numbers).
// boot2 points VTOR at this table and jumps to reset_handler with the stack set; the reset
// handler copies the table to SRAM and points VTOR there.
#include <stdint.h>
#include <string.h>

#include "halt.h"
#include "rp2040.h"

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[], __stack_top[];
int main(void);

void timer_alarm_isr(void);
void buttons_isr(void);
void usb_vbus_isr(void);
void uart_isr(void);
void usb_isr(void);

// IO_BANK0's one interrupt: the buttons' edges and VBUS's (GP24).
static void io_bank0_isr(void) {
  buttons_isr();
  usb_vbus_isr();
}

typedef void (*vector_t)(void);

#define IRQ_COUNT 32
#define VECTOR_COUNT (16 + IRQ_COUNT)

// The vector table the core uses: a copy in SRAM of the one in flash (which boot2 points VTOR
// at), so that an interrupt can be taken while the flash is being erased or programmed and XIP
// is off (store.c): the core reads the handler's address from the table at VTOR. VTOR's TBLOFF
// holds address bits 31:8 (RP2040 datasheet 2.4.8, M0PLUS: VTOR): the table is 256-byte aligned.
__attribute__((aligned(256))) static vector_t ram_vectors[VECTOR_COUNT];
static void use_ram_vectors(void);

__attribute__((noreturn)) void reset_handler(void) {
  memcpy(__data_start, __data_load, (size_t)((char *)__data_end - (char *)__data_start));
  memset(__bss_start, 0, (size_t)((char *)__bss_end - (char *)__bss_start));
  use_ram_vectors();
  main();
  halt_with_reason("main-returned");
}

static void hard_fault_handler(void) { halt_with_reason("hardfault"); }
static void unexpected_interrupt(void) { halt_with_reason("unexpected-irq"); }

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
__attribute__((section(".vectors"), used)) static const vector_t vectors[VECTOR_COUNT] = {
    [0] = (vector_t)__stack_top,
    [1] = reset_handler,
    [2 ... 16 + IRQ_COUNT - 1] = unexpected_interrupt,
    [3] = hard_fault_handler,
    [4 ... 10] = 0,  // reserved on ARMv6-M
    [12 ... 13] = 0, // reserved
    [16 + 0] = timer_alarm_isr,  // TIMER_IRQ_0
    [16 + 5] = usb_isr,          // USBCTRL_IRQ
    [16 + 13] = io_bank0_isr,    // IO_IRQ_BANK0
    [16 + 20] = uart_isr,        // UART0_IRQ
};
#pragma GCC diagnostic pop

static void use_ram_vectors(void) {
  memcpy(ram_vectors, vectors, sizeof ram_vectors);
  dsb_isb();
  REG(SCB_VTOR) = (uint32_t)(uintptr_t)ram_vectors;
  dsb_isb();
}
