-- The first sync's SQL, ninth pass (issue 24, docs/performance.md "First sync, ninth pass"): a record's
-- business checked once per statement instead of once per row, with the same guarantees as the foreign key.
--
-- Measured (the PGlite worker's CPU profile during the first sync, scripts/bench/pgliteProfile.ts): ~400 ms
-- of the worker's ~3 s in the after-trigger queue of `records_business_id_fkey`, one query per inserted row
-- (`select 1 from sync.businesses where id = $1 for key share`, 29,000 of them, all for the same business).
-- What the key gave, and what now gives it:
--
-- - A row's business exists, for every writer (the policies already require it of `authenticated`; the owner
--   and `service_role` pass around them): a statement-level trigger over the rows a statement added
--   (a transition table), each distinct business looked up once and locked as the key locked it
--   (`for key share`: a concurrent delete of the business waits for this transaction).
-- - A row keeps its business: an update that changes `business_id` is refused (no writer of the app does it;
--   the key would have checked the new one, and nothing needs a record moved).
-- - Deleting a business deletes its records (the key's `on delete cascade`), and its id does not change
--   while it holds records.

alter table sync.records drop constraint records_business_id_fkey;

create function sync.records_have_business() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
declare
  missing uuid;
begin
  perform 1 from sync.businesses b where b.id in (select a.business_id from added a) for key share of b;
  select d.business_id into missing
    from (select distinct a.business_id from added a) d
    where not exists (select 1 from sync.businesses b where b.id = d.business_id)
    limit 1;
  if found then
    raise exception using errcode = '23503',
      message = 'insert or update on table "records" violates foreign key constraint "records_business_id_fkey"',
      detail = format('Key (business_id)=(%s) is not present in table "businesses".', missing);
  end if;
  return null;
end
$$;
revoke execute on function sync.records_have_business() from public;
create trigger records_have_business after insert on sync.records
  referencing new table as added
  for each statement execute function sync.records_have_business();

create function sync.records_keep_business() returns trigger
  language plpgsql set search_path = ''
  as $$
begin
  raise exception using errcode = '23503', message = 'A record stays with its business: business_id does not change';
end
$$;
revoke execute on function sync.records_keep_business() from public;
create trigger records_keep_business before update of business_id on sync.records
  for each row when (old.business_id is distinct from new.business_id)
  execute function sync.records_keep_business();

create function sync.business_records_go() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
begin
  if tg_op = 'DELETE' then
    delete from sync.records r where r.business_id = old.id;
    return old;
  end if;
  if exists (select 1 from sync.records r where r.business_id = old.id) then
    raise exception using errcode = '23503',
      message = 'update or delete on table "businesses" violates foreign key constraint "records_business_id_fkey" on table "records"',
      detail = format('Key (id)=(%s) is still referenced from table "records".', old.id);
  end if;
  return new;
end
$$;
revoke execute on function sync.business_records_go() from public;
create trigger business_records_go after delete on sync.businesses
  for each row execute function sync.business_records_go();
create trigger business_keeps_id before update of id on sync.businesses
  for each row when (old.id is distinct from new.id)
  execute function sync.business_records_go();
