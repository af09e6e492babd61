package nutrition

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A shopping list writes dollars as receipts and the frontend do: "$US" in French.
func TestFormatMoneyWritesDollarsOneWay(t *testing.T) {
	t.Parallel()
	require.Equal(t, "4,99\u00a0$US", FormatMoney(4.99, USD, "fr"))
	require.Equal(t, "$4.99", FormatMoney(4.99, USD, "en"))
	require.Equal(t, "4,99\u00a0€", FormatMoney(4.99, EUR, "fr"))
}
