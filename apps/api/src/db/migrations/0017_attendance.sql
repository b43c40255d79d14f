CREATE TABLE "attendance_codes" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_codes_window_ck" CHECK ("attendance_codes"."closes_at" > "attendance_codes"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_tries" (
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"version" integer NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_tries_event_id_email_pk" PRIMARY KEY("event_id","email")
);
--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tries" ADD CONSTRAINT "attendance_tries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;