-- Requests recorded before the counting pass were counted as they arrived: they are examined, and what only a waiting
-- request needs (the listener's earlier hash, the file's size, the app and the rest) is never read for them.
UPDATE "audio_requests" SET
  "examined_at" = "at",
  "earlier_day_listener" = '',
  "size" = "last_byte" + 1,
  "app" = '',
  "platform" = '',
  "device" = '',
  "access" = 'public',
  "country" = ''
WHERE "examined_at" IS NULL;
