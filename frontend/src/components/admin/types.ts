/** Props of the admin pages, as handlers/admin.go sends them. */

export interface AuditFilters {
  user: string
  reason: string
  from: string
  to: string
  sign: string
  cursor: string
}

export interface AuditEntry {
  position: number
  userId: string
  email: string
  name: string
  eventType: string
  delta: number
  reason: string
  ref: string
  balanceAfter: number
  actor: string
  occurredAt: string
}

export interface AuditTotals {
  entries: number
  credits: number
  debits: number
  net: number
}

export interface AuditPage {
  entries: AuditEntry[]
  totals: AuditTotals
  nextCursor: string
}

export interface AdminAction {
  id: string
  actorId: string | null
  actor: string
  action: 'grant_tokens' | 'deduct_tokens' | 'change_role' | 'rebuild_projection'
  targetId: string | null
  amount: number | null
  detail: string
  createdAt: string
}

export interface Person {
  id: string
  email: string
  name: string
  surname: string
  role: 'USER' | 'ADMIN'
  verifiedAt: string | null
  createdAt: string
}

export interface Purchase {
  checkoutId: string
  packId: string
  tokens: number
  currency: string
  amountPaidCents: number
  refundedCents: number
  tokensRevoked: number
  status: string
  promoCode: string
  startedAt: string
}

export interface PersonDetail {
  person: Person
  balance: number
  mealPreps: number
  purchases: Purchase[]
  history: AuditEntry[]
  actions: AdminAction[]
}

export interface RawEvent {
  position: number
  version: number
  type: string
  payload: string
  actor: string
  causationId: string
  correlationId: string
  idempotencyKey: string
  recordedAt: string
}

export interface StreamEvents {
  streamId: string
  kind: 'wallet' | 'mealprep'
  events: RawEvent[]
}

export interface TokenDay {
  day: string
  granted: number
  purchased: number
  spent: number
}

export interface Revenue {
  currency: string
  purchases: number
  paidCents: number
  refundedCents: number
  netCents: number
}

export interface RebuildStatus {
  projection: string
  state: string
  output: { events: number; seconds: number; perSecond: number } | null
  error: string
  createdAt: string
  finishedAt: string | null
}

export interface AdminStats {
  since: string
  tokens: TokenDay[]
  revenue: Revenue[]
  generation: { requests: number; recipesAsked: number; recipesMade: number; failedRequests: number; tokensRefunded: number; requestsRunning: number }
  needsCalculations: number
  signUps: { day: string; signUps: number; verified: number }[]
  projections: { name: string; position: number; pending: number; failing: boolean }[]
  queue: Record<'available' | 'scheduled' | 'running' | 'retryable', number>
  rebuilds: RebuildStatus[]
}
