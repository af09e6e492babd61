import { createContext, useContext, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/**
 * The frame of a data table: it scrolls sideways at 320 px and takes the keyboard focus, so the
 * hidden columns are reachable without a mouse. `relative` makes it the containing block of the
 * sr-only labels inside, which would otherwise widen the page. className adds the spacing above it.
 * `bare` drops the border and the white ground, for a table already inside a card.
 */
export function TableFrame({ className, bare = false, children }: { className?: string; bare?: boolean; children: ReactNode }) {
  return (
    <div tabIndex={0} className={cn(className, 'relative overflow-x-auto focus-visible:outline-3 focus-visible:outline-accent-700', !bare && 'rounded-xl border border-stone-200 bg-white')}>
      {children}
    </div>
  )
}

/**
 * Cell spacing: `normal` for a table of its own, `compact` for a small table inside a card or a
 * printed sheet (no left padding, so the first column lines up with the card's text).
 */
const densities = {
  normal: 'px-3 py-2',
  compact: 'py-1 pr-2',
} as const

/** A table's cell spacing. */
export type TableDensity = keyof typeof densities

const Density = createContext<TableDensity>('normal')

/** A data table, as wide as its frame at least; its cells take its density. */
export function Table({ className, density = 'normal', ...rest }: HTMLAttributes<HTMLTableElement> & { density?: TableDensity }) {
  return (
    <Density.Provider value={density}>
      <table className={cn('min-w-full text-left text-sm', className)} {...rest} />
    </Density.Provider>
  )
}

/** The header rows of a data table, on a grey band; a compact table has none (its first column, unpadded, would touch the band's edge). */
export function TableHeader({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn(useContext(Density) === 'normal' && 'bg-stone-50', 'text-stone-600', className)} {...rest} />
}

/** A body row, ruled from the one above. */
export function TableRow({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-t border-stone-100', className)} {...rest} />
}

/** A header cell: a column's (scope="col", the default) or a row's (`scope="row"`, regular weight). */
export function TableHead({ className, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cn(densities[useContext(Density)], scope === 'row' && 'font-normal', className)} {...rest} />
}

/** A data cell. */
export function TableCell({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn(densities[useContext(Density)], className)} {...rest} />
}
