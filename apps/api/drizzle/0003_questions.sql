CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"pergunta" text NOT NULL,
	"answer" text NOT NULL,
	"regulations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_usage" (
	"user_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_usage_user_id_period_key_pk" PRIMARY KEY("user_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_key" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"regulations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abstained" boolean DEFAULT false NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_usage" ADD CONSTRAINT "question_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "faqs_slug_key" ON "faqs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_chat_key_key" ON "questions" USING btree ("chat_key");--> statement-breakpoint
CREATE INDEX "questions_user_created_idx" ON "questions" USING btree ("user_id","created_at");