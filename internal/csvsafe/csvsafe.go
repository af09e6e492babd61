// Package csvsafe writes CSV that spreadsheets cannot run. A cell starting with =, +, -, @, a
// tab or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets
// (`=cmd|' /C calc'!A0`); every CSV export of the app writes through this package, which
// prefixes such a cell with a single quote, as OWASP's CSV injection advice says. A cell that
// is a plain number ("-12", "-3,50") is no formula and stays as it is, so it remains a number.
package csvsafe

import (
	"encoding/csv"
	"io"
)

// Writer is a csv.Writer whose Write and WriteAll neutralise formula cells. Set Comma and
// UseCRLF on the embedded writer as usual.
type Writer struct {
	*csv.Writer
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{Writer: csv.NewWriter(w)} }

// Write writes one record with every cell made safe.
func (w *Writer) Write(record []string) error {
	safe := make([]string, len(record))
	for i, c := range record {
		safe[i] = Cell(c)
	}
	return w.Writer.Write(safe)
}

// WriteAll writes records with every cell made safe, then flushes.
func (w *Writer) WriteAll(records [][]string) error {
	for _, r := range records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// Cell is s made safe for a spreadsheet: prefixed with a single quote when it starts with a
// character that makes a formula and is not a plain number.
func Cell(s string) string {
	if s == "" || isNumber(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// isNumber tells whether s is a signed decimal number (point or comma), which a spreadsheet
// reads as a number and never as a formula.
func isNumber(s string) bool {
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	digits, sep := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case (c == '.' || c == ',') && !sep && digits > 0 && i < len(s)-1:
			sep = true
		default:
			return false
		}
	}
	return digits > 0
}
