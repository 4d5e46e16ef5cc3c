/**
 * The registration hot path folds the overdue installments gate into its own statement and runs
 * the action's other gates (the questionnaire) as a preHandler (finance/gate.ts foldedGates,
 * unfoldedGatesPreHandler). The answer must stay the one gatePreHandler gives: the first closed
 * gate in YAML order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Manifest } from '../../generator/manifest-types.ts';
import { foldedGates, gatePreHandler, unfoldedGatesPreHandler } from '../../server/domains/finance/gate.ts';
import { openDatabase, type Database } from '../../server/db/open.ts';

const manifest = {
  entities: {
    questionnaires: {
      name: 'questionnaires',
      table: 'questionnaires',
      softDelete: false,
      fields: { mandatory: { name: 'mandatory' } },
    },
    questionnaire_submissions: {
      name: 'questionnaire_submissions',
      table: 'questionnaire_submissions',
      softDelete: false,
      fields: { questionnaire_id: { name: 'questionnaire_id' }, user_id: { name: 'user_id' } },
    },
  },
  gates: {
    payments_due: {
      name: 'payments_due',
      check: 'overdue_installments',
      redirect_to: 'payments',
      actions: ['registration.request'],
    },
    survey_required: {
      name: 'survey_required',
      check: 'mandatory_questionnaire',
      redirect_to: 'dashboard',
      actions: ['registration.request'],
    },
  },
} as unknown as Manifest;

const request = { user: { id: 7, student_id: 70 } } as unknown as FastifyRequest;

describe('gates folded on the hot path', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    for (const ddl of [
      'create table installments (id serial primary key, student_id int8, status_id int, paid_amount numeric, amount numeric, due_date date)',
      'create table questionnaires (id serial primary key, mandatory boolean)',
      'create table questionnaire_submissions (id serial primary key, questionnaire_id int8, user_id int8)',
    ])
      await sql.raw(ddl).execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const answer = async (handler: (r: FastifyRequest) => Promise<unknown>) => {
    try {
      await handler(request);
      return 'open';
    } catch (error) {
      return (error as { extra?: { redirect_to?: string } }).extra?.redirect_to;
    }
  };

  it('splits the gates of an action: the overdue check to fold, the rest for the preHandler', () => {
    const { overdue, rest } = foldedGates(manifest, 'registration.request');
    expect(overdue?.redirect_to).toBe('payments');
    expect(rest.map((g) => g.redirect_to)).toEqual(['dashboard']);
    expect(foldedGates(manifest, 'nothing.gated')).toEqual({ overdue: null, rest: [] });
  });

  it('answers as gatePreHandler does: nothing, the questionnaire, or payments first when both are closed', async () => {
    const { rest } = foldedGates(manifest, 'registration.request');
    const unfolded = unfoldedGatesPreHandler(database.db, manifest, 'registration.request', rest);
    const full = gatePreHandler(database.db, manifest, 'registration.request');
    expect([await answer(unfolded), await answer(full)]).toEqual(['open', 'open']);
    await sql`insert into questionnaires (mandatory) values (true)`.execute(database.db);
    expect([await answer(unfolded), await answer(full)]).toEqual(['dashboard', 'dashboard']);
    // An overdue installment as well: the payments gate comes first in the YAML, so it answers,
    // though the preHandler itself only checks the questionnaire.
    await sql`insert into installments (student_id, status_id, paid_amount, amount, due_date) values (70, 1, 0, 100, current_date - 3)`.execute(
      database.db,
    );
    expect([await answer(unfolded), await answer(full)]).toEqual(['payments', 'payments']);
    // The questionnaire submitted: the preHandler lets the call through (the context statement checks the installment).
    await sql`insert into questionnaire_submissions (questionnaire_id, user_id) values (1, 7)`.execute(database.db);
    expect([await answer(unfolded), await answer(full)]).toEqual(['open', 'payments']);
  });
});
