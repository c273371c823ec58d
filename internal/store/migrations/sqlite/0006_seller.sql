-- Who quotes are from, as an admin sets it: a row each time it is set, the
-- newest shown on draft quotes and the one in force when a quote was sent
-- on that quote, so a sent quote never changes. The logo is a PNG or JPEG
-- image checked and written again when it was uploaded; NULL when there is
-- none.
CREATE TABLE seller (
    id            INTEGER PRIMARY KEY,
    company       TEXT NOT NULL,
    address       TEXT NOT NULL,
    contact_name  TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    vat_id        TEXT NOT NULL,
    logo          BLOB,
    logo_type     TEXT NOT NULL CHECK (logo_type IN ('', 'image/png', 'image/jpeg')),
    updated_at    TEXT NOT NULL,
    updated_by    TEXT NOT NULL
);
