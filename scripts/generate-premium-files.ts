/**
 * Writes the sample premium files (three PDFs, one ZIP, three short audio clips) into app/features/premium/files/.
 * They are served only through the tier-checked member routes, never from public/. The outputs are committed; run
 * `node --import tsx scripts/generate-premium-files.ts` only to change them (the audio needs ffmpeg).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";

const outDir = path.resolve("app/features/premium/files");
fs.mkdirSync(outDir, { recursive: true });

/** A one-page PDF 1.4 with a title and lines of Helvetica; ASCII only, so string length is byte length. */
function onePagePdf(title: string, lines: string[]): Buffer {
  const escapePdfText = (text: string) => text.replace(/[\\()]/g, (match) => `\\${match}`);
  const content = [
    "BT",
    "/F1 20 Tf",
    "72 720 Td",
    `(${escapePdfText(title)}) Tj`,
    "/F1 12 Tf",
    ...lines.flatMap((line) => ["0 -24 Td", `(${escapePdfText(line)}) Tj`]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapePdfText(title)}) >>`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** A ZIP of stored (uncompressed) entries with a fixed date, so that regenerating gives the same bytes. */
function storedZip(entries: { name: string; text: string }[]): Buffer {
  const DOS_TIME = 0;
  const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.from(entry.text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

const write = (name: string, content: Buffer) => fs.writeFileSync(path.join(outDir, name), content);

write(
  "disruption-playbook.pdf",
  onePagePdf("The Disruption Playbook", [
    "Sample premium resource.",
    "1. Name the assumption your industry never questions.",
    "2. Find the customer it fails.",
    "3. Build the smallest thing that serves them better.",
  ]),
);
write(
  "innovation-audit-checklist.pdf",
  onePagePdf("Innovation Audit Checklist", [
    "Sample premium resource.",
    "[ ] Who decides which experiments run?",
    "[ ] How fast does a failed idea get stopped?",
    "[ ] Which metric would show a new product is working?",
  ]),
);
write(
  "season-one-transcripts.pdf",
  onePagePdf("Season One Interview Transcripts", [
    "Sample premium resource.",
    "Full, unedited transcripts of the season's conversations",
    "will be published here.",
  ]),
);
write(
  "pitch-deck-templates.zip",
  storedZip([
    { name: "README.txt", text: "Sample premium resource: pitch deck templates from The Disruption Confessional.\n" },
    {
      name: "one-page-pitch.md",
      text: "# One-page pitch\n\n## Problem\n\n## Who it hurts\n\n## Our answer\n\n## Why now\n\n## The ask\n",
    },
    {
      name: "investor-update.md",
      text: "# Monthly investor update\n\n## Highlights\n\n## Numbers\n\n## Lowlights\n\n## Asks\n",
    },
  ]),
);

// Short mono tones standing in for the premium episodes' audio.
[330, 392, 494].forEach((frequency, index) => {
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
    ...["-i", `sine=frequency=${frequency}:duration=8`, "-ac", "1", "-ar", "22050", "-b:a", "24k"],
    ...["-map_metadata", "-1", "-fflags", "+bitexact", path.join(outDir, `premium-episode-${index + 1}.mp3`)],
  ]);
});

for (const name of fs.readdirSync(outDir).sort()) {
  console.log(`${name}: ${fs.statSync(path.join(outDir, name)).size} bytes`);
}
