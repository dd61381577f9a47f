import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { ariaHidden } from '@zag-js/aria-hidden';
import { afterNextPaint } from '../shell/afterPaint';

/**
 * The modal dialog of the two big forms, the events form and Edit Item (issue 23, fifth pass): a plain
 * `role="dialog"` with `aria-modal`, without Ark UI's dialog machine. Ark's dialog did on every open what a
 * trace of the open showed as most of its cost at 4x CPU slowdown: the layer stack read the new content's
 * computed `z-index` (a forced style pass of the whole dialog), the focus trap listed every tabbable element
 * with a visibility check each (a forced layout) before focusing the first, and a zag machine and its
 * presence ran beside them. Here nothing is read on open: the first focusable field is found by selector and
 * focused without scrolling, once the dialog's first frame is painted, and the tabbable elements are looked for
 * only when Tab reaches an end.
 *
 * What a modal dialog does stays: the focus starts in it and stays in it (Tab and Shift+Tab wrap at its
 * ends; a focus that lands outside it is brought back, unless it is in another dialog, such as a question or
 * conflict dialog opened over this one), Escape closes it (unless something above it, an open select or
 * another dialog, took the Escape), a press outside the content closes it when `closeOnOutside`, the focus
 * goes back to the element that had it when it closes (after the frame that shows the page again; else to
 * `fallbackFocus`, and after a dialog opened over this one that closes with it has left the page), and
 * everything outside it is hidden from assistive technology while it is open (`hideOutside`). The page behind
 * keeps its style (no `pointer-events` on <body>): the backdrop and the positioner cover it. The page stays still
 * by CSS (`data-locks-scroll` on the positioner, a child of <body>: panda.config.ts), from the frame after the
 * dialog's first.
 */
export function Modal({
  onClose,
  closeOnOutside = false,
  backdropClassName,
  positionerClassName,
  contentClassName,
  children,
  fallbackFocus,
}: {
  onClose: () => void;
  /** A press outside the content (on the backdrop, around the content) closes the dialog. */
  closeOnOutside?: boolean;
  backdropClassName: string;
  positionerClassName: string;
  contentClassName: string;
  children: ReactNode;
  /** Where the focus goes at close when no element had it at open (it was on <body>) or that element is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const titleId = useId();
  const positioner = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const outside = useRef(closeOnOutside);
  const fallback = useRef(fallbackFocus);
  useLayoutEffect(() => {
    close.current = onClose;
    outside.current = closeOnOutside;
    fallback.current = fallbackFocus;
  });

  // The focus: in at open, kept in, back to the opener at close.
  useLayoutEffect(() => {
    const box = content.current!;
    const doc = box.ownerDocument;
    const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    // Focused once the dialog's first frame is painted (issue 23): a focus works out the style (and the
    // layout) of the whole new dialog at once, and done here it did so before the paint and again in the
    // frame's own pass (~40 ms of the events form's open at 4x CPU slowdown). A field the caterer has
    // already clicked into meanwhile keeps the focus, as does a dialog opened over this one (a conflict).
    const focusIn = () => {
      doc.removeEventListener('keydown', onEarlyKey, true);
      const at = doc.activeElement;
      if (box.contains(at) || at?.closest(otherDialog)) return;
      (firstFocusable(box) ?? box).focus({ preventScroll: true });
    };
    const cancelFocus = afterNextPaint(focusIn);
    // A character typed before that frame (the dialog opened with the keyboard, a slow phone) moves the focus
    // in at once: focused during its keydown, the field gets the character, which would otherwise go to the
    // opener behind the dialog and be lost. Not Tab (brought back in by onFocusIn), Escape (closes) or a shortcut
    // (Ctrl or Cmd; AltGr, which types characters such as @ on many keyboards, reports Ctrl too).
    const onEarlyKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.getModifierState('AltGraph');
      if (event.key.length !== 1 || event.repeat || event.isComposing || shortcut) return;
      cancelFocus();
      doc.removeEventListener('keydown', onEarlyKey, true);
      focusIn();
    };
    doc.addEventListener('keydown', onEarlyKey, true);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const ends = tabbableEnds(box);
      if (!ends) {
        event.preventDefault();
        return;
      }
      const at = doc.activeElement;
      if (event.shiftKey && (at === ends[0] || at === box)) {
        event.preventDefault();
        ends[1].focus();
      } else if (!event.shiftKey && at === ends[1]) {
        event.preventDefault();
        ends[0].focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || box.contains(target) || target.closest(otherDialog)) return;
      // Taken out of the page while its focus was dispatched (a select's stand-in, replaced by the Ark select
      // on its first focus, which has moved the focus on to the new trigger): not a focus outside.
      if (!target.isConnected) return;
      (firstFocusable(box) ?? box).focus({ preventScroll: true });
    };
    box.addEventListener('keydown', onKeyDown);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      cancelFocus();
      doc.removeEventListener('keydown', onEarlyKey, true);
      box.removeEventListener('keydown', onKeyDown);
      doc.removeEventListener('focusin', onFocusIn);
      // Back to the opener after the frame that shows the page without the dialog (a focus now would work
      // out the page's style before that paint, ~8 ms of an inventory save at 4x), unless something has
      // taken the focus meanwhile (the focus of a removed dialog falls to <body>). With no opener (a dialog the
      // page opened by itself, such as a draft restored after a reload: the focus was on <body>) or an opener
      // gone from the page, to `fallbackFocus`.
      const giveBack = (frames: number) => {
        const at = doc.activeElement;
        // Still in a dialog that was over this one and closes with it (the conflict dialog's Merge closes both;
        // Ark removes its dialog a frame or more later): the focus falls to <body> once it is gone.
        if (at && at !== doc.body && at.closest(otherDialog) && frames > 0) {
          afterNextPaint(() => giveBack(frames - 1));
          return;
        }
        if (at && at !== doc.body) return;
        const target = opener && opener !== doc.body && opener.isConnected ? opener : fallback.current?.();
        target?.focus();
      };
      afterNextPaint(() => giveBack(OTHER_DIALOG_FRAMES));
    };
  }, []);

  // Escape and a press outside. On the window, in the bubbling phase: after the listeners of what is above
  // this dialog (Ark's layers listen on the document, capturing), which prevent the Escape they handle.
  useEffect(() => {
    const box = content.current!;
    const win = box.ownerDocument.defaultView!;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      const target = event.target;
      // Focus in another dialog (one above this one) is that dialog's Escape.
      if (target instanceof Element && !box.contains(target) && target.closest(otherDialog)) return;
      event.preventDefault();
      close.current();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!outside.current || event.button !== 0) return;
      const target = event.target;
      // Only a press on this dialog's own positioner or backdrop (not inside the content, nor on a dialog
      // opened over this one).
      if (target !== positioner.current && !(target instanceof Element && target.matches('[data-modal-backdrop]')))
        return;
      // Not the press's own focus change (to <body>), which would come after the focus went back to the opener.
      event.preventDefault();
      close.current();
    };
    win.addEventListener('keydown', onKeyDown);
    win.addEventListener('pointerdown', onPointerDown);
    return () => {
      win.removeEventListener('keydown', onKeyDown);
      win.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  // Hidden from assistive technology: what is outside, a frame later (as Ark did), so what opens with this
  // dialog (a conflict dialog) is in place.
  useEffect(() => {
    let show: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      if (content.current) show = hideOutside(content.current);
    });
    return () => {
      cancelAnimationFrame(frame);
      show?.();
    };
  }, []);

  // The page behind is kept still (`data-locks-scroll`: the root's overflow, panda.config.ts) from the frame after the
  // dialog's first (issue 23, eighth pass): changing the root's overflow restyles and repaints the whole page behind
  // (~60 ms of the open's frame at 4x CPU for the Tool Kit over 2,000 events), so the dialog is drawn first. Set on the
  // element, not by a render: the dialog's content is not rendered again for it.
  // On close the page is let go the same way, after the frame that shows it without the dialog: the dialog leaves
  // the page in this commit, so a hidden stand-in keeps the page still until that frame is painted.
  useEffect(() => {
    const box = positioner.current!;
    const cancel = afterNextPaint(() => box.setAttribute('data-locks-scroll', ''));
    return () => {
      cancel();
      if (!box.hasAttribute('data-locks-scroll')) return;
      box.removeAttribute('data-locks-scroll');
      const doc = box.ownerDocument;
      const hold = doc.createElement('div');
      hold.hidden = true;
      hold.setAttribute('data-locks-scroll', '');
      doc.body.appendChild(hold);
      afterNextPaint(() => hold.remove());
    };
  }, []);

  return createPortal(
    <>
      <div className={backdropClassName} data-modal-backdrop="" data-scope="dialog" data-part="backdrop" />
      <div ref={positioner} className={positionerClassName} data-scope="dialog" data-part="positioner">
        <div
          ref={content}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={contentClassName}
          data-scope="dialog"
          data-part="content"
          data-state="open"
        >
          <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
        </div>
      </div>
    </>,
    document.body,
  );
}

const TitleId = createContext<string | undefined>(undefined);

/** The dialog's title (its accessible name), an <h2> as Ark's Dialog.Title. */
export function ModalTitle(props: ComponentProps<'h2'>) {
  return <h2 {...props} id={useContext(TitleId)} />;
}

/** Another dialog (a question or a conflict opened over this one): its focus and its Escape are its own. */
const otherDialog = '[role="dialog"], [role="alertdialog"]';

/** How many frames the focus's return waits for a dialog over this one to leave the page (about a second). */
const OTHER_DIALOG_FRAMES = 60;

const focusable =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), ' +
  'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"]):not([disabled])';

/** Reachable by Tab as far as the markup says (no style or layout read). */
const inOrder = (el: HTMLElement) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]');

/** The first field to focus at open, found in the markup alone (Ark's focus trap checked every element's visibility). */
function firstFocusable(box: HTMLElement): HTMLElement | undefined {
  for (const el of box.querySelectorAll<HTMLElement>(focusable)) if (inOrder(el)) return el;
  return undefined;
}

/** The first and last elements Tab reaches in the dialog (asked only when Tab is pressed). */
function tabbableEnds(box: HTMLElement): [HTMLElement, HTMLElement] | undefined {
  const all = [...box.querySelectorAll<HTMLElement>(focusable)].filter(inOrder);
  const shown = (el: HTMLElement) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
  const first = all.find(shown);
  const last = all.findLast(shown);
  return first && last ? [first, last] : undefined;
}

/**
 * Another dialog open at the same time (the conflict dialog a save can open in the same render as this one
 * opens, its layer already in the page when this one hides what is outside it): left readable, or a screen
 * reader would read nothing while the focus is in it. Dialogs are portalled to <body>: the content is a
 * child of <body> or of a child of it, so only those two levels are looked at (not the whole page).
 */
const holdsOpenDialog = (el: Element) => el.matches(openDialog) || [...el.children].some((c) => c.matches(openDialog));
const openDialog = '[data-scope="dialog"][data-part="content"][data-state="open"], [role="alertdialog"]';

/**
 * Hides from assistive technology everything in <body> that neither holds nor is inside `content`, nor holds
 * another open dialog, and answers how to show them again. It is Ark's own `hideOthers` (zag's
 * `ariaHidden`, not deferred: the caller waits a frame), so the two keep one count per element: an element
 * this dialog and an Ark dialog (a conflict dialog) both hide is shown again only once neither needs it
 * hidden (a review finding: each kept its own list, so the first to close showed the page behind the other).
 * Only `aria-hidden` changes, which no style rule of the app reads, so the page's style is not worked out again.
 */
export function hideOutside(content: HTMLElement): () => void {
  const others = [...content.ownerDocument.body.children].filter(
    (child): child is HTMLElement => !child.contains(content) && holdsOpenDialog(child),
  );
  return ariaHidden([content, ...others], { defer: false });
}
