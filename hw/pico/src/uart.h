// UART0, 115200 8N1 on the pin map's TX/RX pins. Received bytes go to the event queue;
// transmitted bytes go through a ring buffer drained by the transmit interrupt.
#ifndef UART_H
#define UART_H

#include <stdbool.h>
#include <stdint.h>

void uart_init(void);

// Queues one byte for sending; waits only when the ring buffer is full.
void uart_send(uint8_t byte);

// Sends a string with interrupts off, bypassing the ring (used by the safe halt); the bytes
// already queued go first.
void uart_write_polled(const char *text);

// Waits until every queued byte has left the wire.
void uart_flush(void);

// The DORMANT wake source of the serial line: a falling edge on RX (a start bit).
void uart_dormant_wake(int enable);

// True when the last DORMANT wake came from the RX pin (reads and clears the edge latch).
bool uart_rx_woke(void);

#endif
