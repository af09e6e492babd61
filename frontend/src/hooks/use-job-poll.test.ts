import { renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useJobPoll } from './use-job-poll'

const { start, stop, reload, usePoll } = vi.hoisted(() => {
  const start = vi.fn()
  const stop = vi.fn()
  return { start, stop, reload: vi.fn(), usePoll: vi.fn(() => ({ start, stop })) }
})
vi.mock('@inertiajs/react', () => ({ usePoll, router: { reload } }))

beforeEach(() => {
  vi.clearAllMocks()
})

describe('useJobPoll', () => {
  it('polls only the progress props while the job runs, then reloads the result once', () => {
    const { rerender } = renderHook(({ running }) => useJobPoll(running, { poll: ['request'], whenDone: ['request', 'auth'] }), { initialProps: { running: true } })
    expect(usePoll).toHaveBeenCalledWith(1000, { only: ['request'] }, { autoStart: false })
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
    expect(usePoll).toHaveBeenCalledWith(500, { only: ['generation'] }, { autoStart: false })
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
})
