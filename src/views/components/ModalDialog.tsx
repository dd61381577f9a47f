import { Dialog } from '@ark-ui/react/dialog';
import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A modal Ark dialog without Ark's pointer blocking (issue 23). For a modal dialog Ark sets
 * `pointer-events: none` on <body> when it opens and takes it off when it closes: an inherited property,
 * so the browser works out the style of every element of the page again, twice per dialog (~8 ms each
 * way at 4x CPU slowdown on /Inventory, more on a fuller page). These dialogs cover the page with their
 * own backdrop, so a click outside the dialog lands on the backdrop and closes it (when
 * `closeOnInteractOutside`) as before; the rest of what `modal` did is kept: focus stays inside
 * (`trapFocus`), the content says `aria-modal="true"`, and everything outside it is hidden from
 * assistive technology (`aria-hidden`, as Ark's own `hideOthers`). The page behind is kept still by CSS
 * (`data-locks-scroll` on the positioner, panda.config.ts), so `preventScroll` is off.
 */
export function ModalRoot(props: ComponentProps<typeof Dialog.Root>) {
  // closeOnInteractOutside: a modal dialog's default in Ark (off by default without `modal`).
  return <Dialog.Root modal={false} trapFocus closeOnInteractOutside preventScroll={false} {...props} />;
}

/** The dialog's content, modal for assistive technology: see ModalRoot. */
export function ModalContent(props: ComponentProps<typeof Dialog.Content>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A frame later, as Ark does, so the content is in place.
    let show: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      if (ref.current) show = hideOutside(ref.current);
    });
    return () => {
      cancelAnimationFrame(frame);
      show?.();
    };
  }, []);
  return <Dialog.Content aria-modal {...props} ref={ref} />;
}

/** What Ark leaves visible to assistive technology beside a modal: live regions (toasts, announcements) and scripts. */
const leftVisible = (el: Element) =>
  ['script', 'output', 'status', 'next-route-announcer'].includes(el.localName) ||
  el.getAttribute('role') === 'status' ||
  el.hasAttribute('aria-live') ||
  el.matches('[data-live-announcer]');

/**
 * Another dialog open at the same time (the conflict dialog a save can open in the same render as this one
 * opens, its layer already in the page when this one hides what is outside it): left readable, or a screen
 * reader would read nothing while the focus is in it.
 */
const holdsOpenDialog = (el: Element) => el.matches(openDialog) || el.querySelector(openDialog) !== null;
const openDialog = '[data-scope="dialog"][data-part="content"][data-state="open"], [role="alertdialog"]';

/**
 * Hides from assistive technology everything in <body> that neither holds nor is inside `content` (Ark's
 * `hideOthers` for a modal: `aria-hidden="true"` and `data-aria-hidden` on each such element, the
 * elements already hidden left alone), and answers how to show them again. Only `aria-hidden` changes, which
 * no style rule of the app reads, so the page's style is not worked out again.
 */
export function hideOutside(content: Element): () => void {
  const holders = new Set<Node>();
  for (let node: Node | null = content; node; node = node.parentNode) holders.add(node);
  const hidden: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (child === content) continue;
      if (holders.has(child)) walk(child);
      else if (!leftVisible(child) && !holdsOpenDialog(child) && child.getAttribute('aria-hidden') !== 'true') {
        child.setAttribute('aria-hidden', 'true');
        child.setAttribute('data-aria-hidden', '');
        hidden.push(child);
      }
    }
  };
  walk(content.ownerDocument.body);
  return () => {
    for (const el of hidden) {
      el.removeAttribute('aria-hidden');
      el.removeAttribute('data-aria-hidden');
    }
  };
}
