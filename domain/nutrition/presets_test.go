package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestPresetsMatchTheSpec(t *testing.T) {
	t.Parallel()
	want := map[nutrition.MacroPreset]nutrition.Split{
		"default": {25, 25, 50}, "high_protein": {40, 30, 30}, "high_carbs": {25, 15, 60},
		"low_carbs": {45, 40, 15}, "balanced": {33, 33, 33},
	}
	for name, split := range want {
		got, s, err := nutrition.ParsePreset(string(name))
		require.NoError(t, err)
		require.Equal(t, name, got)
		require.Equal(t, split, s)
	}
	_, _, err := nutrition.ParsePreset("keto")
	require.ErrorIs(t, err, nutrition.ErrPresetInvalid)
}
