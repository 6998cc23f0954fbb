import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'
import type { MemberProfileView } from '~/modules/profiles/member-profile.server.ts'
import type { LikeOriginName } from '~/modules/likes/like-request.ts'
import type { GiftOffer } from '~/modules/gifts/catalogue.ts'
import type { SendFailure } from '~/modules/chat/types.ts'
import type { UnlockFailure } from '~/modules/photos/unlock-form.ts'
import { GiftPicker } from '../chat/gift-picker.tsx'
import { LikeButton, type LikeButtonState } from '../likes/like-button.tsx'
import { FictionalLabel } from './fictional-label.tsx'

export type FictionalTexts = { icon: string; label: string; warning: string }
export type ViewerKind = 'visitor' | 'free' | 'premium'

/** The member profile page's body (SPEC §2): photos, name, age, place, label, actions, about, details, interests. */
export function MemberProfile({
  view,
  fictional,
  viewer,
  loginPath,
  like,
  likeOrigin = 'profile',
  gifts = null,
  giftFailure,
  photoCredits = 0,
  unlockFailure,
}: {
  view: MemberProfileView
  fictional: FictionalTexts | null
  viewer: ViewerKind
  loginPath: string
  /** The site's gifts (members only): sent from here into the chat. */
  gifts?: GiftOffer | null
  /** The viewer's like state towards this member (members only). */
  like?: LikeButtonState
  likeOrigin?: LikeOriginName
  /** Why the gift sent from here was refused (not enough credits shows the buy alert instead). */
  giftFailure?: SendFailure
  /** What unlocking a private photo costs (decision 017). */
  photoCredits?: number
  unlockFailure?: UnlockFailure
}) {
  const { t } = useTranslation('profile')
  const { t: tc } = useTranslation()
  const place = [view.city, view.region?.name].filter(Boolean).join(', ')
  return (
    <article className="member-profile" aria-labelledby="member-name">
      {view.own ? <OwnNotice view={view} /> : null}
      <div className="member-profile__layout">
        <PhotoGallery view={view} viewer={viewer} loginPath={loginPath} photoCredits={photoCredits} unlockFailure={unlockFailure} />
        <div className="member-profile__main">
          <h1 id="member-name" className="member-profile__name">
            {view.name}
          </h1>
          <p className="member-profile__meta">
            <span>{t('member.age', { count: view.age })}</span>
            {place ? <span>{place}</span> : null}
            {view.country ? <span>{tc(`countries.${view.country}`)}</span> : null}
          </p>
          {fictional ? <FictionalLabel {...fictional} /> : null}
          {view.own ? null : <Actions view={view} viewer={viewer} loginPath={loginPath} like={like} likeOrigin={likeOrigin} gifts={gifts} giftFailure={giftFailure} />}
          {view.about ? (
            <section className="member-profile__section" aria-labelledby="member-about">
              <h2 id="member-about">{t('member.aboutHeading')}</h2>
              <p className="member-profile__about">{view.about}</p>
            </section>
          ) : null}
          <Details view={view} />
          {view.interests.length > 0 ? (
            <section className="member-profile__section" aria-labelledby="member-interests">
              <h2 id="member-interests">{t('member.interestsHeading')}</h2>
              <ul className="member-profile__interests">
                {view.interests.map((key) => (
                  <li key={key}>{tc(`interests.${key}`)}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  )
}

function OwnNotice({ view }: { view: MemberProfileView }) {
  const { t } = useTranslation('profile')
  const text = view.ownNotice === 'invisible' ? t('member.ownInvisible') : view.ownNotice === 'disabled' ? t('member.ownDisabled') : t('member.ownPreview')
  return (
    <div className="alert alert--info member-profile__own" role="status">
      <p>{text}</p>
      <div className="member-profile__own-links">
        <Link to="/profile" className="button button--primary">
          {t('member.editProfile')}
        </Link>
        <Link to="/profile/photos" className="button button--ghost">
          {t('edit.managePhotos')}
        </Link>
      </div>
    </div>
  )
}

function PhotoGallery({
  view,
  viewer,
  loginPath,
  photoCredits,
  unlockFailure,
}: {
  view: MemberProfileView
  viewer: ViewerKind
  loginPath: string
  photoCredits: number
  unlockFailure: UnlockFailure | undefined
}) {
  const { t } = useTranslation('profile')
  const [first, ...rest] = view.photos
  return (
    <section className="member-profile__photos" aria-labelledby="member-photos">
      <h2 id="member-photos" className="visually-hidden">
        {t('member.photosHeading')}
      </h2>
      {first ? (
        <Photo photo={first} name={view.name} large photoCredits={photoCredits} ownerId={view.id} />
      ) : (
        <div className="member-profile__photo member-profile__photo--empty">
          <span>{t('member.noPhoto')}</span>
        </div>
      )}
      {rest.length > 0 ? (
        <ul className="member-profile__thumbs">
          {rest.map((p) => (
            <li key={p.id}>
              <Photo photo={p} name={view.name} photoCredits={photoCredits} ownerId={view.id} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="member-profile__count">{t('member.photoCount', { count: view.photoCount })}</p>
      {unlockFailure && unlockFailure.error !== 'insufficient' ? (
        <p className="field-error" role="alert">
          {t(`member.unlockErrors.${unlockFailure.error}`)}
        </p>
      ) : null}
      {view.hiddenPhotoCount > 0 ? (
        <div className="member-profile__more">
          <p className="member-profile__more-count">{t('member.morePhotos', { count: view.hiddenPhotoCount })}</p>
          {viewer === 'visitor' ? (
            <p>
              {t('member.loginHint')} <Link to={loginPath}>{t('member.loginLink')}</Link>
            </p>
          ) : (
            <p>
              {t('member.premiumHint')} <Link to="/pricing">{t('member.premiumLink')}</Link>
            </p>
          )}
        </div>
      ) : null}
    </section>
  )
}

function Photo({
  photo,
  name,
  large = false,
  photoCredits,
  ownerId,
}: {
  photo: MemberProfileView['photos'][number]
  name: string
  large?: boolean
  photoCredits: number
  ownerId: number
}) {
  const { t } = useTranslation('profile')
  if (photo.locked) {
    // A plain form: without JavaScript it posts, unlocks and comes back to the photo.
    return (
      <figure id={`photo-${photo.id}`} className={`member-profile__photo member-profile__photo--locked${large ? ' member-profile__photo--large' : ''}`}>
        <Form method="post" action={`/members/${ownerId}`} className="member-profile__unlock">
          <span aria-hidden="true" className="member-profile__lock">🔒</span>
          <input type="hidden" name="intent" value="unlock" />
          <input type="hidden" name="photo" value={photo.id} />
          <button type="submit" className="button button--primary">
            {t('member.unlock', { count: photoCredits })}
          </button>
        </Form>
        <figcaption className="member-profile__badges">
          <span className="member-profile__badge">{t('member.private')}</span>
        </figcaption>
      </figure>
    )
  }
  return (
    <figure id={`photo-${photo.id}`} className={`member-profile__photo${large ? ' member-profile__photo--large' : ''}`}>
      <a href={photo.url}>
        <img src={large ? photo.url : photo.thumbUrl} alt={t('member.photoAlt', { name })} loading={large ? 'eager' : 'lazy'} {...{ fetchpriority: large ? 'high' : 'auto' }} />
      </a>
      {photo.private || photo.inspection ? (
        <figcaption className="member-profile__badges">
          {photo.private ? <span className="member-profile__badge">{t('member.private')}</span> : null}
          {photo.inspection ? <span className="member-profile__badge member-profile__badge--pending">{t('member.inspection')}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  )
}

/**
 * Like, message and gift (SPEC §2, §6). Visitors are sent to login first. Members like here;
 * message opens the chat; a gift is chosen here and sent into the chat (decision 017).
 */
function Actions({
  view,
  viewer,
  loginPath,
  like,
  likeOrigin,
  gifts,
  giftFailure,
}: {
  view: MemberProfileView
  viewer: ViewerKind
  loginPath: string
  like?: LikeButtonState
  likeOrigin: LikeOriginName
  gifts: GiftOffer | null
  giftFailure: SendFailure | undefined
}) {
  const { t } = useTranslation('profile')
  const { t: tChat } = useTranslation('chat')
  // An invite-only site without a traffic source (SPEC §6): messaging logs in, never a refused signup.
  const { canSignUp } = useRootData()
  const later = [t('member.message'), t('member.gift')]
  return (
    <section className="member-profile__actions" aria-label={t('member.actions')}>
      <div className="member-profile__buttons">
        {viewer === 'visitor' ? (
          // Messaging signs up with a first message to this member (/members/{id}/signup).
          [t('member.like'), ...later].map((label, i) => (
            <Link key={label} to={i === 1 && canSignUp ? `/members/${view.id}/signup` : loginPath} className={`button ${i === 1 ? 'button--primary' : 'button--ghost'}`}>
              {label}
            </Link>
          ))
        ) : (
          <>
            <LikeButton profileId={view.id} name={view.name} state={like ?? { liked: false, match: false }} origin={likeOrigin} />
            <Link to={`/members/${view.id}/chat`} className="button button--primary">
              {t('member.message')}
            </Link>
          </>
        )}
      </div>
      {viewer !== 'visitor' && gifts ? <GiftPicker offer={gifts} action={`/members/${view.id}`} /> : null}
      {giftFailure && giftFailure.error !== 'insufficient' ? (
        <p className="field-error" role="alert">
          {giftFailure.message ?? tChat(`errors.${giftFailure.error}`)}
        </p>
      ) : null}
      {viewer === 'visitor' ? (
        <p id="member-actions-note" className="field-hint">
          {t('member.loginToContact')}
        </p>
      ) : null}
    </section>
  )
}

function Details({ view }: { view: MemberProfileView }) {
  const { t } = useTranslation('profile')
  const { t: tc } = useTranslation()
  const rows: { label: string; value: string }[] = view.attributes.map(({ key, value }) => ({
    label: t(`attributes.${key}`),
    value: t(`options.${key}.${value}`, { defaultValue: value }),
  }))
  if (view.region) rows.push({ label: tc(`regionLabel.${view.region.label}`), value: view.region.name })
  if (view.city) rows.push({ label: t('attributes.city'), value: view.city })
  if (view.country) rows.push({ label: t('attributes.country'), value: tc(`countries.${view.country}`) })
  if (rows.length === 0) return null
  return (
    <section className="member-profile__section" aria-labelledby="member-details">
      <h2 id="member-details">{t('member.detailsHeading')}</h2>
      <dl className="member-profile__details">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
