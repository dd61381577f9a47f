-- Issue 24: a new event added on two devices before they sync (docs/sync.md, "A new event added on two
-- devices before they sync"). The spec numbers a new event "max id + 1" on the device that adds it, so two
-- devices can give two bookings one id. Before a pull, a device that has synced before asks the account about
-- its events the account has never agreed with it: which of their ids the account already holds (and as what,
-- so the device can tell its own unacknowledged push from another device's event), and the highest event id
-- the account knows, so it can move its own to an id free everywhere.
--
-- sync_event_ids(event_ids): {events: [{id, rev, record, deleted}] for the asked ids the account holds an
-- event row of (a deleted one too: its id stays taken), highest: the highest event id among the account's
-- event rows and deleted-event ids (0 when none)}. At most 500 ids a call. Runs as the caller (SECURITY
-- INVOKER): row-level security applies, so an account learns nothing of another's.
create function public.sync_event_ids(event_ids jsonb) returns jsonb
  language plpgsql stable set search_path = ''
  as $$
declare
  rows jsonb;
  top bigint;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to sync: no account in the JWT';
  end if;
  if event_ids is null or jsonb_typeof(event_ids) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'event_ids must be an array of event ids';
  end if;
  if jsonb_array_length(event_ids) > 500 then
    raise exception using errcode = '22023', message = 'event_ids takes at most 500 ids a call';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', r.record_id, 'rev', r.rev, 'record', r.record,
           'deleted', r.deleted) order by r.record_id), '[]'::jsonb)
    into rows
    from sync.records r
   where r.business_id in (select sync.my_business_ids())
     and r.collection = 'events'
     and r.record_id in (select jsonb_array_elements_text(event_ids));
  select coalesce(max(r.record_id::bigint), 0)
    into top
    from sync.records r
   where r.business_id in (select sync.my_business_ids())
     and r.collection in ('events', 'deletedEventIds')
     and r.record_id ~ '^[0-9]{1,15}$';
  return jsonb_build_object('events', rows, 'highest', top);
end
$$;

revoke execute on function public.sync_event_ids(jsonb) from public, anon;
grant execute on function public.sync_event_ids(jsonb) to authenticated, service_role;
