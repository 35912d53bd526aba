import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { apiError, invalidId, methodNotAllowed, notFound, parseIdParam, parseJsonBody } from "./api.server";
import { type AppContext, appContext } from "./app-context.server";
import { requireOwnerForApi } from "./auth.server";

/** A save of a row the owner edits in a form: the row as saved, or why not (404 gone, 409 changed since it opened). */
export type VersionedSave<Row> = { saved: Row } | { refused: 404 | 409 };

type RowRouteArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

type VersionedRowCalls<Schema extends z.ZodType, Row> = {
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
};

/**
 * The owner's API for one row of a list edited in a form, `/api/admin/{list}/{id}`: GET reads it with its version, PUT
 * saves it if it is still at the version the form opened, DELETE removes it. Owner only, whatever the method.
 */
export function versionedRowRoute<Schema extends z.ZodType, Row>(calls: VersionedRowCalls<Schema, Row>) {
  return {
    async loader({ request, context, params }: RowRouteArgs) {
      const { db } = context.get(appContext);
      await requireOwnerForApi(db, request);
      const id = parseIdParam(params.id);
      if (id === null) return invalidId();
      const data = await calls.read(db, id);
      if (!data) return notFound(calls.notFoundMessage);
      return { success: true, message: calls.noun, data };
    },

    async action({ request, context, params }: RowRouteArgs) {
      const app = context.get(appContext);
      await requireOwnerForApi(app.db, request);
      if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
      const id = parseIdParam(params.id);
      if (id === null) return invalidId();
      if (request.method === "DELETE") {
        if (!(await calls.remove(app, id))) return notFound(calls.notFoundMessage);
        return { success: true, message: `${calls.noun} Deleted` };
      }
      const body = await parseJsonBody(request, calls.saveSchema);
      if (!body.ok) return body.response;
      const result = await calls.save(app.db, id, body.data);
      if ("refused" in result)
        return result.refused === 404 ? notFound(calls.notFoundMessage) : apiError(409, calls.conflictMessage);
      return { success: true, message: `${calls.noun} Saved`, data: result.saved };
    },
  };
}
