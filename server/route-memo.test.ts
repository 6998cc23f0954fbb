// The patches of patches/ (patch-package, decision 036) are applied: the server's routes
// are converted once per build, not per request. patch-package fails the install when a
// new version's text differs, so these tests guard what the patches promise.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as StaticRouter from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

describe('memoised route matching', () => {
  it('converts a routes array to data routes once', () => {
    const { createStaticRouter } = require('react-router-dom/server') as typeof StaticRouter
    const routes = [{ id: 'root', path: '/', children: [{ id: 'a', path: 'a' }] }]
    const context = { basename: '/', location: { pathname: '/a', search: '', hash: '', state: null, key: 'default' }, matches: [], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null }
    const first = createStaticRouter(routes, context as never)
    const second = createStaticRouter(routes, context as never)
    expect(second.routes).toBe(first.routes)
    // Another routes array (another build) is converted on its own.
    expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes)
  })

  it('is patched in the files Node loads', () => {
    for (const file of ['@remix-run/router/dist/router.cjs.js', '@remix-run/react/dist/server.js', 'react-router-dom/server.js']) {
      expect(readFileSync(require.resolve(file), 'utf8'), file).toContain('dating-engine')
    }
  })
})
