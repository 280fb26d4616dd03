CREATE TABLE "answer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer,
	"super_label" smallint DEFAULT 0 NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"adopted" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "article" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"column" text NOT NULL,
	"city_id" integer,
	"district_id" integer,
	"month" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover" text,
	"author" text NOT NULL,
	"html" text NOT NULL,
	"source_hash" text NOT NULL,
	"estate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_like" (
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_like_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "data_correction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"applied_by" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_upload" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_ticket" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer,
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_route" (
	"question_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "question_route_question_id_kind_target_id_pk" PRIMARY KEY("question_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"overall" smallint NOT NULL,
	"traffic" smallint NOT NULL,
	"amenities" smallint NOT NULL,
	"property" smallint NOT NULL,
	"environment" smallint NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"relation" text DEFAULT 'visitor' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_reply" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_summary" (
	"estate_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"overall_sum" integer NOT NULL,
	"traffic_sum" integer NOT NULL,
	"amenities_sum" integer NOT NULL,
	"property_sum" integer NOT NULL,
	"environment_sum" integer NOT NULL,
	"tag_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "super_answerer_estate" (
	"user_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "super_answerer_estate_user_id_estate_id_pk" PRIMARY KEY("user_id","estate_id")
);
--> statement-breakpoint
CREATE TABLE "user_ban" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"banned_by" integer NOT NULL,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "viewing_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"author_type" text NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"listing_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"viewed_at" date NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_image" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_image" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "answer_question_idx" ON "answer" USING btree ("question_id","status","created_at");--> statement-breakpoint
CREATE INDEX "answer_user_idx" ON "answer" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "article_slug_idx" ON "article" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "article_city_column_idx" ON "article" USING btree ("city_id","column","published_at");--> statement-breakpoint
CREATE INDEX "data_correction_target_idx" ON "data_correction" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "image_upload_user_idx" ON "image_upload" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "image_upload_hash_idx" ON "image_upload" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_ticket_no_idx" ON "inform_ticket" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "inform_ticket_status_idx" ON "inform_ticket" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "inform_ticket_user_idx" ON "inform_ticket" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inform_ticket_target_idx" ON "inform_ticket" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "question_city_idx" ON "question" USING btree ("city_id","status","created_at");--> statement-breakpoint
CREATE INDEX "question_city_hot_idx" ON "question" USING btree ("city_id","status","answer_count");--> statement-breakpoint
CREATE INDEX "question_estate_idx" ON "question" USING btree ("estate_id","status","created_at");--> statement-breakpoint
CREATE INDEX "question_user_idx" ON "question" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "question_route_target_idx" ON "question_route" USING btree ("kind","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_user_estate_idx" ON "review" USING btree ("estate_id","user_id");--> statement-breakpoint
CREATE INDEX "review_estate_idx" ON "review" USING btree ("estate_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_user_idx" ON "review" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_reply_review_idx" ON "review_reply" USING btree ("review_id","status","created_at");--> statement-breakpoint
CREATE INDEX "super_answerer_estate_idx" ON "super_answerer_estate" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "viewing_note_estate_idx" ON "viewing_note" USING btree ("estate_id","status","viewed_at");--> statement-breakpoint
CREATE INDEX "viewing_note_city_idx" ON "viewing_note" USING btree ("city_id","status","viewed_at");