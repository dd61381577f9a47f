-- The few pieces of a Supabase database that supabase/migrations rely on, for databases that are NOT
-- hosted Supabase (the embedded PGlite database and any plain PostgreSQL, e.g. the tests' throwaway
-- PostgreSQL 15). Hosted Supabase has all of this already, which is why this file is not a migration.
-- Safe to run more than once. Mirrors Supabase's own definitions (roles, auth.jwt(), auth.uid(), auth.role()).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The role PostgREST logs in as and switches from (SET LOCAL ROLE); the Node server does the same
  -- when DATABASE_URL names it. Not a superuser, so row-level security always applies.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant usage on schema public to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Only what migrations may reference: the id of each account (hosted Supabase has many more columns).
create table if not exists auth.users (
  id uuid primary key,
  email text,
  created_at timestamptz not null default now()
);

create or replace function auth.jwt() returns jsonb
  language sql stable
  as $$ select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;

create or replace function auth.uid() returns uuid
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;

create or replace function auth.role() returns text
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
