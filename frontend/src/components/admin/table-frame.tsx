import type { ReactNode } from 'react'

/**
 * The frame of an admin table: it scrolls sideways at 320 px and takes the keyboard focus, so
 * the hidden columns are reachable without a mouse. `relative` makes it the containing block of
 * the sr-only labels inside, which would otherwise widen the page. `className` adds the spacing above it.
 */
export function TableFrame({ className, children }: { className?: string; children: ReactNode }) {
  const frame = 'relative overflow-x-auto rounded-xl border border-stone-200 bg-white focus-visible:outline-3 focus-visible:outline-accent-700'
  return (
    <div tabIndex={0} className={className ? `${className} ${frame}` : frame}>
      {children}
    </div>
  )
}
