CREATE TABLE "evidence_pack_documents" (
	"org_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"section_key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_pack_documents_org_id_pack_id_section_key_pk" PRIMARY KEY("org_id","pack_id","section_key")
);
--> statement-breakpoint
CREATE TABLE "evidence_pack_sections" (
	"org_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_pack_sections_org_id_pack_id_key_pk" PRIMARY KEY("org_id","pack_id","key")
);
--> statement-breakpoint
CREATE TABLE "evidence_packs" (
	"org_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"purpose" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text NOT NULL,
	"pdf" "bytea",
	"sha256" text,
	"bytes" integer,
	"generated_at" timestamp (3) with time zone,
	"generated_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_packs_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "evidence_pack_documents" ADD CONSTRAINT "evidence_pack_documents_pack_fk" FOREIGN KEY ("org_id","pack_id") REFERENCES "public"."evidence_packs"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_pack_sections" ADD CONSTRAINT "evidence_pack_sections_pack_fk" FOREIGN KEY ("org_id","pack_id") REFERENCES "public"."evidence_packs"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_packs_number_key" ON "evidence_packs" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "evidence_packs_org_updated_idx" ON "evidence_packs" USING btree ("org_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);