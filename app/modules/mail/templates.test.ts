// Every mail of every site: translated into each of the site's languages with nothing left
// untranslated, themed (React Email HTML and a plain-text part), the site's company in the
// footer, and never another site's name.
import { describe, expect, it } from 'vitest'
import { THEME_NAMES, themeFor } from '../../../themes/index.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { MAIL_KINDS, renderMail } from './render.server.ts'

const tenants = await loadTenants(THEME_NAMES)
const values = { name: 'Anna', sender: 'Bob', count: 3, likes: 2, unread: 1, amount: '€ 19,95', credits: 100, reference: 'tr_1', subject: 'S', newEmail: 'new@example.test', supportEmail: 'x@example.test', code: '482913', reason: 'R' }

describe('mail templates', () => {
  it('each site and language: translated, themed, with a text part and company details; no other site named', async () => {
    let rendered = 0
    for (const tenant of tenants) {
      const others = tenants.filter((o) => o.name !== tenant.name).map((o) => o.name)
      for (const locale of tenant.locales.offered) {
        for (const kind of MAIL_KINDS) {
          const link = `https://${tenant.domains[0]}/x?token=t`
          const mail = await renderMail(kind, { t: translatorFor(locale, tenant), tenant, theme: themeFor(tenant), link, values, preferencesLink: `https://${tenant.domains[0]}/notifications` })
          const all = `${mail.subject}\n${mail.text}\n${mail.html}`
          expect(mail.subject, `${tenant.slug} ${locale} ${kind}`).not.toMatch(new RegExp(`^${kind}\\.|\\{\\{`))
          expect(mail.text).toContain(link)
          expect(mail.text).toContain(tenant.company.name)
          expect(mail.html).toContain(tenant.company.kvk)
          expect(mail.html).toContain(themeFor(tenant).colors.primary)
          expect(mail.html).toMatch(/^<!DOCTYPE html/i)
          expect(all).not.toContain('{{')
          for (const other of others) expect(all, `${tenant.slug} ${kind} names ${other}`).not.toContain(other)
          rendered += 1
        }
      }
    }
    expect(rendered).toBeGreaterThan(MAIL_KINDS.length * 2)
  })
})
