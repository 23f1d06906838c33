CREATE TABLE "counter_buckets" (
	"org_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"sent_near" integer DEFAULT 0 NOT NULL,
	"out_count" integer DEFAULT 0 NOT NULL,
	"out_value" numeric DEFAULT '0' NOT NULL,
	"in_count" integer DEFAULT 0 NOT NULL,
	"in_value" numeric DEFAULT '0' NOT NULL,
	"near_low" numeric,
	"near_high" numeric,
	CONSTRAINT "counter_buckets_org_id_entity_id_hour_pk" PRIMARY KEY("org_id","entity_id","hour")
);
--> statement-breakpoint
CREATE TABLE "counterparties" (
	"org_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"direction" text NOT NULL,
	"counterparty_id" text NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "counterparties_org_id_entity_id_direction_counterparty_id_pk" PRIMARY KEY("org_id","entity_id","direction","counterparty_id")
);
--> statement-breakpoint
CREATE TABLE "counterparty_hours" (
	"org_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"direction" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"parties" integer NOT NULL,
	CONSTRAINT "counterparty_hours_org_id_entity_id_direction_hour_pk" PRIMARY KEY("org_id","entity_id","direction","hour")
);
--> statement-breakpoint
ALTER TABLE "counter_buckets" ADD CONSTRAINT "counter_buckets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_hours" ADD CONSTRAINT "counterparty_hours_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counterparties_last_idx" ON "counterparties" USING btree ("org_id","entity_id","direction","last_at");