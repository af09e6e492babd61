package projections

import "github.com/gamelle/gamelle/eventstore"

// logReader reads the log for the rebuild. Store reads take the connection or transaction to use,
// so the store's own pool is not needed.
var logReader = eventstore.New(nil)

// after reports whether checkpoint a is after checkpoint b in consumer order.
func after(a, b eventstore.Checkpoint) bool {
	if a.TransactionID != b.TransactionID {
		return a.TransactionID > b.TransactionID
	}
	return a.Position > b.Position
}
