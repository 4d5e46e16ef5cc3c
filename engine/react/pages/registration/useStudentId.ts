/** The signed-in student's id (GET /users/profile carries student_id), for paths that name the student. */
import { useResource } from '../../renderers/useResource.ts';

export function useStudentId(): number | undefined {
  const profile = useResource<{ student_id?: number }>('/users/profile');
  return profile.data?.student_id;
}
