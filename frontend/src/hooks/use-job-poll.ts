import { router, usePoll } from '@inertiajs/react'
import { useEffect, useRef, useState } from 'react'

/** useJobPoll's options. */
export type JobPollOptions = {
  /** The props that tell the job's progress, reloaded every `everyMs` while it runs. */
  poll: string[]
  /** The props reloaded once when the job ends (its result, the balance…). */
  whenDone: string[]
  /** Poll interval; one second by default. */
  everyMs?: number
  /**
   * Polls at most this many times per job, for a job this page may never see end (a payment
   * Stripe has not confirmed yet); no limit by default.
   */
  maxPolls?: number
}

/** What useJobPoll tells its page. */
export type JobPoll = {
  /** The job still runs but the page stopped asking (maxPolls reached). */
  gaveUp: boolean
}

/**
 * Follows a background job (a recipe generation, a needs calculation, a payment's confirmation)
 * from its page: while `running`, reloads only the progress props; when it stops running,
 * reloads the result props once. A page that opens on a finished job does not reload.
 */
export function useJobPoll(running: boolean, { poll, whenDone, everyMs = 1000, maxPolls = Infinity }: JobPollOptions): JobPoll {
  const [polls, setPolls] = useState(0)
  const { start, stop } = usePoll(everyMs, { only: poll, onFinish: () => setPolls((n) => n + 1) }, { autoStart: false })
  const wasRunning = useRef(running)
  // The lists are read when the job ends, not watched: a page passes new arrays each render.
  const done = useRef(whenDone)
  done.current = whenDone
  const gaveUp = running && polls >= maxPolls
  useEffect(() => {
    if (running && !gaveUp) start()
    else stop()
    if (wasRunning.current && !running) router.reload({ only: done.current })
    // A new job gets its own count.
    if (!wasRunning.current && running) setPolls(0)
    wasRunning.current = running
  }, [running, gaveUp, start, stop])
  return { gaveUp }
}
