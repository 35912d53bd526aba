/**
 * An offline stand-in for Google's Rich Results Test: the properties schema.org and Google's structured-data
 * guidelines require for each type the site uses, checked without network, plus a check that the names the blocks
 * give (headlines, episode titles, questions and answers, the last breadcrumb) are visible on the page itself.
 */

type JsonObject = Record<string, unknown>;

const ISO_TIMESTAMP_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DURATION = /^PT(\d+H)?(\d+M)?(\d+S)?$/;
const CLOCK_TIME = /^\d{2}:\d{2}$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s]+$/;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON-LD blocks of a page, parsed. */
export function extractJsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]),
  );
}

/** The page's text as a reader sees it: no scripts, no tags, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

class Checker {
  readonly problems: string[] = [];

  constructor(
    private readonly type: string,
    private readonly pageText: string,
  ) {}

  private fail(path: string, problem: string) {
    this.problems.push(`${this.type}.${path}: ${problem}`);
  }

  text(object: JsonObject, key: string, path = key): string | undefined {
    const value = object[key];
    if (typeof value !== "string" || value.trim() === "") {
      this.fail(path, "must be a non-empty text");
      return undefined;
    }
    return value;
  }

  pattern(object: JsonObject, key: string, pattern: RegExp, path = key) {
    const value = this.text(object, key, path);
    if (value !== undefined && !pattern.test(value)) this.fail(path, `"${value}" must match ${pattern}`);
  }

  url(object: JsonObject, key: string, path = key) {
    this.pattern(object, key, ABSOLUTE_URL, path);
  }

  object(object: JsonObject, key: string, type?: string, path = key): JsonObject {
    const value = object[key];
    if (!isObject(value)) {
      this.fail(path, "must be an object");
      return {};
    }
    if (type && value["@type"] !== type) this.fail(`${path}.@type`, `must be ${type}`);
    return value;
  }

  list(object: JsonObject, key: string, path = key): unknown[] {
    const value = object[key];
    if (!Array.isArray(value) || value.length === 0) {
      this.fail(path, "must be a non-empty list");
      return [];
    }
    return value;
  }

  shownOnPage(value: string | undefined, path: string) {
    if (value !== undefined && !this.pageText.includes(value)) this.fail(path, `"${value}" is not shown on the page`);
  }
}

const rules: Record<string, (block: JsonObject, check: Checker) => void> = {
  PodcastSeries(block, check) {
    check.shownOnPage(check.text(block, "name"), "name");
    check.text(block, "description");
    check.url(block, "url");
    check.url(block, "image");
    check.url(block, "webFeed");
    check.text(check.object(block, "author", "Person"), "name", "author.name");
    check.pattern(block, "timeRequired", ISO_DURATION);
  },
  PodcastEpisode(block, check) {
    check.shownOnPage(check.text(block, "name"), "name");
    check.shownOnPage(check.text(block, "description"), "description");
    check.url(block, "url");
    check.pattern(block, "datePublished", ISO_TIMESTAMP_WITH_ZONE);
    check.url(check.object(block, "associatedMedia", "AudioObject"), "contentUrl", "associatedMedia.contentUrl");
    check.text(check.object(block, "partOfSeries", "PodcastSeries"), "name", "partOfSeries.name");
    if (block.keywords !== undefined) check.shownOnPage(check.text(block, "keywords"), "keywords");
    const segments = Array.isArray(block.hasPart) ? block.hasPart : [];
    segments.forEach((entry, index) => {
      const path = `hasPart[${index}]`;
      const clip = isObject(entry) ? entry : {};
      if (clip["@type"] !== "Clip") check.problems.push(`PodcastEpisode.${path}.@type: must be Clip`);
      check.shownOnPage(check.text(clip, "name", `${path}.name`), `${path}.name`);
      if (typeof clip.startOffset !== "number") check.problems.push(`PodcastEpisode.${path}.startOffset: a number`);
    });
  },
  Organization(block, check) {
    check.text(block, "name");
    check.url(block, "url");
    check.url(block, "logo");
    const hours = check.object(
      check.object(block, "contactPoint", "ContactPoint"),
      "hoursAvailable",
      "OpeningHoursSpecification",
      "contactPoint.hoursAvailable",
    );
    check.list(hours, "dayOfWeek", "contactPoint.hoursAvailable.dayOfWeek");
    check.pattern(hours, "opens", CLOCK_TIME, "contactPoint.hoursAvailable.opens");
    check.pattern(hours, "closes", CLOCK_TIME, "contactPoint.hoursAvailable.closes");
  },
  FAQPage(block, check) {
    check.list(block, "mainEntity").forEach((entry, index) => {
      const path = `mainEntity[${index}]`;
      const question = isObject(entry) ? entry : {};
      if (question["@type"] !== "Question") check.problems.push(`FAQPage.${path}.@type: must be Question`);
      check.shownOnPage(check.text(question, "name", `${path}.name`), `${path}.name`);
      const answer = check.object(question, "acceptedAnswer", "Answer", `${path}.acceptedAnswer`);
      check.shownOnPage(check.text(answer, "text", `${path}.acceptedAnswer.text`), `${path}.acceptedAnswer.text`);
    });
  },
  BreadcrumbList(block, check) {
    const items = check.list(block, "itemListElement");
    items.forEach((entry, index) => {
      const path = `itemListElement[${index}]`;
      const item = isObject(entry) ? entry : {};
      if (item["@type"] !== "ListItem") check.problems.push(`BreadcrumbList.${path}.@type: must be ListItem`);
      if (item.position !== index + 1) check.problems.push(`BreadcrumbList.${path}.position: must be ${index + 1}`);
      const name = check.text(item, "name", `${path}.name`);
      if (index === items.length - 1) check.shownOnPage(name, `${path}.name`);
      check.url(item, "item", `${path}.item`);
    });
  },
  Article(block, check) {
    const headline = check.text(block, "headline");
    check.shownOnPage(headline, "headline");
    if (headline && headline.length > 110) check.problems.push("Article.headline: longer than 110 characters");
    check.list(block, "image").forEach((image, index) => {
      if (typeof image !== "string" || !ABSOLUTE_URL.test(image)) {
        check.problems.push(`Article.image[${index}]: must be an absolute URL`);
      }
    });
    check.pattern(block, "datePublished", ISO_TIMESTAMP_WITH_ZONE);
    check.pattern(block, "dateModified", ISO_TIMESTAMP_WITH_ZONE);
    check.shownOnPage(check.text(check.object(block, "author", "Person"), "name", "author.name"), "author.name");
  },
};

/** Everything wrong with one block, as readable lines; empty when it passes. */
export function structuredDataProblems(block: unknown, pageHtml: string): string[] {
  if (!isObject(block)) return ["a JSON-LD block must be an object"];
  const type = block["@type"];
  if (typeof type !== "string" || !(type in rules)) return [`unexpected @type ${JSON.stringify(type)}`];
  const check = new Checker(type, visibleText(pageHtml));
  if (block["@context"] !== "https://schema.org") check.problems.push(`${type}.@context: must be https://schema.org`);
  rules[type](block, check);
  return check.problems;
}
