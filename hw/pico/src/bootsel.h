// The protocol's BOOTSEL command (the firmware's `reboot` import, mode 1): once the answer has
// left on every link, the timer restarts into the RP2040's USB boot mode through the boot ROM's
// reset_usb_boot (datasheet 2.8.3.1.5), where it is the RPI-RP2 drive a UF2 image is copied to.
#ifndef BOOTSEL_H
#define BOOTSEL_H

// Asks for the restart; the main loop makes it once the line being answered is sent.
void bootsel_request(void);

// When a restart was asked for: waits for UART0's and USB's output to drain (USB at most
// USB_TX_STALL_MS), then calls the ROM, which never returns. Otherwise returns at once.
void bootsel_reboot_if_requested(void);

#endif
