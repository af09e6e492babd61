package migrations

import (
	"fmt"

	"github.com/pressly/goose/v3/lock"
)

func newLocker() (lock.SessionLocker, error) {
	l, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, fmt.Errorf("goose locker: %w", err)
	}
	return l, nil
}
