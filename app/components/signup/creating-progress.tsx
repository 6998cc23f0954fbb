import { useTranslation } from 'react-i18next'

const ITEMS = ['checking', 'creating', 'matches', 'mail'] as const

/** SPEC §4: the steps shown while the account is created, ticked off one after another. */
export function CreatingProgress() {
  const { t } = useTranslation('signup')
  return (
    <div className="signup-creating" role="status" aria-live="polite">
      <p className="signup-creating__title">{t('creating.title')}</p>
      <ol className="signup-creating__list">
        {ITEMS.map((item, i) => (
          <li key={item} className="signup-creating__item" style={{ '--signup-delay': `${(i * 0.7).toFixed(1)}s` } as React.CSSProperties}>
            {t(`creating.${item}`)}
          </li>
        ))}
      </ol>
    </div>
  )
}
