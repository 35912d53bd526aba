#!/usr/bin/env bash
# Regenerates the small media files the media module's tests upload (tests/fixtures/media/), with ffmpeg (Debian
# package "ffmpeg") and python3. The outputs are committed; run this only to change them. Truncated, oversized and
# mislabelled files are made by the tests themselves from these, and images by sharp.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install ffmpeg" >&2; exit 1; }
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
out=tests/fixtures/media
mkdir -p "$out"

# 3 s mono tones: MP3 at a constant bit rate (LAME writes an Info header) and at a variable one (a Xing header),
# and AAC in an M4A whose moov box comes after the audio, as ffmpeg writes it by default.
ff -f lavfi -i "sine=frequency=440:duration=3" -ac 1 -ar 22050 -b:a 32k -metadata title="Fixture tone" "$out/tone-cbr.mp3"
ff -f lavfi -i "sine=frequency=523:duration=3" -ac 1 -ar 22050 -q:a 9 "$out/tone-vbr.mp3"
ff -f lavfi -i "sine=frequency=659:duration=3" -ac 1 -ar 22050 -c:a aac -b:a 24k "$out/tone.m4a"
# Audio the site does not take: Ogg Opus.
ff -f lavfi -i "sine=frequency=440:duration=0.5" -c:a libopus -b:a 16k "$out/tone.opus"
# 1 s videos: H.264 in MP4 (moov first) and VP9 in WebM.
ff -f lavfi -i "testsrc=s=96x54:d=1:r=5" -c:v libx264 -pix_fmt yuv420p -movflags +faststart "$out/clip.mp4"
ff -f lavfi -i "testsrc=s=96x54:d=1:r=5" -c:v libvpx-vp9 -b:v 40k "$out/clip.webm"

printf 'WEBVTT\n\nNOTE A fixture transcript\n\n00:00:00.000 --> 00:00:01.500\n<v Host>Welcome to the show.\n\nintro-2\n00:00:01.500 --> 00:00:03.000\nToday: <i>disruption</i>.\n' >"$out/transcript.vtt"
printf '1\r\n00:00:00,000 --> 00:00:01,500\r\nWelcome to the show.\r\n\r\n2\r\n00:00:01,500 --> 00:00:03,000\r\nToday: disruption.\r\n' >"$out/transcript.srt"
# Written as Biome formats JSON, so that the linter passes over it.
cat >"$out/chapters.json" <<'JSON'
{
  "version": "1.2.0",
  "chapters": [
    { "startTime": 0, "title": "Welcome" },
    { "startTime": 1.5, "title": "Disruption", "url": "https://example.com/notes" }
  ]
}
JSON

python3 - "$out" <<'PY'
import sys, zipfile
out = sys.argv[1]
objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
           b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"]
pdf, offsets = bytearray(b"%PDF-1.4\n"), []
for number, body in enumerate(objects, 1):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n%s\nendobj\n" % (number, body)
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
pdf += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open(f"{out}/resource.pdf", "wb").write(pdf)
with zipfile.ZipFile(f"{out}/resource.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("readme.txt", "A fixture archive.\n" * 20)
PY
ls -l "$out"
