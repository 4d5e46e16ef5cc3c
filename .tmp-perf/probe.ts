import fs from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, dropSchema } from '/work/main/server/db/open.ts';
import { syncSchema } from '/work/main/server/db/schema-sync.ts';
import { seed } from '/work/main/server/db/seed/index.ts';
const manifest = JSON.parse(fs.readFileSync('/work/main/.generated/manifest.json', 'utf8'));
const url = 'postgres://postgres@127.0.0.1:5432/test';
for (const name of (process.env.B ?? 'pglite,postgres').split(',')) {
  const schema = `probe_${process.pid}`;
  const d = name === 'pglite' ? await openDatabase({ memory: true }) : await openDatabase({ url, schema });
  const r = await syncSchema(d.db, manifest);
  console.log(name, 'trgm statements', r.statements.filter((s) => /trgm/.test(s)).length, r.warnings);
  await seed(d.db, manifest, { demo: true });
  await sql`analyze`.execute(d.db);
  const q = `select id, name, count(*) over() as c from students where deleted_at is null and (cast(code as text) ilike '%ahmed%' or cast(name as text) ilike '%ahmed%' or cast(name_local as text) ilike '%ahmed%' or cast(email as text) ilike '%ahmed%' or cast(national_id as text) ilike '%ahmed%') order by name, id limit 10`;
  const { rows } = await sql.raw(`explain analyze ${q}`).execute(d.db);
  console.log(rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  await d.close();
  if (name === 'postgres') await dropSchema(url, schema);
}
