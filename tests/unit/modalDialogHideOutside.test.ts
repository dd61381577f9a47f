// @vitest-environment jsdom
/**
 * Issue 23's modal without Ark's pointer blocking (src/views/components/ModalDialog.tsx) hides what is outside
 * the dialog from assistive technology, as Ark's modal did: everything but live regions, and (a review
 * finding) another dialog open at the same time, such as the conflict dialog a save opens as the Edit
 * dialog opens, which would otherwise be hidden while the focus is in it.
 */
import { ariaHidden } from '@zag-js/aria-hidden';
import { afterEach, describe, expect, it } from 'vitest';
import { hideOutside } from '../../src/views/components/ModalDialog';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hideOutside', () => {
  it('hides the page and shows it again; the dialog, its holders, live regions and another open dialog stay readable', () => {
    document.body.innerHTML = `
      <main id="page"><p>List</p></main>
      <div id="toasts" aria-live="polite"></div>
      <div id="conflict"><div data-scope="dialog" data-part="content" data-state="open" role="dialog">Conflict</div></div>
      <div id="closed"><div data-scope="dialog" data-part="content" data-state="closed" role="dialog">Closed</div></div>
      <div id="already" aria-hidden="true"></div>
      <div id="holder"><span id="beside">beside</span><div id="dialog" role="dialog">Edit Item</div></div>`;
    const hidden = () => [...document.querySelectorAll('[aria-hidden="true"]')].map((el) => el.id);
    const show = hideOutside(document.getElementById('dialog')!);
    expect(hidden()).toEqual(['page', 'closed', 'already', 'beside']);
    show();
    expect(hidden()).toEqual(['already']);
    expect(document.querySelectorAll('[data-aria-hidden]')).toHaveLength(0);
  });

  it('shares Ark’s count: a conflict dialog closing while this dialog is open leaves the page hidden, and the other way round', () => {
    document.body.innerHTML = `
      <main id="page"><p>Inventory</p></main>
      <div id="edit"><div id="dialog" role="dialog">Edit Item</div></div>
      <div id="conflict"><div id="conflictContent" role="alertdialog">Changed in another tab</div></div>`;
    const hidden = () => [...document.querySelectorAll('[aria-hidden="true"]')].map((el) => el.id);
    // Ark's conflict dialog hides the page first (its frame came first), then this dialog opens.
    const showConflict = ariaHidden([document.getElementById('conflictContent')], { defer: false });
    const show = hideOutside(document.getElementById('dialog')!);
    expect(hidden()).toEqual(['page', 'edit']);
    // Keep mine: the conflict dialog closes, the Edit dialog stays open: the page behind it stays hidden.
    document.getElementById('conflict')!.remove();
    showConflict();
    expect(hidden()).toEqual(['page']);
    show();
    expect(hidden()).toEqual([]);

    // The other order: this dialog first, then an Ark dialog; this one closes first.
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="question"><div id="q" role="alertdialog">Sure?</div></div>',
    );
    const showEdit = hideOutside(document.getElementById('dialog')!);
    const showQuestion = ariaHidden([document.getElementById('q')], { defer: false });
    showEdit();
    expect(hidden()).toContain('page');
    showQuestion();
    expect(hidden()).toEqual([]);
  });
});
