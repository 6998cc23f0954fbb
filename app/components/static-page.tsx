import type { StaticPageContent } from '~/modules/site/static-pages.server.ts'

export function StaticPage({ content }: { content: StaticPageContent }) {
  return (
    <article className="container static-page">
      <h1>{content.title}</h1>
      <p className="lead">{content.intro}</p>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  )
}
