#include "uart.h"

#include "board.h"
#include "events.h"
#include "rp2040.h"

#define TX_RING_SIZE 1024u // a power of two: a whole CODES answer fits without waiting

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
  REG(UART_CR) = UART_CR_UARTEN | UART_CR_TXE | UART_CR_RXE;
  REG(UART_IMSC) = UART_INT_RX | UART_INT_RT;

  REG(PADS_GPIO(BOARD_UART_RX_PIN)) = PADS_IE | PADS_SCHMITT | PADS_PUE;
  REG(PADS_GPIO(BOARD_UART_TX_PIN)) = PADS_DRIVE_4MA;
  REG(IO_GPIO_CTRL(BOARD_UART_TX_PIN)) = GPIO_FUNC_UART;
  REG(IO_GPIO_CTRL(BOARD_UART_RX_PIN)) = GPIO_FUNC_UART;

  REG(NVIC_ICPR) = 1u << IRQ_UART0;
  REG(NVIC_ISER) = 1u << IRQ_UART0;
}

static void fill_tx_fifo(void) {
  while (tx_tail != tx_head && !(REG(UART_FR) & UART_FR_TXFF)) {
    REG(UART_DR) = tx_ring[tx_tail % TX_RING_SIZE];
    tx_tail = tx_tail + 1;
  }
}

void uart_isr(void) {
  while (!(REG(UART_FR) & UART_FR_RXFE)) {
    uint32_t data = REG(UART_DR);
    // Framing, parity, break and overrun errors (bits 8..11) drop the byte.
    if (!(data & 0xf00u)) events_post(EVENT_RX_BYTE, 0, (uint8_t)data);
  }
  fill_tx_fifo();
  if (tx_tail == tx_head) REG_CLR(UART_IMSC) = UART_INT_TX;
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
