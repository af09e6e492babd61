package season_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/season"
)

// CIQUAL codes of the shipped table.
const (
	courgetteCooked = 20021 // Courgette, chair et peau, cuite
	leekRaw         = 20039 // Poireau, cru
	strawberry      = 13014 // Fraise, crue
	chicken         = 36018
)

func TestShippedCalendar(t *testing.T) {
	t.Parallel()
	c, err := season.Parse(data.SeasonsCSV)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(c.All()), 60)

	// December in France: leeks yes, courgettes and strawberries no.
	require.True(t, c.InSeason(leekRaw, time.December))
	require.True(t, c.OutOfSeason(courgetteCooked, time.December), "a cooked variety shares the raw one's months")
	require.True(t, c.OutOfSeason(strawberry, time.December))
	require.True(t, c.InSeason(courgetteCooked, time.July))
	require.True(t, c.InSeason(strawberry, time.June))

	// Not produce: neither in nor out of season.
	require.False(t, c.InSeason(chicken, time.December))
	require.False(t, c.OutOfSeason(chicken, time.December))

	var winter []string
	for _, p := range c.Vegetables(time.December) {
		winter = append(winter, p.ID)
		require.NotEmpty(t, p.Codes)
	}
	require.Subset(t, winter, []string{"poireau", "chou", "carotte", "courge", "epinard", "mache"})
	require.NotContains(t, winter, "courgette")
	require.NotContains(t, winter, "tomate")

	// Every produce is in season at least once, and every month has vegetables.
	for _, p := range c.All() {
		require.NotEmpty(t, p.Months(), p.ID)
	}
	for m := time.January; m <= time.December; m++ {
		require.NotEmpty(t, c.Vegetables(m), m.String())
	}
}

func TestParseRefusesBadFiles(t *testing.T) {
	t.Parallel()
	head := "produce,name_fr,name_en,kind,months,ciqual_codes\n"
	for name, body := range map[string]string{
		"header":          "a,b\n",
		"month 13":        head + "x,X,X,fruit,13,1\n",
		"kind":            head + "x,X,X,nut,1,1\n",
		"code":            head + "x,X,X,fruit,1,abc\n",
		"code used twice": head + "x,X,X,fruit,1,5\ny,Y,Y,fruit,2,5\n",
	} {
		_, err := season.Parse([]byte(body))
		require.ErrorIs(t, err, season.ErrFormat, name)
	}
}
