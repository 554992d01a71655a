#include "bootsel.h"

#include <stdbool.h>
#include <stdint.h>

#include "rom.h"
#include "rp2040.h"
#include "uart.h"
#include "usb.h"

typedef void (*rom_reset_usb_boot_fn)(uint32_t gpio_activity_pin_mask, uint32_t disable_interface_mask);

static bool requested;

void bootsel_request(void) { requested = true; }

void bootsel_reboot_if_requested(void) {
  if (!requested) return;
  uart_flush();
  usb_flush();
  rom_reset_usb_boot_fn reset_usb_boot = (rom_reset_usb_boot_fn)rom_func_lookup(ROM_CODE('U', 'B'));
  // No activity LED (mask 0): the drive's accesses light nothing. Interfaces mask 0: both the
  // mass-storage drive (RPI-RP2) and PICOBOOT (picotool) are offered.
  reset_usb_boot(0, 0);
  for (;;) wait_for_interrupt(); // the ROM resets the chip; it never comes back here
}
