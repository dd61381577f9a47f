-- A first upload into an account (29,000 records for 5,000 items and 2,000 events with full tool kits)
-- cost about 150 ms of PGlite per batch of 500: besides checking and upserting each record, every
-- applied change stored its own result row (sync.applied_changes) for idempotent retries, and the batch
-- went through jsonb three more times (a plan, then one pass per write). Measured in PGlite, one batch
-- of 500 tool-kit records: upserting the records ~40 ms, storing their 500 results ~28 ms, the rest of
-- the function ~20 ms. docs/sync.md ("How a batch is applied"), docs/performance.md ("First sync").
--
-- What changes:
-- 1. A record's row keeps the id of the change that made its current revision (`change_id`). A retry of
--    that change is answered from the row itself (status applied, the row's rev, change_seq and deleted:
--    exactly the result it got), found by the record it names, so it does not matter how the retried
--    changes are split into batches. Only when a later change replaces that revision is the earlier
--    change's result stored in sync.applied_changes (a trigger, whatever path writes the row), so a
--    retry that comes after a later change still gets its own result. A first upload stores no result
--    rows at all.
-- 2. `sync.push_set` checks and applies a batch in one statement (the batch read once, the writes as
--    data-modifying parts of the same query), as sync.push_batch did in five passes; batches whose
--    answers depend on the order of their changes still go one by one (sync.push_one_by_one, in order).
-- 3. `public.sync_push_many(changes)` takes up to 2,000 changes per call (fewer, larger requests for a
--    first upload); `public.sync_push(changes)` keeps its contract (500 per call, the same answers) on
--    the same path, for clients that call it.
-- The guarantees are those of sync_push: the same checks and refusals, revision conflicts, tombstones,
-- record, batch and account size limits, serialised per business, row-level security (the functions
-- run as the caller), and a change applied once whatever its retries. tests/db/contract.test.ts runs
-- the same batches through this path and one by one and expects the same answers, rows and counters.

alter table sync.records add column change_id uuid;

-- The collections, as 20261126130000_money_sync.sql names them, as a function PostgreSQL can inline: the table's
-- check and each push call it once per record, and a function with its own search_path is never inlined
-- (a call of its own per record: ~10% of a batch in PGlite). The operator is named with its schema, so the
-- caller's search_path cannot change what it means.
create or replace function sync.is_collection(collection text) returns boolean
  language sql immutable
  as $$
    select collection operator(pg_catalog.~) '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|businessProfile|customers|issuedDocuments|documentNumbers|(ingredientList|staffList)-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$'
  $$;

-- The result a change got when it was applied (the shape sync_push answers).
create function sync.applied_result(cid uuid, collection text, record_id text, rev integer, change_seq bigint,
                                    deleted boolean) returns jsonb
  language sql immutable set search_path = ''
  as $$
    select jsonb_build_object('status', 'applied', 'client_change_id', cid, 'collection', collection,
      'record_id', record_id, 'rev', rev, 'change_seq', change_seq, 'deleted', deleted)
  $$;
revoke execute on function sync.applied_result(uuid, text, text, integer, bigint, boolean) from public;
grant execute on function sync.applied_result(uuid, text, text, integer, bigint, boolean) to authenticated, service_role;

-- When a new revision replaces a row, the result of the change that made the old one is stored (a
-- retry of it must still get it). A writer that does not set change_id (the one-by-one path, which
-- stores its results itself) leaves the row without one.
create function sync.keep_replaced_result() returns trigger
  language plpgsql set search_path = ''
  as $$
begin
  if old.change_id is not null and new.rev is distinct from old.rev then
    insert into sync.applied_changes (business_id, client_change_id, result)
      values (old.business_id, old.change_id,
              sync.applied_result(old.change_id, old.collection, old.record_id, old.rev, old.change_seq, old.deleted))
      on conflict (business_id, client_change_id) do nothing;
    if new.change_id is not distinct from old.change_id then
      new.change_id := null;
    end if;
  end if;
  return new;
end
$$;
revoke execute on function sync.keep_replaced_result() from public;
create trigger keep_replaced_result before update on sync.records
  for each row execute function sync.keep_replaced_result();

-- The one-by-one path (20261126110000_batched_push.sql), unchanged but for its retries: a change id is also
-- found as the change that made a record's current revision.
create or replace function sync.push_one_by_one(changes jsonb) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
declare
  max_record_bytes constant integer := 262144;
  max_changes constant integer := 500;
  uid uuid := auth.uid();
  bid uuid;
  biz sync.businesses;
  item jsonb;
  results jsonb := '[]'::jsonb;
  result jsonb;
  cid uuid;
  col text;
  rid text;
  base_rev integer;
  is_delete boolean;
  rec jsonb;
  problem text;
  cur sync.records;
  new_size integer;
  new_rev integer;
  seq bigint;
  stored jsonb;
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
  -- Lock the business row: pushes of one business run one after another, so change sequences are
  -- committed in order and a pull cursor never skips a change committed later with a smaller number.
  bid := sync.ensure_business();
  select * into biz from sync.businesses b where b.id = bid for update;

  for item in select e.value from jsonb_array_elements(changes) with ordinality as e(value, n) order by e.n loop
    result := null;
    cid := null;
    col := null;
    rid := null;
    if jsonb_typeof(item) is distinct from 'object' then
      result := jsonb_build_object('status', 'rejected', 'error', jsonb_build_object('code', 'bad_change', 'message', 'each change must be a JSON object'));
    else
      col := item ->> 'collection';
      rid := item ->> 'record_id';
      if coalesce(item ->> 'client_change_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        result := sync.rejected(item, 'bad_change', 'client_change_id must be a UUID');
      else
        cid := (item ->> 'client_change_id')::uuid;
        select a.result into stored from sync.applied_changes a where a.business_id = biz.id and a.client_change_id = cid;
        if found then
          result := stored;
        else
          -- The change that made the record's current revision (sync.push_set stores no result for it).
          select sync.applied_result(r.change_id, r.collection, r.record_id, r.rev, r.change_seq, r.deleted) into stored
            from sync.records r where r.business_id = biz.id and r.collection = col and r.record_id = rid and r.change_id = cid;
          if found then
            result := stored;
          end if;
        end if;
      end if;
    end if;

    if result is null then
      is_delete := coalesce(item -> 'deleted', 'false'::jsonb) = 'true'::jsonb;
      rec := case when is_delete then null else item -> 'record' end;
      problem := case when is_delete then null else sync.record_problem(coalesce(col, ''), coalesce(rid, ''), rec) end;
      if jsonb_typeof(item -> 'collection') is distinct from 'string' or not sync.is_collection(col) then
        result := sync.rejected(item, 'bad_collection', format('Unknown collection %s', coalesce(col, 'null')));
      elsif jsonb_typeof(item -> 'record_id') is distinct from 'string' or length(rid) not between 1 and 200 then
        result := sync.rejected(item, 'bad_record_id', 'record_id must be a string of 1 to 200 characters');
      elsif item ? 'deleted' and jsonb_typeof(item -> 'deleted') is distinct from 'boolean' then
        result := sync.rejected(item, 'bad_change', 'deleted must be true or false');
      elsif item ? 'base_rev' and jsonb_typeof(item -> 'base_rev') not in ('null', 'number') then
        result := sync.rejected(item, 'bad_change', 'base_rev must be a revision number or null');
      elsif jsonb_typeof(item -> 'base_rev') = 'number' and ((item ->> 'base_rev') !~ '^[1-9][0-9]{0,8}$') then
        result := sync.rejected(item, 'bad_change', 'base_rev must be a whole number from 1');
      elsif problem is not null then
        result := sync.rejected(item, 'bad_record', problem);
      elsif rec is not null and octet_length(rec::text) > max_record_bytes then
        result := sync.rejected(item, 'record_too_large', format('A record may hold at most %s bytes; this one holds %s', max_record_bytes, octet_length(rec::text)));
      end if;
    end if;

    if result is null then
      base_rev := (item ->> 'base_rev')::integer;
      select * into cur from sync.records r
        where r.business_id = biz.id and r.collection = col and r.record_id = rid for update;
      if (not found and base_rev is not null) or (found and base_rev is distinct from cur.rev) then
        result := jsonb_build_object('status', 'conflict', 'client_change_id', cid, 'collection', col, 'record_id', rid,
          'server', case when cur.record_id is null then null else jsonb_build_object(
            'rev', cur.rev, 'record', cur.record, 'deleted', cur.deleted, 'updated_at', cur.updated_at, 'change_seq', cur.change_seq) end);
      else
        new_size := coalesce(octet_length(rec::text), 0);
        if new_size > coalesce(cur.size_bytes, 0) and biz.used_bytes - coalesce(cur.size_bytes, 0) + new_size > biz.quota_bytes then
          result := sync.rejected(item, 'quota_exceeded', format('The account holds %s of its %s bytes: this change does not fit', biz.used_bytes, biz.quota_bytes));
        else
          new_rev := coalesce(cur.rev, 0) + 1;
          seq := biz.change_seq + 1;
          insert into sync.records as r (business_id, collection, record_id, rev, record, deleted, updated_at, updated_by, change_seq, size_bytes)
            values (biz.id, col, rid, new_rev, rec, is_delete, now(), uid, seq, new_size)
            on conflict (business_id, collection, record_id) do update
              set rev = excluded.rev, record = excluded.record, deleted = excluded.deleted, updated_at = excluded.updated_at,
                  updated_by = excluded.updated_by, change_seq = excluded.change_seq, size_bytes = excluded.size_bytes;
          biz.change_seq := seq;
          biz.used_bytes := biz.used_bytes - coalesce(cur.size_bytes, 0) + new_size;
          update sync.businesses b set change_seq = biz.change_seq, used_bytes = biz.used_bytes where b.id = biz.id;
          result := jsonb_build_object('status', 'applied', 'client_change_id', cid, 'collection', col, 'record_id', rid,
            'rev', new_rev, 'change_seq', seq, 'deleted', is_delete);
          insert into sync.applied_changes (business_id, client_change_id, result) values (biz.id, cid, result);
        end if;
      end if;
    end if;
    results := results || jsonb_build_array(result);
  end loop;
  return results;
end
$$;

-- The set-based path: the batch's results, applied; or null, having written nothing, when the batch
-- needs the one-by-one path (a change id twice, two changes to one record that are neither retries nor
-- refused, or the account's quota within reach).
create function sync.push_set(changes jsonb, max_changes integer) returns jsonb
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
             and coalesce(e.value ->> 'client_change_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           then (e.value ->> 'client_change_id')::uuid end as cid,
      coalesce(e.value -> 'deleted', 'false'::jsonb) = 'true'::jsonb as is_delete,
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
      else sync.record_problem(coalesce(l.col, ''), coalesce(l.rid, ''), l.item -> 'record') end as problem) p
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
      select bid, p.col, p.rid, p.new_rev, case when p.is_delete then null else p.item -> 'record' end,
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
revoke execute on function sync.push_set(jsonb, integer) from public, anon;
grant execute on function sync.push_set(jsonb, integer) to authenticated, service_role;

-- The one-by-one path for a batch of up to `max_changes`, in order, 500 at a time (its own cap).
create function sync.push_in_order(changes jsonb, max_changes integer) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
declare
  total integer;
  results jsonb := '[]'::jsonb;
  at integer := 0;
begin
  if jsonb_typeof(changes) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'changes must be an array';
  end if;
  total := jsonb_array_length(changes);
  if total > max_changes then
    raise exception using errcode = '22023', message = format('At most %s changes per push', max_changes),
      hint = 'Send the changes in smaller batches';
  end if;
  if total <= 500 then
    return sync.push_one_by_one(changes);
  end if;
  while at < total loop
    results := results || sync.push_one_by_one(
      (select jsonb_agg(e.value order by e.n) from jsonb_array_elements(changes) with ordinality as e(value, n)
        where e.n > at and e.n <= at + 500));
    at := at + 500;
  end loop;
  return results;
end
$$;
revoke execute on function sync.push_in_order(jsonb, integer) from public, anon;
grant execute on function sync.push_in_order(jsonb, integer) to authenticated, service_role;

-- Push a batch of changes (docs/sync.md): at most 500, as before.
create or replace function public.sync_push(changes jsonb) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
begin
  return coalesce(sync.push_set(changes, 500), sync.push_one_by_one(changes));
end
$$;

-- Push a batch of up to 2,000 changes, answered as sync_push answers (docs/sync.md).
create function public.sync_push_many(changes jsonb) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
begin
  return coalesce(sync.push_set(changes, 2000), sync.push_in_order(changes, 2000));
end
$$;
revoke execute on function public.sync_push_many(jsonb) from public, anon;
grant execute on function public.sync_push_many(jsonb) to authenticated, service_role;
