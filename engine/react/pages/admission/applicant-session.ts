/**
 * The applicant's session in the browser. Applicants have no account: the emailed link (id and
 * secret) authorises their calls. Once a link proved valid, the browser keeps an Applicant user
 * (no token) so that the navigation guard confines it to the admission routes
 * (admission-and-grid 2, engine/core/guard.ts rule A). A signed-in staff member or student is
 * never replaced; leaving the application clears it.
 */
import { useEffect } from 'react';
import { APPLICANT_TYPE_NAME, isApplicant, type SessionUser } from '../../../core/session.ts';
import { useSession } from '../../data/SessionProvider.tsx';
import type { ApplicantLink } from './admission-api.ts';

export function applicantUser(link: ApplicantLink, name?: string | null): SessionUser {
  return {
    id: `applicant-${link.id}`,
    name: name || `#${link.id}`,
    type: { name: APPLICANT_TYPE_NAME, type: 'applicant' },
    applicant: { id: link.id, applicant_type_id: link.type, secret: link.secret },
  };
}

/** Whether to (re)store the applicant session: nobody signed in, or another applicant's link. */
export function shouldStoreApplicant(current: SessionUser | null, loggedIn: boolean, link: ApplicantLink): boolean {
  if (!loggedIn || !current) return true;
  if (!isApplicant(current)) return false;
  const a = current.applicant;
  return !a || String(a.id) !== link.id || a.secret !== link.secret || String(a.applicant_type_id) !== link.type;
}

/** Stores the applicant session once `valid` (the link's first answer came back). */
export function useApplicantSession(link: ApplicantLink, valid: boolean, name?: string | null): void {
  const session = useSession();
  const { loggedIn, user, signIn } = session;
  useEffect(() => {
    if (!valid || !shouldStoreApplicant(user, loggedIn, link)) return;
    signIn({ token: '', user: applicantUser(link, name) });
  }, [valid, user, loggedIn, link, name, signIn]);
}
