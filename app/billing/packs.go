package billing

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
)

// The catalogue is read from its stream, not from a read model: it holds a handful of events,
// one indexed read returns them, and an admin sees an edit on the very next page.
func (s *Service) loadCatalog(ctx context.Context, db eventstore.DBTX) (*billing.Catalog, error) {
	recorded, err := s.store.Load(ctx, db, billing.CatalogStream, 1)
	if err != nil {
		return nil, fmt.Errorf("billing: load catalogue: %w", err)
	}
	events := make([]billing.Event, 0, len(recorded))
	for _, r := range recorded {
		e, err := billing.Decode(r.Type, r.Payload)
		if err != nil {
			return nil, fmt.Errorf("billing: catalogue version %d: %w", r.Version, err)
		}
		events = append(events, e)
	}
	return billing.CatalogFromHistory(events), nil
}

// Packs lists every pack, retired ones included, smallest first.
func (s *Service) Packs(ctx context.Context) ([]billing.Pack, error) {
	c, err := s.loadCatalog(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	return c.Packs(), nil
}

// Offers are the packs on sale in currency with their comparison figures: what the landing
// page, /buy-tokens and /dashboard/products show.
func (s *Service) Offers(ctx context.Context, currency billing.Currency) ([]billing.PackOffer, error) {
	packs, err := s.Packs(ctx)
	if err != nil {
		return nil, err
	}
	return billing.Offers(packs, currency), nil
}

// EnsureCatalog seeds the default packs into an empty catalogue (first start). Concurrent
// starts race on the stream version; the loser finds the packs there.
func (s *Service) EnsureCatalog(ctx context.Context) error {
	return s.editCatalog(ctx, "system", func(c *billing.Catalog) error { return c.SeedDefaults() })
}

// SavePack creates or edits a pack (ADMIN only; the handler checks the role). Errors match
// billing.ErrInvalidPack (a *billing.PackError names the field) or billing.ErrPackRetired.
func (s *Service) SavePack(ctx context.Context, actor string, in billing.PackInput) error {
	return s.editCatalog(ctx, actor, func(c *billing.Catalog) error {
		_, err := c.Save(in)
		return err
	})
}

// RetirePack stops selling a pack and keeps its history (billing.ErrUnknownPack when absent).
func (s *Service) RetirePack(ctx context.Context, actor, id string) error {
	return s.editCatalog(ctx, actor, func(c *billing.Catalog) error {
		_, err := c.Retire(id)
		return err
	})
}

func (s *Service) editCatalog(ctx context.Context, actor string, decide func(*billing.Catalog) error) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		c, err := s.loadCatalog(ctx, tx)
		if err != nil {
			return err
		}
		if err := decide(c); err != nil {
			return err
		}
		_, err = s.appendChanges(ctx, tx, billing.CatalogStream, c.Version(), c.Changes(), eventstore.Metadata{Actor: actor})
		return err
	})
}
