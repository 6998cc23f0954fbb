import { test as base } from '@playwright/test'

/** Pages of these tests behave as for a visitor who already passed the entry warning. */
export const test = base.extend({
  // Playwright's fixture callback is named `use` by convention; it is not a React hook.
  context: async ({ context }, provide) => {
    await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
    await provide(context)
  },
})

export { expect } from '@playwright/test'
