-- +goose Up
-- Food search ranking (issue 20): the plain food first. What ranking needs of a name is
-- computed once, when a food is stored, rather than for every matching row of every search
-- (splitting a name and matching word lists per row doubled the search time):
--   food_head: the words of the head, the part before the first comma, space-joined, without
--     a raw marker ("Riz, blanc, cru" → "riz", "Oeuf cru" → "oeuf");
--   food_state: 0 raw, 1 as bought, 2 cooked, 3 product (preserved, smoked, salted, prepacked…,
--     or a dish, sweet or drink by its group). A name's words are its runs of letters and digits
--     once normalised (food_norm).

-- +goose StatementBegin
CREATE FUNCTION food_words(text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN array_remove(regexp_split_to_array($1, '[^a-z0-9]+'), '');
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION food_head(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN array_to_string(ARRAY(
    SELECT w FROM unnest(food_words(split_part($1, ',', 1))) WITH ORDINALITY AS u (w, i)
    WHERE w <> ALL ('{raw,cru,crue,crus,crues}'::text[]) ORDER BY i), ' ');
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION food_state(norm text, group_en text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN CASE
    WHEN group_en IN ('starters and dishes', 'baby food', 'sugar and confectionery', 'beverages')
      OR food_words(norm) && '{prepacked,preemballe,preemballee,preemballes,preemballees,canned,appertise,
        appertisee,appertises,appertisees,smoked,fume,fumee,fumes,fumees,salted,sale,
        salee,sales,salees,breaded,pane,panee,panes,panees,sweetened,refrigerated,
        homemade,maison,restauration,fast,jar,pot,rayon,powder,poudre}'::text[] THEN 3
    WHEN food_words(norm) && '{cooked,cuit,cuite,cuits,cuites,boiled,bouilli,bouillie,bouillis,bouillies,
        roasted,roti,rotie,rotis,roties,baked,four,grilled,grille,grillee,grilles,
        grillees,steamed,vapeur,fried,frit,frite,frits,frites,poele,poelee,poeles,
        poelees,sauteed,saute,sautee,sautes,sautees,microwaved,braised,braise,braisee,
        stewed,reheated}'::text[] THEN 2
    WHEN food_words(norm) && '{raw,cru,crue,crus,crues}'::text[] THEN 0
    ELSE 1 END;
-- +goose StatementEnd

ALTER TABLE foods
    ADD COLUMN head_fr TEXT GENERATED ALWAYS AS (food_head(food_norm(name_fr))) STORED,
    ADD COLUMN head_en TEXT GENERATED ALWAYS AS (food_head(food_norm(name_en))) STORED,
    ADD COLUMN state_fr SMALLINT GENERATED ALWAYS AS (food_state(food_norm(name_fr), group_en)) STORED,
    ADD COLUMN state_en SMALLINT GENERATED ALWAYS AS (food_state(food_norm(name_en), group_en)) STORED;
ALTER TABLE custom_foods
    ADD COLUMN head TEXT GENERATED ALWAYS AS (food_head(food_norm(name))) STORED,
    ADD COLUMN state SMALLINT GENERATED ALWAYS AS (food_state(food_norm(name), '')) STORED;

-- +goose Down
ALTER TABLE custom_foods DROP COLUMN state, DROP COLUMN head;
ALTER TABLE foods DROP COLUMN state_en, DROP COLUMN state_fr, DROP COLUMN head_en, DROP COLUMN head_fr;
DROP FUNCTION food_state(text, text);
DROP FUNCTION food_head(text);
DROP FUNCTION food_words(text);
