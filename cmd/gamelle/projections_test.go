package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
)

// Status shows a projection that a runner reported failing, with its error, and the others ok.
func TestProjectionsStatusShowsFailures(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO event_offsets (consumer_group, offset_acked, last_processed_transaction_id) VALUES ('balances', 0, '0'), ('recipes', 0, '0');
		INSERT INTO projection_failures (projection, failing_since, attempts, last_error, retry_at)
		VALUES ('recipes', now() - interval '1 minute', 3, 'recipes: decode position 7: boom', now() + interval '4 seconds')`)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, writeStatus(ctx, db.Pool, &out))
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	require.Len(t, lines, 3)
	require.Contains(t, string(lines[0]), "STATE")
	require.Contains(t, string(lines[1]), "balances")
	require.Contains(t, string(lines[1]), " ok")
	require.Contains(t, string(lines[2]), "recipes")
	require.Contains(t, string(lines[2]), "failing since")
	require.Contains(t, string(lines[2]), "3 attempts")
	require.Contains(t, string(lines[2]), "recipes: decode position 7: boom")
}
