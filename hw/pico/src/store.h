// The firmware's non-volatile store (STORE_SIZE bytes: the settings and a loaded pack, as
// firmware/src/store.ts lays them out), kept in the last 4 KiB sector of flash.
// Reads and writes go to a RAM copy; a commit erases the sector and programs the pages the store
// covers through the boot ROM's flash functions, and only when the bytes changed.
#ifndef STORE_H
#define STORE_H

#include <stdint.h>

#define STORE_SIZE 512u

void store_init(void);
uint32_t store_read(uint32_t offset);
void store_write(uint32_t offset, uint32_t byte);
void store_commit(void);

// The flash chip's 64-bit unique id as 16 hex digits (read at boot): the USB serial number.
const char *store_unique_id(void);

#endif
