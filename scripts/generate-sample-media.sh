#!/usr/bin/env bash
# Regenerates the placeholder artwork, images and audio under public/ with ffmpeg (Debian package "ffmpeg").
# The outputs are committed; run this only to change them. Every file is small: all sample media stays under 3 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install ffmpeg" >&2; exit 1; }
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

mkdir -p public/images/insights public/attached_assets/audio public/attached_assets/videos

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
# Short H.264 clips (baseline profile, no sound, fast start) standing in for the teaser and the 11 story videos, each
# with a WebP poster taken from its 1 s frame, where the pages start playback. Debian's Chromium plays H.264.
video() { # name seconds color0 color1 caption
  ff -f lavfi -i "gradients=s=480x270:c0=$3:c1=$4:x0=0:y0=0:x1=480:y1=270:speed=0.02:d=$2:r=15" \
    -vf "drawtext=font=Sans:text='$5':fontcolor=white:fontsize=28:x=(w-text_w)/2:y=(h-text_h)/2" \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -preset veryslow -crf 32 -movflags +faststart -an \
    "public/attached_assets/videos/$1.mp4"
  ff -ss 1 -i "public/attached_assets/videos/$1.mp4" -frames:v 1 -c:v libwebp -quality 60 "public/attached_assets/videos/$1.webp"
  printf 'WEBVTT\n\n00:00:00.000 --> 00:00:%02d.000\n[%s: no speech]\n' "$2" "$5" >"public/attached_assets/videos/$1.vtt"
}
video teaser 8 0x0f172a 0x7c3aed "Teaser - sample video"
story_colors=(0x1e3a8a 0x581c87 0x064e3b 0x7c2d12 0x134e4a 0x312e81 0x831843 0x3f6212 0x1e293b 0x4c1d95 0x713f12)
for n in $(seq 1 11); do
  video "story-$n" 6 "${story_colors[$((n - 1))]}" 0xa78bfa "Confession $n - sample video"
done
du -ch public/images public/attached_assets | tail -n 1
