#include "power.h"

static bool deep_sleep_requested;

void power_request_deep_sleep(bool deep) { deep_sleep_requested = deep; }
bool power_deep_sleep_requested(void) { return deep_sleep_requested; }
