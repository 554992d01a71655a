#include "buttons.h"

#include "board.h"
#include "events.h"
#include "rp2040.h"

static const uint8_t button_pins[BOARD_BUTTON_COUNT] = BOARD_BUTTON_PINS;
static uint32_t posted_levels; // bit i = the last level posted for button i

static int button_closed(uint32_t gpio_in, unsigned i) {
  int high = (gpio_in >> button_pins[i]) & 1u;
  return BOARD_BUTTON_ACTIVE_LOW ? !high : high;
}

uint32_t buttons_levels(void) {
  uint32_t in = REG(SIO_GPIO_IN);
  uint32_t levels = 0;
  for (unsigned i = 0; i < BOARD_BUTTON_COUNT; i++) levels |= (uint32_t)button_closed(in, i) << i;
  return levels;
}

void buttons_init(void) {
  for (unsigned i = 0; i < BOARD_BUTTON_COUNT; i++) {
    unsigned pin = button_pins[i];
    uint32_t pull = BOARD_BUTTON_ACTIVE_LOW ? PADS_PUE : PADS_PDE;
    REG(PADS_GPIO(pin)) = PADS_IE | PADS_SCHMITT | pull;
    REG(IO_GPIO_CTRL(pin)) = GPIO_FUNC_SIO;
    REG(IO_INTR(pin)) = (IO_EVENT_EDGE_LOW | IO_EVENT_EDGE_HIGH) << IO_EVENT_SHIFT(pin);
    REG_SET(IO_PROC0_INTE(pin)) = (IO_EVENT_EDGE_LOW | IO_EVENT_EDGE_HIGH) << IO_EVENT_SHIFT(pin);
  }
  posted_levels = 0; // the first buttons_poll reports the buttons already held at power-up
  REG(NVIC_ICPR) = 1u << IRQ_IO_BANK0;
  REG(NVIC_ISER) = 1u << IRQ_IO_BANK0;
}

static void post_changes(void) {
  uint32_t levels = buttons_levels();
  uint32_t changed = levels ^ posted_levels;
  for (unsigned i = 0; i < BOARD_BUTTON_COUNT; i++) {
    if (changed & (1u << i)) {
      uint8_t level = (uint8_t)((levels >> i) & 1u);
      if (events_post(EVENT_BUTTON, (uint8_t)i, level)) posted_levels ^= 1u << i;
    }
  }
}

void buttons_poll(void) {
  uint32_t saved = irq_save();
  post_changes();
  irq_restore(saved);
}

void buttons_isr(void) {
  for (unsigned i = 0; i < BOARD_BUTTON_COUNT; i++) {
    unsigned pin = button_pins[i];
    REG(IO_INTR(pin)) = (IO_EVENT_EDGE_LOW | IO_EVENT_EDGE_HIGH) << IO_EVENT_SHIFT(pin);
  }
  post_changes();
}

void buttons_dormant_wake(int enable) {
  for (unsigned i = 0; i < BOARD_BUTTON_COUNT; i++) {
    unsigned pin = button_pins[i];
    uint32_t bits = (IO_EVENT_EDGE_LOW | IO_EVENT_EDGE_HIGH) << IO_EVENT_SHIFT(pin);
    if (enable) {
      REG(IO_INTR(pin)) = bits;
      REG_SET(IO_DORMANT_WAKE_INTE(pin)) = bits;
    } else {
      REG_CLR(IO_DORMANT_WAKE_INTE(pin)) = bits;
    }
  }
}
