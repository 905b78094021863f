-- Supabase "Custom Access Token" hook: puts the product's role into every access token as `user_role`
-- (teacher | organization_member), read from the app's `user_roles` table. Only needed when the app runs
-- against an external Supabase project (SUPABASE_URL set) with DATABASE_URL pointing at that project's
-- database. Install: run this file in the SQL editor, then enable the hook under
-- Authentication → Hooks → Customize Access Token (JWT) Claims → public.custom_access_token_hook.

create or replace function public.custom_access_token_hook(event jsonb)
returns jsonb
language plpgsql
stable
as $$
declare
  claims jsonb := coalesce(event->'claims', '{}'::jsonb);
  granted text;
begin
  -- organization_member wins over teacher, as in the built-in auth.
  select ur.role into granted
    from public.user_roles ur
   where ur.user_id = (event->>'user_id')::uuid
   order by case ur.role when 'organization_member' then 0 else 1 end
   limit 1;

  if granted is null then
    claims := claims - 'user_role';
  else
    claims := jsonb_set(claims, '{user_role}', to_jsonb(granted));
  end if;

  return jsonb_set(event, '{claims}', claims);
end;
$$;

-- Only the auth server may run the hook and read the roles it needs.
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;
grant select on table public.user_roles to supabase_auth_admin;
