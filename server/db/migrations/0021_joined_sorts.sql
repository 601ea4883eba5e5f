CREATE INDEX "categories_name_en_idx" ON "categories" USING btree (lower("name"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "categories_name_ar_idx" ON "categories" USING btree (lower("name"->>'ar'),"id");--> statement-breakpoint
CREATE INDEX "cities_name_en_idx" ON "cities" USING btree (lower("name"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "cities_name_ar_idx" ON "cities" USING btree (lower("name"->>'ar'),"id");