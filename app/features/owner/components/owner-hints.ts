/**
 * Spec section 3 "Browser local storage": the admin-authenticated flag and the owner marker. They are hints for the
 * UI only (which shortcut the floating button shows); the server's session decides what the owner may do.
 */
const ADMIN_FLAG_STORAGE_KEY = "adminAuthenticated";
const OWNER_MARKER_STORAGE_KEY = "ownerMarker";

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
