import { describe, expect, it } from "vitest";
import { csvField, SUBSCRIBER_CSV_HEADER_LINE, subscriberCsvFileName, subscriberCsvLine } from "./subscriber-list";

describe("subscriber CSV", () => {
  it("quotes every field, doubles quotes and neutralises formula-like cells", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    for (const risky of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]) {
      expect(csvField(risky)).toBe(`"'${risky.replaceAll('"', '""')}"`);
    }
  });

  it("has the columns Email, First Name, Subscription Date (UTC day)", () => {
    expect(SUBSCRIBER_CSV_HEADER_LINE).toBe('"Email","First Name","Subscription Date"');
    const line = (firstName: string | null, createdAt: string) =>
      subscriberCsvLine({ email: "ada@example.com", firstName, createdAt: new Date(createdAt) });
    expect(line("Ada", "2026-11-22T23:30:00.000Z")).toBe('"ada@example.com","Ada","2026-11-22"');
    expect(line("=cmd|' /C calc'!A0", "2026-01-05T00:00:00.000Z")).toBe(
      `"ada@example.com","'=cmd|' /C calc'!A0","2026-01-05"`,
    );
    expect(line(null, "2026-11-22T00:00:00.000Z")).toBe('"ada@example.com","","2026-11-22"');
  });

  it("names the file newsletter-subscribers-YYYY-MM-DD.csv by the local day", () => {
    expect(subscriberCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe("newsletter-subscribers-2026-01-05.csv");
    expect(subscriberCsvFileName(new Date(2026, 10, 22))).toBe("newsletter-subscribers-2026-11-22.csv");
  });
});
