// The two serial links, UART0 and USB, and where the firmware's output goes (firmware/PROTOCOL.md,
// "Two links"): an answer (OK, ERR) to the link its command came from, an EVT line to both.
// The firmware has one output (the `tx` import) and knows nothing of links: the runtime tells
// this module which link the line being fed came from, and it routes each output line by its
// first two bytes.
#ifndef LINK_H
#define LINK_H

#include <stdint.h>

typedef enum { LINK_UART = 0, LINK_USB = 1 } link_t;

// The link whose input the firmware is being given: its answers go there.
void link_reply_to(link_t link);

// One byte of the firmware's output.
void link_send(uint8_t byte);

#endif
