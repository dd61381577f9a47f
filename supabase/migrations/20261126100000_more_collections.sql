-- Later keys of the app's account data sync too (issue 24, "whatever later issues add"): each event's
-- staff list `staffList-{eventId}` (issue 21, one record per assignment, by its `id`) and the business
-- profile `businessProfile` (issue 22, one value: record id "value", record {"value": {...profile}}).
-- One function names the collections, for the table's check and for sync_push. docs/sync.md.

create function sync.is_collection(collection text) returns boolean
  language sql immutable set search_path = ''
  as $$
    select collection ~ '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|businessProfile|(ingredientList|staffList)-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$'
  $$;
revoke execute on function sync.is_collection(text) from public;
grant execute on function sync.is_collection(text) to authenticated, service_role;

alter table sync.records drop constraint records_collection_check;
alter table sync.records add constraint records_collection_check check (sync.is_collection(collection));

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
  return null;
end
$$;

create or replace function public.sync_push(changes jsonb) returns jsonb
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
