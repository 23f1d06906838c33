CREATE TABLE "filing_responses" (
	"org_id" uuid NOT NULL,
	"filing_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "filing_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operation" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"http_status" integer,
	"content_type" text,
	"body" text,
	"truncated" boolean DEFAULT false NOT NULL,
	"error" text,
	CONSTRAINT "filing_responses_org_id_filing_id_id_pk" PRIMARY KEY("org_id","filing_id","id")
);
--> statement-breakpoint
CREATE TABLE "filings" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_kind" text NOT NULL,
	"report_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"xml" text NOT NULL,
	"xml_sha256" text NOT NULL,
	"reference" text,
	"fiu_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp (3) with time zone,
	"filed_by" text NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"acknowledged_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filings_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "str_attachments" (
	"org_id" uuid NOT NULL,
	"str_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "str_attachments_org_id_str_id_key_pk" PRIMARY KEY("org_id","str_id","key")
);
--> statement-breakpoint
ALTER TABLE "filing_responses" ADD CONSTRAINT "filing_responses_filing_fk" FOREIGN KEY ("org_id","filing_id") REFERENCES "public"."filings"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "str_attachments" ADD CONSTRAINT "str_attachments_str_fk" FOREIGN KEY ("org_id","str_id") REFERENCES "public"."str_reports"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filings_report_idx" ON "filings" USING btree ("org_id","report_kind","report_id");--> statement-breakpoint
CREATE INDEX "filings_due_idx" ON "filings" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;