// UART0, 115200 8N1 on the pin map's TX/RX pins.
//
// Receiving: the receive interrupt only moves bytes from the 32-byte hardware FIFO into a ring
// of UART_RX_RING_SIZE entries, which the main loop reads at its own pace. Input is never lost
// silently: when a byte finds the ring full, or the UART itself lost one (an overrun of its
// FIFO), the bytes up to the next line end are dropped too, and that '\n' enters the ring after
// a loss marker holding how many bytes were lost (so input resumes at the start of a line).
// The interrupt handler runs from SRAM and stays enabled while the flash is written (store.c).
// Transmitting: bytes go through a ring buffer drained by the transmit interrupt.
#ifndef UART_H
#define UART_H

#include <stdbool.h>
#include <stdint.h>

// Entries of the receive ring: 16 Ki bytes of back-to-back input absorbed while the answers,
// longer than the commands, drain at the same baud rate (README.md, "Serial input").
#ifndef UART_RX_RING_SIZE
#define UART_RX_RING_SIZE 16384u // a power of two
#endif

// What uart_rx_take returns: a received byte (0..255), UART_RX_NONE, or a loss marker.
#define UART_RX_NONE (-1)
#define UART_RX_LOST 0x8000          // flag: bytes were lost here; a '\n' follows
#define UART_RX_LOST_COUNT 0x7fff    // with the flag: how many (at most this; a UART overrun counts 1)

void uart_init(void);

// The oldest received entry, or UART_RX_NONE when nothing is waiting.
int32_t uart_rx_take(void);

// True when an entry is waiting in the ring. Bytes still in the UART's FIFO are not counted:
// its interrupt brings them at its trigger level, or 32 bit times after the last one arrived.
bool uart_rx_pending(void);

// True while bytes are being dropped after a loss, waiting for a line end.
bool uart_rx_dropping(void);

// A loss whose line end never came: when bytes are being dropped, the ring is empty and no
// byte has arrived for `quiet_us`, the sender has stopped (it was not sending back to back any
// more). Ends the dropping and returns how many bytes were lost (0 when there is no such loss):
// the caller ends the damaged line itself.
uint32_t uart_rx_end_loss(uint32_t quiet_us);

// Moves what the UART's FIFO holds into the ring now (before DORMANT, where no interrupt would
// bring them).
void uart_rx_collect(void);

// Queues one byte for sending; waits only when the ring buffer is full.
void uart_send(uint8_t byte);

// Queues a string (uart_send for each byte).
void uart_send_text(const char *text);

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
