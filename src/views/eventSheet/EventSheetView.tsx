import { Fragment, type ReactNode } from 'react';
import type { EventSheet, PullRow, SheetPricing, SheetStaffRow, SpecialtyRow } from '../../domain/eventSheet';
import { cx } from 'styled-system/css';
import * as s from './styles';

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={s.facts}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Block({
  id,
  title,
  children,
  printed = true,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** False: shown on screen only (an empty staff list takes no room on paper). */
  printed?: boolean;
}) {
  return (
    <section className={printed ? s.block : cx(s.block, s.screenOnly)} aria-labelledby={id}>
      <h2 id={id} className={s.blockTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function StaffTable({ rows }: { rows: SheetStaffRow[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Shift</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              <td>{r.role}</td>
              <td>{r.shift}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PullTable({ rows }: { rows: PullRow[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption>Inventory Ingredients</caption>
        <colgroup>
          <col style={{ width: '26%' }} />
          <col style={{ width: '26%' }} />
          <col style={{ width: '22%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '12%' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Supplier</th>
            <th scope="col">Storage</th>
            <th scope="col">In stock</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>
                {r.name}
                {r.flag ? <span className={s.flagLine}>⚠ {r.flag}</span> : null}
              </td>
              <td>
                {r.quantity}
                {r.amount ? <span className={s.sub}>{r.amount}</span> : null}
                {r.perGuest ? <span className={s.sub}>{r.perGuest}</span> : null}
              </td>
              <td>{r.supplier}</td>
              <td>{r.storage}</td>
              <td>{r.onHand || <span className={s.sub}>not in inventory</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SpecialtyTable({ rows }: { rows: SpecialtyRow[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption>Specialty Ingredients</caption>
        <colgroup>
          <col style={{ width: '26%' }} />
          <col style={{ width: '26%' }} />
          <col style={{ width: '28%' }} />
          <col style={{ width: '20%' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Supplier</th>
            <th scope="col">On hand / To order</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>
                {r.name}
                {r.flag ? <span className={s.flagLine}>⚠ {r.flag}</span> : null}
              </td>
              <td>
                {r.quantity}
                {r.amount ? <span className={s.sub}>{r.amount}</span> : null}
              </td>
              <td>{r.supplier}</td>
              <td className={r.toOrder ? s.toOrder : undefined}>{r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PricingTable({ pricing }: { pricing: SheetPricing }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} aria-label="Pricing summary">
        <colgroup>
          <col />
          <col style={{ width: '11rem' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className={s.num}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {pricing.lines.map((l) => (
            <tr key={l.key}>
              <td>{l.name}</td>
              <td className={s.num}>{l.price}</td>
            </tr>
          ))}
          <tr className={s.fixedRow}>
            <td>Total Inventory Items</td>
            <td className={s.num}>{pricing.inventoryTotal}</td>
          </tr>
          <tr className={s.fixedRow}>
            <td>Total Specialty Ingredients</td>
            <td className={s.num}>{pricing.specialtyTotal}</td>
          </tr>
          {pricing.summary ? (
            <>
              <tr className={s.totalsRow}>
                <td>Total before discount and tax</td>
                <td className={s.num}>{pricing.summary.total}</td>
              </tr>
              <tr>
                <td>Total after discount ({pricing.summary.discountPercent})</td>
                <td className={s.num}>{pricing.summary.discounted}</td>
              </tr>
              <tr className={s.grandRow}>
                <td>Total after tax ({pricing.summary.taxPercent})</td>
                <td className={s.num}>{pricing.summary.taxed}</td>
              </tr>
            </>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function DietaryFacts({ dietary }: { dietary: EventSheet['dietary'] }) {
  return (
    <Facts
      rows={[
        ['Vegetarian guests', String(dietary.vegetarian)],
        ['Vegan guests', String(dietary.vegan)],
        ['Gluten-free guests', String(dietary.glutenFree)],
        ['Allergies to avoid', dietary.avoid.length ? dietary.avoid.join(', ') : 'None'],
      ]}
    />
  );
}

/** Menu items × the allergens present: a word in each cell, so it reads the same printed in black and white. */
function AllergenTableView({ table }: { table: EventSheet['allergenTable'] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption>Allergen table</caption>
        <thead>
          <tr>
            <th scope="col">Menu Item</th>
            {table.columns.map((c) => (
              <th key={c.id} scope="col">
                {c.label}
                {c.avoided ? ' (avoid)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.flagged ? '⚠ ' : ''}
                {r.name}
              </th>
              {r.cells.map((present, i) => (
                <td key={table.columns[i]!.id}>{present ? (table.columns[i]!.avoided ? 'Yes, avoid' : 'Yes') : '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface EventSheetViewProps {
  sheet: EventSheet;
  /** The toolbar (Print, Back to Events): shown on screen, never printed. */
  actions: ReactNode;
  /** Food cost, price, margin and per-guest figures of the event (src/domain/costing.ts), shown under the pricing summary. */
  costing?: ReactNode;
}

/** One event's printable sheet (BEO): who, where, when, menu, notes, the pull list and the pricing summary. */
export function EventSheetView({ sheet, actions, costing }: EventSheetViewProps) {
  return (
    <article className={s.sheet} aria-labelledby="sheet-title" data-event-sheet="">
      <div className={s.toolbar}>{actions}</div>
      <div className={s.head}>
        <p className={s.kicker}>Event Sheet · Event ID {sheet.id}</p>
        <h1 id="sheet-title" className={s.title}>
          {sheet.name}
        </h1>
        <p className={s.when}>
          <time dateTime={sheet.dateISO}>{sheet.date}</time>, {sheet.times.start} to {sheet.times.end}
          {sheet.times.endDate ? ` (next day, ${sheet.times.endDate})` : ''} · {sheet.guests} guests · {sheet.type}
        </p>
        {sheet.hasAllergy ? (
          <p className={s.allergyBanner} role="note">
            ⚠ Allergy: read the marked notes before preparing food.
          </p>
        ) : null}
        {sheet.flagged ? (
          <p className={s.allergyBanner} role="note">
            ⚠ {sheet.flagged === 1 ? '1 menu item contains' : `${sheet.flagged} menu items contain`} an allergen this
            event avoids: see the marked menu items.
          </p>
        ) : null}
      </div>
      <div className={s.columns3}>
        <Block id="sheet-customer" title="Customer">
          <Facts
            rows={[
              ['Name', sheet.customer.name],
              ['Phone', sheet.customer.phone],
              ['Email', sheet.customer.email],
            ]}
          />
        </Block>
        <Block id="sheet-venue" title="Venue">
          <Facts
            rows={[
              ['Name', sheet.venue.name],
              ['Address', sheet.venue.address],
              ['City', sheet.venue.city],
            ]}
          />
        </Block>
        <Block id="sheet-event" title="Event">
          <Facts
            rows={[
              ['Start', sheet.times.start],
              ['End', sheet.times.endDate ? `${sheet.times.end}, next day (${sheet.times.endDate})` : sheet.times.end],
              ['Guests', sheet.guests],
              ['Event Type', sheet.type],
            ]}
          />
        </Block>
      </div>
      <div className={s.columns2}>
        <Block id="sheet-menu" title="Menu">
          {sheet.menuRows.length ? (
            <ul className={s.list}>
              {sheet.menuRows.map((m) => (
                <li key={m.id} className={m.flag ? s.allergyNote : undefined}>
                  {m.flag ? <strong className={s.allergyMark}>Allergen</strong> : null}
                  {m.name}
                  {m.flag ? <span className={s.flagLine}>⚠ {m.flag}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.empty}>No menu items yet.</p>
          )}
        </Block>
        <Block id="sheet-notes" title="Notes">
          {sheet.notes.length ? (
            <ul className={s.noteList}>
              {sheet.notes.map((n) => (
                <li key={n.id} className={n.allergy ? s.allergyNote : undefined}>
                  {n.allergy ? <strong className={s.allergyMark}>Allergy</strong> : null}
                  {n.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.empty}>No notes.</p>
          )}
        </Block>
      </div>
      {sheet.showAllergens ? (
        <Block id="sheet-allergens" title="Allergens and Dietary Needs">
          <DietaryFacts dietary={sheet.dietary} />
          {sheet.allergenTable.columns.length ? (
            <AllergenTableView table={sheet.allergenTable} />
          ) : (
            <p className={s.empty}>No allergens recorded on the menu items.</p>
          )}
        </Block>
      ) : null}
      <Block id="sheet-staff" title="Staff" printed={sheet.staff.length > 0}>
        {sheet.staff.length ? <StaffTable rows={sheet.staff} /> : <p className={s.empty}>No staff assigned yet.</p>}
      </Block>
      <Block id="sheet-pull" title="Pull List">
        {sheet.pull.length ? (
          <PullTable rows={sheet.pull} />
        ) : (
          <p className={s.empty}>No inventory ingredients chosen in the Tool Kit.</p>
        )}
        {sheet.specialty.length ? (
          <SpecialtyTable rows={sheet.specialty} />
        ) : (
          <p className={s.empty}>No specialty ingredients.</p>
        )}
      </Block>
      <Block id="sheet-pricing" title="Pricing Summary">
        <PricingTable pricing={sheet.pricing} />
        {sheet.pricing.summary === null ? (
          <p className={s.warning} role="alert">
            Error fetching total event ingredient cost.
          </p>
        ) : null}
        {sheet.pricing.foreign.length ? (
          <p className={s.warning} role="note">
            Price lines in {sheet.pricing.foreign.join(', ')} are added to the CAD totals at face value: convert them to
            CAD for a true total.
          </p>
        ) : null}
        <p className={s.muted}>All amounts are in CAD.</p>
        {costing}
      </Block>
    </article>
  );
}
