/**
 * The server's copy of the registration catalog part (server/domains/registration/catalog.ts):
 * a change to a term, an offering, a course's prerequisites or a section's capacity is seen by
 * the very next request, whoever made it (here: plain SQL, as a registrar's tool or another
 * server process would), while a seat taken does not move the catalog's version. Two servers on
 * one database each keep their own copy and both follow. On PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { CATALOG_VERSION_SQL } from '../../server/domains/registration/catalog.ts';
import { registrationDomain } from '../../server/domains/registration/plugin.ts';
import { BACKENDS, call, openTestDatabase, type TestDatabase } from './harness.ts';
import {
  day,
  makeCourse,
  makeStudents,
  makeWorld,
  setWindows,
  type World,
  type WorldUser,
} from './registration-world.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

const S = '/api/sis/registrations/students';

describe.skipIf(!manifest).each(BACKENDS)('registration catalog copy on $name', (backend) => {
  let database: TestDatabase;
  let apps: FastifyInstance[];
  let db: Kysely<any>;
  let w: World;

  const request = (app: FastifyInstance, user: WorldUser, offeringId: number, lang = 'en') =>
    call(app, 'PUT', `${S}/request-offering`, { token: user.token, body: { offering_id: offeringId }, lang });
  const remove = (app: FastifyInstance, user: WorldUser, offeringId: number) =>
    call(app, 'PUT', `${S}/remove-offering`, { token: user.token, body: { offering_id: offeringId } });
  const version = async () =>
    Number((await sql.raw<{ version: number }>(CATALOG_VERSION_SQL).execute(db)).rows[0]!.version);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    // Two servers on one database, as two processes would be.
    apps = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        manifest: manifest!,
        db,
        config: loadConfig({}),
        domains: [{ name: 'registration', plugin: registrationDomain }],
        clientDir: null,
      });
      await app.ready();
      apps.push(app);
    }
    w = await makeWorld(db);
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await database?.drop();
  });

  it('a seat taken or freed leaves the version alone; a capacity raised is seen by the next request on both servers', async () => {
    const c = await makeCourse(db, w, { code: 'CAT', sections: [{ capacity: 1, slots: [[1, '08:30', '10:00']] }] });
    const [a, b, d] = await makeStudents(db, w, 3);
    const before = await version();
    expect((await request(apps[0]!, a!, c.offeringId)).status).toBe(200);
    // Both servers have read the offering now (and keep it): full for b.
    expect((await request(apps[0]!, b!, c.offeringId)).body.code).toBe('no_capacity');
    expect((await request(apps[1]!, b!, c.offeringId)).body.code).toBe('no_capacity');
    expect(await version()).toBe(before);

    await db.updateTable('sections').set({ capacity: 2 }).where('id', '=', c.sectionIds[0]!).execute();
    expect(await version()).toBe(before + 1);
    expect((await request(apps[1]!, b!, c.offeringId)).status).toBe(200);
    expect((await request(apps[0]!, d!, c.offeringId)).body.code).toBe('no_capacity');

    // Freeing a seat moves the counter, not the version: the next request of either server takes it.
    expect((await remove(apps[0]!, a!, c.offeringId)).status).toBe(200);
    expect(await version()).toBe(before + 1);
    expect((await request(apps[1]!, d!, c.offeringId)).status).toBe(200);
  });

  it('a prerequisite added, a section deleted and an offering deleted after the copy was made are seen at once', async () => {
    const base = await makeCourse(db, w, { code: 'CPB', sections: [{ capacity: 10, slots: [[2, '08:30', '10:00']] }] });
    const next = await makeCourse(db, w, {
      code: 'CPN',
      sections: [
        { capacity: 10, slots: [[2, '10:15', '11:45']] },
        { capacity: 10, slots: [[3, '10:15', '11:45']] },
      ],
    });
    const [a, b, c, d] = await makeStudents(db, w, 4);
    expect((await request(apps[0]!, a!, next.offeringId)).status).toBe(200);

    await db
      .insertInto('course_prerequisites')
      .values({ course_id: next.courseId, prerequisite_id: base.courseId })
      .execute();
    const refused = await request(apps[0]!, b!, next.offeringId);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('reg_prerequisite');
    expect((await request(apps[1]!, b!, next.offeringId, 'ar')).body.code).toBe('reg_prerequisite');

    await db.deleteFrom('course_prerequisites').where('course_id', '=', next.courseId).execute();
    await db.updateTable('sections').set({ deleted_at: new Date() }).where('id', '=', next.sectionIds[0]!).execute();
    const moved = await request(apps[0]!, c!, next.offeringId);
    expect(moved.status).toBe(200);
    expect(moved.body.data.section_id).toBe(next.sectionIds[1]);

    await db.updateTable('offerings').set({ deleted_at: new Date() }).where('id', '=', next.offeringId).execute();
    const gone = await request(apps[1]!, d!, next.offeringId);
    expect(gone.status).toBe(422);
    expect(gone.body.code).toBe('reg_offering_not_available');
  });

  it('a term window closed after the copy was made refuses the next request', async () => {
    const c = await makeCourse(db, w, { code: 'CTW', sections: [{ capacity: 10, slots: [[4, '08:30', '10:00']] }] });
    const [a, b] = await makeStudents(db, w, 2);
    expect((await request(apps[0]!, a!, c.offeringId)).status).toBe(200);
    await setWindows(db, w.termId, { registration: [-10, -2] });
    try {
      const closed = await request(apps[0]!, b!, c.offeringId);
      expect(closed.status).toBe(422);
      expect(closed.body.code).toBe('reg_registration_closed');
    } finally {
      await db
        .updateTable('terms')
        .set({ registration_start: day(-1), registration_end: day(7) })
        .where('id', '=', w.termId)
        .execute();
    }
    expect((await request(apps[1]!, b!, c.offeringId)).status).toBe(200);
  });

  it("a held section's slot moved, or its course renamed, after the copy was made is seen in the next clash check", async () => {
    const held = await makeCourse(db, w, { code: 'CHS', sections: [{ capacity: 10, slots: [[6, '08:00', '09:30']] }] });
    const other = await makeCourse(db, w, {
      code: 'CHO',
      sections: [{ capacity: 10, slots: [[6, '10:00', '11:30']] }],
    });
    const third = await makeCourse(db, w, {
      code: 'CHT',
      sections: [{ capacity: 10, slots: [[6, '13:00', '14:30']] }],
    });
    const [a, b, c] = await makeStudents(db, w, 3);
    // Both servers keep what a's and b's rows of the held course show (its slot on day 6 at 08:00).
    expect((await request(apps[0]!, a!, held.offeringId)).status).toBe(200);
    expect((await request(apps[1]!, b!, held.offeringId)).status).toBe(200);
    expect((await request(apps[0]!, a!, third.offeringId)).status).toBe(200);
    expect((await request(apps[1]!, b!, third.offeringId)).status).toBe(200);

    // The held section moves onto the other course's time and its course is renamed. A student
    // without rows of it is served first on both servers (each reads the new version with c's rows
    // only); a's and b's next requests must still see the move.
    await db
      .updateTable('slots')
      .set({ start_time: '10:30', end_time: '12:00' })
      .where('section_id', '=', held.sectionIds[0]!)
      .execute();
    await db.updateTable('courses').set({ code: 'CHS2' }).where('id', '=', held.courseId).execute();
    expect((await request(apps[0]!, c!, third.offeringId)).status).toBe(200);
    expect((await request(apps[1]!, c!, other.offeringId)).status).toBe(200);
    const clash = await request(apps[1]!, a!, other.offeringId);
    expect(clash.status).toBe(422);
    expect(clash.body.code).toBe('reg_clash');
    expect(clash.body.error).toContain('CHS2');
    expect((await request(apps[0]!, b!, other.offeringId)).body.code).toBe('reg_clash');
  });

  it('a version row deleted by hand comes back with the next change, and the change is seen', async () => {
    const c = await makeCourse(db, w, { code: 'CVR', sections: [{ capacity: 1, slots: [[5, '12:00', '13:30']] }] });
    const [a, b] = await makeStudents(db, w, 2);
    expect((await request(apps[0]!, a!, c.offeringId)).status).toBe(200);
    expect((await request(apps[0]!, b!, c.offeringId)).body.code).toBe('no_capacity');
    await db.deleteFrom('registration_catalog').execute();
    await db.updateTable('sections').set({ capacity: 2 }).where('id', '=', c.sectionIds[0]!).execute();
    expect(await version()).toBe(1);
    expect((await request(apps[0]!, b!, c.offeringId)).status).toBe(200);
  });
});
