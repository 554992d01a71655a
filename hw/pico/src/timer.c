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

uint32_t timer_now_ms(void) { return (uint32_t)(timer_now_us() / 1000u); }

bool timer_alarm_at_ms(uint32_t ms) {
  uint64_t now_us = timer_now_us();
  uint32_t now_ms = (uint32_t)(now_us / 1000u);
  int32_t ahead_ms = (int32_t)(ms - now_ms);
  if (ahead_ms <= 0) return false;
  // The alarm compares the low 32 bits of the µs counter (71.6 minutes range): cap the sleep.
  const int32_t max_ahead_ms = 60 * 60 * 1000;
  if (ahead_ms > max_ahead_ms) ahead_ms = max_ahead_ms;
  uint32_t target_us = (uint32_t)now_us + (uint32_t)ahead_ms * 1000u - (uint32_t)(now_us % 1000u);
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
