// The browser simulation's entry: loads build/firmware.wasm into the virtual device and wires it to
// the device face, the keyboard, the sound and its captions, the printed codes (and loading a pack
// of one's own), the serial monitor and the bench panels, and keeps the session across a reload of
// the tab.

import { hardware } from '../../hw/hardware.ts';
import { BAR_MASK, NvStore, VirtualDevice, errorMessage, soundName, wasmFirmware, type ButtonName, type PinLevel, type ToneChange } from '../device/index.ts';
import { AudioOutput } from './audio-output.ts';
import { batteryLevel } from './battery-levels.ts';
import { renderBatteryScale } from './battery-scale.ts';
import { CodeEntry } from './code-entry.ts';
import { CodeList } from './code-list.ts';
import { DeviceFace } from './device-face.ts';
import { InputCounts } from './input-counts.ts';
import { installKeyboard } from './keyboard.ts';
import { LedPersistence } from './led-persistence.ts';
import { MinimumHold } from './minimum-hold.ts';
import { tapOutputs } from './output-taps.ts';
import { batteryReading, buzzerGains, pageModel, sliderValueForMv, type PageModel } from './page-model.ts';
import { formatHours, formatMa, powerFigures } from './power-figures.ts';
import { listedCodes, loadPackLines, loadPackNames, readPackChoice, savePackNames, stripCodes } from './pack-load.ts';
import { PRINTED_CODES } from './printed-codes.ts';
import { savedStore } from './saved-store.ts';
import { SerialMonitor } from './serial-monitor.ts';
import { JOURNAL_KEY, JournalRecorder, journalStore, loadJournal, restoreDevice, type Journal, type UntimedInput } from './session-journal.ts';
import { SoundCaptions } from './sound-captions.ts';
import { StatusView } from './status-view.ts';
import { TimeControl, parseSpeed, personInvolved, type Speed } from './time-control.ts';

const FIRMWARE_URL = 'firmware.wasm';
/** Performance mark set when the device is playable (the bench measures it from navigation). */
const READY_MARK = 'imperial-timer-ready';
/** The firmware's first line after each boot. */
const BOOT_LINE = 'EVT POWER on';
/** The firmware's answers that change the pack in play (firmware/PROTOCOL.md, "Packs"). */
const PACK_CHANGED = /^OK PACK (END|BUILTIN) /;
/** How often the session is saved for a reload besides when the page is left, real ms. */
const SAVE_EVERY_MS = 2000;

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

/** `?seed=N` in the address (0..4294967295), if given. */
function addressSeed(search: string): number | undefined {
  const text = new URLSearchParams(search).get('seed');
  if (text !== null && /^\d{1,10}$/.test(text) && Number(text) <= 0xffff_ffff) return Number(text);
  return undefined;
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
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
  const module = await loadFirmware();
  const session = sessionStore();
  const fromAddress = addressSeed(location.search);
  const saved = loadJournal(session);
  // A reload of the same game: the address names no other seed.
  const restoring: Journal | undefined = saved && (fromAddress === undefined || fromAddress === saved.seed) ? saved : undefined;
  const seed = restoring?.seed ?? fromAddress ?? randomSeed();

  const counts = new InputCounts();
  const captions = new SoundCaptions();
  const persistence = new LedPersistence();
  const monitor = new SerialMonitor(document, (line) => sendLine(line));
  const status = new StatusView(document);
  const pendingTones: ToneChange[] = [];
  let bootAtMs = 0;
  let current: VirtualDevice | undefined;

  const firmware = tapOutputs(counts.wrap(wasmFirmware(module)), {
    sound: (id) => {
      const name = soundName(id);
      if (name && current) captions.sound(name, current.now);
    },
    leds: (mask) => persistence.note(mask, performance.now()),
  });

  /** The page follows everything the device says from here on. */
  const follow = (d: VirtualDevice): void => {
    current = d;
    d.onLine((line) => {
      // A boot, from the switch or from `SIM POWER on`: the power meter and the counters restart.
      if (line === BOOT_LINE) {
        bootAtMs = d.now;
        counts.reset();
      }
      counts.line(line);
      captions.line(line, d.now);
      monitor.append(line);
      // From the page's pack control or typed in the monitor: the strip shows the new codes.
      if (PACK_CHANGED.test(line)) queueMicrotask(() => refreshCodes());
    });
    d.onTone((change) => pendingTones.push(change));
  };

  let store = savedStore(globalThis.localStorage, restoring ? journalStore(restoring) : undefined);
  let device: VirtualDevice | undefined;
  let restored = false;
  if (restoring) {
    try {
      device = restoreDevice(restoring, { firmware, store, beforeInputs: follow });
      restored = true;
      monitor.append(`The page was reloaded: the game was kept (${restoring.inputs.length} inputs replayed).`, 'note');
    } catch (error) {
      current = undefined;
      session?.removeItem(JOURNAL_KEY);
      showProblem(`The game could not be kept across the reload (${errorMessage(error)}); the timer starts afresh.`);
      store = savedStore(globalThis.localStorage);
    }
  }
  const firstBattery = batteryReading(model.battery, model.battery.initial);
  if (!device) {
    device = VirtualDevice.create({ seed, firmware, store, batteryMv: firstBattery.measuredMv, powered: false });
    follow(device);
  }
  const dev: VirtualDevice = device;
  // What the reload replayed is not heard again.
  pendingTones.length = 0;
  const journal = new JournalRecorder(dev, store, seed, restored ? restoring : undefined);

  const audio = new AudioOutput(buzzerGains(model.buzzer.dutyByVolume), {
    virtualMs: dev.now,
    speed: 1,
  });
  let audioFlushQueued = false;
  let renderQueued = false;
  let bounce = false;

  const flushAudio = (): void => {
    audioFlushQueued = false;
    audio.play(pendingTones.splice(0), dev.now);
  };

  const codeEntry = new CodeEntry(
    model.buttons.map((button) => button.name),
    {
      press: (name) => pressPin(name, 1),
      release: (name) => pressPin(name, 0),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      onChange: (digits) => {
        codeList.showEntering(digits?.join(''));
        requestRender();
      },
    },
  );

  const speedRadios = [...document.querySelectorAll<HTMLInputElement>('[data-control="speed"]')];
  const checkedSpeed = (): Speed | undefined => {
    const checked = speedRadios.find((radio) => radio.checked);
    return checked ? parseSpeed(checked.value) : undefined;
  };
  const initialSpeed: Speed = (restored && restoring ? parseSpeed(String(restoring.speed)) : undefined) ?? checkedSpeed() ?? 1;
  const time = new TimeControl(dev, initialSpeed, {
    onUpdate: () => {
      // After the current input has finished, so a clock jump re-ties the audio clock first.
      if (pendingTones.length > 0 && !audioFlushQueued) {
        audioFlushQueued = true;
        queueMicrotask(flushAudio);
      }
      requestRender();
    },
    onError: (error) => showProblem(`The firmware stopped: ${errorMessage(error)}. Switch the power off and on to restart it.`),
    involved: (d) => personInvolved(d) || codeEntry.busy,
  });
  time.onChange((state) => {
    audio.timeChanged(state);
    requestRender();
  });

  /** Runs a person's input on the device at the current instant, and keeps it for a reload. */
  function journaled(input: UntimedInput, apply: (d: VirtualDevice) => void): void {
    time.input((d) => {
      journal.record(input);
      apply(d);
    });
    journal.settle();
  }

  const face = new DeviceFace(document, model, {
    button: (name, level) => pressPin(name, level),
    power: (on) => {
      audio.unlock();
      if (on) showProblem(undefined);
      else codeEntry.cancel();
      journaled({ kind: 'power', on }, (d) => d.setPower(on));
    },
    battery: (value) => setBattery(value),
  });

  const contacts = new MinimumHold(
    {
      // Caught up with real time first: between wake-ups the device's clock stands still.
      virtualNow: () => time.input((d) => d.now) ?? dev.now,
      speed: () => time.rate,
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    },
    (name, level) => journaled({ kind: 'pin', button: name, level, bounce }, (d) => d.setPin(name, level, { bounce })),
  );

  function pressPin(name: ButtonName, level: PinLevel): void {
    audio.unlock();
    if (level === 1) contacts.press(name);
    else contacts.release(name);
  }

  function sendLine(line: string): void {
    audio.unlock();
    journaled({ kind: 'line', line }, (d) => counts.duringSerial(() => d.send(line)));
  }

  /** The voltage the firmware reads, as last set from the slider (SIM BATTERY may change it). */
  let sliderMv = restored ? Number.NaN : dev.batteryMv;

  function showBatteryFigures(mv: number, detail: string): void {
    element('[data-out="battery-mv"]').textContent = `${(mv / 1000).toFixed(2)} V`;
    element('[data-out="battery-adc"]').textContent = detail;
    const level = batteryLevel(mv);
    element('[data-out="battery-mv"]').dataset['level'] = level;
    face.describeBattery(
      `${(mv / 1000).toFixed(2)} volts, ${level === 'flat' ? 'flat: a game is refused' : level === 'low' ? 'low: the timer warns' : 'good'}`,
    );
  }

  function setBattery(value: number): void {
    const reading = batteryReading(model.battery, value);
    sliderMv = reading.measuredMv;
    journaled({ kind: 'battery', mv: reading.measuredMv }, (d) => d.setBattery(reading.measuredMv));
    showBatteryFigures(reading.batteryMv, `ADC ${reading.adcCounts} counts → the firmware reads ${reading.measuredMv} mV`);
  }

  /** Shows a voltage set from the monitor with SIM BATTERY (or kept across a reload) on the slider. */
  function followBattery(how = 'set with SIM BATTERY'): void {
    const mv = dev.batteryMv;
    if (mv === sliderMv) return;
    sliderMv = mv;
    face.showBatteryValue(sliderValueForMv(model.battery, mv));
    showBatteryFigures(mv, `${how}: the firmware reads ${mv} mV`);
  }

  installKeyboard(model.buttons, {
    button: (name, level) => pressPin(name, level),
    showPressed: (name, pressed) => face.showPressed(name, pressed),
  });

  const codeList = new CodeList(element('[data-slot="codes"]'), PRINTED_CODES, model.buttons, (code) => {
    audio.unlock();
    codeEntry.enter(code.digits);
  });
  renderBatteryScale(element('[data-slot="battery-scale"]'), model.battery);

  /**
   * The printed codes of the pack in play, as the firmware lists them with the store as it is
   * now: asked of a scratch device booted on a copy of the store, so the page's own timer, its
   * journal and its monitor see nothing of it.
   */
  function refreshCodes(): void {
    const probe = VirtualDevice.create({ seed: 0, firmware: wasmFirmware(module), store: new NvStore(store.bytes()) });
    codeList.show(stripCodes(listedCodes(probe.send('CODES')), PRINTED_CODES, loadPackNames(globalThis.localStorage)));
  }

  /** Sends a line as the monitor does (journaled, shown) and returns the device's lines meanwhile. */
  function sendForAnswer(line: string): readonly string[] {
    audio.unlock();
    let lines: readonly string[] = [];
    journaled({ kind: 'line', line }, (d) => {
      lines = counts.duringSerial(() => d.send(line));
    });
    return lines;
  }

  const packStatus = element('[data-out="pack-status"]');
  const packFile = element<HTMLInputElement>('[data-control="pack-file"]');
  const showPackStatus = (text: string, ok: boolean): void => {
    packStatus.textContent = text;
    packStatus.dataset['outcome'] = ok ? 'ok' : 'problem';
  };
  packFile.addEventListener('change', () => {
    const file = packFile.files?.[0];
    packFile.value = '';
    if (!file) return;
    file.text().then(
      (text) => {
        const pack = readPackChoice(text, file.name);
        if ('error' in pack) return showPackStatus(pack.error, false);
        if (!dev.powered) return showPackStatus('Switch the timer on first: the pack is sent to its firmware.', false);
        const outcome = loadPackLines(sendForAnswer, pack);
        if (outcome.ok) {
          savePackNames(globalThis.localStorage, { sum: pack.sum, names: pack.placardNames });
          refreshCodes();
        }
        showPackStatus(outcome.message, outcome.ok);
      },
      (error: unknown) => showPackStatus(`${file.name} could not be read (${errorMessage(error)}).`, false),
    );
  });
  element<HTMLButtonElement>('[data-control="pack-builtin"]').addEventListener('click', () => {
    if (!dev.powered) return showPackStatus('Switch the timer on first.', false);
    const answer = sendForAnswer('PACK BUILTIN').find((l) => l.startsWith('OK ') || l.startsWith('ERR ')) ?? '(no answer)';
    if (answer.startsWith('OK ')) showPackStatus('The built-in pack is in play again.', true);
    else if (answer === 'ERR state receiving')
      showPackStatus(`The timer refused (${answer}): a pack transfer is open; send PACK END or PACK CANCEL first.`, false);
    else showPackStatus(`The timer refused (${answer}): a pack is changed between games.`, false);
  });

  captions.onCaption((caption) => status.showSound(caption, () => dev.sound !== undefined));

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
  for (const radio of speedRadios) {
    radio.checked = parseSpeed(radio.value) === initialSpeed;
    radio.addEventListener('change', () => {
      const speed = parseSpeed(radio.value);
      if (radio.checked && speed !== undefined) time.setSpeed(speed);
    });
  }

  // A finger still on a button when the page went away has left it.
  for (const button of model.buttons) {
    if (dev.pinLevel(button.name) === 1) journaled({ kind: 'pin', button: button.name, level: 0, bounce: false }, (d) => d.setPin(button.name, 0));
  }

  const saveSession = (): void => {
    time.input(() => undefined);
    journal.save(session, time.speed);
  };
  window.addEventListener('pagehide', saveSession);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveSession();
  });
  window.setInterval(saveSession, SAVE_EVERY_MS);

  const out = {
    pace: element('[data-out="pace"]'),
    state: element('[data-out="state"]'),
    clock: element('[data-out="clock"]'),
    left: element('[data-out="left"]'),
    found: element('[data-out="found"]'),
    edges: element('[data-out="edges"]'),
    presses: element('[data-out="presses"]'),
    wakeups: element('[data-out="wakeups"]'),
    current: element('[data-out="current"]'),
    life: element('[data-out="life"]'),
    codesHint: element('[data-out="codes-hint"]'),
  };
  element('[data-out="seed"]').textContent = String(seed);
  element('[data-out="keys"]').textContent = keyLegend(model);
  if (restored) followBattery('kept across the reload');
  else setBattery(face.batteryValue);

  function requestRender(): void {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(render);
  }

  let persistenceTimer: number | undefined;
  let wasSounding = false;

  function paceText(): string {
    if (time.speed === 0) return 'frozen';
    if (time.rate === time.speed) return `${time.speed}×`;
    const why = codeEntry.busy
      ? 'a code is being entered'
      : dev.sound !== undefined
        ? 'a sound plays'
        : dev.entry.length > 0
          ? 'a code is half entered'
          : 'a button is held';
    return `1× while ${why} (chosen ${time.speed}×)`;
  }

  function render(): void {
    renderQueued = false;
    // The bar's flashes are shown long enough to read, except while a sound's light pattern plays.
    const sounding = dev.sound !== undefined;
    if (sounding !== wasSounding) persistence.clear();
    wasSounding = sounding;
    const realNow = performance.now();
    face.show(persistence.shown(dev.leds, realNow, sounding ? 0 : BAR_MASK), dev.tone.hz);
    const until = persistence.msUntilChange(realNow);
    if (until !== undefined && persistenceTimer === undefined) {
      persistenceTimer = window.setTimeout(() => {
        persistenceTimer = undefined;
        requestRender();
      }, until + 1);
    }
    face.showPower(dev.powered);
    followBattery();
    const state = dev.state;
    if (!dev.powered) {
      status.clearSound();
      captions.reset();
    }
    out.pace.textContent = paceText();
    out.state.textContent = state;
    document.body.dataset['deviceState'] = state;
    status.showState(state, { found: dev.found, need: dev.need, timeLeftMs: dev.timeLeftMs });
    out.clock.textContent = formatClock(dev.now);
    out.left.textContent = state === 'running' || state === 'paused' || state === 'won' || state === 'table' ? formatClock(dev.timeLeftMs) : '–';
    out.found.textContent = dev.powered ? `${dev.found} / ${dev.need}` : '–';
    out.edges.textContent = String(counts.rawEdges);
    out.presses.textContent = String(counts.presses);
    const unavailable = !dev.powered
      ? 'Switch the timer on first.'
      : time.speed === 0
        ? 'The simulation is frozen: choose 1×, 10× or 60× to enter a code.'
        : undefined;
    codeList.setAvailable(unavailable);
    out.codesHint.textContent = unavailable ?? 'One click enters a code, button by button.';
    if (dev.powered && !dev.fault) {
      const figures = powerFigures(dev.power, bootAtMs, dev.energy());
      out.wakeups.textContent = String(figures.wakeups);
      out.current.textContent = figures.averageMa === undefined ? '–' : formatMa(figures.averageMa);
      out.life.textContent = figures.life ?? '–';
    } else {
      out.wakeups.textContent = '–';
      out.current.textContent = '–';
      out.life.textContent = '–';
    }
  }

  refreshCodes();

  // The clock and the power figures move even while the firmware sleeps between wake-ups.
  window.setInterval(requestRender, 250);
  requestRender();
  document.body.dataset['ready'] = 'true';
  document.body.dataset['restored'] = String(restored);
  performance.mark(READY_MARK);
  element<HTMLElement>('[data-out="nominal-life"]').textContent = formatHours(dev.power.battery.capacityMah / dev.power.mcu.deepSleepMa);
}

if (location.protocol === 'file:') {
  // index.html's inline script has said to use `npm start` or a web server.
  document.body.dataset['ready'] = 'failed';
} else {
  start().catch((error: unknown) => {
    showProblem(`The simulator could not start: ${errorMessage(error)}`);
    document.body.dataset['ready'] = 'failed';
  });
}
