/**
 * Issue 24, with sync on: the revision a renumbered quote or invoice takes comes from the account, as every
 * revision issued does. When a pull brings a revision that carries the number of another one here (two
 * devices revised one invoice without seeing each other's revision: made with sync off, or offline before
 * revisions came from the account), the storage layer keeps both at once, the later one moved to the next
 * revision counted here (domain/invoice.ts `separateRevisions`, the same choice on every device). That count
 * knows nothing of revisions the account handed out to devices not synced yet, so the moved one then asks
 * the account (`take_document_revision`) for a revision of its own and takes it; the change is sent like
 * any other. Out of reach of the account, it keeps the one counted here (unique on this device; a later
 * meeting separates again, and two devices' different renumberings merge to the higher, sync/engine.ts).
 */
import { lastRevision, otherRevisions, withAccountRevision, type IssuedDocument } from '../../domain/invoice';
import { announceLocalChange } from '../../storage';
import { issuedDocumentsStore, withDocumentBookLock } from '../../storage/invoices';
import { dataOwner } from '../../storage/syncData';

export type TakeRevision = (
  kind: IssuedDocument['kind'],
  year: number,
  sequence: number,
  lastKnown: number,
) => Promise<number>;

/** Gives each of `moved` the account's revision; answers the documents as renumbered by the account. */
export async function revisionsFromAccount(
  moved: readonly IssuedDocument[],
  take: TakeRevision,
): Promise<IssuedDocument[]> {
  const done: IssuedDocument[] = [];
  const owner = dataOwner();
  for (const doc of moved) {
    // The highest revision of its number the other documents here hold: the account answers above it.
    const lastKnown = lastRevision(otherRevisions(issuedDocumentsStore.read(), doc), { ...doc, revision: 1 });
    let taken: number;
    try {
      taken = await take(doc.kind, doc.year, doc.sequence, lastKnown);
    } catch {
      continue; // out of reach: the revision counted here stays
    }
    // Read again and written as one step with this browser's other tabs (an issue in one of them is not
    // written over): the register may have changed while the account answered.
    const next = await withDocumentBookLock(async () => {
      // Another account's data opened here while the account answered (signed out and in): not its register.
      if (dataOwner() !== owner) return 'otherAccount';
      const next = withAccountRevision(issuedDocumentsStore.read(), doc, taken);
      return next && issuedDocumentsStore.write(next).ok ? next : null;
    });
    if (next === 'otherAccount') break;
    if (!next) continue;
    announceLocalChange(issuedDocumentsStore.key); // the page showing it prints the account's number
    done.push(next.find((d) => d.id === doc.id)!);
  }
  return done;
}
