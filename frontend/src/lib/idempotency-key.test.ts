// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { newKey, renewKeyOnAnswer } from './idempotency-key'

describe('renewKeyOnAnswer', () => {
  it('renews the key after a success, field errors and an error status, and still runs the page callbacks', () => {
    const renew = vi.fn()
    const onError = vi.fn()
    const cbs = renewKeyOnAnswer(renew, { onError })
    cbs.onSuccess({} as Parameters<typeof cbs.onSuccess>[0])
    expect(renew).toHaveBeenCalledTimes(1)
    cbs.onError({ count: 'bad' })
    expect(renew).toHaveBeenCalledTimes(2)
    expect(onError).toHaveBeenCalledWith({ count: 'bad' })
    cbs.onHttpException(new Response('', { status: 422 }) as never)
    expect(renew).toHaveBeenCalledTimes(3)
  })

  it('keeps the key when no answer came (network error): a resend must not act twice', () => {
    const cbs = renewKeyOnAnswer(vi.fn())
    expect(Object.keys(cbs)).not.toContain('onNetworkError')
    expect(Object.keys(cbs)).not.toContain('onFinish')
  })

  it('makes a new key each time', () => {
    expect(newKey()).not.toEqual(newKey())
  })

  // Every page that sends an idempotency key renews it on any answer, not only on success.
  it.each(['pages/mealprep/recipes.tsx', 'pages/account/survey.tsx', 'pages/admin/user.tsx'])('%s renews its key on any answer', (file) => {
    const src = readFileSync(join(__dirname, '..', file), 'utf8')
    expect(src).toContain('renewKeyOnAnswer(')
    expect(src).not.toMatch(/function newKey|const newKey/)
  })
})
