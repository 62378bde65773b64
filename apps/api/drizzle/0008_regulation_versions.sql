CREATE TABLE "regulation_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"regulation_id" uuid NOT NULL,
	"last_act" text,
	"amended_on" date,
	"wording_act" text,
	"acts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_file" text NOT NULL,
	"source_sha256" text NOT NULL,
	"source_url" text,
	"changes" jsonb,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retired_sections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"regulation_id" uuid NOT NULL,
	"version_id" uuid,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulation_versions" ADD CONSTRAINT "regulation_versions_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_sections" ADD CONSTRAINT "retired_sections_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_sections" ADD CONSTRAINT "retired_sections_version_id_regulation_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."regulation_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regulation_versions_regulation_idx" ON "regulation_versions" USING btree ("regulation_id","imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regulation_versions_current_key" ON "regulation_versions" USING btree ("regulation_id") WHERE "regulation_versions"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "regulation_versions_sha_idx" ON "regulation_versions" USING btree ("source_sha256");--> statement-breakpoint
CREATE INDEX "retired_sections_regulation_idx" ON "retired_sections" USING btree ("regulation_id");