-- +goose Up
-- Meal-prep read models (issue 10), written only by the projections in projections/mealpreps and
-- rebuildable from the log. Each projection keeps the last stream version it applied per meal
-- prep in its own <name>_versions table (truncated with it by a rebuild), which makes a
-- redelivered or replayed event a no-op.
CREATE TABLE mealprep_list_versions (mealprep_id UUID PRIMARY KEY, version BIGINT NOT NULL);
CREATE TABLE mealprep_detail_versions (mealprep_id UUID PRIMARY KEY, version BIGINT NOT NULL);
CREATE TABLE recipes_versions (mealprep_id UUID PRIMARY KEY, version BIGINT NOT NULL);
CREATE TABLE generation_requests_versions (mealprep_id UUID PRIMARY KEY, version BIGINT NOT NULL);

CREATE TABLE mealprep_list (
    id           UUID PRIMARY KEY,
    owner_id     UUID NOT NULL,
    food_count   INTEGER NOT NULL DEFAULT 0,
    recipe_count INTEGER NOT NULL DEFAULT 0,
    duplicated_from UUID,
    deleted      BOOLEAN NOT NULL DEFAULT false,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX mealprep_list_owner ON mealprep_list (owner_id, updated_at DESC) WHERE NOT deleted;

CREATE TABLE mealprep_detail (
    mealprep_id UUID NOT NULL,
    food_code   INTEGER NOT NULL,
    grams       INTEGER NOT NULL,
    -- position keeps the order foods were added in.
    position    BIGINT NOT NULL,
    PRIMARY KEY (mealprep_id, food_code)
);

CREATE TABLE recipes (
    id               UUID PRIMARY KEY,
    mealprep_id      UUID NOT NULL,
    request_id       UUID NOT NULL,
    idx              INTEGER NOT NULL,
    category         TEXT NOT NULL,
    servings         INTEGER NOT NULL,
    ingredients      JSONB NOT NULL,
    target           JSONB NOT NULL,
    nutrition        JSONB NOT NULL,
    within_tolerance BOOLEAN NOT NULL,
    feasible         BOOLEAN NOT NULL,
    explanation      TEXT NOT NULL DEFAULT '',
    duration_min     INTEGER NOT NULL,
    price_cents      INTEGER NOT NULL,
    health_score     INTEGER,
    health_grade     TEXT NOT NULL DEFAULT '',
    generator        TEXT NOT NULL,
    name_fr          TEXT NOT NULL,
    name_en          TEXT NOT NULL,
    steps_fr         JSONB NOT NULL DEFAULT '[]',
    steps_en         JSONB NOT NULL DEFAULT '[]',
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    UNIQUE (request_id, idx)
);
CREATE INDEX recipes_mealprep ON recipes (mealprep_id, created_at);

CREATE TABLE generation_requests (
    request_id  UUID PRIMARY KEY,
    mealprep_id UUID NOT NULL,
    category    TEXT NOT NULL,
    count       INTEGER NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0,
    failed      BOOLEAN NOT NULL DEFAULT false,
    reason      TEXT NOT NULL DEFAULT '',
    refunded    INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX generation_requests_running ON generation_requests (mealprep_id) WHERE NOT failed AND done < count;

-- Text a person types about their meal preps (names, recipe renames) is personal content, so it
-- is not in the event log: it lives here, written with the event in one transaction, and goes
-- when the person does.
CREATE TABLE mealprep_texts (
    subject_id UUID PRIMARY KEY,
    owner_id   UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (name <> '' AND length(name) <= 80)
);
CREATE INDEX mealprep_texts_owner ON mealprep_texts (owner_id);

-- +goose Down
DROP TABLE mealprep_texts, generation_requests, recipes, mealprep_detail, mealprep_list,
    generation_requests_versions, recipes_versions, mealprep_detail_versions, mealprep_list_versions;
