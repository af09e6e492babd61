package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// rebuildFloor times what PostgreSQL alone needs to write the rows a rebuild writes: the rebuilt
// token_history copied into an empty table with the same indexes, and balances likewise, in one
// statement each (no log read, no decoding, no Go). It is the baseline of the rebuild figure: a
// rebuild cannot beat the cost of writing its own rows.
func rebuildFloor(ctx context.Context, pool *pgxpool.Pool) (time.Duration, int64, error) {
	start := time.Now()
	var rows int64
	for _, t := range []string{"token_history", "balances"} {
		copyT := "bench_floor_" + t
		if _, err := pool.Exec(ctx, `DROP TABLE IF EXISTS `+copyT+`; CREATE TABLE `+copyT+` (LIKE `+t+` INCLUDING ALL)`); err != nil {
			return 0, 0, fmt.Errorf("rebuild floor: %w", err)
		}
		tag, err := pool.Exec(ctx, `INSERT INTO `+copyT+` SELECT * FROM `+t)
		if err != nil {
			return 0, 0, fmt.Errorf("rebuild floor: %w", err)
		}
		if t == "token_history" {
			rows = tag.RowsAffected()
		}
	}
	d := time.Since(start)
	if _, err := pool.Exec(ctx, `DROP TABLE bench_floor_token_history; DROP TABLE bench_floor_balances`); err != nil {
		return 0, 0, fmt.Errorf("rebuild floor: %w", err)
	}
	return d, rows, nil
}
