import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_BODY_LIMIT_BYTES, parseIdParam, parseJsonBody } from "~/lib/api.server";

const Schema = z.object({
  email: z.string({ error: "Please enter a valid email address." }).email("Please enter a valid email address."),
  note: z.string().max(10, "Note is too long").optional(),
});

const JSON_TYPE = { "Content-Type": "application/json" };

const post = (body: BodyInit, headers: Record<string, string> = JSON_TYPE) =>
  new Request("http://localhost/api/example", { method: "POST", headers, body, duplex: "half" } as RequestInit);

/** The status and body of a refusal, as the client sees them. */
async function refusal(request: Request) {
  const result = await parseJsonBody(request, Schema);
  if (result.ok) throw new Error(`Expected a refusal, got ${JSON.stringify(result.data)}`);
  return { status: result.response.init?.status, body: result.response.data };
}

/** A body that arrives in chunks with no declared length, as a chunked upload does. */
function streamOf(text: string, chunkSize = 16 * 1024) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe("parseJsonBody", () => {
  it("returns the parsed body when it is JSON, within the limit and valid", async () => {
    const result = await parseJsonBody(post(JSON.stringify({ email: "ada@example.com" })), Schema);
    expect(result).toEqual({ ok: true, data: { email: "ada@example.com" } });
  });

  it.each(["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])(
    "accepts the JSON content type %s",
    async (contentType) => {
      const result = await parseJsonBody(post('{"email":"ada@example.com"}', { "Content-Type": contentType }), Schema);
      expect(result.ok).toBe(true);
    },
  );

  describe("415 for a body that is not sent as JSON", () => {
    it.each([
      ["a form", { "Content-Type": "application/x-www-form-urlencoded" }, "email=ada@example.com"],
      ["plain text", { "Content-Type": "text/plain" }, '{"email":"ada@example.com"}'],
      ["no content type", {}, '{"email":"ada@example.com"}'],
      ["a type that only starts like JSON", { "Content-Type": "application/jsonp" }, '{"email":"ada@example.com"}'],
    ])("refuses %s", async (_case, headers, body) => {
      const request = new Request("http://localhost/api/example", { method: "POST", headers, body });
      // A form post without a content type gets text/plain from the Request itself; strip it to test "none".
      if (!("Content-Type" in headers)) request.headers.delete("content-type");
      expect(await refusal(request)).toEqual({
        status: 415,
        body: { success: false, message: "Requests must be sent as JSON" },
      });
    });
  });

  describe("413 for a body over the limit", () => {
    const tooLarge = { status: 413, body: { success: false, message: "The request body is too large" } };

    it("refuses a declared length over the limit without reading the body", async () => {
      const request = post('{"email":"ada@example.com"}', {
        ...JSON_TYPE,
        "Content-Length": String(JSON_BODY_LIMIT_BYTES + 1),
      });
      expect(await refusal(request)).toEqual(tooLarge);
      expect(request.bodyUsed).toBe(false);
    });

    it("refuses a body over the limit that declares no length, once the limit is passed", async () => {
      const text = JSON.stringify({ email: "ada@example.com", note: "x".repeat(JSON_BODY_LIMIT_BYTES) });
      expect(await refusal(post(streamOf(text)))).toEqual(tooLarge);
    });

    it("reads a body of exactly the limit", async () => {
      const prefix = '{"email":"ada@example.com","padding":"';
      const text = `${prefix}${"x".repeat(JSON_BODY_LIMIT_BYTES - prefix.length - 2)}"}`;
      expect(new TextEncoder().encode(text).byteLength).toBe(JSON_BODY_LIMIT_BYTES);
      const result = await parseJsonBody(post(streamOf(text)), Schema);
      expect(result).toEqual({ ok: true, data: { email: "ada@example.com" } });
    });
  });

  describe("400 for a body that is not a valid JSON object", () => {
    it.each([
      ["malformed JSON", "{ email: ", "The request body is not valid JSON"],
      ["an empty body", "", "The request body is not valid JSON"],
      ["a JSON list", JSON.stringify([{ email: "ada@example.com" }]), "The request body must be a JSON object"],
      ["JSON null", "null", "The request body must be a JSON object"],
      ["a JSON string", '"ada@example.com"', "The request body must be a JSON object"],
      ["a JSON number", "12", "The request body must be a JSON object"],
      [
        "text holding a NUL character",
        '{"email":"ada@example.com","note":"a\\u0000b"}',
        "Text must not contain NUL characters",
      ],
    ])("refuses %s", async (_case, body, message) => {
      expect(await refusal(post(body))).toEqual({ status: 400, body: { success: false, message } });
    });

    it("answers the first failing rule as the message and maps every failing field", async () => {
      expect(await refusal(post(JSON.stringify({ email: "not an email", note: "far longer than ten" })))).toEqual({
        status: 400,
        body: {
          success: false,
          message: "Please enter a valid email address.",
          errors: { email: ["Please enter a valid email address."], note: ["Note is too long"] },
        },
      });
    });
  });
});

describe("parseIdParam", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["2147483647", 2_147_483_647],
  ])("reads %s as the id %d", (value, id) => {
    expect(parseIdParam(value)).toBe(id);
  });

  it.each([undefined, "", "0", "-1", "01", "1.5", "1e3", "abc", "2147483648", "99999999999"])("refuses %s", (value) => {
    expect(parseIdParam(value)).toBeNull();
  });
});
