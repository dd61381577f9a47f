/**
 * Drives a Playwright page the way a person would (a visible cursor glides to each control, a ring
 * marks what is clicked, text is typed key by key) and records it: CDP screencast frames with their
 * arrival times, and one caption per step with its start and end time.
 */
import type { CDPSession, Locator, Page } from '@playwright/test';

export interface Frame {
  /** Seconds since the recording started. */
  t: number;
  jpeg: Buffer;
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Injected before every document: the cursor and the click ring, drawn above everything, never hit by clicks. */
export function cursorOverlay() {
  const KEY = 'tutorial-cursor';
  const install = () => {
    if (document.getElementById(KEY)) return;
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[640, 360]') as [number, number];
    const cursor = document.createElement('div');
    cursor.id = KEY;
    cursor.setAttribute('aria-hidden', 'true');
    cursor.innerHTML =
      '<svg width="28" height="28" viewBox="0 0 24 24"><path d="M3 2l15 11-7 1.2L7.5 21z" fill="#111" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>';
    Object.assign(cursor.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      zIndex: '2147483647',
      pointerEvents: 'none',
      transform: `translate(${saved[0] - 3}px, ${saved[1] - 2}px)`,
      filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.45))',
    });
    const ring = document.createElement('div');
    ring.setAttribute('aria-hidden', 'true');
    Object.assign(ring.style, {
      position: 'fixed',
      zIndex: '2147483646',
      pointerEvents: 'none',
      border: '4px solid #f5a300',
      borderRadius: '6px',
      boxShadow: '0 0 0 4px rgba(245,163,0,.35)',
      opacity: '0',
      transition: 'opacity .5s ease-out',
    });
    document.documentElement.append(ring, cursor);
    addEventListener(
      'mousemove',
      (e) => {
        cursor.style.transform = `translate(${e.clientX - 3}px, ${e.clientY - 2}px)`;
        sessionStorage.setItem(KEY, JSON.stringify([e.clientX, e.clientY]));
      },
      true,
    );
    addEventListener(
      'mousedown',
      (e) => {
        const target =
          (e.target as Element | null)?.closest(
            'button, a, input, textarea, label, [role=checkbox], [role=combobox], [role=option], [role=menuitem], [role=tab]',
          ) ?? (e.target as Element | null);
        if (!target) return;
        const r = target.getBoundingClientRect();
        Object.assign(ring.style, {
          left: `${r.left - 6}px`,
          top: `${r.top - 6}px`,
          width: `${r.width + 12}px`,
          height: `${r.height + 12}px`,
          transition: 'none',
          opacity: '1',
        });
        setTimeout(() => Object.assign(ring.style, { transition: 'opacity .6s ease-out', opacity: '0' }), 700);
      },
      true,
    );
  };
  if (document.documentElement) install();
  document.addEventListener('DOMContentLoaded', install);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Director {
  readonly frames: Frame[] = [];
  readonly cues: Cue[] = [];
  private session?: CDPSession;
  private t0 = 0;
  private mouse = { x: 640, y: 360 };
  private cueStart = 0;
  private cueText = '';
  private minCueEnd = 0;

  constructor(readonly page: Page) {}

  now() {
    return (Date.now() - this.t0) / 1000;
  }

  async start() {
    this.session = await this.page.context().newCDPSession(this.page);
    this.session.on('Page.screencastFrame', ({ data, sessionId }) => {
      this.frames.push({ t: this.now(), jpeg: Buffer.from(data, 'base64') });
      void this.session?.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    });
    const size = this.page.viewportSize() ?? { width: 1280, height: 720 };
    this.t0 = Date.now();
    await this.session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: size.width,
      maxHeight: size.height,
      everyNthFrame: 1,
    });
    // The screencast sends a frame only when something changes: nudge the cursor so the first one comes now.
    await this.page.mouse.move(this.mouse.x, this.mouse.y);
  }

  /** Starts a step's caption; it is shown for at least the time it takes to read it. */
  async caption(text: string) {
    await this.endCaption();
    this.cueStart = this.now();
    this.cueText = text;
    this.minCueEnd = this.cueStart + Math.max(2.4, text.length / 16);
  }

  private async endCaption() {
    if (!this.cueText) return;
    const wait = this.minCueEnd - this.now();
    if (wait > 0) await sleep(wait * 1000);
    this.cues.push({ start: this.cueStart, end: this.now(), text: this.cueText });
    this.cueText = '';
  }

  async stop() {
    await this.endCaption();
    await sleep(400);
    const end = this.now();
    await this.session?.send('Page.stopScreencast');
    await this.session?.detach();
    return end;
  }

  pause(ms: number) {
    return sleep(ms);
  }

  /** Scrolls the element into view smoothly if it is not comfortably on screen. */
  async reveal(target: Locator) {
    await target.waitFor({ state: 'visible' });
    const needed = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const ok = r.top >= 70 && r.bottom <= innerHeight - 20;
      if (!ok) el.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return !ok;
    });
    if (needed) await sleep(700);
  }

  /** Glides the cursor to the middle of the element. */
  async pointAt(target: Locator) {
    await this.reveal(target);
    const box = await target.boundingBox();
    if (!box) throw new Error(`no box for ${target.toString()}`);
    const to = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    const from = { ...this.mouse };
    const distance = Math.hypot(to.x - from.x, to.y - from.y);
    const steps = Math.max(6, Math.min(14, Math.round(distance / 45)));
    for (let i = 1; i <= steps; i++) {
      const k = i / steps;
      const ease = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      await this.page.mouse.move(from.x + (to.x - from.x) * ease, from.y + (to.y - from.y) * ease);
      await sleep(12);
    }
    this.mouse = to;
  }

  async click(target: Locator, after = 350) {
    await this.pointAt(target);
    await sleep(150);
    await this.page.mouse.down();
    await sleep(90);
    await this.page.mouse.up();
    await sleep(after);
  }

  async hover(target: Locator, ms = 1200) {
    await this.pointAt(target);
    await sleep(ms);
  }

  async type(target: Locator, text: string) {
    await this.click(target, 80);
    await this.page.keyboard.type(text, { delay: 30 });
    await sleep(120);
  }

  /** Puts the value in at once: for date and time inputs (typing them depends on the locale) and to keep videos short. */
  async fill(target: Locator, value: string) {
    await this.click(target, 80);
    await target.fill(value);
    await sleep(200);
  }

  /** Opens an Ark UI select and picks an option. */
  async choose(scope: Locator | Page, label: string, option: string) {
    await this.click(scope.getByRole('combobox', { name: label }), 450);
    const choice = this.page.getByRole('option', { name: option, exact: true });
    // The list is capped in height: scroll it (not the page) until the option shows.
    await choice.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
    await sleep(450);
    await this.click(choice, 400);
  }

  async scrollBy(dy: number, ms = 900) {
    // A string, not a function: tsx would wrap the named inner function in a helper the page lacks.
    await this.page.evaluate(`new Promise((resolve) => {
      const start = scrollY, began = performance.now();
      const tick = (now) => {
        const k = Math.min(1, (now - began) / ${ms});
        scrollTo(0, start + ${dy} * (k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2));
        if (k < 1) requestAnimationFrame(tick); else resolve();
      };
      requestAnimationFrame(tick);
    })`);
    await sleep(150);
  }

  /** Scrolls a scrolling list (the inventory list has its own) to its top or bottom. */
  async scrollList(list: Locator, to: 'top' | 'bottom') {
    await list.evaluate((el, to) => {
      let box: HTMLElement | null = el as HTMLElement;
      while (box && box.scrollHeight <= box.clientHeight + 1) box = box.parentElement;
      box?.scrollTo({ top: to === 'top' ? 0 : box.scrollHeight, behavior: 'smooth' });
    }, to);
    await sleep(900);
  }

  async scrollToTop(ms = 700) {
    const y = await this.page.evaluate(() => scrollY);
    if (y > 0) await this.scrollBy(-y, ms);
  }

  /** Goes to a page through the nav menu, as a caterer would. */
  async navigate(item: string) {
    await this.click(this.page.getByRole('button', { name: 'Menu' }), 450);
    await this.click(this.page.getByRole('menuitem', { name: item, exact: true }), 600);
  }
}
