// lander:new makes a folder the app renders at once and tenant:check lists.
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Lander } from '../landers/registry.server.tsx'
import { landerFolders } from '../landers/catalog.ts'
import { scaffoldLander } from './lib/lander-scaffold.ts'
import { landerCheck } from './lib/lander-check.ts'

const name = `zz-scaffold-${process.pid}`
let folder: string | undefined

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('lander:new', () => {
  it('scaffolds a lander that renders with the site name and is listed', async () => {
    folder = scaffoldLander(name)
    expect(() => scaffoldLander(name)).toThrow(/exists already/)
    expect(() => scaffoldLander('Bad Name')).toThrow(/lowercase/)
    expect(landerFolders()).toContain(name)
    // The app's registry is Vite's glob of the folders (a new folder joins it on the dev
    // server's next look and in every build); here the scaffolded files are loaded as it would.
    const registry = await import('../landers/registry.server.tsx')
    const load = async (file: string) => ((await import(path.join(folder!, file))) as { default: never }).default
    const lander: Lander = {
      name,
      definition: await load('lander.ts'),
      Component: await load('component.tsx'),
      copy: { nl: await load('copy/nl.json'), en: await load('copy/en.json') },
      images: { hero: readFileSync(path.join(folder, 'images/hero.svg'), 'utf8') },
    }
    const html = registry.renderLander(lander, {
      copy: registry.copyFor(lander, 'en', 'b', { site: 'Example', name: '' }),
      members: [{ id: 7, name: 'Ann', age: 30, place: 'Utrecht', thumb: null, fictional: false }],
      member: null,
      signupHref: '/signup?network=x',
      variant: 'b',
      fictional: { icon: '*', label: 'fictional' },
    })
    expect(html).toContain('Who will you meet today?')
    expect(html).toContain('Create a free profile on Example.')
    expect(html).toContain('href="/signup?network=x"')
    const check = landerCheck([{ slug: 'site', landers: [name, 'nosuch'] }])
    expect(check.lines.join('\n')).toContain(name)
    expect(check.problems).toEqual(['site: landers: unknown lander "nosuch"'])
  })
})
