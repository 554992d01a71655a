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

  // clk_peri (UART) <- XOSC, clk_adc <- XOSC: both stay at 12 MHz when clk_sys runs at 48 MHz
  // for USB. Auxiliary sources change only while stopped.
  REG(CLK_PERI_CTRL) = 0;
  REG(CLK_PERI_CTRL) = CLK_PERI_AUXSRC_XOSC | CLK_CTRL_ENABLE;
  REG(CLK_ADC_CTRL) = 0;
  REG(CLK_ADC_DIV) = 1u << 8;
  REG(CLK_ADC_CTRL) = CLK_ADC_AUXSRC_XOSC | CLK_CTRL_ENABLE;
  REG(CLK_USB_CTRL) = 0;
  REG(CLK_RTC_CTRL) = 0;

  // The watchdog tick generator divides clk_ref down to the TIMER's 1 µs tick (4.7.2).
  REG(WATCHDOG_TICK) = (RUNTIME_XOSC_HZ / 1000000u) | WATCHDOG_TICK_ENABLE;
}

// PLL_USB: 12 MHz / REFDIV 1 * FBDIV 100 = a 1200 MHz VCO (750..1600 MHz), / 5 / 5 = 48 MHz
// (datasheet 2.18.2; the figures pico-sdk uses for clk_usb).
#define USB_PLL_FBDIV 100u
#define USB_PLL_POSTDIV1 5u
#define USB_PLL_POSTDIV2 5u
#define USB_CLOCK_HZ (RUNTIME_XOSC_HZ / 1u * USB_PLL_FBDIV / (USB_PLL_POSTDIV1 * USB_PLL_POSTDIV2))
_Static_assert(USB_CLOCK_HZ == 48000000u, "USB full speed needs clk_usb at 48 MHz");

static uint32_t sys_hz = RUNTIME_XOSC_HZ;

uint32_t clocks_sys_hz(void) { return sys_hz; }

void clocks_usb_start(void) {
  REG_SET(RESETS_RESET) = RESET_PLL_USB;
  REG_CLR(RESETS_RESET) = RESET_PLL_USB;
  while (!(REG(RESETS_RESET_DONE) & RESET_PLL_USB)) {
  }
  REG(PLL_CS) = 1u; // REFDIV
  REG(PLL_FBDIV_INT) = USB_PLL_FBDIV;
  REG_CLR(PLL_PWR) = PLL_PWR_PD | PLL_PWR_VCOPD;
  while (!(REG(PLL_CS) & PLL_CS_LOCK)) {
  }
  REG(PLL_PRIM) = (USB_PLL_POSTDIV1 << PLL_PRIM_POSTDIV1_SHIFT) | (USB_PLL_POSTDIV2 << PLL_PRIM_POSTDIV2_SHIFT);
  REG_CLR(PLL_PWR) = PLL_PWR_POSTDIVPD;

  REG(CLK_USB_CTRL) = 0;
  REG(CLK_USB_DIV) = 1u << 8;
  REG(CLK_USB_CTRL) = CLK_USB_AUXSRC_PLL_USB | CLK_CTRL_ENABLE;
  // clk_sys: the auxiliary source is chosen while clk_sys runs from clk_ref, then the glitchless
  // mux switches to it (2.15.3.2). The controller needs clk_sys >= clk_usb.
  REG(CLK_SYS_CTRL) = CLK_SYS_AUXSRC_PLL_USB | CLK_SYS_SRC_REF;
  REG(CLK_SYS_CTRL) = CLK_SYS_AUXSRC_PLL_USB | CLK_SYS_SRC_AUX;
  while (REG(CLK_SYS_SELECTED) != (1u << CLK_SYS_SRC_AUX)) {
  }
  sys_hz = USB_CLOCK_HZ;
}

void clocks_usb_stop(void) {
  REG(CLK_SYS_CTRL) = CLK_SYS_AUXSRC_PLL_USB | CLK_SYS_SRC_REF;
  while (REG(CLK_SYS_SELECTED) != (1u << CLK_SYS_SRC_REF)) {
  }
  REG(CLK_SYS_CTRL) = CLK_SYS_SRC_REF;
  sys_hz = RUNTIME_XOSC_HZ;
  REG(CLK_USB_CTRL) = 0;
  REG(PLL_PWR) = PLL_PWR_RESET_VALUE;
  REG_SET(RESETS_RESET) = RESET_PLL_USB; // as the boot ROM leaves it: held in reset
}

uint32_t clocks_random_seed(void) {
  uint32_t seed = 0;
  for (int i = 0; i < 32; i++) seed = (seed << 1) | (REG(ROSC_RANDOMBIT) & 1u);
  return seed;
}

void clocks_stop_rosc(void) { REG(ROSC_CTRL) = ROSC_CTRL_DISABLE; }
