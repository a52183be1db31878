import type { AuthSession, StaffRole, ViewerKind } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export type { StaffRole, ViewerKind };
/** GET /api/auth/session: who is logged in and the permissions of their role (docs/permissions.md). */
export type StaffSession = AuthSession;

/** Shares the ['account'] prefix: login and logout reset every account query, so this one follows. */
export const staffSessionKey = ['account', 'auth-session'] as const;

export function useStaffSession() {
  return useQuery<StaffSession>({
    queryKey: staffSessionKey,
    queryFn: ({ signal }) => http<StaffSession>('GET', '/api/auth/session', { signal }),
    staleTime: 30_000,
  });
}
