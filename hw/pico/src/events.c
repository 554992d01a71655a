#include "events.h"

#include "rp2040.h"
#include "timer.h"

#define EVENT_QUEUE_SIZE 256u // a power of two; 256 button edges (bounces included) at once is plenty

static event_t queue[EVENT_QUEUE_SIZE];
static volatile uint32_t head; // written by producers (interrupt handlers, one priority level)
static volatile uint32_t tail; // written by the main loop

bool events_post(event_kind_t kind, uint8_t index, uint8_t value) {
  uint32_t h = head;
  if (h - tail >= EVENT_QUEUE_SIZE) return false;
  event_t *slot = &queue[h % EVENT_QUEUE_SIZE];
  slot->ms = timer_now_ms();
  slot->kind = (uint8_t)kind;
  slot->index = index;
  slot->value = value;
  __asm volatile("" ::: "memory");
  head = h + 1;
  return true;
}

bool events_take(event_t *out) {
  uint32_t t = tail;
  if (t == head) return false;
  *out = queue[t % EVENT_QUEUE_SIZE];
  __asm volatile("" ::: "memory");
  tail = t + 1;
  return true;
}

bool events_pending(void) { return tail != head; }
