CREATE TABLE "exchange_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"days" integer NOT NULL,
	"created_by" integer,
	"batch" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"origin_price" integer NOT NULL,
	"rights" jsonb NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"card_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_codes_hash_idx" ON "exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "exchange_codes_batch_idx" ON "exchange_codes" USING btree ("batch");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_code_idx" ON "member_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_periods_source_idx" ON "vip_periods" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "vip_periods_user_idx" ON "vip_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
INSERT INTO "member_cards" ("code", "name", "days", "price", "origin_price", "rights", "sort") VALUES
 ('VIP_MONTH', '月卡', 30, 3000, 4500, '["全部成交价与成交日期","成交数据导出","小区周报","不限次估价"]'::jsonb, 1),
 ('VIP_QUARTER', '季卡', 90, 6800, 13500, '["全部成交价与成交日期","成交数据导出","小区周报","不限次估价"]'::jsonb, 2),
 ('VIP_YEAR', '年卡', 365, 19800, 54000, '["全部成交价与成交日期","成交数据导出","小区周报","不限次估价"]'::jsonb, 3);
