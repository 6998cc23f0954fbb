import { Trans, useTranslation } from 'react-i18next'

/** The price before a discount: one translated phrase, only the amount struck through ("was £12.99"). */
export function WasPrice({ price, className }: { price: string; className?: string }) {
  const { t } = useTranslation('payments')
  return (
    <span className={className}>
      {' '}
      <Trans t={t} i18nKey="credits.was" values={{ price }} components={{ s: <s /> }} />
    </span>
  )
}
