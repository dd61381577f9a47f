-- A revision of an issued quote or invoice (issue 22: "changed since invoice" → Issue revised invoice)
-- keeps its number with a suffix, INV-2026-0001-2, -3… (issue 24: nothing dropped, never repeated).
-- Before, a device counted the suffix from the revisions it had seen, so two devices that each revised
-- one invoice without seeing the other's revision both printed INV-2026-0001-2 for two different
-- documents. With sync on, the suffix now comes from the account, as the number itself does
-- (take_document_number, 20261126130000_money_sync.sql). docs/sync.md.
--
-- `public.take_document_revision(kind, year, sequence, last_known)` hands out the next revision of one
-- issued number (kind, year and sequence: INV-2026-0001 is invoice, 2026, 1), atomically: two calls at
-- once never get the same revision, and a revision handed out is never handed out again, used or not.
-- It starts above every revision the account already knows of that number (its synced issued
-- documents) and above `last_known` (the highest revision the calling device has seen, 1 for the first
-- issue), so revisions made before sync was on are never repeated either.

-- The last revision handed out per business and issued number. Reached only through
-- take_document_revision (schema sync is not exposed), and only the caller's business's rows.
create table sync.document_revisions (
  business_id uuid not null references sync.businesses (id) on delete cascade,
  kind text not null check (kind in ('quote', 'invoice')),
  year integer not null check (year between 1000 and 9999),
  sequence integer not null check (sequence >= 1),
  last integer not null check (last >= 2),
  updated_at timestamptz not null default now(),
  updated_by uuid not null,
  primary key (business_id, kind, year, sequence)
);
alter table sync.document_revisions enable row level security;
create policy revisions_member_reads on sync.document_revisions for select to authenticated
  using (business_id in (select sync.my_business_ids()));
create policy revisions_member_inserts on sync.document_revisions for insert to authenticated
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());
create policy revisions_member_updates on sync.document_revisions for update to authenticated
  using (business_id in (select sync.my_business_ids()))
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());
-- No DELETE: a revision never comes back.
grant select, insert, update on sync.document_revisions to authenticated;
grant all on sync.document_revisions to service_role;

-- The next revision (2, 3…) of the caller's business's quote or invoice number `sequence` of `year`:
-- one more than the highest of the revisions already handed out for it, the account's synced issued
-- documents with that number, and `last_known`. The row is locked by the upsert, so concurrent calls
-- take turns and each gets a revision of its own.
create function public.take_document_revision(kind text, year integer, sequence integer, last_known integer default 1)
  returns integer
  language plpgsql volatile set search_path = ''
  as $$
declare
  uid uuid := auth.uid();
  bid uuid;
  known integer;
  taken integer;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to take a revision: no account in the JWT';
  end if;
  if kind is null or kind not in ('quote', 'invoice') then
    raise exception using errcode = '22023', message = 'kind must be quote or invoice';
  end if;
  if year is null or year not between 1000 and 9999 then
    raise exception using errcode = '22023', message = 'year must be a year of four digits';
  end if;
  if sequence is null or sequence not between 1 and 999999999 then
    raise exception using errcode = '22023', message = 'sequence must be a whole number from 1';
  end if;
  if last_known is not null and (last_known < 1 or last_known > 999999999) then
    raise exception using errcode = '22023', message = 'last_known must be a whole number from 1';
  end if;
  bid := sync.ensure_business();
  select greatest(
           coalesce(last_known, 1),
           coalesce((select max(case when jsonb_typeof(r.record -> 'revision') = 'number'
                                      and (r.record ->> 'revision') ~ '^[1-9][0-9]{0,8}$'
                                     then (r.record ->> 'revision')::integer end)
                       from sync.records r
                      where r.business_id = bid and r.collection = 'issuedDocuments' and not r.deleted
                        and r.record ->> 'kind' = kind and r.record ->> 'year' = year::text
                        and r.record ->> 'sequence' = sequence::text), 1))
    into known;
  insert into sync.document_revisions as c (business_id, kind, year, sequence, last, updated_by)
    values (bid, kind, year, sequence, known + 1, uid)
    on conflict on constraint document_revisions_pkey do update
      set last = greatest(c.last, known) + 1, updated_at = now(), updated_by = uid
    returning c.last into taken;
  return taken;
end
$$;
revoke execute on function public.take_document_revision(text, integer, integer, integer) from public, anon;
grant execute on function public.take_document_revision(text, integer, integer, integer) to authenticated, service_role;
