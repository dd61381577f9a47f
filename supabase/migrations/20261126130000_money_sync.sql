-- The money side of issue 22 syncs too (issue 24, "whatever later issues add"), and quote and invoice
-- numbers come from the account so two devices never take the same one. docs/sync.md.
--
-- Collections (one record per id, so two devices' changes merge by id):
-- - `customers`: one record per customer, by its `id`;
-- - `issuedDocuments`: one record per issued quote or invoice, by its `id` (never changed once issued);
-- - `documentNumbers`: one record per counter, `<kind>-<year>` ("invoice-2026"), record
--   {"id": "invoice-2026", "kind": "invoice", "year": 2026, "last": 3} (the last number used). The client
--   merges two devices' counters by taking the higher, so a count never goes down.
--
-- Numbers: `public.take_document_number(kind, year)` hands out the next number of a business's counter
-- (sync.document_counters), atomically: two calls at once never get the same number, and a number is
-- never given twice. It starts above every number the account already knows (its synced counters and
-- issued documents, and what the calling device says it has used), so turning sync on after issuing
-- on one device does not start again at 1.

create or replace function sync.is_collection(collection text) returns boolean
  language sql immutable set search_path = ''
  as $$
    select collection ~ '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|businessProfile|customers|issuedDocuments|documentNumbers|(ingredientList|staffList)-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$'
  $$;

-- Why a pushed record cannot be stored, or null when it can (shape by collection).
create or replace function sync.record_problem(collection text, record_id text, record jsonb) returns text
  language plpgsql immutable set search_path = ''
  as $$
declare
  id_field text;
begin
  if jsonb_typeof(record) is distinct from 'object' then
    return 'record must be a JSON object';
  end if;
  if collection ~ '^[0-9]+-(discountPercentage|taxPercentage)$' then
    if record_id <> 'value' then return 'the record id of a value key is "value"'; end if;
    if jsonb_typeof(record -> 'value') is distinct from 'number' then return 'value must be a number'; end if;
    return null;
  end if;
  if collection = 'businessProfile' then
    if record_id <> 'value' then return 'the record id of a value key is "value"'; end if;
    if jsonb_typeof(record -> 'value') is distinct from 'object' then return 'value must be the business profile (an object)'; end if;
    if jsonb_typeof(record -> 'value' -> 'businessName') is distinct from 'string' then return 'value.businessName must be text'; end if;
    return null;
  end if;
  if collection in ('events', 'deletedEventIds') then
    if record_id !~ '^(0|-?[1-9][0-9]{0,15})$' or jsonb_typeof(record -> 'id') is distinct from 'number'
       or (record ->> 'id') <> record_id then
      return format('record.id must be the number %s', record_id);
    end if;
    return null;
  end if;
  id_field := case
    when collection = 'suppliers' then 'supplierID'
    when collection like 'ingredientList-%' then 'lineId'
    else 'id'
  end;
  if jsonb_typeof(record -> id_field) is distinct from 'string' or (record ->> id_field) <> record_id then
    return format('record.%s must be the record id "%s"', id_field, record_id);
  end if;
  if collection = 'documentNumbers' then
    if record_id !~ '^(quote|invoice)-[0-9]{4}$' then
      return 'the record id of a counter is "quote-<year>" or "invoice-<year>"';
    end if;
    if record ->> 'kind' is distinct from split_part(record_id, '-', 1)
       or jsonb_typeof(record -> 'year') is distinct from 'number'
       or (record ->> 'year') <> split_part(record_id, '-', 2) then
      return format('record.kind and record.year must be those of "%s"', record_id);
    end if;
    if jsonb_typeof(record -> 'last') is distinct from 'number' or (record ->> 'last') !~ '^[1-9][0-9]{0,8}$' then
      return 'record.last must be a whole number from 1';
    end if;
    return null;
  end if;
  if collection = 'issuedDocuments' then
    if record ->> 'kind' is null or record ->> 'kind' not in ('quote', 'invoice')
       or jsonb_typeof(record -> 'year') is distinct from 'number' or (record ->> 'year') !~ '^[0-9]{4}$'
       or jsonb_typeof(record -> 'sequence') is distinct from 'number' or (record ->> 'sequence') !~ '^[1-9][0-9]{0,8}$' then
      return 'record.kind, record.year and record.sequence must be those of an issued quote or invoice';
    end if;
    return null;
  end if;
  return null;
end
$$;

-- The last number handed out per business, kind and year. Reached only through take_document_number
-- (schema sync is not exposed), and even then only the caller's business's rows (row-level security).
create table sync.document_counters (
  business_id uuid not null references sync.businesses (id) on delete cascade,
  kind text not null check (kind in ('quote', 'invoice')),
  year integer not null check (year between 1000 and 9999),
  last integer not null check (last >= 1),
  updated_at timestamptz not null default now(),
  updated_by uuid not null,
  primary key (business_id, kind, year)
);
alter table sync.document_counters enable row level security;
create policy counters_member_reads on sync.document_counters for select to authenticated
  using (business_id in (select sync.my_business_ids()));
create policy counters_member_inserts on sync.document_counters for insert to authenticated
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());
create policy counters_member_updates on sync.document_counters for update to authenticated
  using (business_id in (select sync.my_business_ids()))
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());
-- No DELETE: a counter never goes back.
grant select, insert, update on sync.document_counters to authenticated;
grant all on sync.document_counters to service_role;

-- The next quote or invoice number of the caller's business for `year`: one more than the highest of
-- the counter, the account's synced counter and issued documents of that kind and year, and `last_known`
-- (the highest number the calling device has used; optional). The counter row is locked by the upsert,
-- so concurrent calls take turns and each gets a number of its own; a number handed out is never
-- handed out again (the counter only goes up), even when the caller never uses it.
create function public.take_document_number(kind text, year integer, last_known integer default 0) returns integer
  language plpgsql volatile set search_path = ''
  as $$
declare
  uid uuid := auth.uid();
  bid uuid;
  known integer;
  taken integer;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to take a number: no account in the JWT';
  end if;
  if kind is null or kind not in ('quote', 'invoice') then
    raise exception using errcode = '22023', message = 'kind must be quote or invoice';
  end if;
  if year is null or year not between 1000 and 9999 then
    raise exception using errcode = '22023', message = 'year must be a year of four digits';
  end if;
  if last_known is not null and (last_known < 0 or last_known > 999999999) then
    raise exception using errcode = '22023', message = 'last_known must be a whole number from 0';
  end if;
  bid := sync.ensure_business();
  select greatest(
           coalesce(last_known, 0),
           coalesce((select max((r.record ->> 'last')::integer) from sync.records r
                      where r.business_id = bid and r.collection = 'documentNumbers'
                        and r.record_id = kind || '-' || year and not r.deleted), 0),
           coalesce((select max((r.record ->> 'sequence')::integer) from sync.records r
                      where r.business_id = bid and r.collection = 'issuedDocuments' and not r.deleted
                        and r.record ->> 'kind' = kind and r.record ->> 'year' = year::text), 0))
    into known;
  insert into sync.document_counters as c (business_id, kind, year, last, updated_by)
    values (bid, kind, year, known + 1, uid)
    on conflict on constraint document_counters_pkey do update
      set last = greatest(c.last, known) + 1, updated_at = now(), updated_by = uid
    returning c.last into taken;
  return taken;
end
$$;
revoke execute on function public.take_document_number(text, integer, integer) from public, anon;
grant execute on function public.take_document_number(text, integer, integer) to authenticated, service_role;
