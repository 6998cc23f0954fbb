// Operator roles and what each may open in the console (issue #21, decision 023). Plain data
// for the server's guards and the console's navigation alike. The database enforces the
// same split for the tables it guards (migration 20261126100836_operator_console).

export const OPERATOR_ROLES = ['admin', 'moderator', 'chatter', 'finance', 'marketer'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** Roles that must use a second factor (TOTP): they move money or manage operators. */
export const TOTP_REQUIRED: readonly OperatorRole[] = ['admin', 'finance']

/**
 * The console's areas: its path and the roles that may open it, in navigation order. A new
 * console page belongs to one area (or names its roles itself in requireOperator).
 */
export const CONSOLE_AREAS = {
  inbox: { path: '/inbox', roles: ['admin', 'chatter'] },
  photos: { path: '/photos', roles: ['admin', 'moderator'] },
  complaints: { path: '/complaints', roles: ['admin', 'moderator', 'finance'] },
  refunds: { path: '/refunds', roles: ['admin', 'finance'] },
  members: { path: '/members', roles: ['admin', 'moderator', 'finance'] },
  reports: { path: '/reports', roles: ['admin', 'moderator'] },
  codes: { path: '/codes', roles: ['admin', 'finance'] },
  landers: { path: '/landers', roles: ['admin', 'marketer'] },
  stats: { path: '/stats', roles: ['admin', 'marketer'] },
  campaigns: { path: '/campaigns', roles: ['admin', 'marketer'] },
  postbacks: { path: '/postbacks', roles: ['admin', 'marketer'] },
  profiles: { path: '/profiles', roles: ['admin', 'moderator'] },
  operators: { path: '/operators', roles: ['admin'] },
  audit: { path: '/audit', roles: ['admin'] },
} as const satisfies Record<string, { path: string; roles: readonly OperatorRole[] }>

export type ConsoleArea = keyof typeof CONSOLE_AREAS

export function mayOpen(role: OperatorRole, area: ConsoleArea): boolean {
  return (CONSOLE_AREAS[area].roles as readonly OperatorRole[]).includes(role)
}

/** Where an operator lands after logging in: the first area of their role. */
export function homePath(role: OperatorRole): string {
  const first = (Object.keys(CONSOLE_AREAS) as ConsoleArea[]).find((area) => mayOpen(role, area))
  return first ? CONSOLE_AREAS[first].path : '/account'
}

export const isOperatorRole = (value: unknown): value is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(value)
