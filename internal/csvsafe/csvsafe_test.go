package csvsafe

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFormulaCellsAreNeutralised(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"=cmd|' /C calc'!A0":       "'=cmd|' /C calc'!A0",
		"+1+1":                     "'+1+1",
		"-1+cmd|' /C calc'!A0":     "'-1+cmd|' /C calc'!A0",
		"@SUM(A1:A2)":              "'@SUM(A1:A2)",
		"\t=1":                     "'\t=1",
		"\r=1":                     "'\r=1",
		"-":                        "'-",
		"-12":                      "-12",
		"-3,50":                    "-3,50",
		"+4.8":                     "+4.8",
		"Poulet, filet":            "Poulet, filet",
		"":                         "",
		"a=1":                      "a=1",
		"-1,":                      "'-1,",
		"alice@example.com":        "alice@example.com",
		"admin:boss@example.com":   "admin:boss@example.com",
		"@boss@example.com":        "'@boss@example.com",
		"12,5\u00a0g":              "12,5\u00a0g",
		"-0x1F":                    "'-0x1F",
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")",
	} {
		require.Equal(t, want, Cell(in), "%q", in)
	}
}

func TestWriterNeutralisesEveryCell(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Comma = ';'
	require.NoError(t, w.Write([]string{"=1+1", "-5", "ok"}))
	require.NoError(t, w.WriteAll([][]string{{"@x", "+2"}}))
	r := csv.NewReader(&buf)
	r.Comma, r.FieldsPerRecord = ';', -1
	rows, err := r.ReadAll()
	require.NoError(t, err)
	require.Equal(t, [][]string{{"'=1+1", "-5", "ok"}, {"'@x", "+2"}}, rows)
}
