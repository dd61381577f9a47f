-- Account data kept in Postgres and synced (issue 24). The same file runs on hosted Supabase
-- (`supabase db push`), on the embedded PGlite database and on any PostgreSQL (the Node server applies
-- it at start-up after supabase/local/supabase-pieces.sql). Protocol: docs/sync.md.
--
-- Tables live in schema `sync`, which PostgREST does not expose: clients reach the data only through the
-- functions in `public` below (POST /rest/v1/rpc/<name>). The functions run as the caller (role
-- `authenticated`), so row-level security applies to every statement they run.

create schema if not exists sync;
grant usage on schema sync to authenticated, service_role;

-- A business owns the data. It is created with the account (the account its owner); team members can
-- later be added by a membership table and by widening sync.my_business_ids(), without moving any data.
create table sync.businesses (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique,
  created_at timestamptz not null default now(),
  -- Last change sequence handed out in this business (pull cursors count per business).
  change_seq bigint not null default 0,
  -- Bytes of records (their jsonb text) stored, and the cap (size limits: docs/sync.md).
  used_bytes bigint not null default 0,
  quota_bytes bigint not null default 104857600
);

-- One row per record of the app's storage (collection = the app's localStorage key).
create table sync.records (
  business_id uuid not null references sync.businesses (id) on delete cascade,
  collection text not null
    check (collection ~ '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|ingredientList-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$'),
  record_id text not null check (length(record_id) between 1 and 200),
  rev integer not null check (rev >= 1),
  -- The record as the app stores it; null once deleted (the row stays as a tombstone).
  record jsonb,
  deleted boolean not null default false,
  updated_at timestamptz not null default now(),
  -- The account that made the last change (auth.uid() of the push, never a value from the client).
  updated_by uuid not null,
  change_seq bigint not null,
  size_bytes integer not null default 0,
  primary key (business_id, collection, record_id),
  check (deleted = (record is null))
);
create index records_pull on sync.records (business_id, change_seq);

-- Results of applied changes, by the client's change id: a retried push returns the same result and is
-- not applied twice.
create table sync.applied_changes (
  business_id uuid not null references sync.businesses (id) on delete cascade,
  client_change_id uuid not null,
  result jsonb not null,
  applied_at timestamptz not null default now(),
  primary key (business_id, client_change_id)
);

-- The businesses the signed-in account may use: for now the one it owns.
create function sync.my_business_ids() returns setof uuid
  language sql stable security definer set search_path = ''
  as $$ select b.id from sync.businesses b where b.owner_id = auth.uid() $$;

alter table sync.businesses enable row level security;
alter table sync.records enable row level security;
alter table sync.applied_changes enable row level security;

create policy businesses_owner_reads on sync.businesses for select to authenticated
  using (owner_id = auth.uid());
create policy businesses_owner_counts on sync.businesses for update to authenticated
  using (owner_id = auth.uid()) with check (owner_id = auth.uid());

create policy records_member_reads on sync.records for select to authenticated
  using (business_id in (select sync.my_business_ids()));
create policy records_member_inserts on sync.records for insert to authenticated
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());
create policy records_member_updates on sync.records for update to authenticated
  using (business_id in (select sync.my_business_ids()))
  with check (business_id in (select sync.my_business_ids()) and updated_by = auth.uid());

create policy applied_member_reads on sync.applied_changes for select to authenticated
  using (business_id in (select sync.my_business_ids()));
create policy applied_member_inserts on sync.applied_changes for insert to authenticated
  with check (business_id in (select sync.my_business_ids()));

-- No DELETE for clients (a delete is a tombstone); only the counters of a business may change.
grant select on sync.businesses to authenticated;
grant update (change_seq, used_bytes) on sync.businesses to authenticated;
grant select, insert, update on sync.records to authenticated;
grant select, insert on sync.applied_changes to authenticated;
grant all on all tables in schema sync to service_role;

-- The signed-in account's business, created on first use (an account made before this migration, or
-- one whose auth.users row lives elsewhere, as with the embedded auth server). Never takes an owner id
-- from the client: always auth.uid().
create function sync.ensure_business() returns uuid
  language plpgsql security definer set search_path = ''
  as $$
declare
  uid uuid := auth.uid();
  found_id uuid;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  insert into sync.businesses (owner_id) values (uid) on conflict (owner_id) do nothing;
  select b.id into found_id from sync.businesses b where b.owner_id = uid;
  return found_id;
end
$$;
revoke execute on function sync.ensure_business() from public;
grant execute on function sync.ensure_business() to authenticated, service_role;
revoke execute on function sync.my_business_ids() from public;
grant execute on function sync.my_business_ids() to authenticated, service_role;

-- Created with the account: each new auth.users row gets its business.
create function sync.create_business_for_new_user() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
begin
  insert into sync.businesses (owner_id) values (new.id) on conflict (owner_id) do nothing;
  return new;
end
$$;
revoke execute on function sync.create_business_for_new_user() from public;
create trigger create_business_for_new_user after insert on auth.users
  for each row execute function sync.create_business_for_new_user();

-- Why a pushed record cannot be stored, or null when it can (shape by collection).
create function sync.record_problem(collection text, record_id text, record jsonb) returns text
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
  return null;
end
$$;

-- Push a batch of changes: [{collection, record_id, base_rev, record | deleted: true, client_change_id}].
-- Returns one result per change, in order: applied (with the new rev and change_seq), conflict (with the
-- server's current row) or rejected (with the reason). docs/sync.md.
create function public.sync_push(changes jsonb) returns jsonb
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
      if jsonb_typeof(item -> 'collection') is distinct from 'string' or col !~ '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|ingredientList-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$' then
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

-- A rejected change's result.
create function sync.rejected(item jsonb, code text, message text) returns jsonb
  language sql immutable set search_path = ''
  as $$
    select jsonb_build_object('status', 'rejected',
      'client_change_id', case when jsonb_typeof(item -> 'client_change_id') = 'string' then item -> 'client_change_id' else null end,
      'collection', case when jsonb_typeof(item -> 'collection') = 'string' then item -> 'collection' else null end,
      'record_id', case when jsonb_typeof(item -> 'record_id') = 'string' then item -> 'record_id' else null end,
      'error', jsonb_build_object('code', code, 'message', message))
  $$;

-- Pull the changes after a cursor (a change_seq), oldest first, tombstones included:
-- {changes: [{collection, record_id, rev, record, deleted, updated_at, change_seq}], cursor, more, head}.
create function public.sync_pull(since bigint default 0, max_rows integer default 500) returns jsonb
  language plpgsql stable set search_path = ''
  as $$
declare
  biz sync.businesses;
  take integer := least(greatest(coalesce(max_rows, 500), 1), 1000);
  after bigint := greatest(coalesce(since, 0), 0);
  rows jsonb;
  last_seq bigint;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  select * into biz from sync.businesses b where b.id in (select sync.my_business_ids()) limit 1;
  if not found then
    return jsonb_build_object('changes', '[]'::jsonb, 'cursor', after, 'more', false, 'head', 0);
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'collection', p.collection, 'record_id', p.record_id, 'rev', p.rev, 'record', p.record,
           'deleted', p.deleted, 'updated_at', p.updated_at, 'change_seq', p.change_seq) order by p.change_seq), '[]'::jsonb),
         max(p.change_seq)
    into rows, last_seq
    from (select * from sync.records r where r.business_id = biz.id and r.change_seq > after
          order by r.change_seq limit take) p;
  return jsonb_build_object('changes', rows, 'cursor', coalesce(last_seq, after),
    'more', coalesce(last_seq, after) < biz.change_seq, 'head', biz.change_seq);
end
$$;

-- What the account holds on the server, per collection (for the Dashboard's storage section).
create function public.sync_summary() returns jsonb
  language plpgsql stable set search_path = ''
  as $$
declare
  biz sync.businesses;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  select * into biz from sync.businesses b where b.id in (select sync.my_business_ids()) limit 1;
  if not found then
    return jsonb_build_object('collections', '[]'::jsonb, 'used_bytes', 0, 'quota_bytes', null, 'head', 0);
  end if;
  return jsonb_build_object(
    'collections', coalesce((select jsonb_agg(jsonb_build_object('collection', c.collection, 'records', c.records, 'deleted', c.deleted, 'bytes', c.bytes) order by c.collection)
       from (select r.collection, count(*) filter (where not r.deleted) as records, count(*) filter (where r.deleted) as deleted, sum(r.size_bytes) as bytes
             from sync.records r where r.business_id = biz.id group by r.collection) c), '[]'::jsonb),
    'used_bytes', biz.used_bytes, 'quota_bytes', biz.quota_bytes, 'head', biz.change_seq);
end
$$;

revoke execute on function sync.record_problem(text, text, jsonb), sync.rejected(jsonb, text, text) from public;
grant execute on function sync.record_problem(text, text, jsonb), sync.rejected(jsonb, text, text) to authenticated, service_role;
revoke execute on function public.sync_push(jsonb), public.sync_pull(bigint, integer), public.sync_summary() from public, anon;
grant execute on function public.sync_push(jsonb), public.sync_pull(bigint, integer), public.sync_summary() to authenticated, service_role;
