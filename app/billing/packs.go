package billing

import (
	"context"
	"fmt"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
)

// The catalogue is read from its stream, not from a read model: it holds a handful of events,
// one indexed read returns them, and an admin sees an edit on the very next page.
func (s *Service) loadCatalog(ctx context.Context, db eventstore.DBTX) (*billing.Catalog, error) {
	c, err := s.catalog.Load(ctx, db, billing.CatalogStream)
	if err != nil {
		return nil, fmt.Errorf("billing: load catalogue: %w", err)
	}
	return c, nil
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
// starts race on the stream version; the runner retries and the loser finds the packs there.
func (s *Service) EnsureCatalog(ctx context.Context) error {
	_, err := s.catalog.Run(ctx, seedCatalog{CommandMeta: eventstore.CommandMeta{Actor: eventstore.ActorSystem}})
	return err
}

// SavePack creates or edits a pack (ADMIN only; the handler checks the role). Errors match
// billing.ErrInvalidPack (a *billing.PackError names the field) or billing.ErrPackRetired.
func (s *Service) SavePack(ctx context.Context, actor string, in billing.PackInput) error {
	_, err := s.catalog.Run(ctx, savePack{CommandMeta: eventstore.CommandMeta{Actor: actor}, Input: in})
	return err
}

// RetirePack stops selling a pack and keeps its history (billing.ErrUnknownPack when absent).
func (s *Service) RetirePack(ctx context.Context, actor, id string) error {
	_, err := s.catalog.Run(ctx, retirePack{CommandMeta: eventstore.CommandMeta{Actor: actor}, PackID: id})
	return err
}
