import { describe, expect, it } from 'vitest'
import { photoAlertExcluded, photoAlertKind, photoAlertVisible } from './photo-alert-rules.ts'

describe('photoAlertVisible', () => {
  const noPhoto = { thumb: null }
  it('shows for logged-in members without a main photo', () => {
    expect(photoAlertVisible({ member: noPhoto, pathname: '/members', dismissedAt: null })).toBe(true)
    expect(photoAlertVisible({ member: noPhoto, pathname: '/members/12', dismissedAt: null })).toBe(true)
    expect(photoAlertVisible({ member: noPhoto, pathname: '/', dismissedAt: null })).toBe(true)
  })

  it('does not show to visitors, members with a main photo, or after dismissal', () => {
    expect(photoAlertVisible({ member: null, pathname: '/members', dismissedAt: null })).toBe(false)
    expect(photoAlertVisible({ member: { thumb: '/media/a-t.jpg' }, pathname: '/members', dismissedAt: null })).toBe(false)
    expect(photoAlertVisible({ member: noPhoto, pathname: '/members', dismissedAt: '1717243200000' })).toBe(false)
  })

  it('does not show on the pages SPEC §2 lists', () => {
    for (const path of ['/profile', '/profile/', '/profile/photos', '/signup', '/activate/done', '/premium', '/notifications', '/directdebit', '/settings']) {
      expect(photoAlertExcluded(path), path).toBe(true)
      expect(photoAlertVisible({ member: noPhoto, pathname: path, dismissedAt: null }), path).toBe(false)
    }
    for (const path of ['/profiles', '/signup-matches', '/activate/error', '/premiums', '/members']) expect(photoAlertExcluded(path), path).toBe(false)
  })
})

describe('photoAlertKind', () => {
  it('says the photo is in review when one waits for the operator, else that there is none', () => {
    expect(photoAlertKind({ member: { thumb: null, photoInReview: true }, pathname: '/members', dismissedAt: null })).toBe('inReview')
    expect(photoAlertKind({ member: { thumb: null, photoInReview: false }, pathname: '/members', dismissedAt: null })).toBe('missing')
    expect(photoAlertKind({ member: { thumb: '/media/a-t.jpg', photoInReview: true }, pathname: '/members', dismissedAt: null })).toBe(null)
    expect(photoAlertKind({ member: { thumb: null, photoInReview: true }, pathname: '/profile/photos', dismissedAt: null })).toBe(null)
  })
})
