// The page's words and lights about the timer's state and sounds: the state light and its label
// on the face, the result banner after a game, the caption of the last sound (read out to screen
// readers) and the sound's own visual beside the buzzer.

import type { DeviceState } from '../device/index.ts';
import { resultBanner, stateLook, type GameFigures } from './face-state.ts';
import type { Caption } from './sound-captions.ts';

function out(root: ParentNode, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-out="${name}"]`);
  if (!found) throw new Error(`the page lacks [data-out="${name}"]; index.html and status-view.ts disagree`);
  return found;
}

/** How long a sound's visual stays lit after it starts when the sound is shorter, real ms. */
const VISUAL_MIN_MS = 900;

export class StatusView {
  private readonly light: HTMLElement;
  private readonly label: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly bannerTitle: HTMLElement;
  private readonly bannerDetail: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly visual: HTMLElement;
  private readonly symbol: HTMLElement;
  private lastResult: 'won' | 'lost' | undefined;
  private visualTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(root: ParentNode) {
    this.light = out(root, 'state-light');
    this.label = out(root, 'state-label');
    this.banner = out(root, 'result');
    this.bannerTitle = out(root, 'result-title');
    this.bannerDetail = out(root, 'result-detail');
    this.caption = out(root, 'sound-caption');
    this.visual = out(root, 'sound-visual');
    this.symbol = out(root, 'sound-symbol');
  }

  /** The state light, its label and the banner, from the device's read-outs. */
  showState(state: DeviceState, figures: GameFigures): void {
    const look = stateLook(state);
    if (this.light.dataset['look'] !== look.look) this.light.dataset['look'] = look.look;
    if (this.label.textContent !== look.label) this.label.textContent = look.label;
    if (state === 'won' || state === 'lost') this.lastResult = state;
    else if (state !== 'sleep') this.lastResult = undefined;
    const banner = resultBanner(state, figures, this.lastResult);
    this.banner.hidden = banner === undefined;
    if (banner) {
      this.banner.dataset['result'] = banner.result;
      if (this.bannerTitle.textContent !== banner.title) this.bannerTitle.textContent = banner.title;
      if (this.bannerDetail.textContent !== banner.detail) this.bannerDetail.textContent = banner.detail;
    }
  }

  /** A sound started: its visual lights up beside the buzzer; its caption is shown (and read out). */
  showSound(caption: Caption, playing: () => boolean): void {
    this.visual.dataset['sound'] = caption.variant;
    this.visual.dataset['active'] = 'true';
    this.symbol.textContent = caption.symbol;
    this.visual.title = caption.text;
    // Restart the visual's animation for a sound that repeats.
    this.visual.classList.remove('sound-flash');
    void this.visual.offsetWidth;
    this.visual.classList.add('sound-flash');
    if (caption.announce) {
      // The same words again (a second decoy) must change the live region, or it is not read out.
      const repeat = this.caption.textContent === caption.text;
      this.caption.textContent = repeat ? `${caption.text}\u00a0` : caption.text;
      this.caption.dataset['sound'] = caption.variant;
    }
    if (this.visualTimer !== undefined) clearTimeout(this.visualTimer);
    const settle = (): void => {
      if (playing()) {
        this.visualTimer = setTimeout(settle, 100);
        return;
      }
      this.visualTimer = undefined;
      this.visual.dataset['active'] = 'false';
    };
    this.visualTimer = setTimeout(settle, VISUAL_MIN_MS);
  }

  /** The power went off: no caption any more. */
  clearSound(): void {
    this.caption.textContent = '';
    delete this.caption.dataset['sound'];
    this.visual.dataset['sound'] = 'none';
    this.visual.dataset['active'] = 'false';
    this.symbol.textContent = '';
  }
}
