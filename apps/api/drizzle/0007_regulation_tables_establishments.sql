CREATE TABLE "establishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cnpj" text,
	"cnae" text NOT NULL,
	"employees" integer NOT NULL,
	"uf" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "establishments_employees_check" CHECK ("establishments"."employees" > 0),
	CONSTRAINT "establishments_cnae_check" CHECK ("establishments"."cnae" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
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
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_tables" ADD CONSTRAINT "regulation_tables_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishments_user_idx" ON "establishments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_user_active_key" ON "establishments" USING btree ("user_id") WHERE "establishments"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "regulation_tables_regulation_position_key" ON "regulation_tables" USING btree ("regulation_id","position");--> statement-breakpoint
CREATE INDEX "regulation_tables_regulation_label_idx" ON "regulation_tables" USING btree ("regulation_id","label");