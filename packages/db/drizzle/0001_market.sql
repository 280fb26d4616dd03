CREATE TABLE "agent" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"company" text NOT NULL,
	"store" text NOT NULL,
	"years" smallint NOT NULL,
	"rating" real NOT NULL,
	"showing_count" integer DEFAULT 0 NOT NULL,
	"deal_count" integer DEFAULT 0 NOT NULL,
	"wechat_no" text,
	"virtual_phone" text
);
--> statement-breakpoint
CREATE TABLE "agent_estate" (
	"agent_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	CONSTRAINT "agent_estate_agent_id_estate_id_pk" PRIMARY KEY("agent_id","estate_id")
);
--> statement-breakpoint
CREATE TABLE "building" (
	"id" integer PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"name" text NOT NULL,
	"floors" smallint NOT NULL,
	"elevators" smallint NOT NULL,
	"households_per_floor" smallint NOT NULL,
	"has_elevator" boolean NOT NULL,
	"household_count" integer NOT NULL,
	"layouts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"kind" text NOT NULL,
	"rating" real NOT NULL,
	"avg_response_min" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_plate" (
	"contractor_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	CONSTRAINT "contractor_plate_contractor_id_plate_id_pk" PRIMARY KEY("contractor_id","plate_id")
);
--> statement-breakpoint
CREATE TABLE "deal" (
	"id" integer PRIMARY KEY NOT NULL,
	"external_id" text,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"building_id" integer,
	"listing_id" integer,
	"deal_date" date NOT NULL,
	"total_price" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"list_total_price" integer,
	"bargain_pct" real,
	"cycle_days" integer,
	"price_change_count" smallint DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"area" real NOT NULL,
	"floor" smallint,
	"total_floors" smallint,
	"orientation" text,
	"source" text NOT NULL,
	"agent_id" integer,
	CONSTRAINT "deal_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "district" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"adcode" text NOT NULL,
	"ring" text NOT NULL,
	"center_lng" double precision NOT NULL,
	"center_lat" double precision NOT NULL,
	"boundary" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "district_adcode_unique" UNIQUE("adcode")
);
--> statement-breakpoint
CREATE TABLE "estate" (
	"id" integer PRIMARY KEY NOT NULL,
	"external_id" text,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"pinyin" text,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"build_year" smallint,
	"building_type" text,
	"property_type" text DEFAULT '住宅' NOT NULL,
	"tenure_years" smallint,
	"building_count" smallint,
	"household_count" integer,
	"plot_ratio" real,
	"greening_rate" real,
	"property_fee" real,
	"property_company" text,
	"developer" text,
	"parking_ratio" real,
	"nearest_station_id" integer,
	"station_distance_m" integer,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	CONSTRAINT "estate_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "import_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"inserted" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing" (
	"id" integer PRIMARY KEY NOT NULL,
	"external_id" text,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"building_id" integer,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"baths" smallint NOT NULL,
	"area" real NOT NULL,
	"inner_area" real,
	"orientation" text NOT NULL,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"decoration" text NOT NULL,
	"has_elevator" boolean NOT NULL,
	"total_price" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"initial_total_price" integer NOT NULL,
	"initial_unit_price" integer NOT NULL,
	"listed_at" date NOT NULL,
	"status" text NOT NULL,
	"ended_at" date,
	"years_held" text NOT NULL,
	"only_home" boolean NOT NULL,
	"ownership" text NOT NULL,
	"last_trade_date" date,
	"mortgaged" boolean NOT NULL,
	"views_7d" integer DEFAULT 0 NOT NULL,
	"views_30d" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"price_change_count" smallint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "listing_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "listing_price_change" (
	"listing_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"changed_at" date NOT NULL,
	"old_total_price" integer NOT NULL,
	"new_total_price" integer NOT NULL,
	"new_unit_price" integer NOT NULL,
	CONSTRAINT "listing_price_change_listing_id_seq_pk" PRIMARY KEY("listing_id","seq")
);
--> statement-breakpoint
CREATE TABLE "manager" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"developer" text NOT NULL,
	"rating" real NOT NULL,
	"response_rate" real NOT NULL,
	"im_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_project" (
	"manager_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "manager_project_manager_id_project_id_pk" PRIMARY KEY("manager_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "metro_line" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metro_station" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"name" text NOT NULL,
	"seq" smallint NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nbs_price_index" (
	"city_id" integer NOT NULL,
	"month" date NOT NULL,
	"basis" text NOT NULL,
	"new_house_idx" real NOT NULL,
	"second_hand_idx" real NOT NULL,
	CONSTRAINT "nbs_price_index_city_id_month_basis_pk" PRIMARY KEY("city_id","month","basis")
);
--> statement-breakpoint
CREATE TABLE "new_house_project" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"pinyin" text,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"sale_status" text NOT NULL,
	"property_type" text DEFAULT '住宅' NOT NULL,
	"avg_price" integer,
	"total_price_min" integer,
	"total_price_max" integer,
	"price_updated_at" date,
	"opening_date" date,
	"delivery_date" date,
	"presale_permits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tenure_years" smallint,
	"plot_ratio" real,
	"greening_rate" real,
	"household_count" integer,
	"developer" text,
	"property_company" text,
	"property_fee" real,
	"decoration" text,
	"one_price_per_unit" boolean DEFAULT false NOT NULL,
	"lottery" jsonb,
	"tags" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_house_unit_type" (
	"id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"baths" smallint NOT NULL,
	"area" real NOT NULL,
	"orientation" text,
	"total_price" integer,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"name" text NOT NULL,
	"pinyin" text,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_series" (
	"level" text NOT NULL,
	"target_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"month" date NOT NULL,
	"listing_avg" integer,
	"listing_count" integer DEFAULT 0 NOT NULL,
	"deal_avg" integer,
	"deal_count" integer DEFAULT 0 NOT NULL,
	"rent_avg" double precision,
	"rent_count" integer DEFAULT 0 NOT NULL,
	"premium" double precision,
	CONSTRAINT "price_series_level_target_id_month_pk" PRIMARY KEY("level","target_id","month")
);
--> statement-breakpoint
CREATE TABLE "rental" (
	"id" integer PRIMARY KEY NOT NULL,
	"external_id" text,
	"city_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"rent_type" text NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"area" real NOT NULL,
	"orientation" text NOT NULL,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"decoration" text NOT NULL,
	"monthly_rent" integer NOT NULL,
	"rent_per_sqm" double precision NOT NULL,
	"payment_method" text NOT NULL,
	"available_from" date,
	"listed_at" date NOT NULL,
	"status" text NOT NULL,
	"ended_at" date,
	"agent_id" integer,
	CONSTRAINT "rental_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE INDEX "agent_city_idx" ON "agent" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "agent_estate_estate_idx" ON "agent_estate" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "building_estate_idx" ON "building" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "contractor_city_idx" ON "contractor" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "contractor_plate_plate_idx" ON "contractor_plate" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "deal_estate_date_idx" ON "deal" USING btree ("estate_id","deal_date");--> statement-breakpoint
CREATE INDEX "deal_plate_date_idx" ON "deal" USING btree ("plate_id","deal_date");--> statement-breakpoint
CREATE INDEX "deal_district_date_idx" ON "deal" USING btree ("district_id","deal_date");--> statement-breakpoint
CREATE INDEX "deal_city_date_idx" ON "deal" USING btree ("city_id","deal_date");--> statement-breakpoint
CREATE INDEX "district_city_idx" ON "district" USING btree ("city_id","sort_order");--> statement-breakpoint
CREATE INDEX "estate_city_idx" ON "estate" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "estate_district_idx" ON "estate" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "estate_plate_idx" ON "estate" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "estate_name_idx" ON "estate" USING btree ("name");--> statement-breakpoint
CREATE INDEX "estate_pinyin_idx" ON "estate" USING btree ("pinyin");--> statement-breakpoint
CREATE INDEX "listing_estate_idx" ON "listing" USING btree ("estate_id","status");--> statement-breakpoint
CREATE INDEX "listing_plate_idx" ON "listing" USING btree ("plate_id","status");--> statement-breakpoint
CREATE INDEX "listing_city_idx" ON "listing" USING btree ("city_id","status","listed_at");--> statement-breakpoint
CREATE INDEX "listing_agent_idx" ON "listing" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "manager_city_idx" ON "manager" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "manager_project_project_idx" ON "manager_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "metro_line_city_idx" ON "metro_line" USING btree ("city_id","sort_order");--> statement-breakpoint
CREATE INDEX "metro_station_line_idx" ON "metro_station" USING btree ("line_id","seq");--> statement-breakpoint
CREATE INDEX "metro_station_city_idx" ON "metro_station" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "nhp_city_status_idx" ON "new_house_project" USING btree ("city_id","sale_status");--> statement-breakpoint
CREATE INDEX "nhp_city_opening_idx" ON "new_house_project" USING btree ("city_id","opening_date");--> statement-breakpoint
CREATE INDEX "nhp_plate_idx" ON "new_house_project" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "nhp_district_idx" ON "new_house_project" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "nhp_name_idx" ON "new_house_project" USING btree ("name");--> statement-breakpoint
CREATE INDEX "nhut_project_idx" ON "new_house_unit_type" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "plate_district_idx" ON "plate" USING btree ("district_id","sort_order");--> statement-breakpoint
CREATE INDEX "plate_city_idx" ON "plate" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "price_series_city_month_idx" ON "price_series" USING btree ("level","city_id","month");--> statement-breakpoint
CREATE INDEX "rental_estate_idx" ON "rental" USING btree ("estate_id","status");--> statement-breakpoint
CREATE INDEX "rental_plate_idx" ON "rental" USING btree ("plate_id","status");--> statement-breakpoint
CREATE INDEX "rental_city_idx" ON "rental" USING btree ("city_id","status","listed_at");