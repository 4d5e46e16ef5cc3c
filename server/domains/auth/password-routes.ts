/**
 * POST /forget-password {email}: mails a six-digit one-time password (unknown email: 422
 * 'this email incorrect'). POST /users/reset-password {email, otp, password,
 * password_confirmation}: sets the new password (wrong code: 422 'Invalid or incorrect one
 * time password'), uses the code up and ends every session of the user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokeUserTokens } from '../../auth/tokens.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate, type Language } from '../../http/messages.ts';
import { addFieldError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import type { AuthContext } from './context.ts';
import { logAccess } from './access-log.ts';
import { AUTH_TEXT } from './messages.ts';
import { checkOtp, consumeOtp, issueOtp, OTP_TTL_MINUTES, retireOtps } from './otp.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { authText, fieldError, refuse } from './respond.ts';
import { requireEntity } from './tables.ts';
import { findUserByEmail, isActive, normalizeEmail, updateUser } from './users.ts';

type Body = Record<string, unknown> | undefined;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function passwordRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { db, manifest, mailer } = ctx;
  const forgetGuard = ctx.limit('forget-password');
  const resetGuard = ctx.limit('reset-password');

  app.post('/forget-password', async (request, reply) => {
    const email = normalizeEmail((request.body as Body)?.email);
    if (!email) throw ValidationError.single('email', { key: 'required' });
    if (!(await forgetGuard(request, reply, email))) return reply;
    const user = await findUserByEmail(db, manifest, email);
    if (!user) throw fieldError('email', 'email_incorrect');
    if (!isActive(user)) return refuse(request, reply, 403, 'deactivated');

    const otp = await issueOtp(db, manifest, user);
    const language = await mailLanguage(ctx, user.id, request);
    const params = { otp, minutes: OTP_TTL_MINUTES };
    try {
      await mailer.send({
        to: user.email,
        subject: translate({ text: AUTH_TEXT.otp_mail_subject }, language),
        text: translate({ text: AUTH_TEXT.otp_mail_body, params }, language),
      });
    } catch (error) {
      request.log.error({ err: error }, 'one-time password mail not sent');
      return refuse(request, reply, 503, 'mail_failed');
    }
    await logAccess(db, manifest, request, { userId: user.id, action: 'password_otp', resource: 'users' });
    return { message: authText(request, 'otp_sent', { minutes: OTP_TTL_MINUTES }) };
  });

  app.post('/users/reset-password', async (request, reply) => {
    const body = request.body as Body;
    const email = normalizeEmail(body?.email);
    const otp = text(body?.otp ?? body?.code).trim();
    const password = text(body?.password);
    const confirmation = body?.password_confirmation;
    const errors: FieldErrors = {};
    if (!email) addFieldError(errors, 'email', { key: 'required' });
    if (!otp) addFieldError(errors, 'otp', { key: 'required' });
    if (!password) addFieldError(errors, 'password', { key: 'required' });
    else if (password.length < MIN_PASSWORD_LENGTH) {
      addFieldError(errors, 'password', { text: AUTH_TEXT.password_too_short, params: { limit: MIN_PASSWORD_LENGTH } });
    }
    if (confirmation !== undefined && confirmation !== password) {
      addFieldError(errors, 'password_confirmation', { text: AUTH_TEXT.password_confirmation });
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (!(await resetGuard(request, reply, email))) return reply;

    const user = await findUserByEmail(db, manifest, email);
    if (!user) throw fieldError('email', 'email_incorrect');
    const otpId = await checkOtp(db, manifest, email, otp);
    if (otpId === null) throw fieldError('otp', 'otp_incorrect');
    const passwordHash = await hashPassword(password);
    const done = await db.transaction().execute(async (trx) => {
      if (!(await consumeOtp(trx, manifest, otpId))) return false;
      await updateUser(trx, manifest, user.id, { password_hash: passwordHash });
      await retireOtps(trx, manifest, email);
      await revokeUserTokens(trx, user.id);
      return true;
    });
    if (!done) throw fieldError('otp', 'otp_incorrect');
    await logAccess(db, manifest, request, { userId: user.id, action: 'password_reset', resource: 'users' });
    return { message: authText(request, 'password_reset') };
  });
}

/** Arabic when the user chose it (users.locale defaults to en), else the caller's language. */
async function mailLanguage(ctx: AuthContext, userId: number, request: FastifyRequest): Promise<Language> {
  const users = requireEntity(ctx.manifest, 'users');
  if (users.fields.locale) {
    const row = await ctx.db.selectFrom(users.table).select('locale').where('id', '=', userId).executeTakeFirst();
    if (row?.locale === 'ar') return 'ar';
  }
  return requestLanguage(request);
}
