import { FlaskConical } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/hooks/use-root-data";
import { sendJson } from "~/lib/api-client";
import {
  INVALID_MOCK_TIER_MESSAGE,
  MOCK_AUTH_LOADING_MS,
  MOCK_USER_STORAGE_KEY,
  MockSignInSchema,
  type MockTier,
  type SavedMockUser,
  SavedMockUserSchema,
} from "../mock-users";

const SIGN_OUT_PATH = "/api/logout";

/** The saved mock user, if the key holds one; a value that is not one (corrupt, tampered) is removed. */
function readSavedMockUser(): SavedMockUser | null {
  const raw = window.localStorage.getItem(MOCK_USER_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = SavedMockUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: removed below like any other unusable value.
  }
  window.localStorage.removeItem(MOCK_USER_STORAGE_KEY);
  return null;
}

/**
 * Spec sections 2 and 4: the development-only floating panel. Signing in asks for a tier, creates a real server session
 * for that tier's mock user and keeps the user in local storage; on load a saved user whose server session is gone is
 * signed in again. Any Sign Out link on the page clears the saved user too, so that it does not come straight back.
 */
export function MockAuthControls() {
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const userAtLoad = useRef(user);

  async function signInAs(membershipTier: MockTier) {
    setBusy(true);
    try {
      const reply = await sendJson<SavedMockUser & { message?: string }>("POST", "/api/auth/mock-login", {
        membershipTier,
      });
      if (!reply.ok || !reply.body) {
        window.alert(reply.body?.message ?? "Mock sign-in failed.");
        return;
      }
      window.localStorage.setItem(MOCK_USER_STORAGE_KEY, JSON.stringify(reply.body));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  // Runs once on load: the loading flag, the restore of a saved user, and clearing it on any sign-out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signInAs is only called here on load, by design
  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), MOCK_AUTH_LOADING_MS);
    const saved = readSavedMockUser();
    if (saved && !userAtLoad.current) void signInAs(saved.membershipTier);
    const clearOnSignOut = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(`a[href="${SIGN_OUT_PATH}"]`)) {
        window.localStorage.removeItem(MOCK_USER_STORAGE_KEY);
      }
    };
    document.addEventListener("click", clearOnSignOut, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("click", clearOnSignOut, true);
    };
  }, []);

  async function handleSignIn() {
    const typed = window.prompt("Enter a user type: free, basic or premium");
    if (typed === null) return;
    const parsed = MockSignInSchema.safeParse({ membershipTier: typed });
    if (!parsed.success) {
      window.alert(INVALID_MOCK_TIER_MESSAGE);
      return;
    }
    await signInAs(parsed.data.membershipTier);
  }

  function handleSignOut() {
    window.localStorage.removeItem(MOCK_USER_STORAGE_KEY);
    window.location.assign(SIGN_OUT_PATH);
  }

  return (
    <section
      aria-labelledby={`${panelId}-title`}
      aria-busy={loading || busy}
      data-loading={loading}
      className="fixed bottom-20 left-4 z-40 max-w-[calc(100vw-2rem)] sm:bottom-4 rounded-lg border border-amber-400/50 bg-background/95 text-sm shadow-lg backdrop-blur"
    >
      <h2 id={`${panelId}-title`} className="text-sm">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
          className="flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-amber-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <FlaskConical className="size-4" aria-hidden="true" />
          Mock Auth Controls
        </button>
      </h2>
      <div id={panelId} hidden={!expanded} className="w-64 px-3 pb-3">
        <p role="status" className="text-muted-foreground">
          {loading
            ? "Loading..."
            : user
              ? `Signed in as ${user.firstName ?? user.email ?? user.id} (${user.membershipTier})`
              : "Not signed in"}
        </p>
        <div className="mt-3 flex gap-2">
          <Button type="button" size="sm" disabled={loading || busy} onClick={handleSignIn}>
            Sign In as Mock User
          </Button>
          {user && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="border border-border"
              disabled={loading || busy}
              onClick={handleSignOut}
            >
              Sign Out
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
