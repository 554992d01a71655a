#include "timer.h"

#include "rp2040.h"

void timer_init(void) {
  REG_CLR(RESETS_RESET) = RESET_TIMER;
  while (!(REG(RESETS_RESET_DONE) & RESET_TIMER)) {
  }
  REG(TIMER_INTE) = 1u; // alarm 0
  REG(NVIC_ICPR) = 1u << IRQ_TIMER_0;
  REG(NVIC_ISER) = 1u << IRQ_TIMER_0;
}

uint64_t timer_now_us(void) {
  // Raw registers, no latching: re-read the high word until it is stable.
  uint32_t hi = REG(TIMER_TIMERAWH);
  for (;;) {
    uint32_t lo = REG(TIMER_TIMERAWL);
    uint32_t hi2 = REG(TIMER_TIMERAWH);
    if (hi == hi2) return ((uint64_t)hi << 32) | lo;
    hi = hi2;
  }
}

// µs to ms (the low 32 bits of the quotient) and the µs past that ms, in 32-bit steps: the
// Cortex-M0+ has no divide instruction, and libgcc's 64-bit division takes about 3000 cycles
// (a quarter of a millisecond at 12 MHz), 32-bit divisions by a constant about 100 each.
// us = hi * 2^32 + lo; hi's multiples of 1000 only add multiples of 2^32 to the quotient, and
// what is left, (hi % 1000) * 2^32 + lo, is divided 16 bits at a time.
static uint32_t ms_of_us(uint64_t us, uint32_t *us_past) {
  uint32_t hi = (uint32_t)(us >> 32);
  uint32_t lo = (uint32_t)us;
  uint32_t upper = ((hi % 1000u) << 16) | (lo >> 16); // < 1000 * 2^16
  uint32_t lower = ((upper % 1000u) << 16) | (lo & 0xffffu);
  if (us_past) *us_past = lower % 1000u;
  return ((upper / 1000u) << 16) + lower / 1000u;
}

uint32_t timer_now_ms(void) { return ms_of_us(timer_now_us(), 0); }

// The main loop reads the clock before every line it hands to the firmware; most of those
// reads fall in the same ms as the one before, which needs no division.
static struct {
  uint64_t us;       // the µs count at the last conversion
  uint32_t ms;       // its ms
  uint32_t left_us;  // µs from then to the next ms
} loop_clock = {0, 0, 1000u};

uint32_t timer_loop_now_ms(void) {
  uint64_t us = timer_now_us();
  if (us - loop_clock.us < loop_clock.left_us) return loop_clock.ms;
  uint32_t past_us;
  loop_clock.ms = ms_of_us(us, &past_us);
  loop_clock.us = us;
  loop_clock.left_us = 1000u - past_us;
  return loop_clock.ms;
}

bool timer_alarm_at_ms(uint32_t ms) {
  uint64_t now_us = timer_now_us();
  uint32_t past_us;
  uint32_t now_ms = ms_of_us(now_us, &past_us);
  int32_t ahead_ms = (int32_t)(ms - now_ms);
  if (ahead_ms <= 0) return false;
  // The alarm compares the low 32 bits of the µs counter (71.6 minutes range): cap the sleep.
  const int32_t max_ahead_ms = 60 * 60 * 1000;
  if (ahead_ms > max_ahead_ms) ahead_ms = max_ahead_ms;
  uint32_t target_us = (uint32_t)now_us + (uint32_t)ahead_ms * 1000u - past_us;
  REG(TIMER_INTR) = 1u;
  REG(TIMER_ALARM0) = target_us;
  // If the target passed while arming, the alarm would wait for the counter to wrap: check.
  if ((int32_t)(target_us - REG(TIMER_TIMERAWL)) <= 0) {
    timer_alarm_cancel();
    return false;
  }
  return true;
}

void timer_alarm_cancel(void) {
  REG(TIMER_ARMED) = 1u;
  REG(TIMER_INTR) = 1u;
}

void timer_alarm_isr(void) { REG(TIMER_INTR) = 1u; }
