// The browser simulation's entry: loads build/firmware.wasm into the virtual device and wires it to
// the device face, the keyboard, the sound, the serial monitor and the bench panels.

import { hardware } from '../../hw/hardware.ts';
import {
  VirtualDevice,
  errorMessage,
  wasmFirmware,
  type ButtonName,
  type PinLevel,
  type ToneChange,
} from '../device/index.ts';
import { AudioOutput } from './audio-output.ts';
import { DeviceFace } from './device-face.ts';
import { InputCounts } from './input-counts.ts';
import { installKeyboard } from './keyboard.ts';
import { MinimumHold } from './minimum-hold.ts';
import { batteryReading, fundamentalGain, pageModel, sliderValueForMv, type PageModel } from './page-model.ts';
import { formatHours, formatMa, powerFigures } from './power-figures.ts';
import { savedStore } from './saved-store.ts';
import { SerialMonitor } from './serial-monitor.ts';
import { TimeControl, parseSpeed, type Speed } from './time-control.ts';

const FIRMWARE_URL = 'firmware.wasm';
/** Performance mark set when the device is playable (the bench measures it from navigation). */
const READY_MARK = 'imperial-timer-ready';
/** The firmware's first line after each boot. */
const BOOT_LINE = 'EVT POWER on';
/** Loudest buzzer gain (volume 3, 50 % duty); a raw square wave at full scale is harsh. */
const MAX_GAIN = 0.2;

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`the page lacks ${selector}; index.html and main.ts disagree`);
  return found;
}

function showProblem(message: string | undefined): void {
  const banner = element<HTMLElement>('[data-problem]');
  banner.hidden = message === undefined;
  banner.textContent = message ?? '';
}

/** `?seed=N` in the address (0..4294967295) makes the game reproducible; otherwise a random seed. */
function pageSeed(search: string): number {
  const text = new URLSearchParams(search).get('seed');
  if (text !== null && /^\d{1,10}$/.test(text) && Number(text) <= 0xffff_ffff) return Number(text);
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

async function loadFirmware(): Promise<WebAssembly.Module> {
  let response: Response;
  try {
    response = await fetch(FIRMWARE_URL);
  } catch (error) {
    throw new Error(
      `could not fetch ${FIRMWARE_URL} (${errorMessage(error)}); serve the page over HTTP, e.g. with \`npm start\`, rather than opening the file`,
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(`could not load ${FIRMWARE_URL} (HTTP ${response.status}); build the page with \`npm run build\``);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const hours = Math.floor(minutes / 60);
  const mmss = `${String(minutes % 60).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

function keyLegend(model: PageModel): string {
  const keyed = model.buttons.filter((button) => button.keyCaption !== null);
  return keyed.map((button) => `${button.keyCaption} ${button.glyph}`).join(' · ');
}

async function start(): Promise<void> {
  const model = pageModel(hardware);
  const seed = pageSeed(location.search);
  const counts = new InputCounts();
  const module = await loadFirmware();
  const store = savedStore(globalThis.localStorage);
  const firstBattery = batteryReading(model.battery, model.battery.initial);
  const device = VirtualDevice.create({
    seed,
    firmware: counts.wrap(wasmFirmware(module)),
    store,
    batteryMv: firstBattery.measuredMv,
    powered: false,
  });

  const monitor = new SerialMonitor(document, (line) => sendLine(line));
  const audio = new AudioOutput(model.buzzer.dutyByVolume.map((duty) => MAX_GAIN * fundamentalGain(duty)), {
    virtualMs: device.now,
    speed: 1,
  });
  const pendingTones: ToneChange[] = [];
  let audioFlushQueued = false;
  let renderQueued = false;
  let bootAtMs = 0;
  let bounce = false;

  const flushAudio = (): void => {
    audioFlushQueued = false;
    audio.play(pendingTones.splice(0), device.now);
  };

  const time = new TimeControl(device, 1, {
    onUpdate: () => {
      // After the current input has finished, so a clock jump re-ties the audio clock first.
      if (pendingTones.length > 0 && !audioFlushQueued) {
        audioFlushQueued = true;
        queueMicrotask(flushAudio);
      }
      requestRender();
    },
    onError: (error) => showProblem(`The firmware stopped: ${errorMessage(error)}. Switch the power off and on to restart it.`),
  });
  time.onChange((state) => {
    audio.timeChanged(state);
    requestRender();
  });

  device.onLine((line) => {
    // A boot, from the switch or from `SIM POWER on`: the power meter and the counters restart.
    if (line === BOOT_LINE) {
      bootAtMs = device.now;
      counts.reset();
    }
    counts.line(line);
    monitor.append(line);
  });
  device.onTone((change) => pendingTones.push(change));

  const face = new DeviceFace(document, model, {
    button: (name, level) => pressPin(name, level),
    power: (on) => {
      audio.unlock();
      if (on) showProblem(undefined);
      time.input((d) => d.setPower(on));
    },
    battery: (value) => setBattery(value),
  });

  const contacts = new MinimumHold(
    {
      // Caught up with real time first: between wake-ups the device's clock stands still.
      virtualNow: () => time.input((d) => d.now) ?? device.now,
      speed: () => time.speed,
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    },
    (name, level) => time.input((d) => d.setPin(name, level, { bounce })),
  );

  function pressPin(name: ButtonName, level: PinLevel): void {
    audio.unlock();
    if (level === 1) contacts.press(name);
    else contacts.release(name);
  }

  function sendLine(line: string): void {
    audio.unlock();
    time.input((d) => counts.duringSerial(() => d.send(line)), { rebase: true });
  }

  /** The voltage the firmware reads, as last set from the slider (SIM BATTERY may change it). */
  let sliderMv = device.batteryMv;

  function setBattery(value: number): void {
    const reading = batteryReading(model.battery, value);
    device.setBattery(reading.measuredMv);
    sliderMv = reading.measuredMv;
    element('[data-out="battery-mv"]').textContent = `${(reading.batteryMv / 1000).toFixed(2)} V`;
    element('[data-out="battery-adc"]').textContent =
      `ADC ${reading.adcCounts} counts → the firmware reads ${reading.measuredMv} mV`;
  }

  /** Shows a voltage set from the monitor with SIM BATTERY on the slider. */
  function followBattery(): void {
    const mv = device.batteryMv;
    if (mv === sliderMv) return;
    sliderMv = mv;
    face.showBatteryValue(sliderValueForMv(model.battery, mv));
    element('[data-out="battery-mv"]').textContent = `${(mv / 1000).toFixed(2)} V`;
    element('[data-out="battery-adc"]').textContent = `set with SIM BATTERY: the firmware reads ${mv} mV`;
  }

  installKeyboard(model.buttons, {
    button: (name, level) => pressPin(name, level),
    showPressed: (name, pressed) => face.showPressed(name, pressed),
  });

  // Sound may only start after a user gesture: the first one anywhere on the page unlocks it.
  const unlockOnce = (): void => audio.unlock();
  window.addEventListener('pointerdown', unlockOnce, { once: true, capture: true });
  window.addEventListener('keydown', unlockOnce, { once: true, capture: true });

  // The controls, read once now too: a browser may restore their state on reload.
  const muteBox = element<HTMLInputElement>('[data-control="mute"]');
  const applyMute = (): void => audio.setMuted(muteBox.checked);
  muteBox.addEventListener('change', applyMute);
  applyMute();
  const bounceBox = element<HTMLInputElement>('[data-control="bounce"]');
  const applyBounce = (): void => {
    bounce = bounceBox.checked;
  };
  bounceBox.addEventListener('change', applyBounce);
  applyBounce();
  for (const radio of document.querySelectorAll<HTMLInputElement>('[data-control="speed"]')) {
    const applySpeed = (): void => {
      const speed: Speed | undefined = parseSpeed(radio.value);
      if (radio.checked && speed !== undefined) time.setSpeed(speed);
    };
    radio.addEventListener('change', applySpeed);
    applySpeed();
  }

  const out = {
    state: element('[data-out="state"]'),
    clock: element('[data-out="clock"]'),
    left: element('[data-out="left"]'),
    found: element('[data-out="found"]'),
    edges: element('[data-out="edges"]'),
    presses: element('[data-out="presses"]'),
    wakeups: element('[data-out="wakeups"]'),
    current: element('[data-out="current"]'),
    life: element('[data-out="life"]'),
  };
  element('[data-out="seed"]').textContent = String(seed);
  element('[data-out="keys"]').textContent = keyLegend(model);
  setBattery(face.batteryValue);

  function requestRender(): void {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(render);
  }

  function render(): void {
    renderQueued = false;
    face.show(device.leds, device.tone.hz);
    face.showPower(device.powered);
    followBattery();
    const state = device.state;
    out.state.textContent = state;
    document.body.dataset['deviceState'] = state;
    out.clock.textContent = formatClock(device.now);
    out.left.textContent = state === 'running' || state === 'paused' || state === 'won' || state === 'table' ? formatClock(device.timeLeftMs) : '–';
    out.found.textContent = device.powered ? `${device.found} / ${device.need}` : '–';
    out.edges.textContent = String(counts.rawEdges);
    out.presses.textContent = String(counts.presses);
    if (device.powered && !device.fault) {
      const figures = powerFigures(device.power, bootAtMs, device.energy());
      out.wakeups.textContent = String(figures.wakeups);
      out.current.textContent = figures.averageMa === undefined ? '–' : formatMa(figures.averageMa);
      out.life.textContent = figures.life ?? '–';
    } else {
      out.wakeups.textContent = '–';
      out.current.textContent = '–';
      out.life.textContent = '–';
    }
  }

  // The clock and the power figures move even while the firmware sleeps between wake-ups.
  window.setInterval(requestRender, 250);
  requestRender();
  document.body.dataset['ready'] = 'true';
  performance.mark(READY_MARK);
  element<HTMLElement>('[data-out="nominal-life"]').textContent = formatHours(
    device.power.battery.capacityMah / device.power.mcu.deepSleepMa,
  );
}

start().catch((error: unknown) => {
  showProblem(`The simulator could not start: ${errorMessage(error)}`);
  document.body.dataset['ready'] = 'failed';
});
