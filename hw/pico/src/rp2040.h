// RP2040 register addresses and bits used by the runtime (RP2040 datasheet, chapter 2 and 4).
// Only what the runtime touches is listed; names follow the datasheet.
#ifndef RP2040_H
#define RP2040_H

#include <stdint.h>

#define REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
// Atomic register aliases (datasheet 2.1.2): +0x1000 XOR, +0x2000 SET, +0x3000 CLEAR.
#define REG_SET(addr) REG((addr) + 0x2000u)
#define REG_CLR(addr) REG((addr) + 0x3000u)

// ---- Boot ROM (2.8.3) ----
#define ROM_FUNC_TABLE_PTR 0x00000014u   // 16-bit pointer to the function table
#define ROM_TABLE_LOOKUP_PTR 0x00000018u // 16-bit pointer to rom_table_lookup
#define ROM_CODE(a, b) ((uint32_t)(a) | ((uint32_t)(b) << 8))

// ---- Flash (XIP), and the SSI that talks to it (4.10) ----
#define XIP_BASE 0x10000000u
#define XIP_SSI_BASE 0x18000000u
#define SSI_SR (XIP_SSI_BASE + 0x28u)
#define SSI_DR0 (XIP_SSI_BASE + 0x60u)
#define SSI_SR_TFNF (1u << 1)
#define SSI_SR_RFNE (1u << 3)
#define IO_QSPI_BASE 0x40018000u
#define IO_QSPI_SS_CTRL (IO_QSPI_BASE + 0x0cu)
#define IO_QSPI_SS_OUTOVER_SHIFT 8
#define IO_QSPI_SS_OUTOVER_MASK (3u << IO_QSPI_SS_OUTOVER_SHIFT)
#define IO_QSPI_SS_OUTOVER_LOW (2u << IO_QSPI_SS_OUTOVER_SHIFT)
#define IO_QSPI_SS_OUTOVER_HIGH (3u << IO_QSPI_SS_OUTOVER_SHIFT)

// ---- RESETS (2.14) ----
#define RESETS_BASE 0x4000c000u
#define RESETS_RESET (RESETS_BASE + 0x0u)
#define RESETS_RESET_DONE (RESETS_BASE + 0x8u)
#define RESET_ADC (1u << 0)
#define RESET_IO_BANK0 (1u << 5)
#define RESET_PADS_BANK0 (1u << 8)
#define RESET_PLL_USB (1u << 13)
#define RESET_PWM (1u << 14)
#define RESET_TIMER (1u << 21)
#define RESET_UART0 (1u << 22)
#define RESET_USBCTRL (1u << 24)

// ---- CLOCKS (2.15) ----
#define CLOCKS_BASE 0x40008000u
#define CLK_REF_CTRL (CLOCKS_BASE + 0x30u)
#define CLK_REF_DIV (CLOCKS_BASE + 0x34u)
#define CLK_REF_SELECTED (CLOCKS_BASE + 0x38u)
#define CLK_SYS_CTRL (CLOCKS_BASE + 0x3cu)
#define CLK_SYS_DIV (CLOCKS_BASE + 0x40u)
#define CLK_SYS_SELECTED (CLOCKS_BASE + 0x44u)
#define CLK_PERI_CTRL (CLOCKS_BASE + 0x48u)
#define CLK_USB_CTRL (CLOCKS_BASE + 0x54u)
#define CLK_USB_DIV (CLOCKS_BASE + 0x58u)
#define CLK_ADC_CTRL (CLOCKS_BASE + 0x60u)
#define CLK_ADC_DIV (CLOCKS_BASE + 0x64u)
#define CLK_RTC_CTRL (CLOCKS_BASE + 0x6cu)
#define CLK_SYS_RESUS_CTRL (CLOCKS_BASE + 0x78u)
#define CLK_SLEEP_EN0 (CLOCKS_BASE + 0xa8u) // clocks kept while both cores are in deep sleep (2.15.3.5)
#define CLK_SLEEP_EN1 (CLOCKS_BASE + 0xacu)
#define CLK_CTRL_ENABLE (1u << 11)
#define CLK_REF_SRC_XOSC 0x2u
#define CLK_SYS_SRC_REF 0x0u
#define CLK_SYS_SRC_AUX 0x1u
#define CLK_SYS_AUXSRC_PLL_USB (0x1u << 5)
#define CLK_PERI_AUXSRC_XOSC (0x4u << 5)
#define CLK_USB_AUXSRC_PLL_USB (0x0u << 5)
#define CLK_ADC_AUXSRC_XOSC (0x3u << 5)
// SLEEP_EN0 / SLEEP_EN1 bits (one per clock destination; the rest of each register is gated too)
#define CLK_EN0_SYS_PWM (1u << 17)
#define CLK_EN0_SYS_PADS (1u << 11)
#define CLK_EN0_SYS_IO (1u << 8)
#define CLK_EN1_SYS_UART0 (1u << 7)
#define CLK_EN1_PERI_UART0 (1u << 6)
#define CLK_EN1_SYS_TIMER (1u << 5)

// ---- PLL_USB (2.18) ----
#define PLL_USB_BASE 0x4002c000u
#define PLL_CS (PLL_USB_BASE + 0x0u)
#define PLL_PWR (PLL_USB_BASE + 0x4u)
#define PLL_FBDIV_INT (PLL_USB_BASE + 0x8u)
#define PLL_PRIM (PLL_USB_BASE + 0xcu)
#define PLL_CS_LOCK (1u << 31)
#define PLL_PWR_PD (1u << 0)
#define PLL_PWR_POSTDIVPD (1u << 3)
#define PLL_PWR_VCOPD (1u << 5)
#define PLL_PWR_RESET_VALUE 0x2du // everything powered down, as after reset
#define PLL_PRIM_POSTDIV1_SHIFT 16
#define PLL_PRIM_POSTDIV2_SHIFT 12

// ---- USBCTRL (4.1): registers, and the 4 KiB DPRAM of buffer control and data ----
#define USBCTRL_DPRAM_BASE 0x50100000u
#define USBCTRL_REGS_BASE 0x50110000u
#define USB_ADDR_ENDP (USBCTRL_REGS_BASE + 0x00u)
#define USB_MAIN_CTRL (USBCTRL_REGS_BASE + 0x40u)
#define USB_SIE_CTRL (USBCTRL_REGS_BASE + 0x4cu)
#define USB_SIE_STATUS (USBCTRL_REGS_BASE + 0x50u)
#define USB_BUFF_STATUS (USBCTRL_REGS_BASE + 0x58u)
#define USB_EP_STALL_ARM (USBCTRL_REGS_BASE + 0x68u)
#define USB_USB_MUXING (USBCTRL_REGS_BASE + 0x74u)
#define USB_USB_PWR (USBCTRL_REGS_BASE + 0x78u)
#define USB_INTE (USBCTRL_REGS_BASE + 0x90u)
#define USB_INTS (USBCTRL_REGS_BASE + 0x98u)
#define USB_MAIN_CTRL_CONTROLLER_EN (1u << 0)
#define USB_SIE_CTRL_EP0_INT_1BUF (1u << 29)
#define USB_SIE_CTRL_PULLUP_EN (1u << 16)
#define USB_SIE_STATUS_VBUS_DETECTED (1u << 0)
#define USB_SIE_STATUS_SUSPENDED (1u << 4)
#define USB_SIE_STATUS_RESUME (1u << 11)
#define USB_SIE_STATUS_SETUP_REC (1u << 17)
#define USB_SIE_STATUS_BUS_RESET (1u << 19)
#define USB_EP_STALL_ARM_EP0_IN (1u << 0)
#define USB_EP_STALL_ARM_EP0_OUT (1u << 1)
#define USB_MUXING_TO_PHY (1u << 0)
#define USB_MUXING_SOFTCON (1u << 3)
#define USB_PWR_VBUS_DETECT (1u << 2)
#define USB_PWR_VBUS_DETECT_OVERRIDE_EN (1u << 3)
#define USB_INT_BUFF_STATUS (1u << 4)
#define USB_INT_BUS_RESET (1u << 12)
#define USB_INT_DEV_SUSPEND (1u << 14)
#define USB_INT_DEV_RESUME_FROM_HOST (1u << 15)
#define USB_INT_SETUP_REQ (1u << 16)
// DPRAM, device mode (4.1.2.5)
#define USB_DPRAM_SETUP_PACKET (USBCTRL_DPRAM_BASE + 0x00u)
#define USB_DPRAM_EP_IN_CONTROL(ep) (USBCTRL_DPRAM_BASE + 0x08u + 8u * ((ep) - 1u)) // ep 1..15
#define USB_DPRAM_EP_OUT_CONTROL(ep) (USBCTRL_DPRAM_BASE + 0x0cu + 8u * ((ep) - 1u))
#define USB_DPRAM_EP_IN_BUFFER_CONTROL(ep) (USBCTRL_DPRAM_BASE + 0x80u + 8u * (ep))
#define USB_DPRAM_EP_OUT_BUFFER_CONTROL(ep) (USBCTRL_DPRAM_BASE + 0x84u + 8u * (ep))
#define USB_DPRAM_EP0_BUFFER 0x100u // offset of EP0's 64-byte buffer, shared by IN and OUT
#define USB_DPRAM_SIZE 4096u
#define USB_EP_CTRL_ENABLE (1u << 31)
#define USB_EP_CTRL_INTERRUPT_PER_BUFF (1u << 29)
#define USB_EP_CTRL_TYPE_BULK (2u << 26)
#define USB_EP_CTRL_TYPE_INTERRUPT (3u << 26)
#define USB_BUF_CTRL_FULL (1u << 15)
#define USB_BUF_CTRL_LAST (1u << 14)
#define USB_BUF_CTRL_DATA1_PID (1u << 13)
#define USB_BUF_CTRL_STALL (1u << 11)
#define USB_BUF_CTRL_AVAILABLE (1u << 10)
#define USB_BUF_CTRL_LEN_MASK 0x3ffu

// ---- XOSC (2.16) ----
#define XOSC_BASE 0x40024000u
#define XOSC_CTRL (XOSC_BASE + 0x00u)
#define XOSC_STATUS (XOSC_BASE + 0x04u)
#define XOSC_DORMANT (XOSC_BASE + 0x08u)
#define XOSC_STARTUP (XOSC_BASE + 0x0cu)
#define XOSC_CTRL_FREQ_RANGE_1_15MHZ 0xaa0u
#define XOSC_CTRL_ENABLE_VALUE (0xfabu << 12)
#define XOSC_STATUS_STABLE (1u << 31)
#define XOSC_DORMANT_VALUE 0x636f6d61u // "coma": stop the oscillator until a wake event

// ---- ROSC (2.17) ----
#define ROSC_BASE 0x40060000u
#define ROSC_CTRL (ROSC_BASE + 0x00u)
#define ROSC_RANDOMBIT (ROSC_BASE + 0x1cu)
#define ROSC_CTRL_DISABLE ((0xd1eu << 12) | 0xfa4u)

// ---- WATCHDOG (4.7): its tick generator clocks the TIMER ----
#define WATCHDOG_BASE 0x40058000u
#define WATCHDOG_TICK (WATCHDOG_BASE + 0x2cu)
#define WATCHDOG_TICK_ENABLE (1u << 9)

// ---- TIMER (4.6) ----
#define TIMER_BASE 0x40054000u
#define TIMER_ALARM0 (TIMER_BASE + 0x10u)
#define TIMER_ARMED (TIMER_BASE + 0x20u)
#define TIMER_TIMERAWH (TIMER_BASE + 0x24u)
#define TIMER_TIMERAWL (TIMER_BASE + 0x28u)
#define TIMER_INTR (TIMER_BASE + 0x34u)
#define TIMER_INTE (TIMER_BASE + 0x38u)

// ---- IO_BANK0 / PADS_BANK0 / SIO (2.19, 2.3.1) ----
#define IO_BANK0_BASE 0x40014000u
#define IO_GPIO_CTRL(pin) (IO_BANK0_BASE + 0x04u + 8u * (pin))
#define IO_INTR(pin) (IO_BANK0_BASE + 0xf0u + 4u * ((pin) / 8u))
#define IO_PROC0_INTE(pin) (IO_BANK0_BASE + 0x100u + 4u * ((pin) / 8u))
#define IO_DORMANT_WAKE_INTE(pin) (IO_BANK0_BASE + 0x160u + 4u * ((pin) / 8u))
#define IO_EVENT_SHIFT(pin) (4u * ((pin) % 8u))
#define IO_EVENT_EDGE_LOW 0x4u
#define IO_EVENT_EDGE_HIGH 0x8u
#define GPIO_FUNC_UART 2u
#define GPIO_FUNC_PWM 4u
#define GPIO_FUNC_SIO 5u
#define GPIO_FUNC_NULL 31u

#define PADS_BANK0_BASE 0x4001c000u
#define PADS_GPIO(pin) (PADS_BANK0_BASE + 0x04u + 4u * (pin))
#define PADS_OD (1u << 7)
#define PADS_IE (1u << 6)
#define PADS_DRIVE_SHIFT 4
#define PADS_DRIVE_4MA (1u << PADS_DRIVE_SHIFT)
#define PADS_PUE (1u << 3)
#define PADS_PDE (1u << 2)
#define PADS_SCHMITT (1u << 1)

#define SIO_BASE 0xd0000000u
#define SIO_GPIO_IN (SIO_BASE + 0x04u)
#define SIO_GPIO_OUT_SET (SIO_BASE + 0x14u)
#define SIO_GPIO_OUT_CLR (SIO_BASE + 0x18u)
#define SIO_GPIO_OE_SET (SIO_BASE + 0x24u)
#define SIO_GPIO_OE_CLR (SIO_BASE + 0x28u)

// ---- UART0 (4.2, ARM PL011) ----
#define UART0_BASE 0x40034000u
#define UART_DR (UART0_BASE + 0x00u)
#define UART_FR (UART0_BASE + 0x18u)
#define UART_IBRD (UART0_BASE + 0x24u)
#define UART_FBRD (UART0_BASE + 0x28u)
#define UART_LCR_H (UART0_BASE + 0x2cu)
#define UART_CR (UART0_BASE + 0x30u)
#define UART_IFLS (UART0_BASE + 0x34u)
#define UART_IMSC (UART0_BASE + 0x38u)
#define UART_RIS (UART0_BASE + 0x3cu) // raw interrupt status
#define UART_ICR (UART0_BASE + 0x44u)
#define UART_DR_OE (1u << 11)           // overrun: characters were lost before this one
#define UART_DR_ERRORS (7u << 8)        // break, parity and framing errors: a damaged character
#define UART_FR_TXFF (1u << 5)
#define UART_FR_RXFE (1u << 4)
#define UART_FR_BUSY (1u << 3)
#define UART_LCR_H_WLEN_8 (3u << 5)
#define UART_LCR_H_FEN (1u << 4)
#define UART_CR_RXE (1u << 9)
#define UART_CR_TXE (1u << 8)
#define UART_CR_UARTEN (1u << 0)
#define UART_IFLS_RX_HALF (2u << 3)     // receive interrupt at 16 of 32 entries (4.2.8)
#define UART_IFLS_TX_HALF (2u << 0)     // transmit interrupt when draining through 16 entries
#define UART_INT_OE (1u << 10)          // overrun since the last clear, even if no character came after it
#define UART_INT_RT (1u << 6)
#define UART_INT_TX (1u << 5)
#define UART_INT_RX (1u << 4)

// ---- PWM (4.5) ----
#define PWM_BASE 0x40050000u
#define PWM_CH_CSR(slice) (PWM_BASE + 0x14u * (slice) + 0x00u)
#define PWM_CH_DIV(slice) (PWM_BASE + 0x14u * (slice) + 0x04u)
#define PWM_CH_CTR(slice) (PWM_BASE + 0x14u * (slice) + 0x08u)
#define PWM_CH_CC(slice) (PWM_BASE + 0x14u * (slice) + 0x0cu)
#define PWM_CH_TOP(slice) (PWM_BASE + 0x14u * (slice) + 0x10u)
#define PWM_CSR_EN (1u << 0)

// ---- ADC (4.9) ----
#define ADC_BASE 0x4004c000u
#define ADC_CS (ADC_BASE + 0x00u)
#define ADC_RESULT (ADC_BASE + 0x04u)
#define ADC_CS_EN (1u << 0)
#define ADC_CS_START_ONCE (1u << 2)
#define ADC_CS_READY (1u << 8)
#define ADC_CS_AINSEL_SHIFT 12

// ---- Cortex-M0+ private peripherals ----
#define PPB_BASE 0xe0000000u
#define NVIC_ISER (PPB_BASE + 0xe100u)
#define NVIC_ICER (PPB_BASE + 0xe180u)
#define NVIC_ICPR (PPB_BASE + 0xe280u)
#define SCB_VTOR (PPB_BASE + 0xed08u)
#define SCB_SCR (PPB_BASE + 0xed10u)
#define SCB_SCR_SLEEPDEEP (1u << 2)

// Interrupt numbers (datasheet 2.3.2)
#define IRQ_TIMER_0 0u
#define IRQ_USBCTRL 5u
#define IRQ_IO_BANK0 13u
#define IRQ_UART0 20u

// Code placed in SRAM (memmap.ld copies it there with .data): what runs while the flash is
// erased or programmed, when XIP is off and nothing can be fetched from flash (store.c).
#define RAM_FUNC __attribute__((section(".ramfunc")))

static inline void dsb_isb(void) { __asm volatile("dsb\n isb" ::: "memory"); }

static inline void irq_disable_all(void) { __asm volatile("cpsid i" ::: "memory"); }
static inline void irq_enable_all(void) { __asm volatile("cpsie i" ::: "memory"); }
static inline uint32_t irq_save(void) {
  uint32_t primask;
  __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
  return primask;
}
static inline void irq_restore(uint32_t primask) { __asm volatile("msr primask, %0" ::"r"(primask) : "memory"); }
static inline void wait_for_interrupt(void) { __asm volatile("wfi" ::: "memory"); }

#endif
