import { describe, expect, it } from 'vitest'
import { withSiteDescription } from './page-meta.ts'

const matches = [{ id: 'root', meta: [{ name: 'description', content: 'Flirten bij jou in de buurt' }] }, { id: 'routes/_default' }]

describe('withSiteDescription', () => {
  it("adds the site's description to a page that has only a title", () => {
    expect(withSiteDescription({ matches }, [{ title: 'Leden zoeken - FlirtLokaal' }])).toEqual([{ title: 'Leden zoeken - FlirtLokaal' }, { name: 'description', content: 'Flirten bij jou in de buurt' }])
  })
  it("keeps a page's own description, and adds nothing when root has none", () => {
    expect(withSiteDescription({ matches }, [{ name: 'description', content: 'Eigen' }])).toEqual([{ name: 'description', content: 'Eigen' }])
    expect(withSiteDescription({ matches: [{ id: 'root', meta: [] }] }, undefined)).toEqual([])
  })
})
