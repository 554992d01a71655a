// The firmware's power-mode requests (the `sleep` import), read by the main loop.
#ifndef POWER_H
#define POWER_H

#include <stdbool.h>

void power_request_deep_sleep(bool deep);
bool power_deep_sleep_requested(void);

#endif
