// @vitest-environment jsdom
/**
 * Issue 23's modal without Ark's pointer blocking (src/views/components/ModalDialog.tsx) hides what is outside
 * the dialog from assistive technology, as Ark's modal did: everything but live regions, and (a review
 * finding) another dialog open at the same time, such as the conflict dialog a save opens as the Edit
 * dialog opens, which would otherwise be hidden while the focus is in it.
 */
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
});
