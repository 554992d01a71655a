// The 1 µs TIMER: the runtime's time base (`now` in ms) and the wake-up alarm.
#ifndef TIMER_H
#define TIMER_H

#include <stdbool.h>
#include <stdint.h>

void timer_init(void);

// Microseconds since boot (64-bit, never wraps in practice).
uint64_t timer_now_us(void);

// Milliseconds since boot, as the firmware's `now`: unsigned 32-bit, wraps after 49.7 days.
uint32_t timer_now_ms(void);

// The same, for the main loop only (it keeps state, so never from an interrupt handler):
// cheaper when called again within the same ms.
uint32_t timer_loop_now_ms(void);

// Arms the alarm for the moment the ms clock reaches `ms` (wrap-safe). Returns false when that
// moment has already come, in which case no alarm is armed.
bool timer_alarm_at_ms(uint32_t ms);

// Disarms the alarm.
void timer_alarm_cancel(void);

#endif
