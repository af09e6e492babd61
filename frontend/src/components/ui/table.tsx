import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/**
 * The frame of a data table: it scrolls sideways at 320 px and takes the keyboard focus, so the
 * hidden columns are reachable without a mouse. `relative` makes it the containing block of the
 * sr-only labels inside, which would otherwise widen the page. className adds the spacing above it.
 */
export function TableFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div tabIndex={0} className={cn(className, 'relative overflow-x-auto rounded-xl border border-stone-200 bg-white focus-visible:outline-3 focus-visible:outline-accent-700')}>
      {children}
    </div>
  )
}

/** A data table, as wide as its frame at least. */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return <table className={cn('min-w-full text-left text-sm', className)} {...rest} />
}

/** The header rows of a data table. */
export function TableHeader({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-stone-50 text-stone-600', className)} {...rest} />
}

/** A body row, ruled from the one above. */
export function TableRow({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-t border-stone-100', className)} {...rest} />
}

/** A header cell: a column's (scope="col", the default) or a row's (`scope="row"`, regular weight). */
export function TableHead({ className, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cn('px-3 py-2', scope === 'row' && 'font-normal', className)} {...rest} />
}

/** A data cell. */
export function TableCell({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-2', className)} {...rest} />
}
