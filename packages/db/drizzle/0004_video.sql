CREATE TABLE "video" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"agent_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"layout" jsonb,
	"duration_sec" smallint NOT NULL,
	"published_at" date NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_city_published_idx" ON "video" USING btree ("city_id","published_at");--> statement-breakpoint
CREATE INDEX "video_city_plays_idx" ON "video" USING btree ("city_id","play_count");--> statement-breakpoint
CREATE INDEX "video_estate_idx" ON "video" USING btree ("estate_id");