// Package nutrition (app layer; imported as nutritionapp) owns the food reference table: importing the CIQUAL file and reading foods.
package nutrition

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// header is the exact column order of data/ciqual/foods.csv; an import refuses any other file
// rather than guess.
var header = []string{"code", "name_fr", "name_en", "group_fr", "group_en", "subgroup_fr", "subgroup_en",
	"kcal", "protein_g", "carbs_g", "fat_g", "sat_fat_g", "mono_fat_g", "poly_fat_g", "fibre_g", "sugars_g",
	"cholesterol_mg", "sodium_mg", "salt_g", "water_g"}

const numericFrom = 7

// ErrBadFile is returned for a file that is not the expected CIQUAL export.
var ErrBadFile = errors.New("not a CIQUAL foods file")

// Parse reads the CSV into rows ready for COPY, checking every number.
func Parse(r io.Reader) ([][]any, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(header)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%w: read header: %v", ErrBadFile, err)
	}
	for i, h := range header {
		if head[i] != h {
			return nil, fmt.Errorf("%w: column %d is %q, want %q", ErrBadFile, i+1, head[i], h)
		}
	}
	var rows [][]any
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadFile, line, err)
		}
		row := make([]any, len(rec))
		code, err := strconv.Atoi(rec[0])
		if err != nil || code <= 0 {
			return nil, fmt.Errorf("%w: line %d: bad code %q", ErrBadFile, line, rec[0])
		}
		row[0] = code
		for i := 1; i < numericFrom; i++ {
			row[i] = rec[i]
		}
		row[1] = nutrition.CleanNameFR(rec[1]) // CIQUAL's slips, corrected as the engine reads them
		for i := numericFrom; i < len(rec); i++ {
			if rec[i] == "" {
				row[i] = nil // missing in CIQUAL: unknown, not zero
				continue
			}
			v, err := strconv.ParseFloat(rec[i], 64)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%w: line %d: %s is %q", ErrBadFile, line, header[i], rec[i])
			}
			row[i] = v
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: no rows", ErrBadFile)
	}
	return rows, nil
}

// Import replaces the foods table with the file's rows in one transaction, so readers see the
// old table or the new one, never a mix. It returns the number of foods.
func Import(ctx context.Context, pool *pgxpool.Pool, csvData []byte) (int, error) {
	rows, err := Parse(bytes.NewReader(csvData))
	if err != nil {
		return 0, err
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		// Foods are referenced by code from meal preps; rows are upserted, not deleted, so
		// a code that disappears from a new edition keeps its last known values.
		if _, err := tx.Exec(ctx, `CREATE TEMP TABLE foods_in (LIKE foods INCLUDING DEFAULTS) ON COMMIT DROP`); err != nil {
			return fmt.Errorf("stage table: %w", err)
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"foods_in"}, header, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("copy foods: %w", err)
		}
		cols := "code, name_fr, name_en, group_fr, group_en, subgroup_fr, subgroup_en, kcal, protein_g, carbs_g, fat_g, sat_fat_g, mono_fat_g, poly_fat_g, fibre_g, sugars_g, cholesterol_mg, sodium_mg, salt_g, water_g"
		set := ""
		for i, c := range header[1:] {
			if i > 0 {
				set += ", "
			}
			set += c + " = EXCLUDED." + c
		}
		_, err := tx.Exec(ctx, `INSERT INTO foods (`+cols+`) SELECT `+cols+` FROM foods_in ON CONFLICT (code) DO UPDATE SET `+set)
		if err != nil {
			return fmt.Errorf("upsert foods: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}

// Count returns how many foods are loaded.
func Count(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM foods`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count foods: %w", err)
	}
	return n, nil
}
