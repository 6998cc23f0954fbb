// Which host is the operator console's (OPERATOR_HOST; demo: operator.localhost). One pure
// function, so the edge, the context and the tests agree. A port in the setting is ignored,
// as it is for sites.
import { normalizeHost } from '../tenancy/resolve-host.ts'

export const DEMO_OPERATOR_HOST = 'operator.localhost'

export function consoleHostName(setting: string | undefined, mode: 'demo' | 'production'): string | null {
  const host = normalizeHost(setting ?? (mode === 'demo' ? DEMO_OPERATOR_HOST : null))
  return host
}

export function isConsoleHost(host: string | null | undefined, consoleHost: string | null): boolean {
  return consoleHost !== null && normalizeHost(host) === consoleHost
}
