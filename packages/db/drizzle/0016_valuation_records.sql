CREATE TABLE "credit_evaluation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"form" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"loan_capacity" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"consulted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"total_price" integer NOT NULL,
	"area" real NOT NULL,
	"as_of" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_quote" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"verification_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"record_id" integer,
	"expected_price" integer NOT NULL,
	"timeline" text NOT NULL,
	"contact_preference" text NOT NULL,
	"lead_id" integer,
	"advice_price" integer,
	"advice_note" text,
	"advised_by" integer,
	"advised_at" timestamp with time zone,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_verification" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"building" text NOT NULL,
	"unit" text,
	"room" text NOT NULL,
	"declaration_version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_evaluation_user_idx" ON "credit_evaluation" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "estimate_record_user_idx" ON "estimate_record" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "owner_quote_user_idx" ON "owner_quote" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "owner_quote_lead_idx" ON "owner_quote" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "owner_verification_user_idx" ON "owner_verification" USING btree ("user_id","estate_id","created_at");