// The buzzer: a square wave from the PWM slice of the buzzer pin; loudness by duty cycle.
#ifndef BUZZER_H
#define BUZZER_H

#include <stdint.h>

void buzzer_init(void);

// hz 0 = silent (the pin is driven low); volume 1..3 selects the duty cycle step.
void buzzer_set(uint32_t hz, uint32_t volume);

// clk_sys changed (USB started or stopped): the tone sounding is set again for the new clock.
void buzzer_clock_changed(void);

#endif
