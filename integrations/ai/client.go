package ai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// The chat-completions call is ours, over net/http: one POST with a JSON schema is all the
// product needs, and an SDK for it (openai-go) cost most of a cold build's time and memory
// (docs/architecture.md, "Our own chat-completions client").

// chatRequest is the body of POST {base}/chat/completions: only the fields the adapter sets.
type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []chatMessage   `json:"messages"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
	Temperature    *float64        `json:"temperature,omitempty"`
	Seed           *int64          `json:"seed,omitempty"`
}

// chatMessage is one message of the conversation ("system" or "user").
type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// responseFormat asks for structured output matching a JSON schema.
type responseFormat struct {
	Type       string     `json:"type"`
	JSONSchema jsonSchema `json:"json_schema"`
}

// jsonSchema names the schema the answer must follow; strict asks the server to enforce it.
type jsonSchema struct {
	Name   string `json:"name"`
	Strict bool   `json:"strict"`
	Schema any    `json:"schema"`
}

// withSchema is a response format asking for JSON following schema.
func withSchema(name string, schema any) *responseFormat {
	return &responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: name, Strict: true, Schema: schema}}
}

// chatResponse is the part of the server's answer the adapter reads.
type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// apiError is a non-2xx answer: its status decides retries and its Retry-After the wait.
type apiError struct {
	StatusCode int
	Header     http.Header
	Message    string
}

func (e *apiError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("chat completions: HTTP %d", e.StatusCode)
	}
	return fmt.Sprintf("chat completions: HTTP %d: %s", e.StatusCode, e.Message)
}

// maxAnswer bounds the bytes read from the server: a recipe answer is a few kilobytes.
const maxAnswer = 4 << 20

// httpClient carries no time-out of its own: each attempt's context bounds it.
var httpClient = &http.Client{}

// post sends one chat-completions request; ctx bounds the whole exchange, body included.
func (g chat) post(ctx context.Context, body chatRequest) (*chatResponse, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("chat completions: encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.url, bytes.NewReader(payload))
	if err != nil {
		return nil, fmt.Errorf("chat completions: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if g.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+g.apiKey)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("chat completions: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return nil, fmt.Errorf("chat completions: read answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &apiError{StatusCode: resp.StatusCode, Header: resp.Header, Message: errorMessage(raw)}
	}
	var out chatResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("chat completions: decode answer: %w", err)
	}
	return &out, nil
}

// errorMessage is the server's {"error":{"message":...}} when it gives one, for the log line.
func errorMessage(raw []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Error.Message != "" {
		return e.Error.Message
	}
	return ""
}

// completionsURL is base + "/chat/completions", whether or not base ends with a slash.
func completionsURL(base string) string {
	return strings.TrimRight(base, "/") + "/chat/completions"
}
