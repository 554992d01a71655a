#include "clocks.h"

#include "board.h"
#include "rp2040.h"

void clocks_wait_xosc_stable(void) {
  while (!(REG(XOSC_STATUS) & XOSC_STATUS_STABLE)) {
  }
}

void clocks_init(void) {
  REG(CLK_SYS_RESUS_CTRL) = 0;

  // Crystal: 1..15 MHz range, startup delay of about 1 ms in units of 256 cycles (2.16.3).
  REG(XOSC_CTRL) = XOSC_CTRL_FREQ_RANGE_1_15MHZ;
  REG(XOSC_STARTUP) = (RUNTIME_XOSC_HZ / 1000u + 255u) / 256u;
  REG_SET(XOSC_CTRL) = XOSC_CTRL_ENABLE_VALUE;
  clocks_wait_xosc_stable();

  // clk_ref <- XOSC / 1, then clk_sys <- clk_ref / 1 (both glitchless muxes).
  REG(CLK_REF_DIV) = 1u << 8;
  REG(CLK_REF_CTRL) = CLK_REF_SRC_XOSC;
  while (REG(CLK_REF_SELECTED) != (1u << CLK_REF_SRC_XOSC)) {
  }
  REG(CLK_SYS_DIV) = 1u << 8;
  REG(CLK_SYS_CTRL) = CLK_SYS_SRC_REF;
  while (REG(CLK_SYS_SELECTED) != (1u << CLK_SYS_SRC_REF)) {
  }

  // clk_peri (UART) <- clk_sys; clk_adc <- XOSC. Auxiliary sources change only while stopped.
  REG(CLK_PERI_CTRL) = 0;
  REG(CLK_PERI_CTRL) = CLK_PERI_AUXSRC_CLK_SYS | CLK_CTRL_ENABLE;
  REG(CLK_ADC_CTRL) = 0;
  REG(CLK_ADC_DIV) = 1u << 8;
  REG(CLK_ADC_CTRL) = CLK_ADC_AUXSRC_XOSC | CLK_CTRL_ENABLE;
  REG(CLK_USB_CTRL) = 0;
  REG(CLK_RTC_CTRL) = 0;

  // The watchdog tick generator divides clk_ref down to the TIMER's 1 µs tick (4.7.2).
  REG(WATCHDOG_TICK) = (RUNTIME_XOSC_HZ / 1000000u) | WATCHDOG_TICK_ENABLE;
}

uint32_t clocks_random_seed(void) {
  uint32_t seed = 0;
  for (int i = 0; i < 32; i++) seed = (seed << 1) | (REG(ROSC_RANDOMBIT) & 1u);
  return seed;
}

void clocks_stop_rosc(void) { REG(ROSC_CTRL) = ROSC_CTRL_DISABLE; }
