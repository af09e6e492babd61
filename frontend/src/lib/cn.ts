/**
 * Joins class names, dropping the empty ones (`cn('a', cond && 'b')`). It does not resolve
 * conflicting utilities: a primitive's variants choose its classes, so a caller's className only
 * adds what the primitive leaves out (spacing, grid, width).
 */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ')
}
