/** The signed-in user's id as a number (the session keeps it as the server sent it). */
import { useSession } from '../../react/data/SessionProvider.tsx';

export function useViewerId(): number | null {
  const { user } = useSession();
  const id = Number(user?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
