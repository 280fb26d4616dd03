CREATE TABLE "activity" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"rules" jsonb NOT NULL,
	"config" jsonb NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_claim" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_code" text NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_mark" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_code" text NOT NULL,
	"client_type" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"device_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer,
	"discount_pct" smallint,
	"min_fen" integer DEFAULT 0 NOT NULL,
	"product_kinds" jsonb NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"used_order_no" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_phone" text NOT NULL,
	"invitee_user_id" integer,
	"device_id" text,
	"variant" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"refuse_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitation_code" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_link" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_clicked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_opt_out" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ubt_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"page" text NOT NULL,
	"spm" text DEFAULT '' NOT NULL,
	"device_id" text,
	"user_id" integer,
	"channel_code" text,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "user_channel" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channel_code" text NOT NULL,
	"device_id" text,
	"attributed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_fen" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grants" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_claim_user_idx" ON "activity_claim" USING btree ("activity_code","item","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_claim_phone_idx" ON "activity_claim" USING btree ("activity_code","item","phone");--> statement-breakpoint
CREATE INDEX "activity_claim_device_idx" ON "activity_claim" USING btree ("activity_code","item","device_id");--> statement-breakpoint
CREATE INDEX "channel_mark_device_idx" ON "channel_mark" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_mark_day_idx" ON "channel_mark" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_no_idx" ON "coupon" USING btree ("coupon_no");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_source_idx" ON "coupon" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "coupon_user_idx" ON "coupon" USING btree ("user_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_order_idx" ON "coupon" USING btree ("used_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_phone_idx" ON "invitation" USING btree ("invitee_phone");--> statement-breakpoint
CREATE INDEX "invitation_inviter_idx" ON "invitation" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invitation_device_idx" ON "invitation" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "invitation_invitee_user_idx" ON "invitation" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_code_code_idx" ON "invitation_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "msg_link_user_idx" ON "msg_link" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ubt_event_month_at_idx" ON "ubt_event" USING btree ("month","at");--> statement-breakpoint
CREATE INDEX "ubt_event_device_idx" ON "ubt_event" USING btree ("device_id");