#!/usr/bin/env bash
# Regenerates the placeholder artwork, images and audio under public/ with ffmpeg (Debian package "ffmpeg").
# The outputs are committed; run this only to change them. Every file is small: all sample media stays under 3 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install ffmpeg" >&2; exit 1; }
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

mkdir -p public/images/insights public/attached_assets/audio

# Square show artwork (podcast apps want 1400-3000 px, JPEG or PNG).
ff -f lavfi -i "gradients=s=1400x1400:c0=0x0f172a:c1=0x7c3aed:x0=0:y0=0:x1=1400:y1=1400:d=1" -frames:v 1 -q:v 6 public/images/podcast-artwork.jpg
# Default social preview (1200x630).
ff -f lavfi -i "gradients=s=1200x630:c0=0x020617:c1=0x2563eb:x0=0:y0=0:x1=1200:y1=630:d=1" -frames:v 1 -q:v 6 public/images/social-preview.jpg

colors=("0x1e3a8a:0x0ea5e9" "0x581c87:0xf472b6" "0x064e3b:0x34d399")
slugs=(ai-agents-small-business resilient-supply-chains founder-burnout)
for i in 0 1 2; do
  IFS=: read -r c0 c1 <<<"${colors[$i]}"
  ff -f lavfi -i "gradients=s=1200x675:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=1200:y1=675:d=1" -frames:v 1 -c:v libwebp -quality 60 "public/images/insights/${slugs[$i]}.webp"
done
ff -f lavfi -i "gradients=s=1200x675:c0=0x111827:c1=0x4b5563:x0=0:y0=0:x1=1200:y1=675:d=1" -frames:v 1 -c:v libwebp -quality 60 public/images/insights/default.webp

# Short mono tones standing in for episode audio.
freqs=(440 523 659)
names=(trailer episode-1 episode-2)
for i in 0 1 2; do
  ff -f lavfi -i "sine=frequency=${freqs[$i]}:duration=12" -ac 1 -ar 22050 -b:a 32k "public/attached_assets/audio/${names[$i]}.mp3"
done
du -ch public/images public/attached_assets | tail -n 1
