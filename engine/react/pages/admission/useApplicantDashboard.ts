/**
 * The applicant's dashboard answer (GET /api/admission/{id}/dashboard) for the pages of one
 * link: status, feedback, next step, tabs done, fees. `reload()` after a save, a submit or a
 * payment.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { loadDashboard, type ApplicantDashboard, type ApplicantLink } from './admission-api.ts';

export interface DashboardState {
  link: ApplicantLink;
  data: ApplicantDashboard | undefined;
  loading: boolean;
  /** The refusal of the link (401/403) or a load failure, in the user's language. */
  error: ApiError | Error | undefined;
  reload(): void;
}

export function useApplicantLink(params: Readonly<Record<string, string | undefined>>): ApplicantLink {
  const { id = '', type = '', secretKey = '' } = params;
  return useMemo(() => ({ id, type, secret: secretKey }), [id, type, secretKey]);
}

export function useApplicantDashboard(link: ApplicantLink): DashboardState {
  const api = useApi();
  const [data, setData] = useState<ApplicantDashboard | undefined>();
  const [error, setError] = useState<ApiError | Error | undefined>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    loadDashboard(api, link).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e : new Error(String(e)));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, link, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { link, data, loading, error, reload };
}

const DashboardContext = createContext<DashboardState | null>(null);
export const DashboardProvider = DashboardContext.Provider;

export function useDashboardContext(): DashboardState | null {
  return useContext(DashboardContext);
}
