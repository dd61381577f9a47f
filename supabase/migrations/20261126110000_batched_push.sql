-- The first push of an account (thousands of records, in batches of 500) was one statement per change
-- (look up, lock, upsert, count, record the result): about 4.5 s for 5,000 items and 2,000 events with
-- their tool kits. sync_push now checks and applies a batch with a few set-based statements over the
-- batch (jsonb_to_recordset): the same checks in the same order, the same revision conflicts,
-- idempotent retries (stored results), tombstones, size and quota limits, serialised per business, and
-- the same row-level security (the function still runs as the caller). Batches that need the order of
-- their changes (a change id or a record twice in one batch, or a batch that could reach the account's
-- quota) go through the one-by-one path below, unchanged from 20261126100000_more_collections.sql.
-- tests/db/contract.test.ts runs the same batches through both paths and expects the same answers.
-- docs/sync.md.

-- The one-by-one path (the earlier sync_push), for the batches above.
create function sync.push_one_by_one(changes jsonb) returns jsonb
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

revoke execute on function sync.push_one_by_one(jsonb) from public, anon;
grant execute on function sync.push_one_by_one(jsonb) to authenticated, service_role;

-- The batch path: the results of the batch, applied; or null, having written nothing, when the batch
-- needs the one-by-one path (a change id twice, two changes to one record that are neither retries nor
-- refused, or the account's quota within reach).
create function sync.push_batch(changes jsonb) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
declare
  max_record_bytes constant integer := 262144;
  max_changes constant integer := 500;
  uid uuid := auth.uid();
  bid uuid;
  biz sync.businesses;
  plan jsonb;
  repeated boolean;
  growth bigint;
  applying integer;
  net bigint;
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
  -- Lock the business row: pushes of one business run one after another, so change sequences are
  -- committed in order and a pull cursor never skips a change committed later with a smaller number.
  bid := sync.ensure_business();
  select * into biz from sync.businesses b where b.id = bid for update;

  -- Each change checked as the one-by-one path checks it, then decided against the stored row.
  with input as (
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
  checked as (
    select i.*, a.result as stored,
      case
        when not i.is_object then jsonb_build_object('status', 'rejected', 'error',
          jsonb_build_object('code', 'bad_change', 'message', 'each change must be a JSON object'))
        when i.cid is null then sync.rejected(i.item, 'bad_change', 'client_change_id must be a UUID')
        when a.result is not null then null
        when jsonb_typeof(i.item -> 'collection') is distinct from 'string' or not sync.is_collection(i.col) then
          sync.rejected(i.item, 'bad_collection', format('Unknown collection %s', coalesce(i.col, 'null')))
        when jsonb_typeof(i.item -> 'record_id') is distinct from 'string' or length(i.rid) not between 1 and 200 then
          sync.rejected(i.item, 'bad_record_id', 'record_id must be a string of 1 to 200 characters')
        when i.item ? 'deleted' and jsonb_typeof(i.item -> 'deleted') is distinct from 'boolean' then
          sync.rejected(i.item, 'bad_change', 'deleted must be true or false')
        when i.item ? 'base_rev' and jsonb_typeof(i.item -> 'base_rev') not in ('null', 'number') then
          sync.rejected(i.item, 'bad_change', 'base_rev must be a revision number or null')
        when jsonb_typeof(i.item -> 'base_rev') = 'number' and ((i.item ->> 'base_rev') !~ '^[1-9][0-9]{0,8}$') then
          sync.rejected(i.item, 'bad_change', 'base_rev must be a whole number from 1')
        when p.problem is not null then sync.rejected(i.item, 'bad_record', p.problem)
        when not i.is_delete and i.rec_bytes > max_record_bytes then
          sync.rejected(i.item, 'record_too_large', format('A record may hold at most %s bytes; this one holds %s',
            max_record_bytes, i.rec_bytes))
      end as refused
    from input i
    left join sync.applied_changes a on a.business_id = biz.id and a.client_change_id = i.cid
    cross join lateral (select case when i.is_delete or not i.is_object then null
      else sync.record_problem(coalesce(i.col, ''), coalesce(i.rid, ''), i.item -> 'record') end as problem) p
  ),
  decided as (
    select c.n, c.cid, c.col, c.rid, c.is_delete, c.stored, c.refused,
      case when c.is_delete then 0 else coalesce(c.rec_bytes, 0) end as new_size,
      r.record_id is not null as found, r.rev as cur_rev, r.record as cur_record, r.deleted as cur_deleted,
      r.updated_at as cur_updated_at, r.change_seq as cur_change_seq, coalesce(r.size_bytes, 0) as cur_size,
      case
        when c.stored is not null or c.refused is not null then null
        when (r.record_id is null and (c.item ->> 'base_rev') is not null)
          or (r.record_id is not null and (c.item ->> 'base_rev')::integer is distinct from r.rev) then 'conflict'
        else 'apply'
      end as outcome
    from checked c
    left join sync.records r on r.business_id = biz.id and r.collection = c.col and r.record_id = c.rid
      and c.stored is null and c.refused is null
  ),
  numbered as (
    select d.*, case when d.outcome = 'apply' then row_number() over (partition by d.outcome = 'apply' order by d.n) end as k
    from decided d
  )
  select
    jsonb_agg(jsonb_build_object(
      'n', x.n, 'k', x.k, 'outcome', x.outcome, 'cid', x.cid, 'col', x.col, 'rid', x.rid,
      'is_delete', x.is_delete, 'new_rev', coalesce(x.cur_rev, 0) + 1, 'new_size', x.new_size, 'cur_size', x.cur_size,
      'result', coalesce(x.stored, x.refused, case when x.outcome = 'conflict' then
        jsonb_build_object('status', 'conflict', 'client_change_id', x.cid, 'collection', x.col, 'record_id', x.rid,
          'server', case when not x.found then null else jsonb_build_object(
            'rev', x.cur_rev, 'record', x.cur_record, 'deleted', x.cur_deleted, 'updated_at', x.cur_updated_at,
            'change_seq', x.cur_change_seq) end) end)) order by x.n),
    count(x.cid) <> count(distinct x.cid)
      or count(*) filter (where x.outcome is not null) <> count(distinct (x.col, x.rid)) filter (where x.outcome is not null),
    coalesce(sum(greatest(x.new_size - x.cur_size, 0)) filter (where x.outcome = 'apply'), 0),
    count(*) filter (where x.outcome = 'apply'),
    coalesce(sum(x.new_size - x.cur_size) filter (where x.outcome = 'apply'), 0)
  into plan, repeated, growth, applying, net
  from numbered x;

  if plan is null then
    return '[]'::jsonb;
  end if;
  -- A change id or a record twice in one batch, or a batch that might not fit the account's quota: the
  -- order of the changes matters, so they are taken one by one (nothing of the above was written).
  if repeated or biz.used_bytes + growth > biz.quota_bytes then
    return null;
  end if;

  if applying > 0 then
    insert into sync.records as r (business_id, collection, record_id, rev, record, deleted, updated_at, updated_by, change_seq, size_bytes)
      -- The record straight from the batch (by its position), not copied through the plan.
      select biz.id, p.col, p.rid, p.new_rev, case when p.is_delete then null else changes -> (p.n - 1)::integer -> 'record' end,
        p.is_delete, now(), uid, biz.change_seq + p.k, p.new_size
      from jsonb_to_recordset(plan) as p(n bigint, outcome text, k bigint, col text, rid text, new_rev integer,
        is_delete boolean, new_size integer)
      where p.outcome = 'apply'
      on conflict (business_id, collection, record_id) do update
        set rev = excluded.rev, record = excluded.record, deleted = excluded.deleted, updated_at = excluded.updated_at,
            updated_by = excluded.updated_by, change_seq = excluded.change_seq, size_bytes = excluded.size_bytes;
    insert into sync.applied_changes (business_id, client_change_id, result)
      select biz.id, p.cid, jsonb_build_object('status', 'applied', 'client_change_id', p.cid, 'collection', p.col,
        'record_id', p.rid, 'rev', p.new_rev, 'change_seq', biz.change_seq + p.k, 'deleted', p.is_delete)
      from jsonb_to_recordset(plan) as p(outcome text, k bigint, cid uuid, col text, rid text, new_rev integer, is_delete boolean)
      where p.outcome = 'apply';
    update sync.businesses b set change_seq = biz.change_seq + applying, used_bytes = biz.used_bytes + net
      where b.id = biz.id;
  end if;

  select jsonb_agg(case when p.outcome = 'apply' then
      jsonb_build_object('status', 'applied', 'client_change_id', p.cid, 'collection', p.col, 'record_id', p.rid,
        'rev', p.new_rev, 'change_seq', biz.change_seq + p.k, 'deleted', p.is_delete)
      else p.result end order by p.n)
    into results
    from jsonb_to_recordset(plan) as p(n bigint, outcome text, k bigint, cid uuid, col text, rid text, new_rev integer,
      is_delete boolean, result jsonb);
  return results;
end
$$;
revoke execute on function sync.push_batch(jsonb) from public, anon;
grant execute on function sync.push_batch(jsonb) to authenticated, service_role;

-- Push a batch of changes (docs/sync.md): the batch path, else one by one.
create or replace function public.sync_push(changes jsonb) returns jsonb
  language plpgsql volatile set search_path = ''
  as $$
begin
  return coalesce(sync.push_batch(changes), sync.push_one_by_one(changes));
end
$$;
