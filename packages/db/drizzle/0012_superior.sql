CREATE TABLE "superior_pick" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_label" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "superior_pick_target_idx" ON "superior_pick" USING btree ("user_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "superior_pick_list_idx" ON "superior_pick" USING btree ("user_id","kind","city_id","created_at");