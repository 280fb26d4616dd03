CREATE TABLE "estate_stats" (
	"estate_id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"latest_month" date,
	"figures" json NOT NULL,
	"room_types" json NOT NULL,
	"price_bands" json NOT NULL,
	"buildings" json NOT NULL,
	"agents" json NOT NULL,
	"around" json NOT NULL,
	"latest_deals" json NOT NULL,
	"latest_listings" json NOT NULL
);
--> statement-breakpoint
CREATE INDEX "estate_stats_city_idx" ON "estate_stats" USING btree ("city_id");