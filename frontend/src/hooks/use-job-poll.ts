import { router, usePoll } from '@inertiajs/react'
import { useEffect, useRef } from 'react'

/** useJobPoll's options. */
export type JobPollOptions = {
  /** The props that tell the job's progress, reloaded every `everyMs` while it runs. */
  poll: string[]
  /** The props reloaded once when the job ends (its result, the balance…). */
  whenDone: string[]
  /** Poll interval; one second by default. */
  everyMs?: number
}

/**
 * Follows a background job (a recipe generation, a needs calculation) from its page: while
 * `running`, reloads only the progress props; when it stops running, reloads the result props
 * once. A page that opens on a finished job does not reload.
 */
export function useJobPoll(running: boolean, { poll, whenDone, everyMs = 1000 }: JobPollOptions) {
  const { start, stop } = usePoll(everyMs, { only: poll }, { autoStart: false })
  const wasRunning = useRef(running)
  // The lists are read when the job ends, not watched: a page passes new arrays each render.
  const done = useRef(whenDone)
  done.current = whenDone
  useEffect(() => {
    if (running) start()
    else stop()
    if (wasRunning.current && !running) router.reload({ only: done.current })
    wasRunning.current = running
  }, [running, start, stop])
}
