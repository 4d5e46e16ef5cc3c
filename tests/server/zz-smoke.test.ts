import { describe, it, expect } from 'vitest';
import { BACKENDS, useServer, createUser, call } from './harness.ts';
describe.each(BACKENDS)('smoke $name', (backend) => {
  const t = useServer(backend);
  it('works', async () => {
    const fac = await t.db.insertInto('faculties').values({ code: 'ENG', name: 'Engineering' }).returning('id').executeTakeFirstOrThrow();
    const s = await createUser(t.db, { type: 3, roles: ['student'], student: { faculty_id: fac.id } });
    const r = await call(t.app, 'POST', '/api/sis/students', { token: s.token, body: {} });
    console.log(JSON.stringify(r.body, null, 1));
    console.log(t.report.statements.slice(0, 5).join('\n'));
    expect(r.status).toBe(200);
  });
});
