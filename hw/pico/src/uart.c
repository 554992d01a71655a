#include "uart.h"

#include "board.h"
#include "rp2040.h"

#define TX_RING_SIZE 1024u // a power of two: a whole CODES answer fits without waiting

_Static_assert((UART_RX_RING_SIZE & (UART_RX_RING_SIZE - 1u)) == 0, "the receive ring's size must be a power of two");

static uint16_t rx_ring[UART_RX_RING_SIZE];
static volatile uint32_t rx_head; // written by the interrupt handler
static volatile uint32_t rx_tail; // written by uart_rx_take
// After a loss, bytes are dropped up to the next '\n' that finds room (the interrupt handler;
// uart_rx_end_loss with interrupts masked): input resumes at the start of a line, so no
// fragment of a line ever runs as a command.
static volatile bool rx_dropping;
static volatile uint32_t rx_lost;    // bytes lost and not yet reported
static volatile uint32_t rx_last_us; // TIMER (low word) when bytes last arrived
static bool rx_overrun_counted;      // a UART overrun counted from its interrupt status, before its next character

static uint8_t tx_ring[TX_RING_SIZE];
static volatile uint32_t tx_head; // written by uart_send
static volatile uint32_t tx_tail; // written by the interrupt handler

void uart_init(void) {
  REG_CLR(RESETS_RESET) = RESET_UART0;
  while (!(REG(RESETS_RESET_DONE) & RESET_UART0)) {
  }
  // Baud divisor = clk_peri / (16 * baud), as 16.6 fixed point rounded to nearest (4.2.3.2).
  uint32_t div64 = (8u * RUNTIME_XOSC_HZ / RUNTIME_UART_BAUD + 1u) / 2u;
  REG(UART_IBRD) = div64 >> 6;
  REG(UART_FBRD) = div64 & 0x3fu;
  REG(UART_LCR_H) = UART_LCR_H_WLEN_8 | UART_LCR_H_FEN; // 8N1, FIFOs on; also latches the divisor
  // The receive interrupt at half of the 32-entry FIFO (16 bytes, 1.4 ms at 115200 baud: one
  // interrupt per 16 bytes, and as long again before the FIFO overruns), the receive timeout
  // interrupt for the last bytes of a burst (32 bit times after the last one arrived).
  REG(UART_IFLS) = UART_IFLS_RX_HALF | UART_IFLS_TX_HALF;
  REG(UART_CR) = UART_CR_UARTEN | UART_CR_TXE | UART_CR_RXE;
  REG(UART_IMSC) = UART_INT_RX | UART_INT_RT;

  REG(PADS_GPIO(BOARD_UART_RX_PIN)) = PADS_IE | PADS_SCHMITT | PADS_PUE;
  REG(PADS_GPIO(BOARD_UART_TX_PIN)) = PADS_DRIVE_4MA;
  REG(IO_GPIO_CTRL(BOARD_UART_TX_PIN)) = GPIO_FUNC_UART;
  REG(IO_GPIO_CTRL(BOARD_UART_RX_PIN)) = GPIO_FUNC_UART;

  REG(NVIC_ICPR) = 1u << IRQ_UART0;
  REG(NVIC_ISER) = 1u << IRQ_UART0;
}

RAM_FUNC static void fill_tx_fifo(void) {
  while (tx_tail != tx_head && !(REG(UART_FR) & UART_FR_TXFF)) {
    REG(UART_DR) = tx_ring[tx_tail % TX_RING_SIZE];
    tx_tail = tx_tail + 1;
  }
}

// Moves the received bytes from the FIFO to the ring, and nothing else: a few dozen cycles a
// byte. A byte that finds the ring full, or that the UART lost (its FIFO overran), starts a
// loss: the bytes up to the next '\n' that finds room for two entries are dropped and counted,
// and that '\n' goes into the ring after a marker with the count.
//
// Each character's errors are read from its own data register word (DR bits 8..11: framing,
// parity, break, overrun), which the PL011 sets per character; the receive status register
// (RSR) is never read: an emulator or a silicon erratum can return all ones there, which
// would make every read look like an overrun.
// In SRAM, with uart_isr and fill_tx_fifo: bytes keep arriving while the flash is erased.
RAM_FUNC static void receive_fifo(void) {
  uint32_t head = rx_head;
  uint32_t tail = rx_tail;
  bool received = false;
  while (!(REG(UART_FR) & UART_FR_RXFE)) {
    uint32_t data = REG(UART_DR);
    received = true;
    if (data & UART_DR_OE) { // the FIFO was full: the UART lost a byte before this one
      if (rx_overrun_counted) {
        rx_overrun_counted = false; // already counted from the overrun interrupt status, below
      } else {
        rx_lost++;
        rx_dropping = true;
      }
      REG(UART_ICR) = UART_INT_OE; // the same overrun: counted here, not again below
    }
    // Framing, parity and break errors (line noise, a cable plugged in or out): not a byte.
    if (data & UART_DR_ERRORS) continue;
    uint32_t byte = data & 0xffu;
    uint32_t room = UART_RX_RING_SIZE - (head - tail);
    if (!rx_dropping && room == 0u) rx_dropping = true;
    if (rx_dropping) {
      if (byte != '\n' || room < 2u) {
        rx_lost++;
        continue;
      }
      rx_ring[head % UART_RX_RING_SIZE] = (uint16_t)(UART_RX_LOST | (rx_lost < UART_RX_LOST_COUNT ? rx_lost : UART_RX_LOST_COUNT));
      head++;
      rx_lost = 0;
      rx_dropping = false;
    }
    rx_ring[head % UART_RX_RING_SIZE] = (uint16_t)byte;
    head++;
  }
  // An overrun with no character after it yet (the sender stopped while the FIFO was full,
  // this interrupt having been held off for longer than the FIFO lasts) has no data word to
  // carry it: the overrun interrupt's raw status (RIS.OE, set with it, cleared by ICR) tells.
  // The character that comes after it carries DR.OE too: rx_overrun_counted.
  if (REG(UART_RIS) & UART_INT_OE) {
    REG(UART_ICR) = UART_INT_OE;
    rx_lost++;
    rx_dropping = true;
    rx_overrun_counted = true;
    received = true;
  }
  if (received) rx_last_us = REG(TIMER_TIMERAWL);
  __asm volatile("" ::: "memory");
  rx_head = head;
}

RAM_FUNC void uart_isr(void) {
  receive_fifo();
  fill_tx_fifo();
  if (tx_tail == tx_head) REG_CLR(UART_IMSC) = UART_INT_TX;
}

int32_t uart_rx_take(void) {
  uint32_t tail = rx_tail;
  if (tail == rx_head) return UART_RX_NONE;
  int32_t entry = rx_ring[tail % UART_RX_RING_SIZE];
  __asm volatile("" ::: "memory");
  rx_tail = tail + 1;
  return entry;
}

bool uart_rx_pending(void) { return rx_tail != rx_head; }

bool uart_rx_dropping(void) { return rx_dropping; }

uint32_t uart_rx_end_loss(uint32_t quiet_us) {
  if (!rx_dropping) return 0;
  uint32_t lost = 0;
  uint32_t saved = irq_save();
  receive_fifo();
  if (rx_dropping && rx_tail == rx_head && REG(TIMER_TIMERAWL) - rx_last_us >= quiet_us) {
    lost = rx_lost < UART_RX_LOST_COUNT ? rx_lost : UART_RX_LOST_COUNT;
    rx_lost = 0;
    rx_dropping = false;
  }
  irq_restore(saved);
  return lost;
}

void uart_rx_collect(void) {
  uint32_t saved = irq_save();
  receive_fifo();
  irq_restore(saved);
}

void uart_send(uint8_t byte) {
  for (;;) {
    uint32_t saved = irq_save();
    // The PL011 raises its transmit interrupt only when the FIFO drains through the trigger
    // level, so bytes go straight to the FIFO while the ring is empty.
    if (tx_tail == tx_head && !(REG(UART_FR) & UART_FR_TXFF)) {
      REG(UART_DR) = byte;
      irq_restore(saved);
      return;
    }
    if (tx_head - tx_tail < TX_RING_SIZE) {
      tx_ring[tx_head % TX_RING_SIZE] = byte;
      tx_head = tx_head + 1;
      REG_SET(UART_IMSC) = UART_INT_TX;
      irq_restore(saved);
      return;
    }
    irq_restore(saved);
    wait_for_interrupt(); // the ring is full: the transmit interrupt will make room
  }
}

void uart_send_text(const char *text) {
  for (; *text; text++) uart_send((uint8_t)*text);
}

void uart_write_polled(const char *text) {
  uint32_t saved = irq_save();
  while (tx_tail != tx_head) {
    while (REG(UART_FR) & UART_FR_TXFF) {
    }
    fill_tx_fifo();
  }
  for (; *text; text++) {
    while (REG(UART_FR) & UART_FR_TXFF) {
    }
    REG(UART_DR) = (uint8_t)*text;
  }
  while (REG(UART_FR) & UART_FR_BUSY) {
  }
  irq_restore(saved);
}

void uart_flush(void) {
  while (tx_tail != tx_head) wait_for_interrupt();
  while (REG(UART_FR) & UART_FR_BUSY) {
  }
}

void uart_dormant_wake(int enable) {
  uint32_t bits = IO_EVENT_EDGE_LOW << IO_EVENT_SHIFT(BOARD_UART_RX_PIN);
  if (enable) {
    REG(IO_INTR(BOARD_UART_RX_PIN)) = bits;
    REG_SET(IO_DORMANT_WAKE_INTE(BOARD_UART_RX_PIN)) = bits;
  } else {
    REG_CLR(IO_DORMANT_WAKE_INTE(BOARD_UART_RX_PIN)) = bits;
  }
}

bool uart_rx_woke(void) {
  uint32_t bits = IO_EVENT_EDGE_LOW << IO_EVENT_SHIFT(BOARD_UART_RX_PIN);
  bool woke = (REG(IO_INTR(BOARD_UART_RX_PIN)) & bits) != 0;
  REG(IO_INTR(BOARD_UART_RX_PIN)) = bits;
  return woke;
}
