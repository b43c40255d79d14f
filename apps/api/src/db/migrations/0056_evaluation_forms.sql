CREATE TABLE "evaluation_answers" (
	"registrant_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_forms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"is_required" boolean NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "evaluation_questions_type_ck" CHECK (type in ('rating', 'nps', 'text', 'radio', 'checkbox'))
);
--> statement-breakpoint
ALTER TABLE "evaluation_answers" ADD CONSTRAINT "evaluation_answers_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_answers" ADD CONSTRAINT "evaluation_answers_event_id_evaluation_forms_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."evaluation_forms"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD CONSTRAINT "evaluation_forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_event_id_evaluation_forms_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."evaluation_forms"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_answers_event_idx" ON "evaluation_answers" USING btree ("event_id","answered_at");--> statement-breakpoint
CREATE INDEX "evaluation_questions_event_idx" ON "evaluation_questions" USING btree ("event_id","position");