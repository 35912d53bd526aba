import { ADMIN_FLAG_STORAGE_KEY, OWNER_MARKER_STORAGE_KEY } from "../schema";

/** Local storage may be unavailable (private modes, blocked storage); the hints are optional, so failures are ignored. */
function withStorage(task: (storage: Storage) => void) {
  try {
    task(window.localStorage);
  } catch {
    // no storage: the floating button just shows less
  }
}

export function rememberOwnerHints() {
  withStorage((storage) => {
    storage.setItem(ADMIN_FLAG_STORAGE_KEY, "true");
    storage.setItem(OWNER_MARKER_STORAGE_KEY, "true");
  });
}

export function forgetOwnerHints() {
  withStorage((storage) => {
    storage.removeItem(ADMIN_FLAG_STORAGE_KEY);
    storage.removeItem(OWNER_MARKER_STORAGE_KEY);
  });
}

export function hasOwnerMarker(): boolean {
  let marked = false;
  withStorage((storage) => {
    marked = storage.getItem(OWNER_MARKER_STORAGE_KEY) !== null;
  });
  return marked;
}
