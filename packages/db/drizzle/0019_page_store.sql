CREATE TABLE "data_version" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- a database loaded before this migration: its cities' data get a version now (the load time is not known)
INSERT INTO "data_version" ("city_id", "version")
SELECT DISTINCT "city_id", (extract(epoch FROM now()) * 1000)::bigint FROM "estate_stats";
