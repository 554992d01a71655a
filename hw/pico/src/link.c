#include "link.h"

#include <stdbool.h>

#include "uart.h"
#include "usb.h"

#define TO_UART 1u
#define TO_USB 2u

static link_t reply_link = LINK_UART;
static uint8_t line_start[2]; // the first bytes of the output line, held until its kind is known
static uint32_t held;
static uint32_t destination;

void link_reply_to(link_t link) { reply_link = link; }

static void put(uint8_t byte) {
  if (destination & TO_UART) uart_send(byte);
  if (destination & TO_USB) usb_send(byte);
}

void link_send(uint8_t byte) {
  if (held < 2u) {
    line_start[held++] = byte;
    if (held < 2u && byte != '\n') return;
    bool event = held == 2u && line_start[0] == 'E' && line_start[1] == 'V';
    destination = event ? (TO_UART | TO_USB) : (reply_link == LINK_USB ? TO_USB : TO_UART);
    for (uint32_t i = 0; i < held; i++) put(line_start[i]);
  } else {
    put(byte);
  }
  if (byte == '\n') held = 0;
}
