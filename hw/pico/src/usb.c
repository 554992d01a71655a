#include "usb.h"

#include "buzzer.h"
#include "clocks.h"
#include "rp2040.h"
#include "timer.h"
#include "usb_ids.h"

#ifndef RUNTIME_USB
#define RUNTIME_USB 1
#endif

#define VBUS_BIT (1u << BOARD_VBUS_SENSE_PIN)
#define VBUS_EDGES ((IO_EVENT_EDGE_LOW | IO_EVENT_EDGE_HIGH) << IO_EVENT_SHIFT(BOARD_VBUS_SENSE_PIN))

#if RUNTIME_USB

static volatile bool vbus_changed;

static bool vbus_present(void) { return (REG(SIO_GPIO_IN) & VBUS_BIT) != 0; }

void usb_vbus_isr(void) {
  if (REG(IO_INTR(BOARD_VBUS_SENSE_PIN)) & VBUS_EDGES) {
    REG(IO_INTR(BOARD_VBUS_SENSE_PIN)) = VBUS_EDGES;
    vbus_changed = true;
  }
}

// Only a rising edge wakes: the block is stopped before DORMANT, so VBUS going away changes nothing.
#define VBUS_RISING (IO_EVENT_EDGE_HIGH << IO_EVENT_SHIFT(BOARD_VBUS_SENSE_PIN))

void usb_dormant_wake(int enable) {
  if (enable) {
    REG(IO_INTR(BOARD_VBUS_SENSE_PIN)) = VBUS_EDGES;
    REG_SET(IO_DORMANT_WAKE_INTE(BOARD_VBUS_SENSE_PIN)) = VBUS_RISING;
  } else {
    REG_CLR(IO_DORMANT_WAKE_INTE(BOARD_VBUS_SENSE_PIN)) = VBUS_RISING;
  }
}

// ---- descriptors (USB 2.0 chapter 9; CDC 1.20 and its PSTN subclass for ACM) ----

#define EP0_SIZE 64u
#define NOTIFY_EP 1u
#define DATA_EP 2u
#define DATA_EP_SIZE 64u
#define NOTIFY_EP_SIZE 8u
#define LO(x) ((uint8_t)((x) & 0xffu))
#define HI(x) ((uint8_t)(((x) >> 8) & 0xffu))

static const uint8_t device_descriptor[18] = {
    18, 1,                      // bLength, DEVICE
    0x00, 0x02,                 // bcdUSB 2.00 (full speed)
    0x02, 0x00, 0x00,           // class CDC, declared at the device (no IAD needed: one function)
    EP0_SIZE,                   // bMaxPacketSize0
    LO(USB_VID), HI(USB_VID),   // idVendor (hw/pico/usb.json)
    LO(USB_PID), HI(USB_PID),   // idProduct
    0x00, 0x01,                 // bcdDevice 1.00
    1, 2, 3,                    // iManufacturer, iProduct, iSerialNumber
    1,                          // bNumConfigurations
};

#define CONFIG_TOTAL 67u
static const uint8_t config_descriptor[CONFIG_TOTAL] = {
    9, 2, LO(CONFIG_TOTAL), HI(CONFIG_TOTAL), 2, 1, 0, 0x80, (uint8_t)(USB_MAX_POWER_MA / 2u),
    // interface 0: communications, abstract control model, no AT command protocol
    9, 4, 0, 0, 1, 0x02, 0x02, 0x00, 0,
    5, 0x24, 0x00, 0x20, 0x01, // header functional descriptor, CDC 1.20
    5, 0x24, 0x01, 0x00, 1,    // call management: none, data on interface 1
    4, 0x24, 0x02, 0x02,       // ACM: SET/GET_LINE_CODING and SET_CONTROL_LINE_STATE
    5, 0x24, 0x06, 0, 1,       // union: control interface 0, data interface 1
    7, 5, 0x80 | NOTIFY_EP, 0x03, NOTIFY_EP_SIZE, 0, 255, // notifications (interrupt IN), never sent
    // interface 1: data, bulk OUT and IN
    9, 4, 1, 0, 2, 0x0a, 0x00, 0x00, 0,
    7, 5, DATA_EP, 0x02, DATA_EP_SIZE, 0, 0,
    7, 5, 0x80 | DATA_EP, 0x02, DATA_EP_SIZE, 0, 0,
};
_Static_assert(sizeof config_descriptor == CONFIG_TOTAL, "wTotalLength must match the configuration descriptor");

// String descriptors are built in RAM as UTF-16LE from ASCII.
static uint8_t string_buffer[2 + 2 * 64];
static const char *serial_text = "";

static uint32_t make_string(uint8_t index) {
  const char *text;
  if (index == 0) {
    string_buffer[0] = 4;
    string_buffer[1] = 3;
    string_buffer[2] = 0x09; // LANGID 0x0409, English (United States)
    string_buffer[3] = 0x04;
    return 4;
  }
  if (index == 1) text = USB_MANUFACTURER;
  else if (index == 2) text = USB_PRODUCT;
  else if (index == 3) text = serial_text;
  else return 0;
  uint32_t n = 0;
  while (text[n] != 0 && n < 64u) {
    string_buffer[2 + 2 * n] = (uint8_t)text[n];
    string_buffer[3 + 2 * n] = 0;
    n++;
  }
  string_buffer[0] = (uint8_t)(2 + 2 * n);
  string_buffer[1] = 3;
  return 2 + 2 * n;
}

// ---- state ----

#define RX_RING_SIZE 1024u // a power of two; a packet is taken only when it fits
#define TX_RING_SIZE 1024u // a power of two: a whole CODES answer fits
#define USB_TX_STALL_MS 250u
#define USB_CONFIGURE_WAIT_MS 2000u
#define NOTIFY_BUFFER 0x180u // DPRAM offsets of the endpoints' 64-byte buffers
#define OUT_BUFFER 0x1c0u
#define IN_BUFFER 0x200u

static bool powered;
static uint32_t powered_at_ms;
static volatile bool configured;
static volatile bool suspended;
static volatile bool dtr;
static volatile bool link_reset; // a bus reset or SET_CONFIGURATION 0 since the last usb_service
static uint8_t line_coding[7] = {0x00, 0xc2, 0x01, 0x00, 0, 0, 8}; // 115200 8N1, as the host sets it

typedef enum { EP0_IDLE, EP0_DATA_IN, EP0_STATUS_OUT, EP0_DATA_OUT, EP0_STATUS_IN } ep0_stage_t;
static ep0_stage_t ep0_stage;
static const uint8_t *ep0_data;
static uint32_t ep0_left;
static bool ep0_zlp; // the data is shorter than asked and a multiple of 64: end it with a zero-length packet
static uint32_t ep0_pid;
static uint8_t pending_address;
static bool address_pending;
static uint8_t reply_byte[2];

static uint8_t rx_ring[RX_RING_SIZE];
static volatile uint32_t rx_head, rx_tail;
static volatile bool out_armed;
static uint32_t out_pid;

static uint8_t tx_ring[TX_RING_SIZE];
static volatile uint32_t tx_head, tx_tail;
static volatile bool in_busy;
static uint32_t in_pid;
static bool tx_discarding; // a program with the port open stopped reading: lines are dropped until one fits

// ---- DPRAM: word accesses (one bus write per 4 bytes; buffers are 64-byte aligned) ----

static void dpram_write(uint32_t offset, const uint8_t *bytes, uint32_t count) {
  for (uint32_t i = 0; i < count; i += 4u) {
    uint32_t word = 0;
    for (uint32_t j = 0; j < 4u && i + j < count; j++) word |= (uint32_t)bytes[i + j] << (8u * j);
    REG(USBCTRL_DPRAM_BASE + offset + i) = word;
  }
}

static uint8_t dpram_byte(uint32_t offset) { return (uint8_t)(REG(USBCTRL_DPRAM_BASE + (offset & ~3u)) >> (8u * (offset & 3u))); }

// Hands a buffer to the controller. AVAILABLE is set in a second write, a few cycles after the
// rest of the word (datasheet 4.1.2.5.1: the controller may see the word before it is whole).
static void arm(uint32_t buffer_control, uint32_t value) {
  REG(buffer_control) = value;
  __asm volatile("nop\n nop\n nop");
  REG(buffer_control) = value | USB_BUF_CTRL_AVAILABLE;
}

// ---- endpoint 0 ----

static void ep0_send_packet(void) {
  uint32_t n = ep0_left < EP0_SIZE ? ep0_left : EP0_SIZE;
  dpram_write(USB_DPRAM_EP0_BUFFER, ep0_data, n);
  ep0_data += n;
  ep0_left -= n;
  if (n < EP0_SIZE) ep0_zlp = false; // a short packet ends the data stage
  arm(USB_DPRAM_EP_IN_BUFFER_CONTROL(0), n | USB_BUF_CTRL_FULL | (ep0_pid ? USB_BUF_CTRL_DATA1_PID : 0));
  ep0_pid ^= 1u;
}

static void ep0_send(const uint8_t *data, uint32_t length, uint32_t asked) {
  if (length > asked) length = asked;
  ep0_data = data;
  ep0_left = length;
  ep0_zlp = length < asked && length % EP0_SIZE == 0;
  ep0_stage = EP0_DATA_IN;
  ep0_send_packet();
}

static void ep0_status_in(void) {
  ep0_stage = EP0_STATUS_IN;
  arm(USB_DPRAM_EP_IN_BUFFER_CONTROL(0), USB_BUF_CTRL_FULL | USB_BUF_CTRL_DATA1_PID);
}

static void ep0_stall(void) {
  ep0_stage = EP0_IDLE;
  REG(USB_EP_STALL_ARM) = USB_EP_STALL_ARM_EP0_IN | USB_EP_STALL_ARM_EP0_OUT;
  REG(USB_DPRAM_EP_IN_BUFFER_CONTROL(0)) = USB_BUF_CTRL_STALL;
  REG(USB_DPRAM_EP_OUT_BUFFER_CONTROL(0)) = USB_BUF_CTRL_STALL;
}

static void out_arm(void) {
  out_armed = true;
  arm(USB_DPRAM_EP_OUT_BUFFER_CONTROL(DATA_EP), DATA_EP_SIZE | (out_pid ? USB_BUF_CTRL_DATA1_PID : 0));
  out_pid ^= 1u;
}

static void in_send(void) {
  uint32_t n = tx_head - tx_tail;
  if (n == 0) return;
  if (n > DATA_EP_SIZE) n = DATA_EP_SIZE;
  uint8_t packet[DATA_EP_SIZE];
  for (uint32_t i = 0; i < n; i++) packet[i] = tx_ring[(tx_tail + i) % TX_RING_SIZE];
  tx_tail = tx_tail + n;
  dpram_write(IN_BUFFER, packet, n);
  in_busy = true;
  arm(USB_DPRAM_EP_IN_BUFFER_CONTROL(DATA_EP), n | USB_BUF_CTRL_FULL | (in_pid ? USB_BUF_CTRL_DATA1_PID : 0));
  in_pid ^= 1u;
}

static void unconfigure(void) {
  configured = false;
  dtr = false;
  link_reset = true;
  REG(USB_DPRAM_EP_IN_CONTROL(NOTIFY_EP)) = 0;
  REG(USB_DPRAM_EP_OUT_CONTROL(DATA_EP)) = 0;
  REG(USB_DPRAM_EP_IN_CONTROL(DATA_EP)) = 0;
  REG(USB_DPRAM_EP_OUT_BUFFER_CONTROL(DATA_EP)) = 0;
  REG(USB_DPRAM_EP_IN_BUFFER_CONTROL(DATA_EP)) = 0;
  out_armed = false;
  in_busy = false;
  rx_tail = rx_head;
  tx_tail = tx_head;
  tx_discarding = false;
}

static void configure(void) {
  unconfigure();
  link_reset = false;
  const uint32_t every_buffer = USB_EP_CTRL_ENABLE | USB_EP_CTRL_INTERRUPT_PER_BUFF;
  REG(USB_DPRAM_EP_IN_CONTROL(NOTIFY_EP)) = every_buffer | USB_EP_CTRL_TYPE_INTERRUPT | NOTIFY_BUFFER;
  REG(USB_DPRAM_EP_OUT_CONTROL(DATA_EP)) = every_buffer | USB_EP_CTRL_TYPE_BULK | OUT_BUFFER;
  REG(USB_DPRAM_EP_IN_CONTROL(DATA_EP)) = every_buffer | USB_EP_CTRL_TYPE_BULK | IN_BUFFER;
  out_pid = 0; // the first packet of a bulk endpoint after configuration is DATA0
  in_pid = 0;
  configured = true;
  out_arm();
}

#define REQUEST_TYPE_MASK 0x60u
#define REQUEST_STANDARD 0x00u
#define REQUEST_CLASS 0x20u

static void get_descriptor(uint16_t value, uint16_t length) {
  uint8_t type = (uint8_t)(value >> 8);
  uint32_t n;
  if (type == 1) ep0_send(device_descriptor, sizeof device_descriptor, length);
  else if (type == 2) ep0_send(config_descriptor, sizeof config_descriptor, length);
  else if (type == 3 && (n = make_string((uint8_t)value)) != 0) ep0_send(string_buffer, n, length);
  else ep0_stall(); // the device qualifier and the rest: a full-speed-only device has none
}

static void standard_request(uint8_t request, uint16_t value, uint16_t length) {
  switch (request) {
    case 0x06: // GET_DESCRIPTOR
      get_descriptor(value, length);
      break;
    case 0x05: // SET_ADDRESS: takes effect after the status stage
      pending_address = (uint8_t)(value & 0x7fu);
      address_pending = true;
      ep0_status_in();
      break;
    case 0x09: // SET_CONFIGURATION
      if (value > 1u) {
        ep0_stall();
        break;
      }
      if (value == 1u) configure();
      else unconfigure();
      ep0_status_in();
      break;
    case 0x08: // GET_CONFIGURATION
      reply_byte[0] = configured ? 1u : 0u;
      ep0_send(reply_byte, 1, length);
      break;
    case 0x00: // GET_STATUS (device, interface, endpoint): nothing to report
      reply_byte[0] = 0;
      reply_byte[1] = 0;
      ep0_send(reply_byte, 2, length);
      break;
    case 0x0a: // GET_INTERFACE: alternate setting 0
      reply_byte[0] = 0;
      ep0_send(reply_byte, 1, length);
      break;
    case 0x01: // CLEAR_FEATURE (ENDPOINT_HALT: no endpoint is ever halted)
    case 0x0b: // SET_INTERFACE (alternate setting 0 only)
      ep0_status_in();
      break;
    default:
      ep0_stall();
  }
}

// CDC ACM's requests (CDC PSTN subclass 1.2, 6.3), whatever recipient the host names.
static void class_request(uint8_t request, uint16_t value, uint16_t length) {
  switch (request) {
    case 0x20: // SET_LINE_CODING: 7 bytes follow (the baud rate means nothing on USB; kept for GET)
      ep0_stage = EP0_DATA_OUT;
      arm(USB_DPRAM_EP_OUT_BUFFER_CONTROL(0), EP0_SIZE | USB_BUF_CTRL_DATA1_PID);
      break;
    case 0x21: // GET_LINE_CODING
      ep0_send(line_coding, sizeof line_coding, length);
      break;
    case 0x22: // SET_CONTROL_LINE_STATE: DTR says a program has the port open
      dtr = (value & 1u) != 0;
      if (!dtr) {
        tx_tail = tx_head;
        tx_discarding = false;
      }
      ep0_status_in();
      break;
    case 0x23: // SEND_BREAK
      ep0_status_in();
      break;
    default:
      ep0_stall();
  }
}

static void handle_setup(void) {
  uint32_t lo = REG(USB_DPRAM_SETUP_PACKET);
  uint32_t hi = REG(USB_DPRAM_SETUP_PACKET + 4u);
  uint8_t request_type = (uint8_t)lo;
  uint8_t request = (uint8_t)(lo >> 8);
  uint16_t value = (uint16_t)(lo >> 16);
  uint16_t length = (uint16_t)(hi >> 16);
  ep0_pid = 1u; // the data and status stages start with DATA1
  REG(USB_EP_STALL_ARM) = 0;
  if ((request_type & REQUEST_TYPE_MASK) == REQUEST_STANDARD) standard_request(request, value, length);
  else if ((request_type & REQUEST_TYPE_MASK) == REQUEST_CLASS) class_request(request, value, length);
  else ep0_stall();
}

static void ep0_in_done(void) {
  if (ep0_stage == EP0_DATA_IN) {
    if (ep0_left > 0 || ep0_zlp) {
      ep0_send_packet();
    } else {
      ep0_stage = EP0_STATUS_OUT; // the host acknowledges with a zero-length OUT
      arm(USB_DPRAM_EP_OUT_BUFFER_CONTROL(0), USB_BUF_CTRL_DATA1_PID);
    }
    return;
  }
  if (ep0_stage == EP0_STATUS_IN && address_pending) {
    REG(USB_ADDR_ENDP) = pending_address;
    address_pending = false;
  }
  ep0_stage = EP0_IDLE;
}

static void ep0_out_done(void) {
  if (ep0_stage == EP0_DATA_OUT) {
    uint32_t n = REG(USB_DPRAM_EP_OUT_BUFFER_CONTROL(0)) & USB_BUF_CTRL_LEN_MASK;
    if (n >= sizeof line_coding) {
      for (uint32_t i = 0; i < sizeof line_coding; i++) line_coding[i] = dpram_byte(USB_DPRAM_EP0_BUFFER + i);
    }
    ep0_status_in();
    return;
  }
  ep0_stage = EP0_IDLE;
}

static void data_out_done(void) {
  out_armed = false;
  uint32_t n = REG(USB_DPRAM_EP_OUT_BUFFER_CONTROL(DATA_EP)) & USB_BUF_CTRL_LEN_MASK;
  uint32_t head = rx_head;
  for (uint32_t i = 0; i < n; i++) rx_ring[(head + i) % RX_RING_SIZE] = dpram_byte(OUT_BUFFER + i);
  __asm volatile("" ::: "memory");
  rx_head = head + n;
  if (RX_RING_SIZE - (rx_head - rx_tail) >= DATA_EP_SIZE) out_arm(); // else the host waits (NAK) until usb_rx_take makes room
}

static void bus_reset(void) {
  REG(USB_ADDR_ENDP) = 0;
  address_pending = false;
  ep0_stage = EP0_IDLE;
  suspended = false;
  unconfigure();
}

void usb_isr(void) {
  uint32_t status = REG(USB_INTS);
  if (status & USB_INT_SETUP_REQ) {
    REG(USB_SIE_STATUS) = USB_SIE_STATUS_SETUP_REC;
    handle_setup();
  }
  if (status & USB_INT_BUFF_STATUS) {
    uint32_t buffers = REG(USB_BUFF_STATUS);
    REG(USB_BUFF_STATUS) = buffers; // write 1 to clear
    if (buffers & (1u << 0)) ep0_in_done();
    if (buffers & (1u << 1)) ep0_out_done();
    if (buffers & (1u << (2u * DATA_EP + 1u))) data_out_done();
    if (buffers & (1u << (2u * DATA_EP))) {
      in_busy = false;
      if (configured) in_send();
    }
  }
  if (status & USB_INT_BUS_RESET) {
    REG(USB_SIE_STATUS) = USB_SIE_STATUS_BUS_RESET;
    bus_reset();
  }
  // Suspend and resume are levels in SIE_STATUS: each enables the interrupt of the other.
  if (status & USB_INT_DEV_SUSPEND) {
    REG(USB_SIE_STATUS) = USB_SIE_STATUS_SUSPENDED;
    suspended = true;
    REG_CLR(USB_INTE) = USB_INT_DEV_SUSPEND;
    REG_SET(USB_INTE) = USB_INT_DEV_RESUME_FROM_HOST;
  }
  if (status & USB_INT_DEV_RESUME_FROM_HOST) {
    REG(USB_SIE_STATUS) = USB_SIE_STATUS_RESUME;
    suspended = false;
    REG_CLR(USB_INTE) = USB_INT_DEV_RESUME_FROM_HOST;
    REG_SET(USB_INTE) = USB_INT_DEV_SUSPEND;
  }
}

// ---- power ----

static void power_on(void) {
  clocks_usb_start();
  buzzer_clock_changed();
  REG_SET(RESETS_RESET) = RESET_USBCTRL;
  REG_CLR(RESETS_RESET) = RESET_USBCTRL;
  while (!(REG(RESETS_RESET_DONE) & RESET_USBCTRL)) {
  }
  for (uint32_t at = 0; at < USB_DPRAM_SIZE; at += 4u) REG(USBCTRL_DPRAM_BASE + at) = 0;
  REG(USB_USB_MUXING) = USB_MUXING_TO_PHY | USB_MUXING_SOFTCON;
  // VBUS reaches the chip only through GP24 on the Pico: the controller is told it is there.
  REG(USB_USB_PWR) = USB_PWR_VBUS_DETECT | USB_PWR_VBUS_DETECT_OVERRIDE_EN;
  REG(USB_MAIN_CTRL) = USB_MAIN_CTRL_CONTROLLER_EN;
  REG(USB_SIE_CTRL) = USB_SIE_CTRL_EP0_INT_1BUF;
  REG(USB_BUFF_STATUS) = 0xffffffffu;
  REG(USB_SIE_STATUS) = 0xffffffffu;
  REG(USB_INTE) = USB_INT_BUFF_STATUS | USB_INT_BUS_RESET | USB_INT_SETUP_REQ | USB_INT_DEV_SUSPEND;
  bus_reset();
  link_reset = false;
  powered = true;
  powered_at_ms = timer_now_ms();
  REG(NVIC_ICPR) = 1u << IRQ_USBCTRL;
  REG(NVIC_ISER) = 1u << IRQ_USBCTRL;
  REG_SET(USB_SIE_CTRL) = USB_SIE_CTRL_PULLUP_EN; // connect: the host sees a full-speed device
}

static void power_off(void) {
  REG(NVIC_ICER) = 1u << IRQ_USBCTRL;
  REG_CLR(USB_SIE_CTRL) = USB_SIE_CTRL_PULLUP_EN;
  REG(USB_MAIN_CTRL) = 0;
  REG_SET(RESETS_RESET) = RESET_USBCTRL;
  uint32_t saved = irq_save();
  bus_reset();
  irq_restore(saved);
  powered = false;
  suspended = false;
  clocks_usb_stop();
  buzzer_clock_changed();
}

void usb_init(const char *serial_number) {
  serial_text = serial_number;
  REG(PADS_GPIO(BOARD_VBUS_SENSE_PIN)) = PADS_IE | PADS_SCHMITT | PADS_PDE;
  REG(IO_GPIO_CTRL(BOARD_VBUS_SENSE_PIN)) = GPIO_FUNC_SIO;
  REG(IO_INTR(BOARD_VBUS_SENSE_PIN)) = VBUS_EDGES;
  REG_SET(IO_PROC0_INTE(BOARD_VBUS_SENSE_PIN)) = VBUS_EDGES;
  if (vbus_present()) power_on();
}

bool usb_service(void) {
  bool went_down = false;
  if (vbus_changed || powered != vbus_present()) {
    vbus_changed = false;
    if (vbus_present() && !powered) power_on();
    else if (!vbus_present() && powered) {
      power_off();
      went_down = true;
    }
  }
  uint32_t saved = irq_save();
  if (link_reset) {
    link_reset = false;
    went_down = true;
  }
  irq_restore(saved);
  return went_down;
}

int32_t usb_rx_take(void) {
  uint32_t tail = rx_tail;
  if (tail == rx_head) return USB_RX_NONE;
  int32_t byte = rx_ring[tail % RX_RING_SIZE];
  __asm volatile("" ::: "memory");
  rx_tail = tail + 1;
  if (!out_armed && configured) {
    uint32_t saved = irq_save();
    if (!out_armed && configured && RX_RING_SIZE - (rx_head - rx_tail) >= DATA_EP_SIZE) out_arm();
    irq_restore(saved);
  }
  return byte;
}

bool usb_rx_pending(void) { return rx_tail != rx_head; }

bool usb_port_open(void) { return powered && configured && dtr && !suspended; }

bool usb_powered(void) { return powered; }

static void kick_in(void) {
  uint32_t saved = irq_save();
  if (!in_busy && configured) in_send();
  irq_restore(saved);
}

// Output goes to the host a whole line at a time: a line that starts while no program has the
// port open, or while a program that stopped reading has left no room for a line, is dropped
// whole; a line whose bytes no longer fit after USB_TX_STALL_MS of waiting is taken back out of
// the ring (none of it has been sent: the ring is full ahead of it) and dropped.
#define TX_LINE_ROOM 128u // room for a protocol line (at most 82 bytes) and then some
static bool tx_at_line_start = true;
static bool tx_dropping_line;
static uint32_t tx_line_start; // tx_head where the line being queued began

void usb_send(uint8_t byte) {
  bool line_start = tx_at_line_start;
  tx_at_line_start = byte == '\n';
  if (line_start) {
    bool room = TX_RING_SIZE - (tx_head - tx_tail) >= TX_LINE_ROOM;
    tx_dropping_line = !usb_port_open() || (tx_discarding && !room);
    if (!tx_dropping_line) {
      tx_discarding = false;
      tx_line_start = tx_head;
    }
  }
  if (tx_dropping_line) return;
  uint32_t waited_from = timer_now_ms();
  uint32_t progress = tx_tail;
  while (tx_head - tx_tail >= TX_RING_SIZE) {
    kick_in();
    if (!usb_port_open()) {
      tx_dropping_line = true;
      return;
    }
    if (tx_tail != progress) {
      progress = tx_tail;
      waited_from = timer_now_ms();
    }
    uint32_t deadline = waited_from + USB_TX_STALL_MS;
    if ((int32_t)(timer_now_ms() - deadline) >= 0) {
      uint32_t saved = irq_save();
      if (tx_line_start - tx_tail <= tx_head - tx_tail) tx_head = tx_line_start; // the line's bytes, unsent, out again
      irq_restore(saved);
      tx_discarding = true;
      tx_dropping_line = true;
      return;
    }
    uint32_t saved = irq_save();
    // A bulk IN packet completing, or the alarm at the deadline, ends the wait.
    if (tx_head - tx_tail >= TX_RING_SIZE && timer_alarm_at_ms(deadline)) wait_for_interrupt();
    irq_restore(saved);
    timer_alarm_cancel();
  }
  tx_ring[tx_head % TX_RING_SIZE] = byte;
  tx_head = tx_head + 1;
  if (byte == '\n' || tx_head - tx_tail >= DATA_EP_SIZE) kick_in();
}

void usb_flush(void) {
  uint32_t deadline = timer_now_ms() + USB_TX_STALL_MS;
  for (;;) {
    kick_in();
    if (!usb_port_open() || (tx_head == tx_tail && !in_busy)) return;
    if ((int32_t)(timer_now_ms() - deadline) >= 0) return;
    uint32_t saved = irq_save();
    if ((tx_head != tx_tail || in_busy) && timer_alarm_at_ms(deadline)) wait_for_interrupt();
    irq_restore(saved);
    timer_alarm_cancel();
  }
}

int32_t usb_deep_sleep_wait_ms(uint32_t now_ms) {
  if (!powered || suspended) return 0;
  if (configured) return -1;
  uint32_t since = now_ms - powered_at_ms;
  return since >= USB_CONFIGURE_WAIT_MS ? 0 : (int32_t)(USB_CONFIGURE_WAIT_MS - since);
}

void usb_stop_for_dormant(void) {
  if (powered) power_off();
}

#else // RUNTIME_USB == 0: the image without USB serial (the bench's comparison), VBUS ignored

void usb_isr(void) {}
void usb_vbus_isr(void) {}
void usb_dormant_wake(int enable) { (void)enable; }
void usb_init(const char *serial_number) { (void)serial_number; }
bool usb_service(void) { return false; }
int32_t usb_rx_take(void) { return USB_RX_NONE; }
bool usb_rx_pending(void) { return false; }
void usb_send(uint8_t byte) { (void)byte; }
void usb_flush(void) {}
bool usb_port_open(void) { return false; }
bool usb_powered(void) { return false; }
int32_t usb_deep_sleep_wait_ms(uint32_t now_ms) {
  (void)now_ms;
  return 0;
}
void usb_stop_for_dormant(void) {}

#endif
