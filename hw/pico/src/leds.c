#include "leds.h"

#include "board.h"
#include "rp2040.h"

static const uint8_t led_pins[BOARD_LED_COUNT] = BOARD_LED_PINS;
static const uint8_t led_drive[BOARD_LED_COUNT] = BOARD_LED_DRIVE;

void leds_init(void) {
  leds_set(0);
  for (unsigned i = 0; i < BOARD_LED_COUNT; i++) {
    unsigned pin = led_pins[i];
    REG(PADS_GPIO(pin)) = (uint32_t)led_drive[i] << PADS_DRIVE_SHIFT;
    REG(IO_GPIO_CTRL(pin)) = GPIO_FUNC_SIO;
    REG(SIO_GPIO_OE_SET) = 1u << pin;
  }
}

void leds_set(uint32_t mask) {
  uint32_t lit = 0, dark = 0;
  for (unsigned i = 0; i < BOARD_LED_COUNT; i++) {
    if (mask & (1u << i)) lit |= 1u << led_pins[i];
    else dark |= 1u << led_pins[i];
  }
  uint32_t high = BOARD_LED_ACTIVE_LOW ? dark : lit;
  uint32_t low = BOARD_LED_ACTIVE_LOW ? lit : dark;
  REG(SIO_GPIO_OUT_SET) = high;
  REG(SIO_GPIO_OUT_CLR) = low;
}
