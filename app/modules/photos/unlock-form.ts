// What the profile page gets back from a refused photo unlock (a data-transfer type: plain module).

/** Why an unlock was refused; `unlock` tells it apart from a gift's answer on the same page. */
export type UnlockFailure = { error: 'insufficient' | 'premium_required' | 'not_found'; unlock: true }
