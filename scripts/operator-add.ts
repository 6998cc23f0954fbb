// `npm run operator:add -- --email E --role admin [--name N] [--sites all|slug,slug]
// [--pools pool,pool] [--languages nl,en] [--max-chats 5]`: creates an operator of the
// console (decision 023). The password comes from standard input when something is piped
// in (`echo "$PASSWORD" | npm run operator:add -- ...`), otherwise one is generated and
// printed once. Admins get every site unless --sites or --pools says otherwise; the others
// start with none (an admin assigns them in the console). The first admin invites the rest
// from the console (/operators).
// Connects as DATABASE_URL (the owner), else APP_DATABASE_URL, else the running demo's
// embedded database.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { THEME_NAMES } from '../themes/index.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { LOCALES, type Locale } from '../tenants/schema.ts'
import { createOperator, OPERATOR_PASSWORD_MIN, type Assignment } from '../app/modules/operators/accounts.server.ts'
import { isOperatorRole } from '../app/modules/operators/roles.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { embeddedOwnerUrl, withDatabase } from './lib/database.ts'

const usage = 'usage: npm run operator:add -- --email E --role admin|moderator|chatter|finance|marketer [--name N] [--sites all|slug,...] [--pools pool,...] [--languages nl,en,...] [--max-chats N]'

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, sites: { type: 'string' }, pools: { type: 'string' }, languages: { type: 'string' }, 'max-chats': { type: 'string' } },
  allowPositionals: false,
})
const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean)
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) fail(usage)
if (!isOperatorRole(values.role)) fail(usage)
const role = values.role
const tenants = await loadTenants(THEME_NAMES)
const sites = list(values.sites)
const pools = list(values.pools)
const unknownSite = sites.find((s) => s !== 'all' && !tenants.some((t) => t.slug === s))
if (unknownSite) fail(`unknown site ${unknownSite} (sites: ${tenants.map((t) => t.slug).join(', ')})`)
const unknownPool = pools.find((p) => !tenants.some((t) => t.pool === p))
if (unknownPool) fail(`unknown pool ${unknownPool} (pools: ${[...new Set(tenants.map((t) => t.pool))].join(', ')})`)
const languages = list(values.languages)
const badLanguage = languages.find((l) => !(LOCALES as readonly string[]).includes(l))
if (badLanguage) fail(`unknown language ${badLanguage} (${LOCALES.join(', ')})`)
const maxChats = values['max-chats'] ? Number(values['max-chats']) : 5
if (!Number.isInteger(maxChats) || maxChats < 1 || maxChats > 50) fail('--max-chats: a whole number from 1 to 50')
const allSites = sites.includes('all') || (role === 'admin' && sites.length === 0 && pools.length === 0)
const assignment: Assignment = { allSites, sites: allSites ? [] : sites, pools: allSites ? [] : pools, languages: languages as Locale[] }

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return ''
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').split('\n')[0]!.trim()
}
const given = await readStdin()
if (given && given.length < OPERATOR_PASSWORD_MIN) fail(`the password needs at least ${OPERATOR_PASSWORD_MIN} characters`)
const password = given || randomBytes(12).toString('base64url')

const env = getEnv()
const url = env.DATABASE_URL ?? env.APP_DATABASE_URL ?? withDatabase(await embeddedOwnerUrl(), 'dating')
const db = createDb(url, 1)
try {
  const result = await createOperator(db, { email: values.email, name: values.name ?? values.email.split('@')[0]!, role, password, assignment, maxChats })
  if ('error' in result) fail(`an operator with the e-mail ${values.email} exists already`)
  console.info(`operator ${values.email} (${role}) created; ${allSites ? 'all sites' : `sites: ${sites.join(', ') || '-'}, pools: ${pools.join(', ') || '-'}`}`)
  if (!given) console.info(`password: ${password}   (shown only now)`)
  if (role === 'admin' || role === 'finance') console.info('the first sign-in asks to set up an authenticator app (TOTP)')
} catch (error) {
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code
  if (code === 'ECONNREFUSED' && !env.DATABASE_URL && !env.APP_DATABASE_URL) fail('no database: start the demo first (npm start) or set DATABASE_URL')
  throw error
} finally {
  await db.$disconnect()
}
