// The input queue of button edges: the interrupt handler posts each edge with the time it
// happened; the main loop hands them to the firmware in order. (Received bytes have a ring of
// their own, in uart.c.) The firmware itself is only ever called from the main loop.
#ifndef EVENTS_H
#define EVENTS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { EVENT_BUTTON = 1 } event_kind_t;

typedef struct {
  uint32_t ms;    // TIMER ms when it happened
  uint8_t kind;   // event_kind_t
  uint8_t index;  // button index
  uint8_t value;  // button level (1 = pressed)
} event_t;

// Posts an event (call with interrupts disabled or from an interrupt handler). Returns false
// when the queue is full (the event is lost).
bool events_post(event_kind_t kind, uint8_t index, uint8_t value);

// Takes the oldest event. Returns false when there is none.
bool events_take(event_t *out);

bool events_pending(void);

#endif
