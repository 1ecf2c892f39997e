import type { SessionUser } from '@portal/contracts';

/** The session user as login and user-info return it. */
export type User = SessionUser;
