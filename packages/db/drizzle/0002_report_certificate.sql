CREATE TABLE "report_certificate" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"data_month" date,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_certificate_estate_idx" ON "report_certificate" USING btree ("estate_id","issued_at");