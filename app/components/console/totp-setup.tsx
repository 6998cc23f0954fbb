// Setting up the authenticator app: QR code, the key to type in, the otpauth link, a code.
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField } from './field.tsx'

export type Enrolment = { secretGroups: string; uri: string; qrSvg: string }

export function TotpSetup({ enrolment, error, intent }: { enrolment: Enrolment; error?: string | null; intent?: string }) {
  const { t } = useTranslation('console')
  return (
    <div className="stack">
      <p>{t('setup.scan')}</p>
      {/* The SVG is made on the server by the qrcode package from our own otpauth URI. */}
      <div className="console-qr" role="img" aria-label={t('setup.qrLabel')} dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
      <p>
        {t('setup.keyLabel')} <code className="console-code">{enrolment.secretGroups}</code>
      </p>
      <p>
        <a href={enrolment.uri}>{t('setup.linkLabel')}</a>
      </p>
      <Form method="post">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <ConsoleField name="code" label={t('code.label')} autoComplete="one-time-code" inputMode="numeric" required maxLength={7} error={error} />
        <button type="submit" className="button button--primary">
          {t('setup.submit')}
        </button>
      </Form>
    </div>
  )
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('console')
  return (
    <div className="stack" data-testid="recovery-codes">
      <h2>{t('setup.codesTitle')}</h2>
      <p>{t('setup.codesIntro')}</p>
      <ul className="console-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}
