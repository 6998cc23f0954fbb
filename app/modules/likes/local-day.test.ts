import { describe, expect, it } from 'vitest'
import { localDate, startOfNextLocalDay } from './local-day.ts'

describe('local days', () => {
  it('uses the site time zone, not UTC', () => {
    // 23:30 UTC on 1 June is already 2 June in Amsterdam (UTC+2), still 1 June in London's evening.
    const at = new Date('2026-06-01T23:30:00Z')
    expect(localDate(at, 'Europe/Amsterdam')).toBe('2026-06-02')
    expect(localDate(at, 'Europe/London')).toBe('2026-06-02')
    expect(localDate(at, 'America/New_York')).toBe('2026-06-01')
    expect(localDate(at, 'UTC')).toBe('2026-06-01')
  })

  it('finds the next local midnight', () => {
    expect(startOfNextLocalDay(new Date('2026-06-01T10:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-06-01T22:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-01-15T10:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-01-15T23:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-01-15T23:30:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-01-16T23:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-06-01T10:00:00Z'), 'Europe/London').toISOString()).toBe('2026-06-01T23:00:00.000Z')
  })

  it('handles the nights daylight saving time starts and ends', () => {
    // Amsterdam: summer time starts 29 March 2026 at 02:00 (UTC+1 -> UTC+2), ends 25 October 2026.
    expect(startOfNextLocalDay(new Date('2026-03-28T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-10-24T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(startOfNextLocalDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })
})
