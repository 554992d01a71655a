// The firmware's imports (module `env`, firmware/README.md), each mapped to its peripheral.
#include "battery.h"
#include "bootsel.h"
#include "buzzer.h"
#include "firmware.h"
#include "leds.h"
#include "link.h"
#include "power.h"
#include "store.h"

void Z_envZ_tone(struct Z_env_instance_t *env, u32 hz, u32 volume) {
  (void)env;
  buzzer_set(hz, volume);
}

void Z_envZ_sound(struct Z_env_instance_t *env, u32 id) {
  (void)env; // a hint for user interfaces; the hardware plays what `tone` says
  (void)id;
}

void Z_envZ_leds(struct Z_env_instance_t *env, u32 mask) {
  (void)env;
  leds_set(mask);
}

void Z_envZ_tx(struct Z_env_instance_t *env, u32 byte) {
  (void)env;
  link_send((uint8_t)byte); // to UART0, USB or both (link.c)
}

u32 Z_envZ_nvRead(struct Z_env_instance_t *env, u32 offset) {
  (void)env;
  return store_read(offset);
}

void Z_envZ_nvWrite(struct Z_env_instance_t *env, u32 offset, u32 byte) {
  (void)env;
  store_write(offset, byte);
}

void Z_envZ_nvCommit(struct Z_env_instance_t *env) {
  (void)env;
  store_commit();
}

u32 Z_envZ_batteryMv(struct Z_env_instance_t *env) {
  (void)env;
  return battery_read_mv();
}

void Z_envZ_sleep(struct Z_env_instance_t *env, u32 mode) {
  (void)env;
  power_request_deep_sleep(mode == 1);
}

u32 Z_envZ_reboot(struct Z_env_instance_t *env, u32 mode) {
  (void)env;
  if (mode != 1) return 0; // 1, the USB boot mode, is the one restart a Pico offers
  bootsel_request();
  return 1;
}
