import { describe, expect, it } from 'vitest'
import { openConversationOf } from './attention.ts'

describe('openConversationOf', () => {
  it('names the conversation of a chat page, and nothing on any other page', () => {
    expect(openConversationOf('/chats/42')).toBe(42)
    expect(openConversationOf('/chats/42/')).toBe(42)
    expect(openConversationOf('/chats')).toBeNull()
    expect(openConversationOf('/chats/')).toBeNull()
    expect(openConversationOf('/members/42')).toBeNull()
    expect(openConversationOf('/chats/042')).toBeNull()
    expect(openConversationOf('/chats/42abc')).toBeNull()
    expect(openConversationOf('/chats/99999999999')).toBeNull()
  })
})
