// Durations stated in a recipe step (kitchen mode's timers): "9 minutes",
// "3 à 4 minutes", "for 12 to 15 minutes", "1 h". The timer starts at the shorter bound: the cook
// checks then, as the step says ("until tender").

const pattern = /(\d+)(?:[\s\u00a0\u202f]*(?:à|to|-|–)[\s\u00a0\u202f]*(\d+))?[\s\u00a0\u202f]*(minutes?|mins?|heures?|hours?|h)(?![a-zà-ÿ])/i

/** A duration found in a step: seconds for the timer and the words that state it. */
export interface StepDuration {
  seconds: number
  text: string
}

/** The first duration a step states, or null when it states none. */
export function stepDuration(step: string): StepDuration | null {
  const m = pattern.exec(step)
  if (!m) return null
  const n = Number(m[1])
  if (!Number.isFinite(n) || n <= 0) return null
  const unit = m[3]!.toLowerCase()
  const perUnit = unit.startsWith('h') ? 3600 : 60
  return { seconds: n * perUnit, text: m[0] }
}

/** mm:ss, or h:mm:ss past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h > 0 ? 2 : 1, '0')
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}
