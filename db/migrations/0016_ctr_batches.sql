CREATE TABLE "ctr_batches" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"threshold" numeric NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"built_by" text NOT NULL,
	"edited_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" text,
	"filing" jsonb,
	"last_rejection" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ctr_batches_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "ctr_rows" (
	"org_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"entity_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"customer_id" text,
	"included" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ctr_rows_org_id_batch_id_id_pk" PRIMARY KEY("org_id","batch_id","id")
);
--> statement-breakpoint
ALTER TABLE "ctr_batches" ADD CONSTRAINT "ctr_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctr_rows" ADD CONSTRAINT "ctr_rows_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."ctr_batches"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ctr_batches_number_key" ON "ctr_batches" USING btree ("org_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "ctr_batches_one_per_day" ON "ctr_batches" USING btree ("org_id","date");--> statement-breakpoint
CREATE INDEX "ctr_batches_org_updated_idx" ON "ctr_batches" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ctr_rows_batch_order_idx" ON "ctr_rows" USING btree ("org_id","batch_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ctr_rows_attention_idx" ON "ctr_rows" USING btree ("org_id","batch_id","occurred_at","id") WHERE customer_id IS NULL;