-- Issue 24: the numbers' refusals say the whole range (found by trying the server, 27 November 2026):
-- `take_document_number` with `last_known: 2147483647` answered "last_known must be a whole number from 0",
-- which does not say why 2,147,483,647 is refused. The same functions as before (20261126130000_money_sync.sql,
-- 20261126160000_revision_numbers.sql) with only their messages changed; their grants stay.

create or replace function public.take_document_number(kind text, year integer, last_known integer default 0) returns integer
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
    raise exception using errcode = '22023', message = 'last_known must be a whole number from 0 to 999,999,999';
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

create or replace function public.take_document_revision(kind text, year integer, sequence integer, last_known integer default 1)
  returns integer
  language plpgsql volatile set search_path = ''
  as $$
declare
  uid uuid := auth.uid();
  bid uuid;
  known integer;
  taken integer;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to take a revision: no account in the JWT';
  end if;
  if kind is null or kind not in ('quote', 'invoice') then
    raise exception using errcode = '22023', message = 'kind must be quote or invoice';
  end if;
  if year is null or year not between 1000 and 9999 then
    raise exception using errcode = '22023', message = 'year must be a year of four digits';
  end if;
  if sequence is null or sequence not between 1 and 999999999 then
    raise exception using errcode = '22023', message = 'sequence must be a whole number from 1 to 999,999,999';
  end if;
  if last_known is not null and (last_known < 1 or last_known > 999999999) then
    raise exception using errcode = '22023', message = 'last_known must be a whole number from 1 to 999,999,999';
  end if;
  bid := sync.ensure_business();
  select greatest(
           coalesce(last_known, 1),
           coalesce((select max(case when jsonb_typeof(r.record -> 'revision') = 'number'
                                      and (r.record ->> 'revision') ~ '^[1-9][0-9]{0,8}$'
                                     then (r.record ->> 'revision')::integer end)
                       from sync.records r
                      where r.business_id = bid and r.collection = 'issuedDocuments' and not r.deleted
                        and r.record ->> 'kind' = kind and r.record ->> 'year' = year::text
                        and r.record ->> 'sequence' = sequence::text), 1))
    into known;
  insert into sync.document_revisions as c (business_id, kind, year, sequence, last, updated_by)
    values (bid, kind, year, sequence, known + 1, uid)
    on conflict on constraint document_revisions_pkey do update
      set last = greatest(c.last, known) + 1, updated_at = now(), updated_by = uid
    returning c.last into taken;
  return taken;
end
$$;
