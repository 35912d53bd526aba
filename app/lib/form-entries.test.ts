import { describe, expect, it } from "vitest";
import { formFields } from "./form-entries";

describe("formFields", () => {
  it("reads each field once, the first of a repeated name, and nests dotted names", () => {
    const fields = new URLSearchParams(
      "name=Ada&name=Second&socialLinks.linkedin=https%3A%2F%2Fa.example&socialLinks.other=",
    );
    expect(formFields(fields)).toEqual({ name: "Ada", socialLinks: { linkedin: "https://a.example", other: "" } });
  });

  it("leaves out names that would reach an object's prototype", () => {
    const fields = formFields(new URLSearchParams("__proto__.polluted=yes&constructor.prototype.polluted=yes&a=1"));
    expect(fields).toEqual({ a: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("leaves out files", () => {
    const data = new FormData();
    data.append("note", "kept");
    data.append("upload", new File(["x"], "x.txt"));
    expect(formFields(data)).toEqual({ note: "kept" });
  });
});
