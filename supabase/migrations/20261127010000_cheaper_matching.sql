-- The first sync's SQL, fifth pass (issue 24, docs/performance.md "First sync, fifth pass"): the pattern
-- matching each pushed record went through, made cheaper with the same answers.
--
-- Measured in PGlite (a first upload of 28,000 records in batches of 2,000, the SQL alone): matching a
-- collection name against sync.is_collection's one regular expression of 14 alternatives costs ~6 µs a
-- record in PGlite's regex engine, and it ran twice per record (the push's check, then the table's check
-- constraint, which calls the same function); with record_problem's own regular expression on the name
-- and the case-insensitive one on the change id, the regular expressions were ~15% of the push. Each is
-- now a comparison with a list, a prefix or a suffix, and a short regular expression on what is left
-- (the digits) only: the same names accepted, the same refused (tests/db/contract.test.ts compares both
-- forms over a list of names).
--
-- And the records' insert and update policies read auth.uid() once per statement, as Supabase advises
-- (`(select auth.uid())`, an initPlan), instead of once per row.

-- The collections of 20261126140000_set_push.sql: the same set, by comparison where the old regular
-- expression had a literal alternative, a regular expression on the digits only. Inlinable as before (SQL,
-- immutable, no search_path of its own, every operator and function named with its schema). A name with
-- none of those prefixes or suffixes is false, not null: the push refuses with `not is_collection(...)`,
-- and a check constraint lets a null through.
create or replace function sync.is_collection(collection text) returns boolean
  language sql immutable
  as $$
    select collection operator(pg_catalog.=) any ('{inventoryItems,suppliers,employees,events,selectedItems,deletedEventIds,businessProfile,customers,issuedDocuments,documentNumbers}'::pg_catalog.text[])
      or coalesce(case
        when pg_catalog."left"(collection, 15) operator(pg_catalog.=) 'ingredientList-' then pg_catalog.substr(collection, 16)
        when pg_catalog."left"(collection, 10) operator(pg_catalog.=) 'staffList-' then pg_catalog.substr(collection, 11)
        when pg_catalog."right"(collection, 19) operator(pg_catalog.=) '-discountPercentage' then pg_catalog."left"(collection, -19)
        when pg_catalog."right"(collection, 14) operator(pg_catalog.=) '-taxPercentage' then pg_catalog."left"(collection, -14)
      end operator(pg_catalog.~) '^[0-9]{1,15}$', false)
  $$;

-- Why a pushed record cannot be stored, or null when it can: 20261126170000_inline_checks.sql's expression,
-- the value keys' names (`<digits>-discountPercentage`, `<digits>-taxPercentage`) found by their suffix.
create or replace function sync.record_problem(collection text, record_id text, record jsonb) returns text
  language sql immutable
  as $$
    select case
      when jsonb_typeof(record) is distinct from 'object' then 'record must be a JSON object'
      when (right(collection, 19) = '-discountPercentage' and left(collection, -19) ~ '^[0-9]+$')
           or (right(collection, 14) = '-taxPercentage' and left(collection, -14) ~ '^[0-9]+$') then case
        when record_id <> 'value' then 'the record id of a value key is "value"'
        when jsonb_typeof(record -> 'value') is distinct from 'number' then 'value must be a number'
      end
      when collection = 'businessProfile' then case
        when record_id <> 'value' then 'the record id of a value key is "value"'
        when jsonb_typeof(record -> 'value') is distinct from 'object' then 'value must be the business profile (an object)'
        when jsonb_typeof(record -> 'value' -> 'businessName') is distinct from 'string' then 'value.businessName must be text'
      end
      when collection in ('events', 'deletedEventIds') then case
        when record_id !~ '^(0|-?[1-9][0-9]{0,15})$' or jsonb_typeof(record -> 'id') is distinct from 'number'
             or (record ->> 'id') <> record_id then 'record.id must be the number ' || record_id
      end
      when collection = 'suppliers' then case
        when jsonb_typeof(record -> 'supplierID') is distinct from 'string' or (record ->> 'supplierID') <> record_id
          then 'record.supplierID must be the record id "' || record_id || '"'
      end
      when collection like 'ingredientList-%' then case
        when jsonb_typeof(record -> 'lineId') is distinct from 'string' or (record ->> 'lineId') <> record_id
          then 'record.lineId must be the record id "' || record_id || '"'
      end
      when jsonb_typeof(record -> 'id') is distinct from 'string' or (record ->> 'id') <> record_id
        then 'record.id must be the record id "' || record_id || '"'
      when collection = 'documentNumbers' then case
        when record_id !~ '^(quote|invoice)-[0-9]{4}$'
          then 'the record id of a counter is "quote-<year>" or "invoice-<year>"'
        when record ->> 'kind' is distinct from split_part(record_id, '-', 1)
             or jsonb_typeof(record -> 'year') is distinct from 'number'
             or (record ->> 'year') <> split_part(record_id, '-', 2)
          then 'record.kind and record.year must be those of "' || record_id || '"'
        when jsonb_typeof(record -> 'last') is distinct from 'number' or (record ->> 'last') !~ '^[1-9][0-9]{0,8}$'
          then 'record.last must be a whole number from 1'
      end
      when collection = 'issuedDocuments' then case
        when record ->> 'kind' is null or record ->> 'kind' not in ('quote', 'invoice')
             or jsonb_typeof(record -> 'year') is distinct from 'number' or (record ->> 'year') !~ '^[0-9]{4}$'
             or jsonb_typeof(record -> 'sequence') is distinct from 'number'
             or (record ->> 'sequence') !~ '^[1-9][0-9]{0,8}$'
          then 'record.kind, record.year and record.sequence must be those of an issued quote or invoice'
        when record ? 'issuedAs' and (jsonb_typeof(record -> 'issuedAs') is distinct from 'string'
             or (record ->> 'issuedAs') !~ '^(Q|INV)-[0-9]{4}-[0-9]{4,}(-[0-9]+)?$')
          then 'record.issuedAs must be the number of a quote or invoice (INV-2026-0001-2)'
      end
    end
  $$;

-- sync.push_set of 20261126170000_inline_checks.sql, but for the change id's form checked by a case-sensitive
-- regular expression with both cases in its classes (the same ids: `~*` folded `[0-9a-f]` to the same set).
create or replace function sync.push_set(changes jsonb, max_changes integer) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
declare
  max_record_bytes constant integer := 262144;
  uid uuid := auth.uid();
  bid uuid;
  biz sync.businesses;
  ok boolean;
  results jsonb;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  if jsonb_typeof(changes) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'changes must be an array';
  end if;
  if jsonb_array_length(changes) > max_changes then
    raise exception using errcode = '22023', message = format('At most %s changes per push', max_changes),
      hint = 'Send the changes in smaller batches';
  end if;
  if jsonb_array_length(changes) = 0 then
    return '[]'::jsonb;
  end if;
  -- Lock the business row: pushes of one business run one after another, so change sequences are
  -- committed in order and a pull cursor never skips a change committed later with a smaller number.
  bid := sync.ensure_business();
  select * into biz from sync.businesses b where b.id = bid for update;

  with input as materialized (
    select e.n, e.value as item,
      jsonb_typeof(e.value) = 'object' as is_object,
      e.value ->> 'collection' as col,
      e.value ->> 'record_id' as rid,
      case when jsonb_typeof(e.value) = 'object'
             and coalesce(e.value ->> 'client_change_id', '') ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
           then (e.value ->> 'client_change_id')::uuid end as cid,
      coalesce(e.value -> 'deleted', 'false'::jsonb) = 'true'::jsonb as is_delete,
      e.value -> 'record' as rec,
      octet_length((e.value -> 'record')::text) as rec_bytes
    from jsonb_array_elements(changes) with ordinality as e(value, n)
  ),
  -- The row each change names (RLS: only the caller's business), and whether the change is a retry:
  -- the change that made the row's revision, or one whose result was stored when a later one replaced it.
  looked as (
    select i.*, r.record_id is not null as found, r.rev as cur_rev, r.record as cur_record, r.deleted as cur_deleted,
      r.updated_at as cur_updated_at, r.change_seq as cur_change_seq, coalesce(r.size_bytes, 0) as cur_size,
      case
        when i.cid is null or r.record_id is null then null
        when r.change_id = i.cid then sync.applied_result(r.change_id, r.collection, r.record_id, r.rev, r.change_seq, r.deleted)
        else (select a.result from sync.applied_changes a where a.business_id = bid and a.client_change_id = i.cid)
      end as stored
    from input i
    left join sync.records r on r.business_id = bid and r.collection = i.col and r.record_id = i.rid
      and i.cid is not null
  ),
  -- Each change checked as the one-by-one path checks it, in the same order.
  checked as (
    select l.*,
      case
        when not l.is_object then jsonb_build_object('status', 'rejected', 'error',
          jsonb_build_object('code', 'bad_change', 'message', 'each change must be a JSON object'))
        when l.cid is null then sync.rejected(l.item, 'bad_change', 'client_change_id must be a UUID')
        when l.stored is not null then null
        when jsonb_typeof(l.item -> 'collection') is distinct from 'string' or not sync.is_collection(l.col) then
          sync.rejected(l.item, 'bad_collection', format('Unknown collection %s', coalesce(l.col, 'null')))
        when jsonb_typeof(l.item -> 'record_id') is distinct from 'string' or length(l.rid) not between 1 and 200 then
          sync.rejected(l.item, 'bad_record_id', 'record_id must be a string of 1 to 200 characters')
        when l.item ? 'deleted' and jsonb_typeof(l.item -> 'deleted') is distinct from 'boolean' then
          sync.rejected(l.item, 'bad_change', 'deleted must be true or false')
        when l.item ? 'base_rev' and jsonb_typeof(l.item -> 'base_rev') not in ('null', 'number') then
          sync.rejected(l.item, 'bad_change', 'base_rev must be a revision number or null')
        when jsonb_typeof(l.item -> 'base_rev') = 'number' and ((l.item ->> 'base_rev') !~ '^[1-9][0-9]{0,8}$') then
          sync.rejected(l.item, 'bad_change', 'base_rev must be a whole number from 1')
        when not l.is_delete and (p.problem is not null) then sync.rejected(l.item, 'bad_record', p.problem)
        when not l.is_delete and l.rec_bytes > max_record_bytes then
          sync.rejected(l.item, 'record_too_large', format('A record may hold at most %s bytes; this one holds %s',
            max_record_bytes, l.rec_bytes))
      end as refused
    from looked l
    cross join lateral (select case when l.is_delete or not l.is_object or l.stored is not null then null
      else sync.record_problem(coalesce(l.col, ''), coalesce(l.rid, ''), l.rec) end as problem) p
  ),
  decided as (
    select c.*,
      case when c.is_delete then 0 else coalesce(c.rec_bytes, 0) end as new_size,
      coalesce(c.cur_rev, 0) + 1 as new_rev,
      case
        when c.stored is not null or c.refused is not null then null
        when (not c.found and (c.item ->> 'base_rev') is not null)
          or (c.found and (c.item ->> 'base_rev')::integer is distinct from c.cur_rev) then 'conflict'
        else 'apply'
      end as outcome
    from checked c
  ),
  plan as materialized (
    select d.*, case when d.outcome = 'apply' then
      row_number() over (partition by d.outcome = 'apply' order by d.n) end as k
    from decided d
  ),
  -- Whether the set-based path may take the batch, and what it adds to the business's counters.
  verdict as (
    select
      count(p.cid) = count(distinct p.cid)
        and count(*) filter (where p.outcome is not null) = count(distinct (p.col, p.rid)) filter (where p.outcome is not null)
        and biz.used_bytes + coalesce(sum(greatest(p.new_size - p.cur_size, 0)) filter (where p.outcome = 'apply'), 0)
          <= biz.quota_bytes as ok,
      count(*) filter (where p.outcome = 'apply') as applying,
      coalesce(sum(p.new_size - p.cur_size) filter (where p.outcome = 'apply'), 0) as net
    from plan p
  ),
  written as (
    insert into sync.records as r (business_id, collection, record_id, rev, record, deleted, updated_at, updated_by,
                                   change_seq, size_bytes, change_id)
      select bid, p.col, p.rid, p.new_rev, case when p.is_delete then null else p.rec end,
        p.is_delete, now(), uid, biz.change_seq + p.k, p.new_size, p.cid
      from plan p, verdict v
      where v.ok and p.outcome = 'apply'
      on conflict (business_id, collection, record_id) do update
        set rev = excluded.rev, record = excluded.record, deleted = excluded.deleted, updated_at = excluded.updated_at,
            updated_by = excluded.updated_by, change_seq = excluded.change_seq, size_bytes = excluded.size_bytes,
            change_id = excluded.change_id
      returning 1
  ),
  counted as (
    update sync.businesses b set change_seq = biz.change_seq + v.applying, used_bytes = biz.used_bytes + v.net
      from verdict v
      where b.id = bid and v.ok and v.applying > 0
      returning 1
  )
  select v.ok,
    case when v.ok then (select jsonb_agg(case
        when p.outcome = 'apply' then
          sync.applied_result(p.cid, p.col, p.rid, p.new_rev, biz.change_seq + p.k, p.is_delete)
        when p.outcome = 'conflict' then
          jsonb_build_object('status', 'conflict', 'client_change_id', p.cid, 'collection', p.col, 'record_id', p.rid,
            'server', case when not p.found then null else jsonb_build_object(
              'rev', p.cur_rev, 'record', p.cur_record, 'deleted', p.cur_deleted, 'updated_at', p.cur_updated_at,
              'change_seq', p.cur_change_seq) end)
        else coalesce(p.stored, p.refused) end order by p.n) from plan p) end
    into ok, results
    from verdict v;

  if not ok then
    return null;
  end if;
  return results;
end
$$;

drop policy records_member_inserts on sync.records;
create policy records_member_inserts on sync.records for insert to authenticated
  with check (business_id in (select sync.my_business_ids()) and updated_by = (select auth.uid()));
drop policy records_member_updates on sync.records;
create policy records_member_updates on sync.records for update to authenticated
  using (business_id in (select sync.my_business_ids()))
  with check (business_id in (select sync.my_business_ids()) and updated_by = (select auth.uid()));
