package handlers

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIdempotencyKey: a key of up to 100 bytes is kept as sent; a longer one is dropped (the
// command runs unkeyed) rather than stored.
func TestIdempotencyKey(t *testing.T) {
	require.Equal(t, "", idempotencyKey(""))
	require.Equal(t, "k-1", idempotencyKey("k-1"))
	atMost := strings.Repeat("k", maxIdempotencyKey)
	require.Equal(t, atMost, idempotencyKey(atMost))
	require.Equal(t, "", idempotencyKey(atMost+"k"))
}
