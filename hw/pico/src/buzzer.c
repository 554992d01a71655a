#include "buzzer.h"

#include "board.h"
#include "clocks.h"
#include "rp2040.h"

#define BUZZER_SLICE ((BOARD_BUZZER_PIN >> 1) & 7u)
#define BUZZER_CHANNEL_B (BOARD_BUZZER_PIN & 1u)

static const uint16_t duty_permille[] = RUNTIME_BUZZER_DUTY_PERMILLE;
#define VOLUME_STEPS (sizeof(duty_permille) / sizeof(duty_permille[0]))

void buzzer_init(void) {
  REG_CLR(RESETS_RESET) = RESET_PWM;
  while (!(REG(RESETS_RESET_DONE) & RESET_PWM)) {
  }
  REG(SIO_GPIO_OE_SET) = 1u << BOARD_BUZZER_PIN;
  REG(SIO_GPIO_OUT_CLR) = 1u << BOARD_BUZZER_PIN;
  REG(PADS_GPIO(BOARD_BUZZER_PIN)) = PADS_DRIVE_4MA;
  REG(IO_GPIO_CTRL(BOARD_BUZZER_PIN)) = GPIO_FUNC_SIO;
}

static uint32_t tone_hz, tone_volume; // what is sounding (0: silence)

void buzzer_set(uint32_t hz, uint32_t volume) {
  tone_hz = hz;
  tone_volume = volume;
  if (hz == 0 || volume == 0) {
    REG(PWM_CH_CSR(BUZZER_SLICE)) = 0;
    REG(IO_GPIO_CTRL(BOARD_BUZZER_PIN)) = GPIO_FUNC_SIO; // driven low by SIO: no DC through the coil
    return;
  }
  if (volume >= VOLUME_STEPS) volume = VOLUME_STEPS - 1;
  // f = clk_sys / (div * (top + 1)); the smallest integer divider that keeps top in 16 bits.
  uint32_t cycles = clocks_sys_hz() / hz;
  uint32_t div = cycles / 65536u + 1u;
  if (div > 255u) div = 255u;
  uint32_t top = cycles / div - 1u;
  if (top > 65535u) top = 65535u;
  uint32_t level = (top + 1u) * duty_permille[volume] / 1000u;
  REG(PWM_CH_CSR(BUZZER_SLICE)) = 0;
  REG(PWM_CH_DIV(BUZZER_SLICE)) = div << 4;
  REG(PWM_CH_TOP(BUZZER_SLICE)) = top;
  REG(PWM_CH_CC(BUZZER_SLICE)) = BUZZER_CHANNEL_B ? (level << 16) : level;
  REG(PWM_CH_CTR(BUZZER_SLICE)) = 0;
  REG(PWM_CH_CSR(BUZZER_SLICE)) = PWM_CSR_EN;
  REG(IO_GPIO_CTRL(BOARD_BUZZER_PIN)) = GPIO_FUNC_PWM;
}

void buzzer_clock_changed(void) { buzzer_set(tone_hz, tone_volume); }
