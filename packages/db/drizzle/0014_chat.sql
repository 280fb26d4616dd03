CREATE TABLE "chat_conversation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"peer" text NOT NULL,
	"agent_id" integer,
	"city_id" integer,
	"state" text DEFAULT 'bot' NOT NULL,
	"staff_user_id" integer,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"user_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"close_tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_image" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"client_id" text,
	"sender_id" integer,
	"sender_role" text NOT NULL,
	"sender_name" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"image" jsonb,
	"estate" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_open_idx" ON "chat_conversation" USING btree ("user_id","peer") WHERE "chat_conversation"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "chat_conversation_user_idx" ON "chat_conversation" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_peer_idx" ON "chat_conversation" USING btree ("peer","state","updated_at");--> statement-breakpoint
CREATE INDEX "chat_image_user_idx" ON "chat_image" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_seq_idx" ON "chat_message" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_idx" ON "chat_message" USING btree ("conversation_id","sender_role","client_id");