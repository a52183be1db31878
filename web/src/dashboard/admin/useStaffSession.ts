import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export type ViewerKind = 'guest' | 'customer' | 'staff';
export type StaffRole = 'kitchen' | 'manager' | 'admin';

/** GET /api/auth/session: who is logged in and the permissions of their role (docs/permissions.md). */
export interface StaffSession {
  viewer: { kind: ViewerKind; id?: number; role?: StaffRole; email?: string; firstName?: string; username?: string };
  permissions: string[];
  /** Whether /dev/mailbox exists (demo mode, no SMTP server configured). Absent for guests. */
  localMailbox?: boolean;
}

/** Shares the ['account'] prefix: login and logout reset every account query, so this one follows. */
export const staffSessionKey = ['account', 'auth-session'] as const;

export function useStaffSession() {
  return useQuery<StaffSession>({
    queryKey: staffSessionKey,
    queryFn: ({ signal }) => http<StaffSession>('GET', '/api/auth/session', { signal }),
    staleTime: 30_000,
  });
}
