// USB serial (CDC ACM) on the RP2040's own USB controller, written for this runtime (no SDK):
// the descriptors, the control requests a host sends on endpoint 0, and the data on bulk
// endpoints 2 OUT and 2 IN (endpoint 1 IN carries the CDC notifications, none of which is sent).
//
// VBUS is sensed on the Pico's GP24 (VBUS through a 5.6k/10k divider): the controller, its
// 48 MHz clock (PLL_USB) and clk_sys at 48 MHz (the controller needs clk_sys >= clk_usb) run
// only while VBUS is there. Without it the block stays in reset and the PLL powered down, as
// in an image without USB: the battery current does not change.
//
// Receiving: bulk OUT packets go to a ring the main loop reads; a packet is accepted only when
// the ring has room for it, so the host holds back what does not fit (USB flow control): no
// byte is ever lost. Transmitting: a ring drained by bulk IN packets, sent while a host has
// the port open (DTR set); see usb_send.
#ifndef USB_H
#define USB_H

#include <stdbool.h>
#include <stdint.h>

#define USB_RX_NONE (-1)

// The serial number string descriptor, at most 16 characters (the flash's 64-bit unique id in
// hex). Sets up VBUS sensing, and starts the controller when VBUS is already there.
void usb_init(const char *serial_number);

// Follows VBUS (plugged in: the controller is started; gone: stopped). Returns true when the
// link went down with it, or when the host reset or unconfigured the port: the input that
// was waiting is dropped, and the main loop ends a line it was feeding from USB.
bool usb_service(void);

// The oldest received byte, or USB_RX_NONE.
int32_t usb_rx_take(void);
bool usb_rx_pending(void);

// Queues a byte for the host, whole lines only. A line is discarded when no host has the port
// open (not configured, DTR clear, or suspended). When the ring is full it waits for the host to
// read, at most USB_TX_STALL_MS without progress; then that line is taken back and output is
// discarded, a line at a time, until a line starts with room for it (a program that opened the
// port and stopped reading).
void usb_send(uint8_t byte);

// Waits until the queued output has reached the host (at most USB_TX_STALL_MS), or returns at once
// when no host has the port open.
void usb_flush(void);
// True while a host has the port configured and open (DTR set) and not suspended.
bool usb_port_open(void);

// True while the USB block runs (VBUS present): light sleep then keeps every clock (plain WFI).
bool usb_powered(void);

// Deep sleep (DORMANT) is allowed when the controller is off, when the host has suspended the
// bus, or when no host configured it within USB_CONFIGURE_WAIT_MS of VBUS appearing (a USB
// charger). Returns 0 when allowed, -1 when not (a host has the port), or the ms to wait.
int32_t usb_deep_sleep_wait_ms(uint32_t now_ms);

// Before DORMANT: leaves the bus and stops the block (the host sees the port go; it comes
// back, enumerated afresh, when the timer wakes with VBUS still there).
void usb_stop_for_dormant(void);

// The DORMANT wake source of VBUS: a rising edge on GP24 (a cable plugged in).
void usb_dormant_wake(int enable);

// GP24's edges (IO_BANK0's interrupt, shared with the buttons).
void usb_vbus_isr(void);

#endif
