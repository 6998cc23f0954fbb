import { useTranslation } from 'react-i18next'
import { useRootData } from '~/root.tsx'

type Section = { heading: string; body: string[] }

/** Renders a page from the `pages` catalogue, with the site's details interpolated. */
export function StaticPage({ page }: { page: string }) {
  const { t } = useTranslation('pages')
  const { settings, company } = useRootData()
  const values = {
    siteName: settings.name,
    companyName: company.name,
    companyAddress: company.address,
    companyZip: company.zip,
    companyCity: company.city,
    companyCountry: company.country,
    kvk: company.kvk,
    vatNumbers: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', '),
    supportEmail: settings.support_email,
    supportPhone: company.support_phone,
    refundDays: settings.refund_days,
    minimumAge: settings.minimum_age,
  }
  const sections = t(`${page}.sections`, { ...values, returnObjects: true }) as Section[]
  return (
    <article className="container static-page">
      <h1>{t(`${page}.title`, values)}</h1>
      <p className="lead">{t(`${page}.intro`, values)}</p>
      {Array.isArray(sections)
        ? sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.body.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </section>
          ))
        : null}
    </article>
  )
}
