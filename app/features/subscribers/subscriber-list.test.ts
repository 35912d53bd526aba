import { describe, expect, it } from "vitest";
import {
  csvField,
  matchesSubscriberSearch,
  type SubscriberView,
  subscriberCsvFileName,
  subscribersToCsv,
} from "./subscriber-list";

const subscriber = (values: Partial<SubscriberView>): SubscriberView => ({
  id: 1,
  email: "reader@example.com",
  firstName: null,
  lastName: null,
  source: "launch",
  active: true,
  archived: false,
  createdAt: "2026-11-22T23:30:00.000Z",
  ...values,
});

describe("subscriber search", () => {
  it("matches a case-insensitive substring of the email or the first name", () => {
    const ada = subscriber({ email: "ada@Example.com", firstName: "Ada" });
    expect(matchesSubscriberSearch(ada, "EXAMPLE")).toBe(true);
    expect(matchesSubscriberSearch(ada, "aDa")).toBe(true);
    expect(matchesSubscriberSearch(ada, "  ")).toBe(true);
    expect(matchesSubscriberSearch(ada, "grace")).toBe(false);
    expect(matchesSubscriberSearch(subscriber({ lastName: "Lovelace" }), "lovelace")).toBe(false);
  });
});

describe("subscriber CSV", () => {
  it("quotes every field, doubles quotes and neutralises formula-like cells", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    for (const risky of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]) {
      expect(csvField(risky)).toBe(`"'${risky.replaceAll('"', '""')}"`);
    }
  });

  it("has the columns Email, First Name, Subscription Date and CRLF line ends", () => {
    const csv = subscribersToCsv([
      subscriber({ email: "ada@example.com", firstName: "Ada" }),
      subscriber({ email: "eve@example.com", firstName: "=cmd|' /C calc'!A0", createdAt: "2026-01-05T00:00:00.000Z" }),
      subscriber({ email: "nameless@example.com", firstName: null }),
    ]);
    expect(csv).toBe(
      [
        '"Email","First Name","Subscription Date"',
        '"ada@example.com","Ada","2026-11-22"',
        `"eve@example.com","'=cmd|' /C calc'!A0","2026-01-05"`,
        '"nameless@example.com","","2026-11-22"',
        "",
      ].join("\r\n"),
    );
  });

  it("names the file newsletter-subscribers-YYYY-MM-DD.csv by the local day", () => {
    expect(subscriberCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe("newsletter-subscribers-2026-01-05.csv");
    expect(subscriberCsvFileName(new Date(2026, 10, 22))).toBe("newsletter-subscribers-2026-11-22.csv");
  });
});
