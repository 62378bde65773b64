CREATE TABLE "regulation_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"regulation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"section_number" integer NOT NULL,
	"last_section_number" integer NOT NULL,
	"page" integer,
	"grid" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulation_tables" ADD CONSTRAINT "regulation_tables_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regulation_tables_regulation_position_key" ON "regulation_tables" USING btree ("regulation_id","position");--> statement-breakpoint
CREATE INDEX "regulation_tables_regulation_label_idx" ON "regulation_tables" USING btree ("regulation_id","label");