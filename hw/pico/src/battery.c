#include "battery.h"

#include "board.h"
#include "rp2040.h"

void battery_init(void) {
  REG_CLR(RESETS_RESET) = RESET_ADC;
  while (!(REG(RESETS_RESET_DONE) & RESET_ADC)) {
  }
  // Analogue input: digital input and output off (4.9.1).
  REG(PADS_GPIO(BOARD_BATTERY_PIN)) = PADS_OD;
  REG(IO_GPIO_CTRL(BOARD_BATTERY_PIN)) = GPIO_FUNC_NULL;
}

uint32_t battery_read_mv(void) {
  uint32_t select = (uint32_t)BOARD_BATTERY_ADC_CHANNEL << ADC_CS_AINSEL_SHIFT;
  REG(ADC_CS) = ADC_CS_EN | select;
  while (!(REG(ADC_CS) & ADC_CS_READY)) {
  }
  REG(ADC_CS) = ADC_CS_EN | select | ADC_CS_START_ONCE;
  while (!(REG(ADC_CS) & ADC_CS_READY)) {
  }
  uint32_t raw = REG(ADC_RESULT) & ((1u << BOARD_BATTERY_ADC_BITS) - 1u);
  REG(ADC_CS) = 0;
  // mV at the pin = raw * Vref / 2^bits; at the battery, times the divider ratio; rounded.
  uint64_t scaled = (uint64_t)raw * RUNTIME_ADC_VREF_MV * BOARD_BATTERY_DIVIDER_NUM;
  uint64_t full = ((uint64_t)1 << BOARD_BATTERY_ADC_BITS) * BOARD_BATTERY_DIVIDER_DEN;
  return (uint32_t)((2u * scaled + full) / (2u * full));
}
