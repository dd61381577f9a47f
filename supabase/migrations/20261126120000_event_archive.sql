-- Issue 24 part 7: events kept only in the account. A device with sync on may keep old, past events
-- only in the account (docs/sync.md, "Events kept in your account"); these two functions list them
-- (search, on demand) and fetch one with its per-event records when it is opened. Both run as the
-- caller (SECURITY INVOKER), so row-level security applies: an account sees only its business's rows.

-- Summaries of the account's events, newest first: those dated before `before_date` (ISO 'YYYY-MM-DD';
-- null: any date), among `event_ids` (a JSON array of record ids, e.g. the ones this device keeps only
-- in the account; null: any), whose name or customer contains `search` (case-insensitive; null or '':
-- all): {events: [{id, name, date, customer, guests, status}], more}. `max_rows` 1..200 (default 50).
create function public.sync_event_summaries(before_date text default null, search text default null,
                                            max_rows integer default 50, event_ids jsonb default null)
  returns jsonb
  language plpgsql stable set search_path = ''
  as $$
declare
  take integer := least(greatest(coalesce(max_rows, 50), 1), 200);
  needle text := lower(btrim(coalesce(search, '')));
  rows jsonb;
  total integer;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  if event_ids is not null and jsonb_typeof(event_ids) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'event_ids must be an array of event ids';
  end if;
  with found as (
    select r.record_id, r.record
      from sync.records r
     where r.business_id in (select sync.my_business_ids())
       and r.collection = 'events' and not r.deleted and r.record is not null
       and (before_date is null or coalesce(r.record ->> 'EventDate', '') < before_date)
       and (event_ids is null or r.record_id in (select jsonb_array_elements_text(event_ids)))
       and (needle = '' or strpos(lower(concat_ws(' ', r.record ->> 'EventName', r.record ->> 'CustomerFirstName',
              r.record ->> 'CustomerLastName')), needle) > 0)
  ), page as (
    select * from found f
     order by coalesce(f.record ->> 'EventDate', '') desc, f.record_id
     limit take
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.record_id,
           'name', coalesce(p.record ->> 'EventName', ''),
           'date', coalesce(p.record ->> 'EventDate', ''),
           'customer', btrim(concat_ws(' ', p.record ->> 'CustomerFirstName', p.record ->> 'CustomerLastName')),
           'guests', p.record -> 'NumberOfGuests',
           'status', p.record -> 'status')
           order by coalesce(p.record ->> 'EventDate', '') desc, p.record_id), '[]'::jsonb),
         (select count(*) from found)
    into rows, total
    from page p;
  return jsonb_build_object('events', rows, 'more', total > jsonb_array_length(rows));
end
$$;

-- One event as the account holds it, with its per-event records (its ingredient list, staff list, discount and
-- tax), in the shape sync_pull gives changes: {changes: [{collection, record_id, rev, record,
-- deleted, updated_at, change_seq}]}. An event the account does not hold (or deleted) gives no rows.
create function public.sync_event_records(event_id text) returns jsonb
  language plpgsql stable set search_path = ''
  as $$
declare
  rows jsonb;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  if event_id is null or event_id !~ '^[0-9]{1,15}$' then
    raise exception using errcode = '22023', message = 'event_id must be an event id (digits)';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'collection', r.collection, 'record_id', r.record_id, 'rev', r.rev, 'record', r.record,
           'deleted', r.deleted, 'updated_at', r.updated_at, 'change_seq', r.change_seq)
           order by r.collection, r.record_id), '[]'::jsonb)
    into rows
    from sync.records r
   where r.business_id in (select sync.my_business_ids())
     and not r.deleted
     and ((r.collection = 'events' and r.record_id = event_id)
          or r.collection in ('ingredientList-' || event_id, 'staffList-' || event_id, event_id || '-discountPercentage', event_id || '-taxPercentage'))
     and exists (select 1 from sync.records e
                  where e.business_id = r.business_id and e.collection = 'events' and e.record_id = event_id and not e.deleted);
  return jsonb_build_object('changes', rows);
end
$$;

revoke execute on function public.sync_event_summaries(text, text, integer, jsonb), public.sync_event_records(text) from public, anon;
grant execute on function public.sync_event_summaries(text, text, integer, jsonb), public.sync_event_records(text) to authenticated, service_role;
