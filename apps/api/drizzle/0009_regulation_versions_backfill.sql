-- Regulations imported before versions were kept get their current version, with what is known of it:
-- the file, its SHA-256 (the checksum is "v<parser>:<sha256>") and the DOU date of the last amendment.
INSERT INTO "regulation_versions" ("regulation_id", "amended_on", "source_file", "source_sha256", "imported_at")
SELECT "id", "revised_date", "source_file", split_part("checksum", ':', 2), "imported_at"
FROM "regulations" r
WHERE NOT EXISTS (SELECT 1 FROM "regulation_versions" v WHERE v."regulation_id" = r."id");
