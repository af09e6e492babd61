-- +goose Up
-- Issue 23: the people a person cooks for. Names are text the person typed, kept beside the log
-- and gone with the account; household_members is the read model of the household streams.
CREATE TABLE household_names (
    member_id UUID PRIMARY KEY,
    owner_id  UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name      TEXT NOT NULL CHECK (name <> '' AND length(name) <= 40)
);
CREATE INDEX household_names_owner ON household_names (owner_id);

CREATE TABLE household_members (
    member_id  UUID PRIMARY KEY,
    owner_id   UUID NOT NULL,
    position   BIGINT NOT NULL,
    kcal       INT NOT NULL,
    protein_g  INT NOT NULL,
    fat_g      INT NOT NULL,
    carbs_g    INT NOT NULL,
    split      JSONB NOT NULL,
    source     TEXT NOT NULL,
    version    BIGINT NOT NULL
);
CREATE INDEX household_members_owner ON household_members (owner_id, position);

-- +goose Down
DROP TABLE household_members, household_names;
