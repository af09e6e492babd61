// Package nutrition holds the pure rules about food and needs: macro presets, the needs
// calculator, the recipe solver and units.
package nutrition

import "github.com/gamelle/gamelle/domain/fault"

// MacroPreset names a split of daily calories between protein, fat and carbohydrates.
type MacroPreset string

// Presets (docs/product.md §9).
const (
	PresetDefault     MacroPreset = "default"
	PresetHighProtein MacroPreset = "high_protein"
	PresetHighCarbs   MacroPreset = "high_carbs"
	PresetLowCarbs    MacroPreset = "low_carbs"
	PresetBalanced    MacroPreset = "balanced"
)

// Split is a share of calories in whole percent. Balanced sums to 99 as the spec gives it
// (33/33/33); consumers normalise by the sum.
type Split struct {
	Protein int `json:"protein"`
	Fat     int `json:"fat"`
	Carbs   int `json:"carbs"`
}

// Presets lists the presets in display order with their splits.
var Presets = []struct {
	Name  MacroPreset
	Split Split
}{
	{PresetDefault, Split{25, 25, 50}},
	{PresetHighProtein, Split{40, 30, 30}},
	{PresetHighCarbs, Split{25, 15, 60}},
	{PresetLowCarbs, Split{45, 40, 15}},
	{PresetBalanced, Split{33, 33, 33}},
}

// ErrPresetInvalid means the name is not one of Presets.
var ErrPresetInvalid = fault.New(fault.Invalid, "survey", "batchcook.error.survey", "macro preset invalid")

// ParsePreset accepts one of Presets and returns its split.
func ParsePreset(s string) (MacroPreset, Split, error) {
	for _, p := range Presets {
		if string(p.Name) == s {
			return p.Name, p.Split, nil
		}
	}
	return "", Split{}, ErrPresetInvalid
}
