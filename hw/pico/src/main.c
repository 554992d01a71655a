// The Imperial Timer on the RP2040: hardware set-up, then the firmware's event loop.
//
// Every call into the firmware happens here, in time order: queued inputs first (button
// edges, received bytes, each with the ms it arrived), then a tick, then the firmware says
// when it next needs to run and the core sleeps until then or until an input arrives.
#include <stdbool.h>
#include <stdint.h>

#include "battery.h"
#include "buttons.h"
#include "buzzer.h"
#include "clocks.h"
#include "events.h"
#include "firmware.h"
#include "leds.h"
#include "power.h"
#include "rp2040.h"
#include "sleep.h"
#include "store.h"
#include "timer.h"
#include "uart.h"

static Z_firmware_instance_t firmware;
static uint32_t last_now; // the last `now` given to the firmware: it never goes backwards

// A start bit on RX wakes the chip from DORMANT, but that byte and the ones that arrive while
// the crystal restarts (about 1 ms) are lost. The rest of that line, if any, follows at once:
// it is dropped up to its '\n'. A byte arriving after a quiet window begins a new line.
#define SERIAL_WAKE_WINDOW_MS 3u
static struct {
  bool active;       // bytes are being checked for the tail of the line in flight
  bool in_tail;      // the tail has started arriving: drop up to its '\n'
  uint32_t until_ms; // a first byte after this begins a new line
} serial_wake;

static uint32_t advance_now(uint32_t ms) {
  if ((int32_t)(ms - last_now) > 0) last_now = ms;
  return last_now;
}

static void deliver(const event_t *event) {
  uint32_t now = advance_now(event->ms);
  if (event->kind == EVENT_BUTTON) {
    Z_firmwareZ_button(&firmware, event->index, event->value, now);
  } else if (event->kind == EVENT_RX_BYTE) {
    if (serial_wake.active) {
      if (serial_wake.in_tail || (int32_t)(event->ms - serial_wake.until_ms) <= 0) {
        serial_wake.in_tail = event->value != '\n';
        serial_wake.active = serial_wake.in_tail;
        return;
      }
      serial_wake.active = false;
    }
    Z_firmwareZ_rx(&firmware, event->value, now);
  }
}

// The serial line woke the chip: the firmware gets the lost byte as an empty line (it wakes,
// sends EVT WAKE and answers the waking line ERR state sleep, as in every runtime), and the
// tail of the line in flight is dropped here, its first bytes being lost anyway.
static void woke_by_serial(void) {
  uint32_t now = advance_now(timer_now_ms());
  Z_firmwareZ_rx(&firmware, '\n', now);
  serial_wake.active = true;
  serial_wake.in_tail = false;
  serial_wake.until_ms = now + SERIAL_WAKE_WINDOW_MS;
}

static void hardware_init(void) {
  // The blocks the runtime uses start from their reset state, each released once the clocks
  // run from the crystal; the others stay in reset, where the boot ROM leaves them.
  REG_SET(RESETS_RESET) = RESET_IO_BANK0 | RESET_PADS_BANK0 | RESET_UART0 | RESET_PWM | RESET_ADC | RESET_TIMER;
  clocks_init();
  uint32_t seed = clocks_random_seed();
  clocks_stop_rosc();
  REG_CLR(RESETS_RESET) = RESET_IO_BANK0 | RESET_PADS_BANK0;
  while ((REG(RESETS_RESET_DONE) & (RESET_IO_BANK0 | RESET_PADS_BANK0)) != (RESET_IO_BANK0 | RESET_PADS_BANK0)) {
  }
  timer_init();
  leds_init();
  buzzer_init();
  battery_init();
  uart_init();
  store_init();
  buttons_init();
  sleep_init();
  wasm_rt_init();
  Z_firmware_init_module();
  Z_firmware_instantiate(&firmware, 0);
  last_now = timer_now_ms();
  Z_firmwareZ_init(&firmware, seed, last_now);
  buttons_poll();
}

int main(void) {
  hardware_init();
  for (;;) {
    event_t event;
    while (events_take(&event)) deliver(&event);
    Z_firmwareZ_tick(&firmware, advance_now(timer_now_ms()));

    int32_t wake_in = (int32_t)Z_firmwareZ_nextWake(&firmware);
    if (wake_in == 0) continue;
    if (wake_in > 0) {
      sleep_light(true, last_now + (uint32_t)wake_in);
    } else if (power_deep_sleep_requested()) {
      if (sleep_dormant()) woke_by_serial();
    } else {
      sleep_light(false, 0);
    }
  }
}
