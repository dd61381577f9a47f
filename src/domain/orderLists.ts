/**
 * Order lists per supplier (issue 11, part 2): what needs ordering, grouped by the supplier named on
 * each item, with the supplier's contact details, package counts and estimated cost, as plain text
 * (Copy, the e-mail body) and as a `mailto:` link. Pure; unit-tested in tests/unit/orderLists.test.ts.
 *
 * An item goes to the supplier whose Supplier ID it carries; an older item without one is matched by
 * name, ignoring case and surrounding spaces (the first supplier of that name when names repeat). Items
 * with no supplier name, or a name no supplier has, go to the last group, "No supplier on file". Items
 * already marked Order placed are left out of the lists (their order is placed) and counted, so the
 * list says so. When two suppliers share a name, each list says which one (its Supplier ID).
 *
 * Specialty ingredients the upcoming events still need (issue 25) are added to the list of the
 * supplier record of their supplier name, or else to a list of that name (no record, so no e-mail).
 */
import type { InventoryItem, Supplier } from '../storage/schemas';
import { senderName, type BusinessProfile } from './businessProfile';
import { formatAmount, packageNoun, unitSymbol } from './ingredients';
import { formatMoney, roundCents } from './money';
import { specialtyForText, type NeedToOrderLine, type SpecialtyOrderLine } from './needToOrder';

/** What an order list names of the business sending it. */
export type SenderProfile = Pick<BusinessProfile, 'businessName' | 'phone' | 'email'>;

export const UNKNOWN_SUPPLIER_HEADING = 'No supplier on file';

export interface OrderListLine {
  itemId: string;
  name: string;
  sku: string;
  /** "1 L carton": what one package is. */
  packageLabel: string;
  packages: number;
  costPerUnit: number;
  estimatedCost: number;
  /** The supplier name the item carries when it matched no supplier (else empty). */
  unmatchedSupplierName: string;
  /** A specialty ingredient's event: "Gala (2026-12-01)" (empty for an inventory item). */
  forEvent: string;
}

export interface OrderList {
  /** Stable identity of the list: `supplier:<supplierID>`, `name:<supplier name>` (specialty lines of a supplier not on file) or `unknown`. */
  key: string;
  heading: string;
  supplier: Supplier | null;
  /** Another supplier has the same name: the list shows this one's Supplier ID to tell them apart. */
  sharedName: boolean;
  lines: OrderListLine[];
  /** Sum of the lines' estimated costs, to the cent. */
  total: number;
  /** Items of this supplier needing ordering that are already marked Order placed (left out). */
  placedCount: number;
}

const norm = (name: string) => name.trim().toLowerCase();
/**
 * Order of the lists' headings: the same as `localeCompare` with no arguments (default locale and options),
 * from one collator built once; `localeCompare` sets one up on every call, ~130 ms of a window change at 4x
 * slowdown on 1,000 suppliers (issue 23, profiled).
 */
let headingCollator: Intl.Collator | null = null;
const compareHeadings = (a: string, b: string) => (headingCollator ??= new Intl.Collator()).compare(a, b);

/** "1 L carton" (or "1 L cartons" for a count other than one). */
export function packageLabel(item: Pick<InventoryItem, 'amountPerUnit' | 'unit' | 'packageType'>, count = 1): string {
  return [formatAmount(item.amountPerUnit), unitSymbol(item.unit), packageNoun(item.packageType, count)]
    .filter((part) => part && part !== '—')
    .join(' ');
}

/** "1 g jar": what one package of a specialty ingredient is. */
export function specialtyPackageLabel(
  line: Pick<SpecialtyOrderLine, 'unitQuantity' | 'units' | 'packageType'>,
  count = 1,
): string {
  const amount = Number.isFinite(line.unitQuantity) && line.unitQuantity > 0 ? formatAmount(line.unitQuantity) : '';
  const unit = unitSymbol(line.units);
  return [amount && unit ? amount : '', unit, packageNoun(line.packageType, count)]
    .filter((part) => part && part !== '—')
    .join(' ');
}

/** One list per supplier with something to order or already ordered, by supplier name; the unknown group last. */
export function orderListsBySupplier(
  lines: readonly NeedToOrderLine[],
  suppliers: readonly Supplier[],
  specialty: readonly SpecialtyOrderLine[] = [],
): OrderList[] {
  const byName = new Map<string, Supplier>();
  const byId = new Map<string, Supplier>();
  const nameCount = new Map<string, number>();
  for (const supplier of suppliers) {
    const key = norm(supplier.supplierName);
    if (key && !byName.has(key)) byName.set(key, supplier);
    if (!byId.has(supplier.supplierID)) byId.set(supplier.supplierID, supplier);
    nameCount.set(key, (nameCount.get(key) ?? 0) + 1);
  }
  const lists = new Map<string, OrderList>();
  const listFor = (supplier: Supplier | null, name: string) => {
    const key = supplier ? `supplier:${supplier.supplierID}` : name ? `name:${norm(name)}` : 'unknown';
    let list = lists.get(key);
    if (!list) {
      const sharedName = supplier !== null && (nameCount.get(norm(supplier.supplierName)) ?? 0) > 1;
      list = {
        key,
        heading: supplier ? supplier.supplierName : name || UNKNOWN_SUPPLIER_HEADING,
        supplier,
        sharedName,
        lines: [],
        total: 0,
        placedCount: 0,
      };
      lists.set(key, list);
    }
    return list;
  };
  for (const line of lines) {
    const supplier =
      (line.item.supplierID ? byId.get(line.item.supplierID) : undefined) ??
      byName.get(norm(line.item.supplierName)) ??
      null;
    const list = listFor(supplier, '');
    if (line.placed) {
      list.placedCount++;
      continue;
    }
    list.lines.push({
      itemId: line.item.id,
      name: line.item.name,
      sku: line.item.sku,
      packageLabel: packageLabel(line.item, line.suggested),
      packages: line.suggested,
      costPerUnit: line.item.costPerUnit,
      estimatedCost: line.estimatedCost,
      unmatchedSupplierName: supplier ? '' : line.item.supplierName.trim(),
      forEvent: '',
    });
    list.total = roundCents(list.total + line.estimatedCost);
  }
  for (const line of specialty) {
    const name = line.supplierName.trim();
    const list = listFor(byName.get(norm(name)) ?? null, name);
    if (line.placed) {
      list.placedCount++;
      continue;
    }
    list.lines.push({
      itemId: line.id,
      name: line.name,
      sku: '',
      packageLabel: specialtyPackageLabel(line, line.quantity),
      packages: line.quantity,
      costPerUnit: line.costPerUnit,
      estimatedCost: line.estimatedCost,
      unmatchedSupplierName: '',
      forEvent: specialtyForText(line),
    });
    list.total = roundCents(list.total + line.estimatedCost);
  }
  return [...lists.values()].sort((a, b) => {
    if (a.key === 'unknown') return 1;
    if (b.key === 'unknown') return -1;
    return compareHeadings(a.heading, b.heading);
  });
}

/** "12 × 1 L carton" */
export function packagesText(line: Pick<OrderListLine, 'packages' | 'packageLabel'>): string {
  return `${line.packages} × ${line.packageLabel || 'package'}`;
}

/**
 * The list as plain text: what Copy puts on the clipboard and the e-mail body. `from`: the business
 * profile (issue 22) when one is saved: its name, and its phone and e-mail, head the list.
 */
export function orderListText(list: OrderList, today: string, from?: SenderProfile | null): string {
  const out = [`Order for ${list.heading} (${today})`];
  if (from && from.businessName.trim()) {
    const reach = [from.phone.trim(), from.email.trim()].filter(Boolean).join(' · ');
    out.push(`From: ${from.businessName.trim()}${reach ? ` (${reach})` : ''}`);
  }
  if (list.supplier) {
    const contact = [list.supplier.email.trim(), list.supplier.phone.trim()].filter(Boolean).join(' · ');
    if (contact) out.push(`Contact: ${contact}`);
  }
  out.push('');
  for (const line of list.lines) {
    const sku = line.sku.trim() ? ` (SKU ${line.sku.trim()})` : '';
    const named = line.unmatchedSupplierName ? ` [supplier: ${line.unmatchedSupplierName}]` : '';
    const forEvent = line.forEvent ? ` (specialty, for ${line.forEvent})` : '';
    out.push(
      `- ${line.name}${sku}${forEvent}: ${packagesText(line)} at ${formatMoney(line.costPerUnit)} = ${formatMoney(line.estimatedCost)}${named}`,
    );
  }
  if (list.lines.length === 0) out.push('Nothing left to order: every item is marked Order placed.');
  out.push('', `Estimated total: ${formatMoney(list.total)}`);
  return out.join('\n');
}

const EMAIL = /^[^\s@<>,;?]+@[^\s@<>,;?]+\.[^\s@<>,;?]+$/;

/** Why a list has no e-mail link, or null when it has one. */
export function mailtoUnavailableReason(list: OrderList): string | null {
  if (!list.supplier && list.key !== 'unknown')
    return `${list.heading} is not on file as a supplier, so there is no address to e-mail.`;
  if (!list.supplier) return 'These items have no supplier on file, so there is no address to e-mail.';
  const email = list.supplier.email.trim();
  if (!email) return `${list.supplier.supplierName} has no e-mail address on file.`;
  if (!EMAIL.test(email))
    return `${list.supplier.supplierName}'s e-mail address (${email}) does not look like an e-mail address.`;
  if (list.lines.length === 0) return 'Nothing left to order.';
  return null;
}

/**
 * `mailto:` with the subject and the list as the body, URL-encoded; null when unavailable. The subject
 * names the business (issue 22: "Order from Harbour Catering") once its name is saved in Business Settings.
 */
export function orderListMailto(list: OrderList, today: string, from?: SenderProfile | null): string | null {
  if (mailtoUnavailableReason(list) !== null || !list.supplier) return null;
  const to = encodeURIComponent(list.supplier.email.trim()).replace(/%40/g, '@');
  const subject = encodeURIComponent(`Order from ${senderName(from)} (${today})`);
  const body = encodeURIComponent(orderListText(list, today, from).replace(/\n/g, '\r\n'));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
