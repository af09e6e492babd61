package billing

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOffersCompareAgainstSmallestPack(t *testing.T) {
	t.Parallel()
	offers := Offers(DefaultPacks())
	require.Len(t, offers, 3)

	require.Equal(t, int64(0), offers[0].DiscountPercent)
	require.InDelta(t, 24.95, offers[0].PerTokenCents, 1e-9)
	require.InDelta(t, 4.008, offers[0].TokensPerUnit, 1e-3)

	// 11.99/60 = 0.19983 vs 0.2495 per token: 19.9% cheaper, shown as 19.
	require.Equal(t, int64(19), offers[1].DiscountPercent)
	require.Equal(t, BadgeMostPopular, offers[1].Badge)
	// 24.99/150 = 0.1666 per token: 33.2% cheaper.
	require.Equal(t, int64(33), offers[2].DiscountPercent)
	require.Equal(t, BadgeBestValue, offers[2].Badge)
}

func TestOffersSkipInvalidPacks(t *testing.T) {
	t.Parallel()
	offers := Offers([]Pack{{ID: "free", Tokens: 10}, {ID: "a", Tokens: 10, PriceCents: 100}, {ID: "b", Tokens: 40, PriceCents: 300}})
	require.Len(t, offers, 2)
	require.Equal(t, "a", offers[0].ID)
	require.Equal(t, int64(25), offers[1].DiscountPercent)
}
