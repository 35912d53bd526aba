import "~/lib/zod-without-eval";
import { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";

/** The honeypot's part of every public form's schema: optional text, bounded like any field. */
export const honeypotSchema = { [HONEYPOT_FIELD]: z.string().max(1000).optional() };
