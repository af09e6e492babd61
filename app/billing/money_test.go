package billing

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/billing"
)

// Dollars and euros are written one way everywhere (the frontend's formatMoney writes the same).
func TestFormatMoneyWritesEachLanguagesWay(t *testing.T) {
	t.Parallel()
	require.Equal(t, "8,39\u00a0$US", FormatMoney(839, billing.USD, "fr"))
	require.Equal(t, "$8.39", FormatMoney(839, billing.USD, "en"))
	require.Equal(t, "1\u202f234,50\u00a0€", FormatMoney(123450, billing.EUR, "fr"))
	require.Equal(t, "€1,234.50", FormatMoney(123450, billing.EUR, "en"))
	require.Equal(t, "\u22124,99\u00a0€", FormatMoney(-499, billing.EUR, "fr"))
}
