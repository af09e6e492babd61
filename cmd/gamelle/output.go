package main

import (
	"errors"
	"io"
	"os"
)

// writeOutput runs write on standard output, or on the file path (created or truncated) when
// path is set; a file that fails to close fails the command, so a generated file is never
// silently cut short.
func writeOutput(path string, write func(io.Writer) error) (err error) {
	if path == "" {
		return write(os.Stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	return write(f)
}
