CREATE TABLE "overseas_project" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"foreign_city" text NOT NULL,
	"currency" text NOT NULL,
	"rate_to_cny" double precision NOT NULL,
	"rate_date" date NOT NULL,
	"unit_price" integer NOT NULL,
	"total_min" integer NOT NULL,
	"total_max" integer NOT NULL,
	"tenure" text NOT NULL,
	"property_type" text NOT NULL,
	"rental_yield" real NOT NULL,
	"down_payment_pct" integer NOT NULL,
	"delivery" text NOT NULL,
	"developer" text NOT NULL,
	"consultant" text NOT NULL,
	"consultant_phone" text NOT NULL,
	"units" jsonb NOT NULL,
	"payment_schedule" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"ownership_rules" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "overseas_project_city_idx" ON "overseas_project" USING btree ("city_id");