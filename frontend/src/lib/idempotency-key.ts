import type { VisitCallbacks } from '@inertiajs/core'

/** A fresh idempotency key: one per intended submission of a paid or counted form. */
export function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

type Answered = Partial<Pick<VisitCallbacks, 'onSuccess' | 'onError'>>

/**
 * Visit callbacks that renew a form's idempotency key as soon as the server has answered:
 * success, field errors or an error status alike. The server keeps the key with the request it
 * first saw, so a changed form sent under the old key would be refused (422). A network error
 * (no answer) keeps the key: sending the same form again must not act twice.
 */
export function renewKeyOnAnswer(renew: () => void, also: Answered = {}): Pick<VisitCallbacks, 'onSuccess' | 'onError' | 'onHttpException'> {
  return {
    onSuccess: (page) => {
      renew()
      return also.onSuccess?.(page)
    },
    onError: (errors) => {
      renew()
      also.onError?.(errors)
    },
    onHttpException: () => {
      renew()
    },
  }
}
