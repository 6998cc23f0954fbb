/**
 * The label of a fictional profile (SPEC §3 fictional_icon / _singular / _warning), wherever
 * one appears: a card, the profile page, a chat header. The texts come from the site's
 * config, already localized (publicSettings, or localized() on the server).
 *
 * `compact` (cards, chat header): icon and name, the warning as a tooltip.
 * Otherwise (profile page): icon, name and the warning spelled out.
 */
export function FictionalLabel({ icon, label, warning, compact = false }: { icon: string; label: string; warning: string; compact?: boolean }) {
  if (compact) {
    return (
      <p className="fictional-label" title={warning}>
        <span aria-hidden="true">{icon}</span> {label}
      </p>
    )
  }
  return (
    <div className="alert alert--info fictional-notice" role="note">
      <p className="fictional-label">
        <span aria-hidden="true">{icon}</span> <strong>{label}</strong>
      </p>
      <p className="fictional-notice__warning">{warning}</p>
    </div>
  )
}
