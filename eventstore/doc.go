// Package eventstore is Gamelle's append-only event log in PostgreSQL.
//
// Every event has a global position, a stream id and a version inside its stream (unique
// together), a stable versioned type name ("TokensCharged.v1"), a JSON payload and metadata
// (actor, causation and correlation ids, idempotency key). Appends carry the version the caller
// expects the stream to be at and fail with a *VersionConflictError otherwise; command handlers
// retry on that error.
//
// The log table is the outbox: appending an event publishes it, in the caller's transaction, so
// the append, the publish and any River job insert commit or roll back together. Consumers read in (transaction id, position) order below the
// oldest running transaction, which is what guarantees that no consumer skips an event whose
// transaction commits after a later-numbered one. docs/eventstore.md has the details.
package eventstore
