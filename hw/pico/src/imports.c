// The firmware's imports (module `env`, firmware/README.md), each mapped to its peripheral; their C
// names (ABI_IMPORT_<name>, gen/abi.h) are wasm2c's for the wire names of firmware/abi.json.
#include "battery.h"
#include "bootsel.h"
#include "buzzer.h"
#include "firmware.h"
#include "abi.h"
#include "leds.h"
#include "link.h"
#include "power.h"
#include "store.h"

void ABI_IMPORT_tone(ABI_IMPORTS *env, u32 hz, u32 volume) {
  (void)env;
  buzzer_set(hz, volume);
}

void ABI_IMPORT_sound(ABI_IMPORTS *env, u32 id) {
  (void)env; // a hint for user interfaces; the hardware plays what `tone` says
  (void)id;
}

void ABI_IMPORT_leds(ABI_IMPORTS *env, u32 mask) {
  (void)env;
  leds_set(mask);
}

void ABI_IMPORT_tx(ABI_IMPORTS *env, u32 byte) {
  (void)env;
  link_send((uint8_t)byte); // to UART0, USB or both (link.c)
}

u32 ABI_IMPORT_nvRead(ABI_IMPORTS *env, u32 offset) {
  (void)env;
  return store_read(offset);
}

void ABI_IMPORT_nvWrite(ABI_IMPORTS *env, u32 offset, u32 byte) {
  (void)env;
  store_write(offset, byte);
}

void ABI_IMPORT_nvCommit(ABI_IMPORTS *env) {
  (void)env;
  store_commit();
}

u32 ABI_IMPORT_batteryMv(ABI_IMPORTS *env) {
  (void)env;
  return battery_read_mv();
}

void ABI_IMPORT_sleep(ABI_IMPORTS *env, u32 mode) {
  (void)env;
  power_request_deep_sleep(mode == 1);
}

u32 ABI_IMPORT_reboot(ABI_IMPORTS *env, u32 mode) {
  (void)env;
  if (mode != 1) return 0; // 1, the USB boot mode, is the one restart a Pico offers
  bootsel_request();
  return 1;
}
