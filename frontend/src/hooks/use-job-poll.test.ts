import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useJobPoll } from './use-job-poll'

const { start, stop, reload, usePoll } = vi.hoisted(() => {
  const start = vi.fn()
  const stop = vi.fn()
  return { start, stop, reload: vi.fn(), usePoll: vi.fn((_ms: number, _options: { only: string[]; onFinish?: () => void }, _start: unknown) => ({ start, stop })) }
})

/** Inertia finishing one poll's reload. */
function finishPoll() {
  const options = usePoll.mock.calls.at(-1)![1]
  act(() => options.onFinish?.())
}
vi.mock('@inertiajs/react', () => ({ usePoll, router: { reload } }))

beforeEach(() => {
  vi.clearAllMocks()
})

describe('useJobPoll', () => {
  it('polls only the progress props while the job runs, then reloads the result once', () => {
    const { rerender } = renderHook(({ running }) => useJobPoll(running, { poll: ['request'], whenDone: ['request', 'auth'] }), { initialProps: { running: true } })
    expect(usePoll).toHaveBeenCalledWith(1000, expect.objectContaining({ only: ['request'] }), { autoStart: false })
    expect(start).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled()

    rerender({ running: true })
    expect(reload).not.toHaveBeenCalled()

    rerender({ running: false })
    expect(stop).toHaveBeenCalled()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reload).toHaveBeenCalledWith({ only: ['request', 'auth'] })

    rerender({ running: false })
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not poll nor reload a page that opens on a finished job', () => {
    renderHook(() => useJobPoll(false, { poll: ['generation'], whenDone: ['recipes'], everyMs: 500 }))
    expect(usePoll).toHaveBeenCalledWith(500, expect.objectContaining({ only: ['generation'] }), { autoStart: false })
    expect(start).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('starts again when a new job starts', () => {
    const { rerender } = renderHook(({ running }) => useJobPoll(running, { poll: ['generation'], whenDone: ['recipes'] }), { initialProps: { running: false } })
    rerender({ running: true })
    expect(start).toHaveBeenCalledTimes(1)
    rerender({ running: false })
    expect(reload).toHaveBeenCalledWith({ only: ['recipes'] })
  })

  it('stops after maxPolls while the job still runs, and says it gave up', () => {
    const { result, rerender } = renderHook(({ running }) => useJobPoll(running, { poll: ['checkout'], whenDone: ['auth'], everyMs: 2000, maxPolls: 3 }), {
      initialProps: { running: true },
    })
    expect(start).toHaveBeenCalledTimes(1)
    finishPoll()
    finishPoll()
    expect(result.current.gaveUp).toBe(false)
    expect(stop).not.toHaveBeenCalled()
    finishPoll()
    expect(result.current.gaveUp).toBe(true)
    expect(stop).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled() // the job has not ended

    // It ends after all (the page learnt it elsewhere): the result is reloaded once.
    rerender({ running: false })
    expect(result.current.gaveUp).toBe(false)
    expect(reload).toHaveBeenCalledWith({ only: ['auth'] })
  })
})
