import { useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Countdown } from './countdown.tsx'

/** The running discount with its countdown; at zero the page reloads its (undiscounted) prices. */
export function DiscountNote({ discount }: { discount: { percent: number; secondsLeft: number; code: string } }) {
  const { t } = useTranslation('payments')
  const revalidator = useRevalidator()
  return (
    <p className="discount-note" role="status" data-testid="discount" data-code={discount.code}>
      <strong>{t('credits.discount', { percent: discount.percent })}</strong>{' '}
      <span>
        {t('credits.discountEnds', { time: '' })}
        <Countdown seconds={discount.secondsLeft} onDone={() => revalidator.revalidate()} />
      </span>
    </p>
  )
}
