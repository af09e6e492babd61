// Package frontend embeds the Vite build (frontend/dist) into the Go binary, so that one file
// serves the whole application. Build it first with `npm run build` (make does this).
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the build output: index of hashed assets and .vite/manifest.json.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}
