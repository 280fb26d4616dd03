CREATE TABLE "mall_entitlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"product_code" text NOT NULL,
	"kind" text NOT NULL,
	"city_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mall_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"city_id" integer NOT NULL,
	"target_id" integer,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"contents" jsonb NOT NULL,
	"coverage" text NOT NULL,
	"update_cycle" text NOT NULL,
	"price_fen" integer NOT NULL,
	"origin_fen" integer,
	"duration_days" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_proxies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"proxy_user_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"commission_fen" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"edition" text NOT NULL,
	"status" text NOT NULL,
	"pdf" "bytea",
	"bytes" integer,
	"sha256" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mall_entitlements_order_idx" ON "mall_entitlements" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "mall_entitlements_user_idx" ON "mall_entitlements" USING btree ("user_id","kind","city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_products_code_idx" ON "mall_products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "mall_products_city_idx" ON "mall_products" USING btree ("kind","city_id","category","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_proxies_user_idx" ON "mall_proxies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_proxies_code_idx" ON "mall_proxies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_referrals_order_idx" ON "mall_referrals" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "mall_referrals_proxy_idx" ON "mall_referrals" USING btree ("proxy_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_files_product_edition_idx" ON "report_files" USING btree ("product_code","edition");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_kind_user_idx" ON "wallet_accounts" USING btree ("kind","user_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_txn_idx" ON "wallet_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_ref_idx" ON "wallet_transactions" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "wallet_accounts" ("kind", "user_id", "created_at") VALUES ('commission_expense', 0, now()), ('withdrawals_pending', 0, now()), ('withdrawals_paid', 0, now());
