-- The first sync's SQL, ninth pass (issue 24, docs/performance.md "First sync, ninth pass"): sync.push_set
-- with the same answers, rows and counters, doing less per batch and per change.
--
-- Measured (a CPU profile of the embedded server's PGlite worker during the first sync, its WebAssembly
-- functions named by the module's exports):
--
-- 1. ~400 ms of the worker's ~3 s in `datumCopy`, called by the planner. PL/pgSQL plans the push's statement
--    anew for each call (a custom plan), and the planner puts the value of each parameter into the plan as a
--    constant: the whole batch (up to 3 MB), once for each place the statement names `changes`, copied by
--    `eval_const_expressions`, again when the plan is fixed up and again when it is kept (`BuildCachedPlan`).
--    The statement named it ten times: the batch's rows, eight refusals (`sync.rejected(changes -> (n - 1),
--    …)`, whose branches are planned whether or not a change is refused) and the two writes. A refusal now
--    builds its answer from what the first pass took of its change (the client change id, collection and
--    record id with their JSON types, as sync.rejected reads them), so the statement names the batch three
--    times: its rows, the insert and the update.
-- 2. ~390 ms in PostgreSQL's regular expressions (`textregexeq`): about 75,000 matches for 29,000 changes,
--    ~5 µs each in PGlite: each change id's form, and a Tool Kit key's digits twice (the push's check, then
--    the table's check constraint, both sync.is_collection). Now a LIKE pattern and `ltrim` with the allowed
--    characters answer the same questions (measured in PGlite over 29,000 values, best of 8: a change id 145
--    → 89 ms, the digits 37 → 15 ms). tests/db/contract.test.ts asks the old and new forms the same questions.
-- 3. The checks' step is materialized (`answered`), so each change's checks are planned and run once.
-- 4. The JSON strings a refusal names (change id, collection, record id) are made for refused changes only,
--    from the first pass's text and types, not six JSON values extracted for every change.
--
-- In instructions (scripts/bench/syncWork.ts, three batches of the first sync, 6,000 changes): 8.14 G before,
-- 7.91 G with 1, 7.65 G with 1 and 2, 7.35 G with 1 to 3; with 4 and 20261130010000_records_business_check.sql,
-- 6.85 to 7.15 G (two runs of the same code).

-- Whether a change id has a UUID's form, 8-4-4-4-12 hex digits in either case, and nothing else: what
-- `~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'` answered (the four dashes
-- where the pattern has them, every other character a hex digit: no fifth dash). Inlinable (SQL, immutable,
-- no settings of its own, everything named with its schema).
create function sync.is_change_id(id text) returns boolean
  language sql immutable
  as $$
    select id operator(pg_catalog.~~) '________-____-____-____-____________'
      and pg_catalog.ltrim(id, '0123456789abcdefABCDEF-') operator(pg_catalog.=) ''
      and pg_catalog.length(pg_catalog.replace(id, '-', '')) operator(pg_catalog.=) 32
  $$;
revoke execute on function sync.is_change_id(text) from public;
grant execute on function sync.is_change_id(text) to authenticated, service_role;

-- Whether an event id in a key's name is 1 to 15 ASCII digits: what `~ '^[0-9]{1,15}$'` answered. Inlinable.
create function sync.is_id_digits(digits text) returns boolean
  language sql immutable
  as $$
    select digits operator(pg_catalog.<>) '' and pg_catalog.length(digits) operator(pg_catalog.<=) 15
      and pg_catalog.ltrim(digits, '0123456789') operator(pg_catalog.=) ''
  $$;
revoke execute on function sync.is_id_digits(text) from public;
grant execute on function sync.is_id_digits(text) to authenticated, service_role;

-- The collections of 20261127010000_cheaper_matching.sql, the digits checked without a regular expression.
-- Still inlinable, into the push and into the table's check constraint; a name with none of the prefixes or
-- suffixes is false, not null.
create or replace function sync.is_collection(collection text) returns boolean
  language sql immutable
  as $$
    select collection operator(pg_catalog.=) any ('{inventoryItems,suppliers,employees,events,selectedItems,deletedEventIds,businessProfile,customers,issuedDocuments,documentNumbers}'::pg_catalog.text[])
      or coalesce(case
        when pg_catalog."left"(collection, 15) operator(pg_catalog.=) 'ingredientList-' then sync.is_id_digits(pg_catalog.substr(collection, 16))
        when pg_catalog."left"(collection, 10) operator(pg_catalog.=) 'staffList-' then sync.is_id_digits(pg_catalog.substr(collection, 11))
        when pg_catalog."right"(collection, 19) operator(pg_catalog.=) '-discountPercentage' then sync.is_id_digits(pg_catalog."left"(collection, -19))
        when pg_catalog."right"(collection, 14) operator(pg_catalog.=) '-taxPercentage' then sync.is_id_digits(pg_catalog."left"(collection, -14))
      end, false)
  $$;

-- A refusal's error: {code, message}. Inlinable (SQL, immutable, no settings of its own).
create function sync.refusal(code text, message text) returns jsonb
  language sql immutable
  as $$
    select pg_catalog.jsonb_build_object('code', code, 'message', message)
  $$;
revoke execute on function sync.refusal(text, text) from public;
grant execute on function sync.refusal(text, text) to authenticated, service_role;

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
    -- Narrow rows: what the checks and the answers need of each change, its record's check and size taken
    -- here, while the change is at hand; a record is read again from the batch by its change's position
    -- (`changes -> (n - 1)`) only where it is written.
    select e.n,
      jsonb_typeof(e.value) = 'object' as is_object,
      e.value ->> 'collection' as col,
      e.value ->> 'record_id' as rid,
      -- What a refusal names of its change id (with the collection and record id below).
      jsonb_typeof(e.value -> 'client_change_id') as cid_type,
      e.value ->> 'client_change_id' as cid_text,
      case when jsonb_typeof(e.value) = 'object'
             and sync.is_change_id(e.value ->> 'client_change_id')
           then (e.value ->> 'client_change_id')::uuid end as cid,
      coalesce(e.value -> 'deleted', 'false'::jsonb) = 'true'::jsonb as is_delete,
      jsonb_typeof(e.value -> 'collection') as col_type,
      jsonb_typeof(e.value -> 'record_id') as rid_type,
      e.value ? 'deleted' as has_deleted,
      jsonb_typeof(e.value -> 'deleted') as deleted_type,
      e.value ? 'base_rev' as has_base,
      jsonb_typeof(e.value -> 'base_rev') as base_type,
      e.value ->> 'base_rev' as base_text,
      octet_length((e.value -> 'record')::text) as rec_bytes,
      case when jsonb_typeof(e.value) = 'object' and coalesce(e.value -> 'deleted', 'false'::jsonb) <> 'true'::jsonb
        then sync.record_problem(coalesce(e.value ->> 'collection', ''), coalesce(e.value ->> 'record_id', ''),
                                 e.value -> 'record') end as problem
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
        when not l.is_object then sync.refusal('bad_change', 'each change must be a JSON object')
        when l.cid is null then sync.refusal('bad_change', 'client_change_id must be a UUID')
        when l.stored is not null then null
        when l.col_type is distinct from 'string' or not sync.is_collection(l.col) then
          sync.refusal('bad_collection', format('Unknown collection %s', coalesce(l.col, 'null')))
        when l.rid_type is distinct from 'string' or length(l.rid) not between 1 and 200 then
          sync.refusal('bad_record_id', 'record_id must be a string of 1 to 200 characters')
        when l.has_deleted and l.deleted_type is distinct from 'boolean' then
          sync.refusal('bad_change', 'deleted must be true or false')
        when l.has_base and l.base_type not in ('null', 'number') then
          sync.refusal('bad_change', 'base_rev must be a revision number or null')
        when l.base_type = 'number' and (l.base_text !~ '^[1-9][0-9]{0,8}$') then
          sync.refusal('bad_change', 'base_rev must be a whole number from 1')
        when not l.is_delete and (l.problem is not null) then
          sync.refusal('bad_record', l.problem)
        when not l.is_delete and l.rec_bytes > max_record_bytes then
          sync.refusal('record_too_large', format('A record may hold at most %s bytes; this one holds %s',
            max_record_bytes, l.rec_bytes))
      end as error
    from looked l
  ),
  -- A refused change's answer, as sync.rejected gives it (each of the three a JSON string when the change's
  -- was one, else null; a change that is not an object names nothing), built for refused changes only.
  -- Materialized: each change's checks run once here (the steps after it read columns), where before the
  -- CTEs up to `plan` were folded into one another and the checks planned and run once for each mention.
  answered as materialized (
    select c.*,
      case
        when c.error is null then null
        when not c.is_object then jsonb_build_object('status', 'rejected', 'error', c.error)
        else jsonb_build_object('status', 'rejected',
          'client_change_id', case when c.cid_type = 'string' then to_jsonb(c.cid_text) end,
          'collection', case when c.col_type = 'string' then to_jsonb(c.col) end,
          'record_id', case when c.rid_type = 'string' then to_jsonb(c.rid) end,
          'error', c.error)
      end as refused
    from checked c
  ),
  decided as (
    select c.*,
      case when c.is_delete then 0 else coalesce(c.rec_bytes, 0) end as new_size,
      coalesce(c.cur_rev, 0) + 1 as new_rev,
      case
        when c.stored is not null or c.refused is not null then null
        when (not c.found and c.base_text is not null)
          or (c.found and c.base_text::integer is distinct from c.cur_rev) then 'conflict'
        else 'apply'
      end as outcome
    from answered c
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
  -- A record new to the account is a plain insert (no other writer can add it meanwhile: every push of the
  -- business holds its row's lock, and the lookup above found no row); one it holds is updated in place.
  -- The record is read from the batch here, by its change's position.
  inserted as (
    insert into sync.records as r (business_id, collection, record_id, rev, record, deleted, updated_at, updated_by,
                                   change_seq, size_bytes, change_id)
      select bid, p.col, p.rid, p.new_rev, case when p.is_delete then null else changes -> (p.n::integer - 1) -> 'record' end,
        p.is_delete, now(), uid, biz.change_seq + p.k, p.new_size, p.cid
      from plan p, verdict v
      where v.ok and p.outcome = 'apply' and not p.found
      returning 1
  ),
  updated as (
    update sync.records as r
      set rev = p.new_rev, record = case when p.is_delete then null else changes -> (p.n::integer - 1) -> 'record' end,
        deleted = p.is_delete, updated_at = now(), updated_by = uid, change_seq = biz.change_seq + p.k,
        size_bytes = p.new_size, change_id = p.cid
      from plan p, verdict v
      where v.ok and p.outcome = 'apply' and p.found
        and r.business_id = bid and r.collection = p.col and r.record_id = p.rid
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

