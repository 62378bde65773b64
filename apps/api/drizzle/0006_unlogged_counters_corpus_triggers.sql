-- Rate-limit counters are disposable: skip the write-ahead log (a crash empties the table).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
--> statement-breakpoint
INSERT INTO "corpus_version" ("id", "version") VALUES (true, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_corpus_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "corpus_version" SET "version" = "version" + 1, "changed_at" = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "regulations_bump_corpus_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regulations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_corpus_version"();
--> statement-breakpoint
CREATE TRIGGER "sections_bump_corpus_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_corpus_version"();
