import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { EpisodeMediaInfo } from "../editor-schema";
import { formatFileSize, mediaTypeName } from "../episode-media";
import { EpisodeMediaUploads } from "./episode-media-uploads";

const NOTHING: EpisodeMediaInfo = { audio: null, artwork: null, transcript: null };

const EVERYTHING: EpisodeMediaInfo = {
  audio: { bytes: 48_501, durationSeconds: 754, mimeType: "audio/mpeg", url: "/media/episodes/audio/a.mp3" },
  artwork: {
    url: "/media/episodes/artwork/b.jpg",
    renditions: [
      { url: "/media/episodes/artwork/b.w384.webp", width: 384, height: 384 },
      { url: "/media/episodes/artwork/b.w768.webp", width: 768, height: 768 },
    ],
  },
  transcript: { url: "/media/episodes/transcripts/c.vtt", mimeType: "text/vtt" },
};

const render = (media: EpisodeMediaInfo, maxAudioMb?: number) =>
  renderToStaticMarkup(createElement(EpisodeMediaUploads, { episodeId: 7, media, onUploaded: () => {}, maxAudioMb }));

describe("the episode's media uploads", () => {
  it("has an Audio, an Artwork and a Transcript section, each with a labelled file input and its Upload button", () => {
    const html = render(NOTHING, 500);
    expect([...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1])).toEqual([
      "Audio",
      "Artwork",
      "Transcript",
    ]);
    const inputs = [...html.matchAll(/<input[^>]*>/g)].map(([tag]) => ({
      type: /type="([^"]*)"/.exec(tag)?.[1],
      accept: /accept="([^"]*)"/.exec(tag)?.[1],
    }));
    expect(inputs).toEqual([
      { type: "file", accept: "audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,.mp3,.m4a" },
      { type: "file", accept: "image/jpeg,image/png,.jpg,.jpeg,.png" },
      { type: "file", accept: "text/vtt,application/x-subrip,.vtt,.srt" },
    ]);
    for (const label of ["Audio file", "Artwork file", "Transcript file"]) expect(html).toContain(`>${label}</label>`);
    for (const button of ["Upload audio", "Upload artwork", "Upload transcript"])
      expect(html).toMatch(new RegExp(`<button(?=[^>]*type="button")(?=[^>]*disabled="")[^>]*>${button}</button>`));
    // The editor's form holds the sections: a form of their own would nest, which HTML does not allow.
    expect(html).not.toContain("<form");
    expect(html).toContain("Up to 500 MB.");
  });

  it("says what is missing, with no progress bar, alert or remove button before anything happens", () => {
    const html = render(NOTHING);
    expect(html).toContain("No audio yet: the episode cannot be published without it.");
    expect(html).toContain("No artwork of its own: the show&#x27;s artwork is used.");
    expect(html).toContain("No transcript.");
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("Remove");
  });

  it("shows the current files: the audio's type, size and duration, the artwork's thumbnail, the transcript's type", () => {
    const html = render(EVERYTHING);
    expect(html).toContain("MP3, 47.4 KB, 12:34");
    expect(html).toContain('href="/media/episodes/audio/a.mp3"');
    expect(html).toMatch(
      /<img[^>]*src="\/media\/episodes\/artwork\/b\.w384\.webp"[^>]*alt="The episode&#x27;s current artwork"/,
    );
    expect(html).toContain("JPEG, square, shown as WebP at 384 and 768 pixels");
    expect(html).toContain("WebVTT");
    expect(html).toContain(">Replace the audio</label>");
    expect(html).toContain(">Remove artwork</button>");
    expect(html).toContain(">Remove transcript</button>");
    expect(html).not.toContain("Remove audio");
  });
});

describe("file facts in words", () => {
  it("names types and sizes as the owner knows them", () => {
    expect(mediaTypeName("audio/x-m4a")).toBe("M4A (AAC)");
    expect(mediaTypeName("application/x-subrip; charset=utf-8")).toBe("SRT");
    expect(formatFileSize(900)).toBe("900 bytes");
    expect(formatFileSize(524_288_000)).toBe("500.0 MB");
  });
});
