// The Imperial Timer on the RP2040: hardware set-up, then the firmware's event loop.
//
// Every call into the firmware happens here: queued button edges first (each with the ms it
// happened), then a batch of received bytes from UART0's or USB's receive ring (a line is taken
// whole from one link, link.c routes the answers); once nothing is waiting, a tick, then the
// firmware says when it next needs to run and the core sleeps until then or until an input
// arrives.
#include <stdbool.h>
#include <stdint.h>

#include "battery.h"
#include "bootsel.h"
#include "buttons.h"
#include "buzzer.h"
#include "clocks.h"
#include "events.h"
#include "firmware.h"
#include "abi.h"
#include "leds.h"
#include "link.h"
#include "power.h"
#include "rp2040.h"
#include "sleep.h"
#include "store.h"
#include "timer.h"
#include "uart.h"
#include "usb.h"

// The image's id line, kept in flash by memmap.ld (hw/pico/flash.json: the companion reads the
// version of a UF2 from it before flashing, and checks the timer's HELLO against it after).
__attribute__((section(".image_id"), used)) static const char image_id[] = IMAGE_ID;

static Z_firmware_instance_t firmware;
static uint32_t last_now; // the last `now` given to the firmware: it never goes backwards

// Received bytes go to the firmware in batches: up to the end of a line, at most this many at
// once, all with the `now` read when the batch began. Between batches the loop delivers button
// edges and reads the clock again, so a long line or a backlog of pasted lines neither holds
// up the buttons nor freezes time.
#define RX_BATCH_BYTES 64u

// A start bit on RX wakes the chip from DORMANT, but that byte and the ones that arrive while
// the crystal restarts (about 1 ms) are lost. The rest of that line, if any, follows at once:
// a byte arriving within this window after waking is its tail, dropped up to its '\n'.
#define SERIAL_WAKE_WINDOW_MS 3u
static bool dropping_wake_tail;

// Bytes the firmware would ignore are not handed to it one by one (about 800 cycles each, of
// the 1042 a byte takes at 115200 baud): the protocol (v1) ignores '\r' anywhere and empty
// lines, and answers a line of more than 80 bytes ('\r' not counted) ERR too-long whatever it
// holds, ignoring its bytes from the 81st to its '\n'. The first byte of each batch is always
// handed over, so the firmware still sees input arriving (its idle timer, waking); the rest
// of such bytes cost about 150 cycles, so input of any shape is read faster than it arrives.
#define PROTOCOL_LINE_MAX 80u
static uint32_t line_bytes; // bytes of the current line given to the firmware, '\r' excluded

static bool firmware_ignores(int32_t byte) {
  if (byte == '\r') return true;
  if (byte == '\n') return line_bytes == 0;
  return line_bytes > PROTOCOL_LINE_MAX;
}

static uint32_t advance_now(uint32_t ms) {
  if ((int32_t)(ms - last_now) > 0) last_now = ms;
  return last_now;
}

static void deliver(const event_t *event) {
  uint32_t now = advance_now(event->ms);
  if (event->kind == EVENT_BUTTON) ABI_EXPORT_button(&firmware, event->index, event->value, now);
}

// After a loss, input resumes at a line end. If the sender stops before sending one, the loss
// ends once the line has been quiet this long (a sender going on back to back is never quiet
// for 35 character times), so the next line typed is read whole.
#define LOST_LINE_QUIET_MS 3u

// Bytes were lost before this point of the input (the receive ring was full, or the UART's
// FIFO overran), and the bytes after them up to a line end were dropped: say so, and make sure
// the damaged line cannot run as a command. The firmware gets a NUL in place of the lost bytes,
// so the line they fell in is answered ERR bad-byte (ERR too-long if it was already over-long),
// never run cut short; the lines lost whole with them get no answer.
static void report_lost_input(uint32_t count, uint32_t now) {
  char digits[10];
  unsigned n = 0;
  do {
    digits[n++] = (char)('0' + count % 10u);
    count /= 10u;
  } while (count != 0);
  uart_send_text("EVT OVERRUN lost=");
  while (n > 0) uart_send((uint8_t)digits[--n]);
  uart_send('\n');
  dropping_wake_tail = false;
  ABI_EXPORT_rx(&firmware, 0, now);
  line_bytes++;
}

// Gives the firmware one received byte of the current batch (`fed` bytes given before it).
// Returns true when the batch ends here: a line was run, so the clock is read again for the next.
__attribute__((always_inline)) static inline bool feed_byte(int32_t entry, uint32_t fed, uint32_t now) {
  if (fed > 0 && firmware_ignores(entry)) return false;
  ABI_EXPORT_rx(&firmware, (uint32_t)entry, now);
  if (entry == '\n') {
    bool answered = line_bytes != 0;
    line_bytes = 0;
    return answered;
  }
  if (entry != '\r') line_bytes++;
  return false;
}

// One batch from UART0's receive ring. Returns false when nothing was waiting.
static bool feed_uart(uint32_t now) {
  for (uint32_t fed = 0; fed < RX_BATCH_BYTES; fed++) {
    int32_t entry = uart_rx_take();
    if (entry == UART_RX_NONE) {
      uint32_t lost = uart_rx_end_loss(LOST_LINE_QUIET_MS * 1000u);
      if (lost == 0) return fed > 0;
      report_lost_input(lost, now); // the sender stopped before a line end: end the damaged line
      ABI_EXPORT_rx(&firmware, '\n', now);
      line_bytes = 0;
      return true;
    }
    if (entry & UART_RX_LOST) {
      report_lost_input((uint32_t)(entry & UART_RX_LOST_COUNT), now);
      continue;
    }
    if (dropping_wake_tail) {
      dropping_wake_tail = entry != '\n';
      continue;
    }
    if (feed_byte(entry, fed, now)) break;
  }
  return true;
}

// One batch from USB's receive ring (USB loses nothing: the host holds back what does not fit).
static bool feed_usb(uint32_t now) {
  for (uint32_t fed = 0; fed < RX_BATCH_BYTES; fed++) {
    int32_t entry = usb_rx_take();
    if (entry == USB_RX_NONE) return fed > 0;
    if (feed_byte(entry, fed, now)) break;
  }
  return true;
}

// The firmware has one input line: a line is taken whole from one link. The link that gave the
// first byte of a line gives the rest (the other link's input waits in its ring); at a line
// start the link that did not give the last line goes first, so neither holds the other off.
#define LINK_NONE (-1)
static int32_t line_link = LINK_NONE; // the link of the line in progress
static link_t last_link = LINK_UART;

static bool feed_link(link_t link, uint32_t now) {
  link_reply_to(link);
  bool fed = link == LINK_USB ? feed_usb(now) : feed_uart(now);
  if (fed) last_link = link;
  line_link = line_bytes != 0 ? (int32_t)link : LINK_NONE;
  return fed;
}

// Gives the firmware one batch of received bytes. Returns false when none was waiting.
static bool feed_serial(uint32_t now) {
  if (line_link != LINK_NONE) return feed_link((link_t)line_link, now);
  link_t first = last_link == LINK_UART ? LINK_USB : LINK_UART;
  return feed_link(first, now) || feed_link(first == LINK_UART ? LINK_USB : LINK_UART, now);
}

// USB went away (or the host reset the port) with a line from it half-way in: the line is
// ended as damaged (a NUL, then its end: ERR bad-byte, to a link that is gone), never run cut
// short, and UART0's input is taken again.
static void usb_link_lost(uint32_t now) {
  if (line_link != LINK_USB) return;
  link_reply_to(LINK_USB);
  ABI_EXPORT_rx(&firmware, 0, now);
  ABI_EXPORT_rx(&firmware, '\n', now);
  line_bytes = 0;
  line_link = LINK_NONE;
}

// The serial line woke the chip: the firmware gets the lost byte as an empty line (it wakes,
// sends EVT WAKE and answers the waking line ERR state sleep, as in every runtime). If more of
// that line arrives at once, it is its tail, dropped here (its first bytes being lost anyway).
static void woke_by_serial(void) {
  uint32_t now = advance_now(timer_now_ms());
  ABI_EXPORT_rx(&firmware, '\n', now);
  line_bytes = 0;
  uint32_t until = now + SERIAL_WAKE_WINDOW_MS;
  for (;;) {
    uart_rx_collect();
    if (uart_rx_pending() || (int32_t)(timer_now_ms() - until) >= 0) break;
    sleep_light(true, until);
  }
  dropping_wake_tail = uart_rx_pending();
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
  usb_init(store_unique_id());
  buttons_init();
  sleep_init();
  wasm_rt_init();
  Z_firmware_init_module();
  Z_firmware_instantiate(&firmware, 0);
  last_now = timer_now_ms();
  ABI_EXPORT_init(&firmware, seed, last_now);
  buttons_poll();
}

int main(void) {
  hardware_init();
  for (;;) {
    bootsel_reboot_if_requested(); // BOOTSEL was answered: its line is queued whole by now
    event_t event;
    while (events_take(&event)) deliver(&event);
    uint32_t now = advance_now(timer_loop_now_ms());
    if (usb_service()) usb_link_lost(now);
    if (feed_serial(now)) continue; // more may be waiting: buttons and the clock first
    ABI_EXPORT_tick(&firmware, now);

    int32_t wake_in = (int32_t)ABI_EXPORT_nextWake(&firmware);
    if (wake_in == 0) continue;
    // Dropping input after a loss: look again once the line may have gone quiet.
    if (uart_rx_dropping() && (wake_in < 0 || wake_in > (int32_t)LOST_LINE_QUIET_MS)) wake_in = (int32_t)LOST_LINE_QUIET_MS + 1;
    // Deep sleep: not while a host has the USB port (DORMANT would stop the controller and the
    // port would vanish); with VBUS but no host yet, after the host has had time to configure it.
    int32_t usb_wait = wake_in < 0 && power_deep_sleep_requested() ? usb_deep_sleep_wait_ms(now) : -1;
    if (usb_wait > 0) wake_in = usb_wait;
    if (wake_in > 0) {
      sleep_light(true, last_now + (uint32_t)wake_in);
    } else if (power_deep_sleep_requested() && usb_wait == 0) {
      usb_stop_for_dormant();
      if (sleep_dormant()) woke_by_serial();
    } else {
      sleep_light(false, 0);
    }
  }
}
