// The console's preview of a campaign (decision 058): the mail exactly as members get it,
// in a sandboxed frame (srcdoc, no scripts, its own opaque origin, under the console's
// policy), and the push message's title and text. The heading takes the focus when a
// preview opens, so a keyboard or screen reader user lands on it.
import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CampaignPreview as Preview } from '~/modules/campaigns/campaigns.server.ts'

export function CampaignPreview({ preview, site, closeTo }: { preview: Preview; site: string; closeTo?: string }) {
  const { t } = useTranslation('console')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [preview])
  return (
    <section className="console-card stack" aria-labelledby="campaign-preview" data-testid="campaign-preview">
      <h2 id="campaign-preview" ref={heading} tabIndex={-1}>
        {t('campaigns.previewTitle', { site })}
      </h2>
      <p className="field-hint">{t('campaigns.previewHint')}</p>
      {preview.mail ? (
        <>
          <h3>{t('campaigns.channelNames.email')}</h3>
          <p>
            <strong>{t('campaigns.subject')}:</strong> {preview.subject}
          </p>
          <iframe className="campaign-preview-frame" title={t('campaigns.previewFrame', { subject: preview.subject })} sandbox="" referrerPolicy="no-referrer" srcDoc={preview.mail.html} />
          <details>
            <summary>{t('campaigns.previewText')}</summary>
            <pre className="campaign-preview-text">{preview.mail.text}</pre>
          </details>
        </>
      ) : null}
      {preview.push ? (
        <>
          <h3>{t('campaigns.channelNames.push')}</h3>
          <dl className="campaign-preview-push">
            <dt>{t('campaigns.pushTitle')}</dt>
            <dd>{preview.push.title}</dd>
            <dt>{t('campaigns.pushBody')}</dt>
            <dd>{preview.push.body}</dd>
          </dl>
        </>
      ) : null}
      {closeTo ? (
        <p>
          <Link to={closeTo}>{t('campaigns.previewClose')}</Link>
        </p>
      ) : null}
    </section>
  )
}
