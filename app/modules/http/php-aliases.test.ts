// SPEC §7 names its calls /api/<name>.php. Every call that exists here also answers under
// that name, through a route file that re-exports the handlers of /api/<name>
// (app/routes/api.<name>[.php].ts). A later issue adding /api/chats must add its twin, or
// this test fails.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import type { Db } from '../db/client.server.ts'
import type { Scope } from '../db/scoped.server.ts'

/** Every call of SPEC §7, by the name before `.php`. */
const SPEC_CALLS = ['user', 'logout', 'geocode', 'page-hidden', 'settings', 'chats', 'likes', 'chat', 'auto-like', 'discountcode', 'interests', 'regions', 'companyinfo']

const ROUTES = path.resolve('app/routes')
const original = (name: string) => path.join(ROUTES, `api.${name}.ts`)
const alias = (name: string) => path.join(ROUTES, `api.${name}[.php].ts`)
type RouteModule = { loader?: (args: LoaderFunctionArgs) => Promise<unknown>; action?: unknown; default?: unknown }
const load = async (file: string) => (await import(/* @vite-ignore */ file)) as RouteModule

const BUILT = SPEC_CALLS.filter((name) => existsSync(original(name)))

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('the .php names of SPEC §7', () => {
  it('exist for every call that is built, and only for those', () => {
    expect(BUILT).toEqual(expect.arrayContaining(['user', 'logout', 'geocode', 'settings', 'likes', 'auto-like', 'interests', 'regions', 'companyinfo']))
    expect(BUILT.filter((name) => !existsSync(alias(name)))).toEqual([])
    const aliases = readdirSync(ROUTES).filter((f) => f.endsWith('[.php].ts'))
    const orphans = aliases.filter((f) => !existsSync(path.join(ROUTES, f.replace('[.php]', ''))) || !SPEC_CALLS.includes(f.slice(4, -'[.php].ts'.length)))
    expect(orphans).toEqual([])
  })

  it.each(BUILT)('/api/%s.php runs the very same loader and action', async (name) => {
    const [twin, own] = await Promise.all([load(alias(name)), load(original(name))])
    expect(twin.loader).toBe(own.loader)
    expect(twin.action).toBe(own.action)
    expect(Object.keys(twin).sort()).toEqual(Object.keys(own).sort())
  })
})

describe('requests to the .php names', () => {
  async function get(scope: Scope, url: string, cookie?: string) {
    const [pathname] = url.split('?')
    const file = pathname!.endsWith('.php') ? alias(pathname!.slice(5, -4)) : original(pathname!.slice(5))
    const { loader } = await load(file)
    const request = await siteRequest(scope, url, { cookie, headers: { Accept: 'application/json', 'X-Request-Type': 'client' } })
    return runRoute(async () => loader!({ request, context: await contextFor(scope, request), params: {} }))
  }

  it('answer exactly like the plain names, for visitors and members', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL, 'Php')
    const calls = ['/api/user', '/api/settings', '/api/likes', '/api/interests', '/api/regions', '/api/companyinfo', '/api/geocode?lat=52.37&lon=4.89']
    for (const call of calls) {
      const [plainPath, query] = call.split('?')
      const php = `${plainPath}.php${query ? `?${query}` : ''}`
      for (const cookie of [undefined, member.cookie]) {
        const [a, b] = [await get(FLIRTLOKAAL, call, cookie), await get(FLIRTLOKAAL, php, cookie)]
        expect(b.status, php).toBe(a.status)
        expect(b.body, php).toEqual(a.body)
      }
    }
    // Members only, JSON 403 for visitors as under the plain name.
    expect((await get(FLIRTLOKAAL, '/api/likes.php')).body).toEqual({ error: 'authentication_required' })
    expect((await get(FLIRTLOKAAL, '/api/auto-like.php')).status).toBe(403)
    expect((await get(FLIRTLOKAAL, '/api/auto-like.php', member.cookie)).status).toBe(200)
    expect((await get(FLIRTLOKAAL, '/api/user.php', member.cookie)).body).toMatchObject({ user: { profile: { name: 'Php' } } })
    // A session belongs to its site, under any name.
    expect((await get(DATEVIBE, '/api/user.php', member.cookie)).body).toEqual({ user: null })
  })

  it('GET /api/logout.php ends the session', async () => {
    const member = await loggedInMember(db, DATEVIBE, 'Leaving')
    const out = await get(DATEVIBE, '/api/logout.php', member.cookie)
    expect(out.status).toBe(200)
    expect(out.headers.get('Set-Cookie')).toMatch(/^sid=;.*Max-Age=0/)
    expect((await get(DATEVIBE, '/api/user.php', member.cookie)).body).toEqual({ user: null })
  })
})
