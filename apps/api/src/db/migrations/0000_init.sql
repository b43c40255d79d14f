CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"level" text DEFAULT 'Event Organizer' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_twibbons" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"custom_key" text,
	"template_url" text,
	"poster_url" text,
	"guide" text[] DEFAULT '{}'::text[] NOT NULL,
	"caption" text
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"tag" text,
	"type" text,
	"type_desc" text,
	"sub_type" text,
	"sub_type_desc" text,
	"sub_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"competition_field" text[] DEFAULT '{}'::text[] NOT NULL,
	"field_desc" text,
	"description" text,
	"image_url" text,
	"is_paid_event" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"is_sponsored" boolean DEFAULT false NOT NULL,
	"approved_status" text DEFAULT 'pending' NOT NULL,
	"allow_register" boolean,
	"registration_method" text,
	"registration_url" text,
	"registration_steps" jsonb,
	"experience" text,
	"event_stream_question" boolean,
	"event_stream_link" text,
	"location" text,
	"location_notes" text,
	"event_coordinate_lat" double precision,
	"event_coordinate_long" double precision,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_benefit" text[] DEFAULT '{}'::text[] NOT NULL,
	"eligibilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_eligibility" text[] DEFAULT '{}'::text[] NOT NULL,
	"steps_to_register" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_steps_to_register" text[] DEFAULT '{}'::text[] NOT NULL,
	"after_regist_steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_after_regist_steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"whatsapp_group_link" text,
	"agreement" boolean DEFAULT false NOT NULL,
	"twibbon_required" boolean DEFAULT false NOT NULL,
	"eo_name" text,
	"eo_email" text,
	"eo_phone_number" text,
	"eo_instagram_profile_url" text,
	"eo_organization_logo_url" text,
	"first_event_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registration_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"event_ticket_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_general" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"is_ticket_buyer_only" boolean DEFAULT false NOT NULL,
	"step_order_number" integer DEFAULT 0 NOT NULL,
	"max_files" integer,
	"accept" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"old_price" bigint NOT NULL,
	"new_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"original_quota_type" text DEFAULT 'unlimited' NOT NULL,
	"original_quota" integer DEFAULT -1 NOT NULL,
	"quota" integer DEFAULT -1 NOT NULL,
	"dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_time_type" text,
	"event_time_single" jsonb,
	"registration_deadline" jsonb,
	"registration_deadline_at" timestamp with time zone,
	"type" text DEFAULT 'free' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"fake_price" bigint,
	"max_ticket_per_user" integer DEFAULT -1 NOT NULL,
	"registration_steps" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrant_answers" (
	"registrant_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"transaction_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"last_education" text,
	"gender" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"user_registered_step" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"discount_code" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_daily_metrics" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"registrants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_daily_metrics_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
CREATE TABLE "event_saves" (
	"event_id" uuid NOT NULL,
	"user_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_saves_event_id_user_ref_pk" PRIMARY KEY("event_id","user_ref")
);
--> statement-breakpoint
CREATE TABLE "maintenance" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'false' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ending" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_twibbons" ADD CONSTRAINT "event_twibbons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_event_ticket_id_tickets_id_fk" FOREIGN KEY ("event_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_price_history" ADD CONSTRAINT "ticket_price_history_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrant_answers" ADD CONSTRAINT "registrant_answers_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrant_answers" ADD CONSTRAINT "registrant_answers_question_id_registration_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."registration_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrants" ADD CONSTRAINT "registrants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrants" ADD CONSTRAINT "registrants_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrants" ADD CONSTRAINT "registrants_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_daily_metrics" ADD CONSTRAINT "event_daily_metrics_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_saves" ADD CONSTRAINT "event_saves_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "event_twibbons_key_uq" ON "event_twibbons" USING btree (lower("custom_key"));--> statement-breakpoint
CREATE INDEX "events_creator_group_idx" ON "events" USING btree ("creator_id","is_draft","last_event_at");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registration_questions_event_idx" ON "registration_questions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ticket_price_history_ticket_idx" ON "ticket_price_history" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrant_answers_pk" ON "registrant_answers" USING btree ("registrant_id","question_id");--> statement-breakpoint
CREATE INDEX "registrants_event_created_idx" ON "registrants" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "registrants_ticket_email_idx" ON "registrants" USING btree ("ticket_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_uq" ON "transactions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "transactions_event_created_idx" ON "transactions" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "event_saves_created_idx" ON "event_saves" USING btree ("event_id","created_at");