package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

// A production server started with MAIL_DISABLED=true says loudly, at error level, that every
// email is dropped; development (where the mailbox page keeps them) and production with mail
// on say nothing.
func TestServeWarnsWhenProductionDisablesMail(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env, mailDisabled string
		warns             bool
	}{
		{"production", "true", true},
		{"production", "false", false},
		{"development", "true", false},
	} {
		env := map[string]string{
			"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none", "APP_ENV": tc.env, "APP_KEY": strings.Repeat("p", 32),
			"APP_URL": "https://gamelle.example", "MAIL_DISABLED": tc.mailDisabled, "SMTP_URL": "smtp://mail.example:587",
		}
		cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		require.NoError(t, err, "%s MAIL_DISABLED=%s", tc.env, tc.mailDisabled)
		var buf bytes.Buffer
		warnIfMailDisabled(cfg, slog.New(slog.NewTextHandler(&buf, nil)))
		if tc.warns {
			require.Contains(t, buf.String(), "level=ERROR")
			require.Contains(t, buf.String(), "MAIL_DISABLED=true: no email is sent")
		} else {
			require.Empty(t, buf.String(), "%s MAIL_DISABLED=%s", tc.env, tc.mailDisabled)
		}
	}
}
