-- File fields (`type: file`) hold the references of files in the uploads store, as jsonb,
-- instead of a varchar. An earlier value (a path or a data URL) is kept as a JSON string,
-- which pages ignore; nothing is lost.
do $$
declare
  col record;
begin
  for col in
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema()
       and column_name = 'photo'
       and table_name in ('students', 'users')
       and data_type = 'character varying'
  loop
    execute format(
      'alter table %I alter column %I type jsonb using case when %I is null or %I = '''' then null else to_jsonb(%I) end',
      col.table_name, col.column_name, col.column_name, col.column_name, col.column_name);
  end loop;
end $$;
