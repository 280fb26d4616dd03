CREATE TABLE "seed_run" (
	"dataset" text PRIMARY KEY NOT NULL,
	"scale" text NOT NULL,
	"seed" integer NOT NULL,
	"content_hash" text,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"adcode" text NOT NULL,
	"province" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "city_adcode_unique" UNIQUE("adcode")
);
--> statement-breakpoint
CREATE INDEX "city_pinyin_idx" ON "city" USING btree ("pinyin");