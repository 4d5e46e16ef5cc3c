/**
 * GET /users/gates: which gated actions are closed for the signed-in user now, and why, so the
 * portal can warn before the user spends time on a screen whose action would be refused:
 *   {data: {"registration.request": {redirect_to: "payments", message: "You have to pay your due invoices."}, ...}}
 * The gates and their checks are the 403's own (gate.ts closedGates over the manifest's `gates`);
 * the message is the 403's, in the caller's language. Staff and guests hold no overdue
 * installment: their answer is {} (a mandatory questionnaire, when one is declared, gates any
 * signed-in user, as the 403 does).
 */
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../http/messages.ts';
import type { DomainOptions } from '../index.ts';
import { closedGates, gateMessageKey } from './gate.ts';

export interface ClosedGateAnswer {
  redirect_to: 'payments' | 'dashboard';
  message: string;
}

export function gateRoutes(app: FastifyInstance, { db, manifest }: DomainOptions): void {
  app.get('/users/gates', async (request) => {
    const language = requestLanguage(request);
    const data: Record<string, ClosedGateAnswer> = {};
    for (const [action, gate] of await closedGates(db, manifest, request.user)) {
      data[action] = { redirect_to: gate.redirect_to, message: translate({ key: gateMessageKey(gate) }, language) };
    }
    return { data };
  });
}
