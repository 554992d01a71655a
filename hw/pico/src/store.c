#include "store.h"

#include <string.h>

#include "rom.h"
#include "rp2040.h"

#define FLASH_SECTOR_SIZE 4096u
#define FLASH_PAGE_SIZE 256u
#define FLASH_BLOCK_SIZE 65536u
#define FLASH_BLOCK_ERASE_CMD 0xd8u

extern char __store_offset[]; // from memmap.ld: the sector's offset from the start of flash

typedef void (*rom_void_fn)(void);
typedef void (*rom_erase_fn)(uint32_t offset, uint32_t count, uint32_t block_size, uint8_t block_cmd);
typedef void (*rom_program_fn)(uint32_t offset, const uint8_t *data, uint32_t count);

static struct {
  rom_void_fn connect_internal_flash, flash_exit_xip, flash_flush_cache, flash_enter_cmd_xip;
  rom_erase_fn flash_range_erase;
  rom_program_fn flash_range_program;
} rom;

static uint8_t ram_copy[STORE_SIZE];
#define STORE_PAGES ((STORE_SIZE + FLASH_PAGE_SIZE - 1u) / FLASH_PAGE_SIZE)
static uint8_t pages[STORE_PAGES * FLASH_PAGE_SIZE]; // the pages to program; in RAM, as the ROM requires

static uint32_t store_offset(void) { return (uint32_t)(uintptr_t)__store_offset; }
static const uint8_t *store_in_flash(void) { return (const uint8_t *)(uintptr_t)(XIP_BASE + store_offset()); }

// The flash's 64-bit unique id (command 4Bh: four dummy bytes, then the id; W25Q16JV datasheet
// 8.2.32), read once at boot as pico-sdk's flash_get_unique_id does: XIP off, chip select held
// low through IO_QSPI's override, the bytes clocked through the SSI, XIP back. From SRAM.
#define UNIQUE_ID_COMMAND 0x4bu
#define UNIQUE_ID_DUMMY_BYTES 4u
#define UNIQUE_ID_BYTES 8u
#define UNIQUE_ID_TRANSFER (1u + UNIQUE_ID_DUMMY_BYTES + UNIQUE_ID_BYTES)
#define SSI_FIFO_DEPTH 16u
static char unique_id_text[2 * UNIQUE_ID_BYTES + 1];

RAM_FUNC __attribute__((noinline)) static void flash_transfer(uint8_t *bytes, uint32_t count) {
  rom.connect_internal_flash();
  rom.flash_exit_xip();
  REG(IO_QSPI_SS_CTRL) = (REG(IO_QSPI_SS_CTRL) & ~IO_QSPI_SS_OUTOVER_MASK) | IO_QSPI_SS_OUTOVER_LOW;
  uint32_t sent = 0, received = 0;
  while (received < count) {
    uint32_t status = REG(SSI_SR);
    if ((status & SSI_SR_TFNF) && sent < count && sent - received < SSI_FIFO_DEPTH - 2u) REG(SSI_DR0) = bytes[sent++];
    if ((status & SSI_SR_RFNE) && received < sent) bytes[received++] = (uint8_t)REG(SSI_DR0);
  }
  REG(IO_QSPI_SS_CTRL) = (REG(IO_QSPI_SS_CTRL) & ~IO_QSPI_SS_OUTOVER_MASK) | IO_QSPI_SS_OUTOVER_HIGH;
  rom.flash_flush_cache();
  rom.flash_enter_cmd_xip();
}

static void read_unique_id(void) {
  uint8_t transfer[UNIQUE_ID_TRANSFER] = {UNIQUE_ID_COMMAND};
  uint32_t saved = irq_save();
  flash_transfer(transfer, sizeof transfer);
  irq_restore(saved);
  static const char hex[] = "0123456789ABCDEF";
  for (uint32_t i = 0; i < UNIQUE_ID_BYTES; i++) {
    uint8_t byte = transfer[1u + UNIQUE_ID_DUMMY_BYTES + i];
    unique_id_text[2 * i] = hex[byte >> 4];
    unique_id_text[2 * i + 1] = hex[byte & 0xfu];
  }
  unique_id_text[2 * UNIQUE_ID_BYTES] = 0;
}

const char *store_unique_id(void) { return unique_id_text; }

void store_init(void) {
  rom.connect_internal_flash = (rom_void_fn)rom_func_lookup(ROM_CODE('I', 'F'));
  rom.flash_exit_xip = (rom_void_fn)rom_func_lookup(ROM_CODE('E', 'X'));
  rom.flash_flush_cache = (rom_void_fn)rom_func_lookup(ROM_CODE('F', 'C'));
  rom.flash_enter_cmd_xip = (rom_void_fn)rom_func_lookup(ROM_CODE('C', 'X'));
  rom.flash_range_erase = (rom_erase_fn)rom_func_lookup(ROM_CODE('R', 'E'));
  rom.flash_range_program = (rom_program_fn)rom_func_lookup(ROM_CODE('R', 'P'));
  memcpy(ram_copy, store_in_flash(), STORE_SIZE);
  read_unique_id();
}

uint32_t store_read(uint32_t offset) { return offset < STORE_SIZE ? ram_copy[offset] : 0xffu; }

void store_write(uint32_t offset, uint32_t byte) {
  if (offset < STORE_SIZE) ram_copy[offset] = (uint8_t)byte;
}

// Runs from RAM: while the flash is erased or programmed it cannot be read (XIP is off from
// flash_exit_xip to flash_enter_cmd_xip), so neither this code nor any interrupt handler that
// may preempt it may run from flash. The ROM's functions run from ROM.
RAM_FUNC __attribute__((noinline)) static void flash_rewrite_sector(uint32_t offset) {
  rom.connect_internal_flash();
  rom.flash_exit_xip();
  rom.flash_range_erase(offset, FLASH_SECTOR_SIZE, FLASH_BLOCK_SIZE, FLASH_BLOCK_ERASE_CMD);
  rom.flash_range_program(offset, pages, sizeof pages);
  rom.flash_flush_cache();
  rom.flash_enter_cmd_xip();
}

// The sector erase keeps the flash busy for tens of ms (up to 400 ms), longer than the UART's
// 32-byte FIFO lasts at 115200 baud (2.8 ms): UART0's receive interrupt stays enabled
// meanwhile (its handler, the rings and the vector table are in SRAM) and the others are held
// in the NVIC, their handlers being in flash. They are taken, still pending, once XIP is back:
// a TIMER alarm late, a button edge read (and timed) when the write is over.
void store_commit(void) {
  if (memcmp(ram_copy, store_in_flash(), STORE_SIZE) == 0) return; // nothing changed: spare the flash
  memset(pages, 0xff, sizeof pages);
  memcpy(pages, ram_copy, STORE_SIZE);
  const uint32_t keep = 1u << IRQ_UART0;
  uint32_t enabled = REG(NVIC_ISER);
  REG(NVIC_ICER) = enabled & ~keep;
  dsb_isb(); // no interrupt but UART0's is taken from here on
  flash_rewrite_sector(store_offset());
  REG(NVIC_ISER) = enabled;
}
