import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { apiError, notFound } from "./api.server";
import { type AnyApiCall, type ApiActivity, apiCall } from "./api-calls.server";
import type { AppContext } from "./app-context.server";
import { ROLES } from "./staff-roles";

/** A save of a row the owner edits in a form: the row as saved, or why not (404 gone, 409 changed since it opened). */
export type VersionedSave<Row> = { saved: Row } | { refused: 404 | 409 };

type VersionedRowCalls<Schema extends z.ZodType, Row> = {
  /** The row's address, `/api/admin/{list}/:id`. */
  path: string;
  /** Names the row in the answers' messages: "Story", "Story Saved", "Story Deleted". */
  noun: string;
  notFoundMessage: string;
  conflictMessage: string;
  /** The save's body: the form's fields and the version the form opened. */
  saveSchema: Schema;
  read(db: Database, id: number): Promise<Row | null>;
  save(db: Database, id: number, input: z.infer<Schema>): Promise<VersionedSave<Row>>;
  /** Deletes the row (and its files); false when there was none. */
  remove(context: AppContext, id: number): Promise<boolean>;
  /** What a save and a delete record in the activity log. */
  activity: { save: ApiActivity<RowChangeArgs>; remove: ApiActivity<RowChangeArgs> };
};

type RowChangeArgs = { db: Database; id: number; body: unknown };

/**
 * The owner's API for one row of a list edited in a form: GET reads it with its version, PUT saves it if it is still
 * at the version the form opened, DELETE removes it. Owner only, whatever the method.
 */
export function versionedRowCalls<Schema extends z.ZodType, Row>(row: VersionedRowCalls<Schema, Row>): AnyApiCall[] {
  return [
    apiCall({
      method: "GET",
      path: row.path,
      access: { staff: ROLES.content },
      async handler({ db, id }) {
        const data = await row.read(db, id);
        if (!data) return notFound(row.notFoundMessage);
        return { success: true, message: row.noun, data };
      },
    }),
    apiCall({
      method: "PUT",
      path: row.path,
      access: { staff: ROLES.content },
      body: row.saveSchema as z.ZodType<z.infer<Schema>>,
      activity: row.activity.save,
      async handler({ db, id, body }) {
        const result = await row.save(db, id, body);
        if ("refused" in result)
          return result.refused === 404 ? notFound(row.notFoundMessage) : apiError(409, row.conflictMessage);
        return { success: true, message: `${row.noun} Saved`, data: result.saved };
      },
    }),
    apiCall({
      method: "DELETE",
      path: row.path,
      access: { staff: ROLES.content },
      activity: row.activity.remove,
      async handler({ context, id }) {
        if (!(await row.remove(context, id))) return notFound(row.notFoundMessage);
        return { success: true, message: `${row.noun} Deleted` };
      },
    }),
  ];
}
